"""Time of the team page, the player page and the board prizes on the demo Olympiad (issue 20, item 2).

    .venv/bin/python bench/bench_team_pages.py [--teams 184] [--repeat 5] [--hits 200] [--database-url ...]

Builds the demo (``seed_demo --reset``: the Olympiad with 3 rounds played) in a scratch database
(SQLite unless ``--database-url``; no Redis: Django's local-memory cache), then asks each page as an
anonymous visitor through Django's test client:

- render: the page computed in full (``--repeat`` times, median ms): before each, the cache is
  cleared and the values computed once per version forgotten (as after a result);
- hit: the shared copy served (``--hits`` times, mean ms).

Figures are printed, never checked against a target.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _common import demo_olympiad, django_on_a_scratch_database


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=184)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--hits", type=int, default=200)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    django_on_a_scratch_database("bench-team-pages-", args.database_url)
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from public_http import computed
    from tournaments.models import Player

    t = demo_olympiad(args.teams)
    player = Player.objects.get(team__tournament=t, team__tpn=1, board_order=1)
    pages = [
        ("team page", reverse("team-page", args=[t.slug, 1])),
        ("player page", reverse("player-page", args=[t.slug, player.pk])),
        ("board prizes", reverse("board-prizes", args=[t.slug])),
        ("team API", reverse("api-team-page", args=[t.slug, 1])),
    ]
    client = Client()
    for name, url in pages:
        assert client.get(url).status_code == 200, url  # templates compiled, connection open
        renders = []
        for _ in range(args.repeat):
            cache.clear()
            computed.forget()
            started = time.perf_counter()
            response = client.get(url)
            renders.append(time.perf_counter() - started)
        started = time.perf_counter()
        for _ in range(args.hits):
            client.get(url)
        hit = (time.perf_counter() - started) / args.hits
        print(
            f"{name:14} render {statistics.median(renders) * 1000:7.1f} ms (median of {args.repeat}), "
            f"hit {hit * 1000:6.2f} ms (mean of {args.hits}), {len(response.content) / 1000:.0f} kB"
        )


if __name__ == "__main__":
    main()
