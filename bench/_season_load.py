"""The season benchmark's actors and what they work on (``bench/season.py``).

``survey`` reads the season into the ``Work`` of the load: the events the committees pair, the
matches the arbiters enter, the public paths the crowd asks. The committees and the arbiters call
the API on 127.0.0.1 with their tokens and note what they did in a ``Log``; ``checks`` then finds
every run, publication and result the log holds in the database and on the public API.
"""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field

RESULTS = ["1-0", "0-1", "1/2-1/2"]
POLL_SECONDS = 0.25  # the committee's page polls every second; the bench looks closer


# -- HTTP --------------------------------------------------------------------------------------
def call(base: str, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict, float]:
    """(status, JSON, seconds) of an API call with a token."""
    if not base.startswith("http://127.0.0.1:"):
        raise SystemExit("only 127.0.0.1 is loaded")
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path,
        data=data,
        method=method,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as err:
        status, raw = err.code, err.read()
    elapsed = time.perf_counter() - started
    try:
        payload = json.loads(raw) if raw else {}
    except ValueError:
        payload = {"raw": raw[:200].decode(errors="replace")}
    return status, payload, elapsed


# -- what the season holds --------------------------------------------------------------------
@dataclass
class Work:
    compute: dict[int, list[dict]] = field(default_factory=dict)  # committee -> events waiting to be paired
    arbiters: dict[int, list[tuple[str, int, int, dict[str, str]]]] = field(
        default_factory=dict
    )  # k -> (slug, n, table, {board: result now}), the results the API call says it saw
    tokens: dict[int, str] = field(default_factory=dict)  # k -> arbiter token
    pages: list[str] = field(default_factory=list)
    api: list[str] = field(default_factory=list)
    summary: str = ""


def survey(args) -> Work:
    from django.contrib.auth import get_user_model
    from django.db.models import Count
    from rest_framework.authtoken.models import Token

    from demo.season import committee_usernames
    from tournaments.models import Membership, Round, Tournament
    from tournaments.models import RoundState as S

    work = Work()
    posted = (S.BOARD_PAIRINGS_POSTED, S.IN_PLAY, S.COMPLETE)
    unpublished = (S.AWAITING_RESULTS, S.PAIRING_REQUESTED, S.DRAFT_COMPUTED, S.UNDER_REVIEW, S.APPROVED)
    tournaments = list(
        Tournament.objects.filter(slug__startswith="season-")
        .annotate(teams_count=Count("teams"))
        .prefetch_related("rounds")
        .order_by("slug")
    )
    committee_of = {
        m.tournament_id: int(m.user.username.rsplit("-", 1)[1])
        for m in Membership.objects.filter(tournament__in=tournaments, role="committee_chair").select_related(
            "user"
        )
    }
    systems = {"c0406": 0, "olympiad": 0}
    for t in tournaments:
        systems[t.pairing_system] = systems.get(t.pairing_system, 0) + 1
    work.summary = (
        f"{len(tournaments)} tournaments ({systems['c0406']} C.04.6 team Swiss, {systems['olympiad']} Olympiad), "
        f"{sum(t.teams_count for t in tournaments):,} teams, {len(set(committee_of.values()))} committees"
    )
    # The committees computing: the first --computing committees (by number), each pairing its waiting
    # events one after another, the biggest first.
    computing = sorted(set(committee_of.values()))[: args.computing]
    chairs = {
        k: Token.objects.get_or_create(
            user=get_user_model().objects.get(username=committee_usernames(k)["committee_chair"])
        )[0].key
        for k in computing
    }
    work.compute = {k: [] for k in computing}
    for t in sorted(tournaments, key=lambda t: (-t.teams_count, t.slug)):
        k = committee_of.get(t.pk)
        if k not in work.compute:
            continue
        rounds = sorted(t.rounds.all(), key=lambda r: r.number)
        waiting = next((r for r in rounds if r.state == S.AWAITING_RESULTS), None)
        if waiting is None or any(r.state != S.COMPLETE for r in rounds if r.number < waiting.number):
            continue
        work.compute[k].append(
            {"slug": t.slug, "number": waiting.number, "token": chairs[k], "teams": t.teams_count}
        )
    for k in sorted(set(committee_of.values())):
        user = get_user_model().objects.get(username=committee_usernames(k)["arbiter"])
        work.tokens[k] = Token.objects.get_or_create(user=user)[0].key
        work.arbiters[k] = []
    in_play = Round.objects.filter(tournament__in=tournaments, state=S.IN_PLAY).select_related("tournament")
    for rnd in in_play:
        k = committee_of.get(rnd.tournament_id)
        for m in rnd.matches.filter(is_bye=False, boards__result="").distinct().order_by("table"):
            seen = {str(b): r for b, r in m.boards.values_list("board", "result")}
            work.arbiters[k].append((rnd.tournament.slug, rnd.number, m.table, seen))
    rng = random.Random(args.seed)
    for k in work.arbiters:
        rng.shuffle(work.arbiters[k])
    computing = {c["slug"] for queue in work.compute.values() for c in queue}
    for t in tournaments:
        rounds = sorted(t.rounds.all(), key=lambda r: r.number)
        published = [r.number for r in rounds if r.state not in unpublished]
        boards = [r.number for r in rounds if r.state in posted]
        live = [r.number for r in rounds if r.state == S.IN_PLAY]
        waiting = [r.number for r in rounds if r.state == S.AWAITING_RESULTS][:1]
        weight = max(1, round(t.teams_count / 15)) * (2 if live or t.slug in computing else 1)
        latest = published[-1:] if published else []
        # The next round's page: the crowd waits for its pairing to come out.
        published += waiting
        latest += waiting
        s = t.slug
        pages = [f"/t/{s}/", f"/t/{s}/pairings/", f"/ops/t/{s}/standings/"]
        pages += [f"/t/{s}/round/{n}/pairings/" for n in published] + [
            f"/t/{s}/round/{n}/pairings/" for n in latest
        ] * 2
        pages += [f"/ops/t/{s}/r/{n}/boards/" for n in boards[-2:]]
        pages += [f"/ops/t/{s}/r/{n}/boards/live/?v=0" for n in live] + [
            f"/ops/t/{s}/standings/live/?v=0"
        ] * len(live)
        api = [f"/api/ops/t/{s}/standings/", f"/api/tournaments/{s}/rounds/", f"/api/tournaments/{s}/teams/"]
        api += [f"/api/tournaments/{s}/rounds/{n}/pairings/" for n in latest] * 3
        api += [f"/api/ops/t/{s}/rounds/{n}/boards/" for n in boards[-1:]] * 2
        work.pages += pages * weight
        work.api += api * weight
    work.pages += ["/"] * 20
    work.api += ["/api/tournaments/"] * 5
    return work


# -- the committees and the arbiters ---------------------------------------------------------------
@dataclass
class Log:
    computes: list[float] = field(default_factory=list)
    compute_sizes: list[int] = field(default_factory=list)
    committee_calls: list[float] = field(default_factory=list)
    runs: list[int] = field(default_factory=list)
    publications: list[tuple[str, int]] = field(default_factory=list)
    results: list[tuple[str, int, int, dict]] = field(default_factory=list)
    result_calls: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


def committee_cycle(base: str, target: dict, log: Log, barrier: threading.Barrier) -> None:
    """One committee pairs a round: request, wait for the draft (the run's status polled), approve, publish."""
    slug, number, token = target["slug"], target["number"], target["token"]
    prefix = f"/api/tournaments/{slug}/rounds/{number}"
    try:
        barrier.wait(timeout=30)
        started = time.perf_counter()
        status, run, seconds = call(base, "POST", f"{prefix}/runs/", token, {})
        log.committee_calls.append(seconds)
        if status != 202:
            log.error(f"{slug} round {number}: request answered {status} {run}")
            return
        while True:
            status, run, seconds = call(base, "GET", f"/api/runs/{run['id']}/", token)
            if run.get("status") in ("succeeded", "failed") or time.perf_counter() - started > 60:
                break
            time.sleep(POLL_SECONDS)
        status, draft, seconds = call(base, "GET", f"{prefix}/draft/", token)
        elapsed = time.perf_counter() - started
        with log.lock:
            log.runs.append(run["id"])
        if run.get("status") != "succeeded" or status != 200:
            log.error(
                f"{slug} round {number}: run {run.get('status')} {run.get('error', '')}; draft {status}"
            )
            return
        with log.lock:
            log.computes.append(elapsed)
            log.compute_sizes.append(target["teams"])
        for what, body in (
            ("approvals", {"version": draft["id"]}),
            ("publications", {"version": draft["id"]}),
        ):
            status, answer, seconds = call(base, "POST", f"{prefix}/{what}/", token, body)
            log.committee_calls.append(seconds)
            if status != 201:
                log.error(f"{slug} round {number}: {what} answered {status} {answer}")
                return
        with log.lock:
            log.publications.append((slug, number))
    except Exception as exc:  # the figures must say what went wrong
        log.error(f"{slug} round {number}: {type(exc).__name__}: {exc}")


def committees(base: str, work: Work, log: Log, stop_event: threading.Event, every: float) -> None:
    """Every ``every`` seconds the committees each pair the next of their events waiting, at the same moment."""
    first = True
    while not stop_event.wait(3.0 if first else every):
        first = False
        targets = [queue.pop(0) for queue in work.compute.values() if queue]
        if not targets:
            return
        barrier = threading.Barrier(len(targets))
        threads = [
            threading.Thread(target=committee_cycle, args=(base, t, log, barrier), daemon=True)
            for t in targets
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)


def arbiter(
    base: str, token: str, queue: list, log: Log, stop_event: threading.Event, every: float, seed: int
):
    rng = random.Random(seed)
    while queue and not stop_event.wait(every * rng.uniform(0.5, 1.5)):
        slug, number, table, seen = queue.pop()
        results = {board: rng.choice(RESULTS) for board in seen}
        status, answer, seconds = call(
            base,
            "POST",
            f"/api/ops/t/{slug}/rounds/{number}/matches/{table}/results/",
            token,
            {"results": results, "expected": seen},
        )
        with log.lock:
            log.result_calls.append(seconds)
        if status == 200:
            with log.lock:
                log.results.append((slug, number, table, results))
        else:
            log.error(f"{slug} round {number} table {table}: results answered {status} {answer}")


# -- checks ------------------------------------------------------------------------------------------
def checks(base: str, log: Log) -> dict[str, str]:
    from django.db.models import Count

    from committee.models import DraftVersion, PairingRun, Publication
    from tournaments.models import BoardGame

    out = {}
    runs = list(PairingRun.objects.filter(pk__in=log.runs).values("pk", "status", "attempts"))
    twice = [r for r in runs if r["attempts"] != 1]
    not_ok = [r for r in runs if r["status"] != "succeeded"]
    drafts = {
        row["run_id"]: row["n"]
        for row in DraftVersion.objects.filter(run_id__in=log.runs, number=0)
        .values("run_id")
        .annotate(n=Count("id"))
    }
    double_drafts = [pk for pk in log.runs if drafts.get(pk) != 1]
    everywhere = PairingRun.objects.filter(attempts__gt=1).count()
    out["runs"] = (
        f"{len(runs)} requested during the load: {len(runs) - len(not_ok)} succeeded, {len(twice)} claimed more "
        f"than once, {len(double_drafts)} without exactly one engine draft; runs claimed twice in the whole "
        f"database: {everywhere}"
    )
    out["runs_ok"] = (
        "yes" if runs and not twice and not not_ok and not double_drafts and not everywhere else "no"
    )
    missing = [
        p
        for p in log.publications
        if not Publication.objects.filter(round__tournament__slug=p[0], round__number=p[1]).exists()
    ]
    out["publications"] = f"{len(log.publications) - len(missing)} of {len(log.publications)} in the database"
    lost_db, lost_public = 0, 0
    public_cache: dict[tuple[str, int], dict] = {}
    for slug, number, table, results in log.results:
        stored = dict(
            BoardGame.objects.filter(
                match__round__tournament__slug=slug, match__round__number=number, match__table=table
            ).values_list("board", "result")
        )
        if any(stored.get(int(b)) != r for b, r in results.items()):
            lost_db += 1
        if (slug, number) not in public_cache:
            with urllib.request.urlopen(
                f"{base}/api/ops/t/{slug}/rounds/{number}/boards/", timeout=30
            ) as response:
                public_cache[(slug, number)] = {m["table"]: m for m in json.loads(response.read())}
        shown = {str(b["board"]): b["white_result"] for b in public_cache[(slug, number)][table]["boards"]}
        if any(shown.get(b) != r for b, r in results.items()):
            lost_public += 1
    out["results"] = (
        f"{len(log.results)} matches entered ({sum(len(r[3]) for r in log.results)} boards): {lost_db} not as "
        f"entered in the database, {lost_public} not as entered on the public API after the load"
    )
    out["lost_ok"] = "yes" if not missing and not lost_db and not lost_public and not log.errors else "no"
    return out
