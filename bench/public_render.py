"""CPU the public pages cost in Django: a full render, and a hit of the shared copy (issue 13, section 2).

    .venv/bin/python bench/public_render.py [--events 3] [--repeat 5] [--hits 2000]
                                            [--season pairing_season] [--database pairing_render]
                                            [--redis redis://127.0.0.1:6379/11] [--keep]

Runs on a copy ``--database`` (dropped at the end unless ``--keep``) of the season
``--season`` built by ``bench/season.py --keep`` (127.0.0.1:5432, user postgres),
the Redis database ``--redis`` (cleared) as its cache, Django in this process
called as gunicorn calls it (a ``WSGIHandler``, the collector's thresholds of
gunicorn.conf.py), no server. For the ``--events`` events with the most teams
that have board results, and their latest round with boards:

- render: each public page, live fragment and API answer rendered in full,
  ``--repeat`` times (median CPU and wall ms of the request alone): before each,
  the cache is cleared and the process's computed values forgotten, so neither
  the shared copy (``public_http.middleware``), the live fragments
  (``operations.live``) nor the standings and boards computed once per version
  (``public_http.computed``) are there; the versions exist (as after a result);
- hit: the biggest event's pages, live fragments and API answers stored once,
  then asked ``--hits`` times in a row (mean CPU and wall µs per request).

The CPU is this process's: PostgreSQL's and Redis's are not counted. Figures
are printed, never checked against a target.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import runpy
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import ROOT, copy_database, drop_database, environment  # noqa: E402

sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Event:
    slug: str
    teams: int
    number: int  # its latest round with board games
    state: str  # that round's


class Client:
    """Django called as gunicorn calls it: one WSGIHandler, a WSGI environ per request."""

    def __init__(self) -> None:
        from django.core.handlers.wsgi import WSGIHandler

        self.handler = WSGIHandler()

    def get(self, url: str, expect: int = 200) -> tuple[float, float, int]:
        """CPU and wall seconds of one GET of ``url`` (path and query), its body read and closed; its bytes."""
        path, _, query = url.partition("?")
        environ = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "HTTP_HOST": "127.0.0.1:8000",
            "REMOTE_ADDR": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "wsgi.input": io.BytesIO(b""),
            "wsgi.errors": sys.stderr,
            "wsgi.url_scheme": "http",
        }
        status: list[str] = []

        def start_response(line: str, headers: list, exc_info=None):
            status.append(line)
            return lambda data: None

        cpu, wall = time.process_time(), time.perf_counter()
        response = self.handler(environ, start_response)
        try:
            body = b"".join(response)
        finally:
            response.close()  # request_finished: what gunicorn does after each request
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if not status or int(status[0].split()[0]) != expect:
            raise SystemExit(f"GET {url}: {status[0] if status else 'no status'}, expected {expect}")
        return cpu, wall, len(body)


def copy_season(season: str, database: str) -> float:
    """``copy_database``, again for a while if another bench is copying the season or connected to it."""
    import psycopg

    for _ in range(30):
        try:
            return copy_database(season, database)
        except psycopg.errors.InvalidCatalogName:
            print(
                f"no database {season}: build the season first with .venv/bin/python bench/season.py --keep"
            )
            raise SystemExit(2) from None
        except psycopg.errors.ObjectInUse:
            time.sleep(1)
    raise SystemExit(f"database {season} stayed in use: no copy made")


def biggest_events(n: int) -> list[Event]:
    """The ``n`` events with the most teams that have a round with board games, and that round."""
    from django.db.models import Count, Exists, OuterRef

    from tournaments.models import BoardGame, Round, Tournament

    with_boards = BoardGame.objects.filter(match__round__tournament=OuterRef("pk"))
    top = (
        Tournament.objects.filter(Exists(with_boards))
        .annotate(n_teams=Count("teams"))
        .order_by("-n_teams", "slug")[:n]
    )
    events = []
    for t in top:
        rounds = Round.objects.filter(tournament=t, matches__boards__isnull=False).order_by("-number")
        events.append(Event(t.slug, t.n_teams, *rounds.values_list("number", "state").first()))
    return events


def forget_everything(event: Event) -> None:
    """Nothing the public pages keep: no shared copy, no live fragment, no computed value (cache and
    process); then the event's and the site's versions made again, as a result leaves them."""
    from django.core.cache import cache

    from public_http import computed, versions

    cache.clear()
    computed.forget()
    names = [
        versions.SITE_KEY,
        *versions.results_and_rounds_names(event.slug),
        *versions.round_results_names(event.slug, event.number),
    ]
    versions.current(*dict.fromkeys(names))


def urls(event: Event) -> list[tuple[str, str]]:
    """(name, url) of the event's public pages, live fragments (as an out-of-date poll asks) and API."""
    from django.urls import reverse

    slug, number = {"slug": event.slug}, {"slug": event.slug, "number": event.number}
    return [
        ("tournament-detail", reverse("tournament-detail", kwargs=slug)),
        ("public-round-pairings", reverse("public-round-pairings", kwargs=number)),
        ("ops-board-pairings", reverse("ops-board-pairings", kwargs=number)),
        ("ops-board-pairings-live", reverse("ops-board-pairings-live", kwargs=number) + "?v=0"),
        ("ops-standings", reverse("ops-standings", kwargs=slug)),
        ("ops-standings-live", reverse("ops-standings-live", kwargs=slug) + "?v=0"),
        ("ops-crosstable", reverse("ops-crosstable", kwargs=slug)),
        ("api-ops-standings", reverse("api-ops-standings", kwargs=slug)),
        ("api-ops-boards", reverse("api-ops-boards", kwargs=number)),
    ]


def render(client: Client, event: Event, name: str, url: str, repeat: int) -> None:
    forget_everything(event)
    client.get(url)  # the templates compiled, the connection open (a worker that has been running)
    cpus, walls = [], []
    for _ in range(repeat):
        forget_everything(event)
        cpu, wall, size = client.get(url)
        cpus.append(cpu)
        walls.append(wall)
    print(
        f"  {name:24} render: CPU {statistics.median(cpus) * 1000:7.1f} ms, "
        f"wall {statistics.median(walls) * 1000:7.1f} ms (median of {repeat}), {size / 1000:.0f} kB"
    )


def hits(client: Client, name: str, url: str, n: int, expect: int = 200) -> None:
    """Mean CPU and wall µs of ``n`` requests of ``url`` once it is stored."""
    from operations import live

    client.get(url, expect)  # rendered and stored
    started = time.perf_counter()
    cpu = wall = 0.0
    for _ in range(n):
        c, w, size = client.get(url, expect)
        cpu += c
        wall += w
    print(
        f"  {name:32} hit: CPU {cpu / n * 1e6:6.0f} µs, wall {wall / n * 1e6:6.0f} µs (mean of {n}), "
        f"{size / 1000:.0f} kB"
    )
    seconds = time.perf_counter() - started
    if url.endswith("/live/?v=0") and seconds > live.min_render_seconds():
        print(f"    ({seconds:.1f} s: past min_render_seconds, the later polls read the database)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=3, help="the biggest events with board results")
    parser.add_argument("--repeat", type=int, default=5, help="full renders per page (median)")
    parser.add_argument("--hits", type=int, default=2000, help="requests of a stored answer (mean)")
    parser.add_argument("--season", default="pairing_season", help="the season built by bench/season.py")
    parser.add_argument("--database", default="pairing_render", help="the copy the bench may drop")
    parser.add_argument(
        "--redis", default="redis://127.0.0.1:6379/11", help="a Redis database the bench may clear"
    )
    parser.add_argument("--keep", action="store_true", help="leave the copy --database at the end")
    args = parser.parse_args()
    if args.database in (args.season, f"{args.season}_run"):
        parser.error("--database is dropped and made again: not the season nor season.py's copy")
    gunicorn_conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    gc_threshold = gunicorn_conf["gc_threshold"]
    load = os.getloadavg()
    print(
        f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
        f"{dt.datetime.now():%Y-%m-%d %H:%M}; collector thresholds {gc_threshold or 'Python default'} "
        "(gunicorn.conf.py)"
    )
    print(
        f"database {args.database}, a copy of {args.season} ({copy_season(args.season, args.database):.1f} s)"
    )
    os.environ.update(environment(args.database, args.redis))
    import django

    django.setup()
    import redis
    from django.db import connections
    from django.urls import reverse

    from operations import live

    try:
        redis.Redis.from_url(args.redis).flushdb()  # the bench's own cache
        gunicorn_conf["post_worker_init"](None)  # the collector's thresholds, as in a web worker
        client = Client()
        events = biggest_events(args.events)
        if not events:
            raise SystemExit(f"no event of {args.season} has board results")
        print("full render (shared copy, live fragments and computed values forgotten before each):")
        for event in events:
            print(f"{event.slug} ({event.teams} teams), round {event.number} ({event.state}):")
            for name, url in urls(event):
                render(client, event, name, url, args.repeat)
        print("site:")
        render(client, events[0], "home", reverse("home"), args.repeat)

        event = events[0]
        print(f"hit of the stored answer, {event.slug} ({event.teams} teams), round {event.number}:")
        forget_everything(event)
        named = dict(urls(event))
        for name in ("ops-standings", "ops-standings-live", "api-ops-standings"):
            hits(client, name, named[name], args.hits)
        poll = named["ops-standings-live"].replace("?v=0", f"?v={live.standings_version(event.slug)}")
        hits(client, "ops-standings-live (up to date)", poll, args.hits, expect=204)
        for name in ("ops-board-pairings", "ops-board-pairings-live", "api-ops-boards"):
            hits(client, name, named[name], args.hits)
        load = os.getloadavg()
        print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    finally:
        connections.close_all()
        if not args.keep:
            drop_database(args.database)


if __name__ == "__main__":
    main()
