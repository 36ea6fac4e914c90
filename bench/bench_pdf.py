"""Benchmark of the printed documents: seconds to answer each PDF of a 180-team round.

    .venv/bin/python bench/bench_pdf.py [--teams 180] [--repeat 5] [--database-url URL]

Builds the demo (``seed_demo --reset --teams N``: the Olympiad section, rounds 1-3 played,
round 4 published) in a scratch SQLite database unless ``--database-url`` is given, then asks
for each PDF as an anonymous reader or an arbiter would, through the whole Django stack (the
page's view, its HTML, WeasyPrint), with the cache off so that every request renders. Prints
the median and best of ``--repeat`` requests per document (wall clock, and the process's CPU
time, which other work on the machine disturbs less), with its pages. Target: the pairing list
of a 180-team round in <= 2 s.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

from _common import (  # bench/ is on the path of a script run from it
    demo_olympiad,
    django_on_a_scratch_database,
)

TARGET_SECONDS = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=180)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--all", action="store_true", help="also the board pairings, cards, summary, ...")
    args = parser.parse_args()
    django_on_a_scratch_database("bench-pdf-", args.database_url)
    from django.test import Client
    from django.test.utils import override_settings
    from pypdf import PdfReader

    t = demo_olympiad(args.teams)
    published = t.rounds.filter(publications__isnull=False).order_by("-number").first()
    played = t.rounds.filter(state__in=["in_play", "complete"]).order_by("-number").first()
    documents = [
        (
            f"pairing list, round {published.number}",
            f"/t/{t.slug}/round/{published.number}/pairings.pdf",
            None,
        )
    ]
    if args.all:
        r = played.number
        documents += [
            (f"board pairings, round {r}", f"/ops/t/{t.slug}/r/{r}/boards/print.pdf", None),
            (f"pairing cards, round {r}", f"/ops/t/{t.slug}/r/{r}/boards/cards.pdf", None),
            (f"results summary, round {r}", f"/ops/t/{t.slug}/r/{r}/summary.pdf", "arbiter"),
            ("standings", f"/ops/t/{t.slug}/standings.pdf", None),
            ("crosstable", f"/ops/t/{t.slug}/crosstable.pdf", None),
        ]
    dummy = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    with override_settings(CACHES=dummy):
        for label, url, username in documents:
            client = Client()
            if username:
                from django.contrib.auth import get_user_model

                client.force_login(get_user_model().objects.get(username=username))
            times, cpu = [], []
            for _ in range(args.repeat):
                tick, cpu_tick = time.perf_counter(), time.process_time()
                response = client.get(url)
                times.append(time.perf_counter() - tick)
                cpu.append(time.process_time() - cpu_tick)
                assert response.status_code == 200 and response["Content-Type"] == "application/pdf", url
            pages = len(PdfReader(io.BytesIO(response.content)).pages)
            median = statistics.median(times)
            verdict = ""
            if label.startswith("pairing list"):
                verdict = "  (target <= 2 s: " + ("met" if median <= TARGET_SECONDS else "MISSED") + ")"
            print(
                f"{label:32s} {pages:3d} pages  median {median:5.2f} s  best {min(times):5.2f} s"
                f"  (CPU median {statistics.median(cpu):5.2f} s; {args.repeat} requests){verdict}"
            )


if __name__ == "__main__":
    main()
