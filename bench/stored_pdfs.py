"""Benchmark of the stored PDFs (issue 20, item 5): seconds to serve each document of a 184-team round once posted.

    .venv/bin/python bench/stored_pdfs.py [--teams 184] [--repeat 10] [--database-url URL] [--languages en]

Builds the demo (``seed_demo --reset --teams N``: rounds 1-3 played, round 4 published) in a scratch
SQLite database unless ``--database-url`` is given, renders the documents of round 3 (pairing list,
board pairings, pairing cards, results summary) and the standings and crosstable as the worker does
when a round is completed (``printing.tasks.render_documents``, timed per document), and of round 4
its pairing list as on publishing; then asks for each PDF ``--repeat`` times through the whole Django
stack (URL, middleware, the view's permission check and version, the stored file) as an anonymous
reader (the summary as the arbiter) and prints the min/median/max per document against the target:
any PDF served in <= 0.3 s. A last line gives the time of a request that finds its document out of
date (a result corrected), which renders it again: what every request cost before.

Beside the season load: ``bench/season.py`` runs its own stack (gunicorn, two workers) on its own
PostgreSQL database and Redis; start it in one shell (``--duration 60``), and this script in another
with ``--database-url postgres://postgres@127.0.0.1:5432/<a database of its own>`` while it runs:
the figures are then the stored PDFs served with the machine loaded.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _common import (  # bench/ is on the path of a script run from it
    demo_olympiad,
    django_on_a_scratch_database,
)

TARGET_SECONDS = 0.3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=184)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--languages", default="en", help="rendered ahead, comma-separated (default en)")
    args = parser.parse_args()
    django_on_a_scratch_database("bench-stored-pdfs-", args.database_url)
    import tempfile

    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="bench-stored-pdfs-media-")
    settings.PRINTING_RENDER_AHEAD = False  # the demo's build renders nothing; this script does it
    settings.PRINTING_RENDER_AHEAD_LANGUAGES = args.languages.split(",")

    from printing import stored
    from printing.tasks import render_documents

    t = demo_olympiad(args.teams)
    played = t.rounds.filter(state__in=["in_play", "complete"]).order_by("-number").first().number
    published = t.rounds.filter(publications__isnull=False).order_by("-number").first().number
    kinds = list(stored.KINDS_BY_STATE["complete"])

    print(f"rendered ahead (the worker's task), languages {args.languages}:")
    for number, round_kinds in ((played, kinds), (published, ["pairings"])):
        for kind in round_kinds:
            started = time.perf_counter()
            render_documents(t.pk, number, [kind])
            print(f"  {kind:11s} round {number}: {time.perf_counter() - started:6.2f} s")

    arbiter = Client()
    arbiter.force_login(get_user_model().objects.get(username="arbiter"))
    documents = [
        ("pairing list", f"/t/{t.slug}/round/{published}/pairings.pdf", None),
        (f"pairing list r{played}", f"/t/{t.slug}/round/{played}/pairings.pdf", None),
        ("board pairings", f"/ops/t/{t.slug}/r/{played}/boards/print.pdf", None),
        ("pairing cards", f"/ops/t/{t.slug}/r/{played}/boards/cards.pdf", None),
        ("results summary", f"/ops/t/{t.slug}/r/{played}/summary.pdf", arbiter),
        ("standings", f"/ops/t/{t.slug}/standings.pdf", None),
        ("crosstable", f"/ops/t/{t.slug}/crosstable.pdf", None),
    ]
    print(f"served from storage ({args.repeat} requests each, seconds):")
    worst = 0.0
    for label, url, client in documents:
        client = client or Client()
        times = []
        for _ in range(args.repeat):
            tick = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - tick)
            assert response.status_code == 200 and response["Content-Type"] == "application/pdf", url
            assert response.has_header("ETag"), url
        worst = max(worst, max(times))
        print(
            f"  {label:22s} min {min(times):6.3f}  median {statistics.median(times):6.3f}"
            f"  max {max(times):6.3f}  ({len(response.content) / 1000:.0f} kB)"
        )
    verdict = "met" if worst <= TARGET_SECONDS else "MISSED"
    print(f"slowest request {worst:.3f} s (target <= {TARGET_SECONDS} s: {verdict})")

    from public_http import versions

    versions.bump([t.slug], results_only=True, rounds=[(t.slug, played)])  # as a corrected result does
    tick = time.perf_counter()
    response = Client().get(f"/ops/t/{t.slug}/r/{played}/boards/print.pdf")
    print(f"out of date (rendered again on request): board pairings {time.perf_counter() - tick:.2f} s")


if __name__ == "__main__":
    main()
