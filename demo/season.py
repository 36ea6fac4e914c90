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
enter (``bench/season.py``). The plan is ``demo.season_plan``'s, a round
played in bulk ``demo.season_round``'s.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import connections, transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from committee.models import PairingRun
from committee.services.approvals import approvals_needed, approve, publish
from committee.services.drafts import current_version
from committee.services.runs import execute_run, request_pairing
from printing.receivers import render_ahead_held
from tournaments.models import Membership, Player, Round, Team, Tournament
from tournaments.models.tournament import NEW_OLYMPIAD_VERSION, OLYMPIAD_TIEBREAKS
from tournaments.services import (
    assign_initial_order,
    create_rounds,
    delete_tournament,
    draw_initial_colour,
)

from . import data
from .season_plan import COMPUTE_TARGETS, IN_PLAY_TARGETS, SLUG_PREFIX, Plan, SeasonOptions, plan_season
from .season_round import play_round
from .teams import made_up_player

PASSWORD = "demo"
CLUB_SUFFIXES = ["Chess Club", "Knights", "Rooks", "Society", "Bishops", "Pawns", "Queens", "Kings", "Gambit"]


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
        made_up_player(team, b, r, rng) for team in teams for b, r in enumerate(ratings[team.name], start=1)
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


__all__ = [
    "COMPUTE_TARGETS",
    "IN_PLAY_TARGETS",
    "PASSWORD",
    "Plan",
    "SeasonOptions",
    "build_season",
    "committee_usernames",
    "delete_season",
    "plan_season",
    "play_round",
]
