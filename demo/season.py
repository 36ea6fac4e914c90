"""A federation's season: many team events at once (issue 13, section 2).

``manage.py seed_season`` builds, with a fixed seed, e.g. 200 tournaments
(team Swiss by C.04.6 and Olympiads, 10-180 teams) run by several committees,
caught at different moments of their round cycle: not started, between two
rounds, a round published, a round in play with half its results entered.

Every round is paired the committee's way (engine run, approval,
publication: ``committee.services``), so runs, drafts and publications
exist. Teams, players, lineups, boards and results are written in bulk
(``bulk_create_with_history``: the history rows are there too), the match
points from the same ``match_points_for`` the results service uses, the
round's state walked with ``transition_round``. Each tournament has its own
random generator (seed, index): the same options give the same teams,
pairings and results, also when ``jobs`` builds several at once (database
ids then differ).

The first four tournaments are the benchmark's committees at work (the
biggest events, the next round waiting to be paired, each with its own
committee); the next four have a round in play with half its results to
enter (``bench/season.py``).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import connections, transaction
from django.db.models import prefetch_related_objects
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from committee.models import PairingRun
from committee.services.approvals import approvals_needed, approve, publish
from committee.services.drafts import current_version
from committee.services.runs import execute_run, request_pairing
from printing.receivers import render_ahead_held
from tournaments.models import (
    BoardGame,
    Lineup,
    LineupEntry,
    Match,
    Membership,
    Player,
    Round,
    Team,
    Tournament,
)
from tournaments.models import RoundState as S
from tournaments.models.tournament import NEW_OLYMPIAD_VERSION, OLYMPIAD_TIEBREAKS
from tournaments.services import (
    assign_initial_order,
    create_rounds,
    delete_tournament,
    draw_initial_colour,
)
from tournaments.services.results import match_points_for

from . import data
from .seed import _game_result, _lineup_from, _player, _walk

SLUG_PREFIX = "season-"
PASSWORD = "demo"
CLUB_SUFFIXES = ["Chess Club", "Knights", "Rooks", "Society", "Bishops", "Pawns", "Queens", "Kings", "Gambit"]
COMPUTE_TARGETS = 4  # the first tournaments: the next round waits for its committee
IN_PLAY_TARGETS = 4  # the next ones: a round in play, half its results to enter


@dataclass
class SeasonOptions:
    tournaments: int = 200
    committees: int = 8
    seed: int = 2026
    min_teams: int = 10
    max_teams: int = 180
    olympiad_share: float = 0.25
    max_rounds_played: int = 4
    jobs: int = 1


@dataclass(frozen=True)
class Plan:
    """One tournament of the season, drawn from its own generator."""

    index: int
    slug: str
    name: str
    system: str  # "c0406" or "olympiad"
    teams: int
    rounds_total: int
    played: int  # complete rounds
    next_round: str  # "waiting" (to be paired), "published", "in_play"
    committee: int  # 1..committees

    @property
    def seed_key(self) -> str:
        return f"season:{self.index}"


def plan_season(options: SeasonOptions) -> list[Plan]:
    """The season's tournaments (pure: the same options give the same plans)."""
    if options.committees < 1:
        raise ValueError("A season needs at least one committee.")
    if not 2 <= options.min_teams <= options.max_teams:
        raise ValueError("Give 2 <= --min-teams <= --max-teams.")
    plans = []
    for i in range(options.tournaments):
        rng = random.Random(f"{options.seed}:plan:{i}")
        committee = i % options.committees + 1
        if i < COMPUTE_TARGETS + IN_PLAY_TARGETS:
            # The benchmark's events: the biggest of each system, each with its own committee.
            system = "olympiad" if i % 2 == 0 else "c0406"
            teams = max(options.min_teams, options.max_teams - 20 * (i // 2))
            played = 2 if i < COMPUTE_TARGETS else 1
            next_round = "waiting" if i < COMPUTE_TARGETS else "in_play"
        else:
            system = "olympiad" if rng.random() < options.olympiad_share else "c0406"
            low = max(options.min_teams, 40) if system == "olympiad" else options.min_teams
            low = min(low, options.max_teams)
            # Most events are small; a few are Olympiad-sized.
            teams = low + int((options.max_teams - low) * rng.random() ** 2.2)
            played = rng.randint(0, options.max_rounds_played)
            next_round = rng.choice(["waiting", "waiting", "published", "in_play"])
        rounds_total = 11 if system == "olympiad" else rng.choice([7, 9, 9, 11])
        kind = "Olympiad section" if system == "olympiad" else "Team Swiss"
        plans.append(
            Plan(
                index=i,
                slug=f"{SLUG_PREFIX}{i + 1:03d}",
                name=f"Season {kind} {i + 1:03d} ({teams} teams)",
                system=system,
                teams=teams,
                rounds_total=rounds_total,
                played=min(played, rounds_total - 1),
                next_round=next_round,
                committee=committee,
            )
        )
    return plans


def committee_usernames(k: int) -> dict[str, str]:
    """The users of committee ``k``: role -> username."""
    return {
        "committee_chair": f"season-chair-{k}",
        "committee_member": f"season-member-{k}",
        "arbiter": f"season-arbiter-{k}",
    }


def _users(options: SeasonOptions) -> dict[str, object]:
    User = get_user_model()
    hashed = make_password(PASSWORD)  # once: hashing is slow on purpose
    names = [name for k in range(1, options.committees + 1) for name in committee_usernames(k).values()]
    existing = {u.username: u for u in User.objects.filter(username__in=names)}
    User.objects.bulk_create([User(username=n, password=hashed) for n in names if n not in existing])
    return {u.username: u for u in User.objects.filter(username__in=names)}


def season_slugs() -> list[str]:
    return list(Tournament.objects.filter(slug__startswith=SLUG_PREFIX).values_list("slug", flat=True))


def delete_season(log: Callable[[str], None] = print) -> int:
    tournaments = list(Tournament.objects.filter(slug__startswith=SLUG_PREFIX))
    for t in tournaments:
        delete_tournament(t)
    if tournaments:
        log(f"Deleted {len(tournaments)} season tournaments.")
    return len(tournaments)


def build_season(
    options: SeasonOptions | None = None, *, reset: bool = False, log: Callable[[str], None] = print
) -> list[Plan] | None:
    """Build the season; None (and nothing changed) if it is already there."""
    options = options or SeasonOptions()
    plans = plan_season(options)
    if reset:
        delete_season(log)
    elif season_slugs():
        log("The season is already there (use --reset to rebuild it).")
        return None
    users = _users(options)
    jobs = max(1, options.jobs)
    if connections["default"].vendor == "sqlite":
        jobs = 1  # one writer at a time
    if jobs == 1:
        for plan in plans:
            build_tournament(plan, options, users, log)
        return plans
    _build_in_processes(plans, options, jobs, log)
    return plans


def _build_in_processes(plans: list[Plan], options: SeasonOptions, jobs: int, log) -> None:
    """Fork ``jobs`` builders, each taking every jobs-th tournament (by size, so they finish together)."""
    import multiprocessing

    connections.close_all()  # each process opens its own
    ordered = sorted(plans, key=lambda p: -p.teams)
    shares = [ordered[k::jobs] for k in range(jobs)]
    context = multiprocessing.get_context("fork")
    with context.Pool(jobs) as pool:
        for lines in pool.imap_unordered(_build_share, [(share, options) for share in shares]):
            for line in lines:
                log(line)


def _build_share(args) -> list[str]:
    share, options = args
    lines: list[str] = []
    users = {u.username: u for u in get_user_model().objects.filter(username__startswith="season-")}
    try:
        for plan in share:
            build_tournament(plan, options, users, lines.append)
    finally:
        connections.close_all()
    return lines


def _eager_tasks():
    """The committee's runs are executed here and now; their queued messages run in-process too.

    Otherwise a build with a broker configured would leave hundreds of messages
    (each finding its run done) for the workers to skip later.
    """
    from pairing_site.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    return app, before


def build_tournament(plan: Plan, options: SeasonOptions, users: dict, log) -> Tournament:
    """One tournament of the season. Its rounds' PDFs are not rendered ahead (a bulk build, with the
    tasks in-process: some 3,000 renders); each is rendered by its first reader."""
    app, eager_before = _eager_tasks()
    try:
        with render_ahead_held(), transaction.atomic():
            t = _create(plan, options, users)
            rng = random.Random(f"{options.seed}:{plan.seed_key}")
            rosters = rosters_of(t)
            chair = users[committee_usernames(plan.committee)["committee_chair"]]
            for number in range(1, plan.played + 1):
                rnd = _publish(t.rounds.get(number=number), chair)
                play_round(rnd, t, rosters, rng, share=1.0)
            upcoming = t.rounds.filter(number=plan.played + 1).first()
            if upcoming is not None and plan.next_round in ("published", "in_play"):
                rnd = _publish(upcoming, chair)
                if plan.next_round == "in_play":
                    play_round(rnd, t, rosters, rng, share=0.5)
    finally:
        app.conf.task_always_eager = eager_before
    log(
        f"{plan.slug}: {plan.system}, {plan.teams} teams, {plan.played} rounds played, next {plan.next_round}"
    )
    return t


def rosters_of(t: Tournament) -> dict[int, list[Player]]:
    """Each team's players in board order, by team id."""
    return {
        team.pk: sorted(team.players.all(), key=lambda p: p.board_order)
        for team in t.teams.prefetch_related("players")
    }


def _create(plan: Plan, options: SeasonOptions, users: dict) -> Tournament:
    rng = random.Random(f"{options.seed}:teams:{plan.index}")
    olympiad = plan.system == "olympiad"
    start = timezone.localdate() - dt.timedelta(days=plan.played)
    t = Tournament.objects.create(
        name=plan.name,
        slug=plan.slug,
        start_date=start,
        end_date=start + dt.timedelta(days=plan.rounds_total - 1),
        venue="Season City",
        pairing_system=plan.system,
        olympiad_version=NEW_OLYMPIAD_VERSION if olympiad else "",
        rounds_total=plan.rounds_total,
        boards=4,
        reserves=1,
        bye_match_points=1 if olympiad else None,
        bye_game_points=2 if olympiad else None,
        tiebreaks=[OLYMPIAD_TIEBREAKS[NEW_OLYMPIAD_VERSION]] if olympiad else ["MP", "GP", "SB"],
        approval_policy="any_member",
    )
    teams = []
    ratings = {}
    feds = data.FEDERATIONS
    for rank in range(plan.teams):
        fed = feds[rank % len(feds)]
        if olympiad:
            name = fed if rank < len(feds) else f"{fed} {rank // len(feds) + 1}"
        else:
            name = f"{data.LAST[rank % len(data.LAST)]} {CLUB_SUFFIXES[(rank // len(data.LAST)) % 9]}"
            if rank >= len(data.LAST) * len(CLUB_SUFFIXES):
                name += f" {rank // (len(data.LAST) * len(CLUB_SUFFIXES)) + 1}"
        team = Team(tournament=t, name=name, short_name=name[:30], federation=fed)
        teams.append(team)
        ratings[name] = data.team_ratings(rank, plan.teams, rng, 5)
        if not olympiad:  # a national league's field: narrower than an Olympiad's
            ratings[name] = data.narrowed(ratings[name], 2450, 1750)
    teams = bulk_create_with_history(teams, Team, default_change_reason="season built")
    Player.objects.bulk_create(
        _player(team, b, r, rng) for team in teams for b, r in enumerate(ratings[team.name], start=1)
    )
    assign_initial_order(t)
    draw_initial_colour(t, colour=rng.choice(["w", "b"]))
    create_rounds(t)
    Membership.objects.bulk_create(
        Membership(user=users[username], tournament=t, role=role)
        for role, username in committee_usernames(plan.committee).items()
    )
    t.refresh_from_db()
    return t


def _publish(rnd: Round, chair) -> Round:
    """Pair and publish the round as the committee does: run, approval, publication."""
    run = request_pairing(round=rnd, user=chair)
    execute_run(run.pk, worker="seed_season")
    run = PairingRun.objects.get(pk=run.pk)
    if run.status != PairingRun.Status.SUCCEEDED:
        raise RuntimeError(f"{rnd}: the pairing run failed: {run.error}")
    version = current_version(rnd)
    approve(version=version, user=chair)
    if approvals_needed(version):
        raise RuntimeError(f"{rnd}: still needs {approvals_needed(version)}")
    publish(version=version, user=chair)
    rnd.refresh_from_db()
    return rnd


def play_round(rnd: Round, t: Tournament, rosters: dict, rng: random.Random, *, share: float) -> Round:
    """Lineups, boards and results of a published round, in bulk.

    ``share`` of the matches (table order) get their results; the round is
    complete when all do, in play otherwise.
    """
    now = timezone.now()
    rnd = _walk(rnd, S.LINEUPS_OPEN)
    matches = list(rnd.matches.order_by("table"))
    lineups, chosen = [], {}
    for m in matches:
        for team_id in (m.white_team_id, m.black_team_id):
            if team_id is None:
                continue
            chosen[team_id] = _lineup_from(rosters[team_id], t.boards, rng)
            lineups.append(Lineup(team_id=team_id, round=rnd, submitted_at=now, locked=True))
    lineups = bulk_create_with_history(lineups, Lineup, default_change_reason="season built")
    bulk_create_with_history(
        [
            LineupEntry(lineup=lineup, board=b, player=p)
            for lineup in lineups
            for b, p in enumerate(chosen[lineup.team_id], start=1)
        ],
        LineupEntry,
        default_change_reason="season built",
    )
    rnd = _walk(rnd, S.LINEUPS_CLOSED, S.BOARD_PAIRINGS_POSTED, S.IN_PLAY)
    entered = max(1, round(len(matches) * share)) if share < 1 else len(matches)
    sequence = t.colour_sequence
    games = []
    for i, m in enumerate(matches):
        if m.is_bye:
            continue
        for b, (a, c) in enumerate(
            zip(chosen[m.white_team_id], chosen[m.black_team_id], strict=True), start=1
        ):
            white, black = (a, c) if sequence[b - 1] == "W" else (c, a)
            result = _game_result(white, black, rng) if i < entered else ""
            games.append(BoardGame(match=m, board=b, white=white, black=black, result=result))
    bulk_create_with_history(games, BoardGame, default_change_reason="season built")
    prefetch_related_objects(matches, "boards")
    for m in matches:
        m.round = rnd
        rnd.tournament = t
        points = match_points_for(m)
        if points is None:
            continue
        wm, bm, wg, bg = (None if x is None else _decimal(x) for x in points)
        m.white_match_points, m.white_game_points = wm, wg
        if m.is_bye:
            m.black_match_points = m.black_game_points = None
        else:
            m.black_match_points, m.black_game_points = bm, bg
    # One UPDATE per distinct score (a handful per round), then the history rows in one insert.
    by_points: dict[tuple, list[int]] = {}
    for m in matches:
        key = (m.white_match_points, m.black_match_points, m.white_game_points, m.black_game_points)
        if key != (None, None, None, None):
            by_points.setdefault(key, []).append(m.pk)
    for (wm, bm, wg, bg), ids in by_points.items():
        Match.objects.filter(pk__in=ids).update(
            white_match_points=wm, black_match_points=bm, white_game_points=wg, black_game_points=bg
        )
    Match.history.bulk_history_create(
        [m for m in matches if m.white_match_points is not None],
        update=True,
        default_change_reason="season built",
    )
    if entered == len(matches):
        rnd = _walk(rnd, S.COMPLETE)
    return rnd


def _decimal(x: float) -> Decimal:
    return Decimal(str(x))


__all__ = [
    "PASSWORD",
    "Plan",
    "SeasonOptions",
    "build_season",
    "committee_usernames",
    "delete_season",
    "plan_season",
]
