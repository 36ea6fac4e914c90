"""Benchmark of hostile requests (issue 18, item 1): the worst request's time and peak memory.

    .venv/bin/python bench/hostile_requests.py [--teams 40] [--database-url URL]

Builds the demo (``seed_demo --reset --teams N``: the Olympiad section, rounds 1-3 played) in a
scratch SQLite database unless ``--database-url`` is given, then sends, through the whole Django
stack in this process, every value a client chooses that once did work or stored data beyond what
the tournament holds: ``?round=`` 10**7, 10**30, "²", "-1", "abc", 12 on the standings page, API
and PDF; ``?junk=N`` on the public pages; 10**30 in URLs; ``?team=abc`` on the officials' forms;
a note with 50,000 pairings; a PGN file of 20 MB of tiny games; a 20,000-board lineup. For each
request: the wall time and the peak of the memory Python allocated meanwhile (``tracemalloc``),
and that nothing answered 500. Prints the worst request of each kind and of all; the target is a
refusal in well under a second (the issue measured 14 s and 520 MB for ``?round=100000``, and
61 s for the PGN file).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import time
import tracemalloc

from _common import (  # bench/ is on the path of a script run from it
    demo_olympiad,
    django_on_a_scratch_database,
)

JSON = "application/json"
TINY_GAME = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n\n'


def _named(data: bytes) -> io.BytesIO:
    upload = io.BytesIO(data)
    upload.name = "broadcast.pgn"
    return upload


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=40)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    django_on_a_scratch_database("bench-hostile-", args.database_url)
    from django.contrib.auth import get_user_model
    from django.test import Client
    from rest_framework.test import APIClient

    t = demo_olympiad(args.teams)
    played = t.rounds.filter(state__in=["in_play", "complete"]).order_by("-number").first()
    users = {name: get_user_model().objects.get(username=name) for name in ("arbiter", "member")}
    anonymous, arbiter, member = Client(), Client(), APIClient()
    arbiter.force_login(users["arbiter"])
    member.force_authenticate(users["member"])
    arbiter_api = APIClient()
    arbiter_api.force_authenticate(users["arbiter"])

    values = [str(10**7), str(10**30), "9" * 4000, "²", "-1", "abc", "12", "0"]
    s, r = t.slug, played.number
    requests = []  # (kind, label, callable)
    for v in values:
        for path in (f"/ops/t/{s}/standings/", f"/api/ops/t/{s}/standings/", f"/ops/t/{s}/standings.pdf"):
            requests.append(
                ("?round=", f"{path}?round={v[:12]}", lambda p=path, v=v: anonymous.get(p, {"round": v}))
            )
        requests.append(
            (
                "?team=",
                f"lineup ?team={v[:12]}",
                lambda v=v: arbiter.get(f"/ops/t/{s}/r/{r}/lineup/", {"team": v}),
            )
        )
        requests.append(
            (
                "team=",
                f"issue link team={v[:12]}",
                lambda v=v: arbiter.post(f"/ops/t/{s}/r/{r}/lineups/link/", {"team": v}),
            )
        )
    for i in range(30):
        requests.append(
            (
                "?junk=",
                f"standings ?junk={i}",
                lambda i=i: anonymous.get(f"/ops/t/{s}/standings/", {"junk": i}),
            )
        )
    for huge in (10**7, 10**30):
        for path in (
            f"/ops/t/{s}/r/{huge}/boards/",
            f"/api/ops/t/{s}/rounds/{huge}/boards/",
            f"/t/{s}/round/{huge}/",
        ):
            requests.append(("URL number", path[:60], lambda p=path: anonymous.get(p)))
    requests.append(
        (
            "note pairings",
            "note with 50,000 pairings",
            lambda: member.post(f"/api/tournaments/{s}/rounds/{r + 1}/notes/", note, content_type=JSON),
        )
    )
    pgn = TINY_GAME * (20 * 1024 * 1024 // len(TINY_GAME))
    # The bodies encoded once, outside the measured requests (the client's work is not the server's).
    note = json.dumps({"text": "x", "pairings": [[1, 2]] * 50_000})
    lineup = json.dumps({"team": 1, "players": [1] * 20_000})
    requests.append(
        (
            "PGN",
            f"PGN of {len(pgn) // (1024 * 1024)} MB, tiny games",
            lambda: arbiter_api.post(
                f"/api/ops/t/{s}/rounds/{r}/pgn/preview/", {"file": _named(pgn.encode())}, format="multipart"
            ),
        )
    )
    requests.append(
        (
            "lineup list",
            "lineup of 20,000 boards",
            lambda: arbiter_api.post(f"/api/ops/t/{s}/rounds/{r}/lineups/", lineup, content_type=JSON),
        )
    )

    # The first request of each kind imports what it needs: not counted.
    anonymous.get(f"/ops/t/{s}/standings/")
    member.get(f"/api/tournaments/{s}/rounds/{r}/notes/")
    member.post(
        f"/api/tournaments/{s}/rounds/{r + 1}/notes/", {"text": "x", "pairings": [[0]]}, format="json"
    )
    arbiter_api.get(f"/api/ops/t/{s}/rounds/{r}/boards/")
    # Each request twice: timed alone, then under tracemalloc (which slows every allocation) for its
    # peak memory.
    worst: dict[str, list] = {}  # kind -> [worst seconds, its label, its status, worst peak bytes, its label]
    errors = []
    for kind, label, send in requests:
        tick = time.perf_counter()
        if os.environ.get("PROFILE") == kind:
            import cProfile
            import pstats

            prof = cProfile.Profile()
            response = prof.runcall(send)
            pstats.Stats(prof).sort_stats("tottime").print_stats(12)
        else:
            response = send()
        seconds = time.perf_counter() - tick
        tracemalloc.start()
        send()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        if response.status_code >= 500:
            errors.append(f"{label}: {response.status_code}")
        row = worst.setdefault(kind, [0.0, "", 0, 0, ""])
        if seconds >= row[0]:
            row[:3] = [seconds, label, response.status_code]
        if peak >= row[3]:
            row[3:] = [peak, label]
    print(f"{len(requests)} hostile requests")
    print(f"{'kind':<14} {'worst s':>8}  status  {'request':<48} {'peak MB':>8}  request")
    for kind, (seconds, label, code, peak, peak_label) in worst.items():
        print(
            f"{kind:<14} {seconds:8.3f}  {code:>6}  {label[:48]:<48} {peak / 2**20:8.1f}  {peak_label[:40]}"
        )
    slowest = max(worst.values(), key=lambda row: row[0])
    biggest = max(worst.values(), key=lambda row: row[3])
    print(
        f"worst time: {slowest[0]:.3f} s ({slowest[1]}); worst peak memory: {biggest[3] / 2**20:.1f} MB ({biggest[4]})"
    )
    print("server errors: " + ("; ".join(errors) if errors else "none"))


if __name__ == "__main__":
    main()
