"""Build the demo: an Olympiad-sized open section and a 12-team league.

Deterministic (fixed seed): the same command gives the same teams, pairings
and results. Pairings come from the engine (``engine.api.pair`` on
``engine_state``); while a system is not in the engine yet, the demo falls
back to a plainly labelled stand-in pairing so the pages still have data.
"""

from __future__ import annotations

import datetime as dt
import importlib
import importlib.util
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from committee.models import PairingRun
from committee.services.approvals import approvals_needed, approve, publish
from committee.services.drafts import current_version
from committee.services.runs import execute_run, request_pairing
from engine import api as engine_api
from engine.result import Pair, RoundPairing
from printing.receivers import render_ahead_held, render_round_ahead
from printing.stored import KINDS_BY_STATE
from tournaments.models import Lineup, LineupEntry, Match, Membership, Player, Round, Team, Tournament
from tournaments.models import RoundState as S
from tournaments.models.tournament import NEW_OLYMPIAD_VERSION, OLYMPIAD_TIEBREAKS
from tournaments.selectors import engine_state
from tournaments.services import (
    assign_initial_order,
    create_board_games,
    create_rounds,
    delete_tournament,
    draw_initial_colour,
    mark_absent,
    recompute_match,
    record_board_results,
    save_pairing,
    transition_round,
    withdraw_team,
)

from . import data
from .individual import INDIVIDUAL_SLUG, seed_individual

OLYMPIAD_SLUG = "demo-olympiad-open"
LEAGUE_SLUG = "demo-team-league"
DEMO_PASSWORD = "demo"
DEMO_USERS = {
    "admin": "superuser (Django admin)",
    "chair": "pairing committee chair, both demo tournaments",
    "member": "pairing committee member, both demo tournaments",
    "member2": "pairing committee member, both demo tournaments",
    "arbiter": "arbiter, both demo tournaments",
    "chief": "Chief Arbiter (overrides an absolute pairing criterion), both demo tournaments",
    "captain": "captain of TPN 1 in both demo tournaments",
}


@dataclass
class SeedOptions:
    teams: int = 184
    league_teams: int = 12
    olympiad_rounds_played: int = 3
    league_rounds_played: int = 5
    seed: int = 2026


def _system_ready(name: str) -> bool:
    """True when the engine has this system (the module and its ``pair``)."""
    if importlib.util.find_spec(f"engine.{name}") is None:
        return False
    try:
        module = importlib.import_module(f"engine.{name}")
    except Exception:  # a system being written may not import yet
        return False
    return hasattr(module, "pair")


def demo_slugs() -> list[str]:
    return [OLYMPIAD_SLUG, LEAGUE_SLUG, INDIVIDUAL_SLUG]


def delete_demo() -> None:
    for t in Tournament.objects.filter(slug__in=demo_slugs()):
        delete_tournament(t)


def seed(
    options: SeedOptions | None = None, *, reset: bool = False, log: Callable[[str], None] = print
) -> bool:
    """Create the demo; returns False (and changes nothing) if it is already there."""
    options = options or SeedOptions()
    if reset:
        delete_demo()
    elif Tournament.objects.filter(slug__in=demo_slugs()).exists():
        log("The demo is already there (use --reset to rebuild it).")
        _users()  # passwords back to "demo" all the same
        return False
    rng = random.Random(options.seed)
    users = _users()
    # Every round of the demo is published and completed in one go: its documents are rendered
    # ahead for each event's latest round only (what a visitor opens first), not for each step.
    with render_ahead_held():
        _olympiad(options, rng, log, users)
        _league(options, rng, log, users)
        seed_individual(options.seed + 1, log, users, _publish)
    for t in Tournament.objects.filter(slug__in=demo_slugs()):
        latest = t.rounds.filter(state__in=list(KINDS_BY_STATE)).order_by("-number").first()
        if latest is not None:
            render_round_ahead(latest)
    _addresses(users)
    log("Demo logins (password 'demo'): " + ", ".join(DEMO_USERS))
    return True


def _addresses(users: dict) -> None:
    """E-mail addresses for the demo's users, given once the demo is built (building it sends no notice):
    what they do next sends notices (printed on the console in the quick start)."""
    for name, user in users.items():
        if not user.email:
            user.email = f"{name}@example.org"
            user.save(update_fields=["email"])


# -- users ------------------------------------------------------------------------
def _users() -> dict:
    User = get_user_model()
    out = {}
    for name in DEMO_USERS:
        user, _ = User.objects.get_or_create(username=name)
        user.is_staff = user.is_superuser = name == "admin"
        user.set_password(DEMO_PASSWORD)
        user.save()
        out[name] = user
    return out


def _memberships(t: Tournament, users: dict) -> None:
    roles = [
        ("chair", "committee_chair"),
        ("member", "committee_member"),
        ("member2", "committee_member"),
        ("arbiter", "arbiter"),
        ("chief", "chief_arbiter"),
    ]
    for username, role in roles:
        Membership.objects.get_or_create(user=users[username], tournament=t, role=role)
    Membership.objects.get_or_create(
        user=users["captain"], tournament=t, role="team_captain", team=t.teams.get(tpn=1)
    )


# -- tournaments ---------------------------------------------------------------------
@transaction.atomic
def _olympiad(options: SeedOptions, rng: random.Random, log, users: dict) -> Tournament:
    system = "olympiad" if _system_ready("olympiad") else "c0406"
    # One round a day, the last round played today and the open round tomorrow, so the
    # open round's lineup window (11:00 on its day) is always ahead of the seeding.
    start = timezone.localdate() - dt.timedelta(days=options.olympiad_rounds_played - 1)
    t = Tournament.objects.create(
        name="Demo Chess Olympiad – Open section",
        slug=OLYMPIAD_SLUG,
        start_date=start,
        end_date=start + dt.timedelta(days=10),
        venue="Demo City",
        pairing_system=system,
        olympiad_version=NEW_OLYMPIAD_VERSION if system == "olympiad" else "",
        rounds_total=11,
        boards=4,
        reserves=1,
        bye_match_points=1,
        bye_game_points=2,
        # The 2026 Chess Olympiad's tie-breaks when the Olympiad engine pairs it (D.02 rules).
        tiebreaks=[OLYMPIAD_TIEBREAKS[NEW_OLYMPIAD_VERSION]] if system == "olympiad" else ["MP", "SB", "GP"],
        lineup_close_time=dt.time(11, 0),
        lineup_close_days_before=0,
        approval_policy="two_members",
    )
    _teams(t, options.teams, rng, with_suffix=True)
    _prepare(t, rng)
    _memberships(t, users)
    log(f"{t.name}: {options.teams} teams, pairing system {system}")
    _play(t, options.olympiad_rounds_played, rng, log, users, unfinished_in_last=True)
    _next_round_lineups_open(t, rng, log, users)
    return t


@transaction.atomic
def _league(options: SeedOptions, rng: random.Random, log, users: dict) -> Tournament:
    # Weekly; the last round played four days ago, the next one in three days.
    start = timezone.localdate() - dt.timedelta(weeks=options.league_rounds_played, days=-3)
    t = Tournament.objects.create(
        name="Demo Team League",
        slug=LEAGUE_SLUG,
        start_date=start,
        end_date=start + dt.timedelta(weeks=8),
        pairing_system="c0406",
        rounds_total=9,
        boards=4,
        reserves=2,
        tiebreaks=["MP", "GP", "SB"],
        lineup_close_time=dt.time(12, 0),
    )
    _teams(t, options.league_teams, rng, players=6, spread=(2450, 1750))
    _prepare(t, rng, weekly=True)
    _memberships(t, users)
    log(f"{t.name}: {options.league_teams} teams, pairing system c0406")
    played = options.league_rounds_played
    if played >= 3 and options.league_teams >= 4:
        mark_absent(t.teams.get(tpn=options.league_teams), round_number=3, note="announced absence (demo)")
    if played >= 5 and options.league_teams >= 6:
        withdraw_team(t.teams.get(tpn=options.league_teams - 1), from_round=5, reason="club withdrew (demo)")
    _play(t, played, rng, log, users)
    return t


def _teams(t, n, rng, *, with_suffix=False, players=5, spread=None) -> None:
    feds = data.FEDERATIONS
    for rank in range(n):
        fed = feds[rank % len(feds)]
        name = fed if rank < len(feds) else f"{fed} {rank // len(feds) + 1}"
        if not with_suffix:
            name = f"{data.LAST[rank % len(data.LAST)]} {['Chess Club', 'Knights', 'Rooks', 'Society'][rank % 4]}"
        ratings = data.team_ratings(rank, n, rng, players)
        if spread:
            ratings = data.narrowed(ratings, *spread)
        team = Team.objects.create(tournament=t, name=name, short_name=name[:30], federation=fed)
        Player.objects.bulk_create(_player(team, i, r, rng) for i, r in enumerate(ratings, start=1))


def _player(team: Team, board: int, rating: int | None, rng: random.Random) -> Player:
    """A made-up member of ``team`` (name and FIDE ID drawn from ``rng``), not yet saved."""
    return Player(
        team=team,
        name=data.player_name(rng),
        rating=rating,
        title=data.title_for(rating),
        federation=team.federation,
        fide_id=str(rng.randint(100000, 99999999)),
        board_order=board,
    )


def _prepare(t: Tournament, rng: random.Random, weekly: bool = False) -> None:
    assign_initial_order(t)
    draw_initial_colour(t, colour=rng.choice(["w", "b"]))
    create_rounds(t)
    if weekly:
        for r in t.rounds.all():
            r.date = t.start_date + dt.timedelta(weeks=r.number - 1)
            r.save(update_fields=["date"])


# -- playing rounds ------------------------------------------------------------------------
def _pair(rnd: Round, log) -> RoundPairing:
    state = engine_state(rnd)
    try:
        if _system_ready(state.system):
            return engine_api.pair(state)
        reason = f"the engine has no {state.system!r} system yet"
    except Exception as exc:  # the demo must build even while an engine is unfinished
        reason = f"the engine failed: {exc}"
    log(f"  round {rnd.number}: stand-in pairing used ({reason})")
    return _stand_in_pairing(state)


def _stand_in_pairing(state) -> RoundPairing:
    """Demo-only stand-in: score order, no rematch, alternate colours. Not a pairing system."""
    players = sorted(state.to_be_paired(), key=lambda p: (-state.score(p.tpn), p.tpn))
    pairing = RoundPairing(round=state.next_round, pairs=[])
    if len(players) % 2:
        bye = next((p for p in reversed(players) if not p.had_pairing_allocated_bye), players[-1])
        players.remove(bye)
        pairing.bye = bye.tpn
    while players:
        a = players.pop(0)
        b = next((p for p in players if not state.have_met(a.tpn, p.tpn)), players[0])
        players.remove(b)
        white, black = (a, b) if a.colour_difference <= b.colour_difference else (b, a)
        pairing.pairs.append(Pair(white.tpn, black.tpn, "demo stand-in"))
    pairing.explain("demo", "pairing", "Stand-in pairing for the demo (engine system not available).")
    return pairing


def _publish(rnd: Round, log, users: dict, *, unfinished_as_draws: bool = False) -> tuple[Round, list[Match]]:
    """Pair and publish ``rnd`` the way the committee does (run, approvals, publication).

    ``unfinished_as_draws``: Olympiad rule 11, the previous round is still in play.

    Uses the committee's services so the demo has runs, drafts, approvals and
    publications to show; falls back to the engine (or the stand-in) and
    ``save_pairing`` if the run fails.
    """
    run = request_pairing(round=rnd, user=users["chair"], unfinished_as_draws=unfinished_as_draws)
    execute_run(run.pk, worker="seed_demo")  # here and now; the queued message then finds it done
    run = PairingRun.objects.get(pk=run.pk)
    if run.status == PairingRun.Status.SUCCEEDED:
        version = current_version(rnd)
        approve(version=version, user=users["chair"])
        if approvals_needed(version):
            approve(version=version, user=users["member"])
        publish(version=version, user=users["chair"])
        rnd.refresh_from_db()
        return rnd, list(rnd.matches.select_related("white_team", "black_team").order_by("table"))
    log(f"  round {rnd.number}: the pairing run failed ({run.error}); pairing directly")
    rnd.refresh_from_db()
    if rnd.state == S.AWAITING_RESULTS:
        rnd = transition_round(rnd, S.PAIRING_REQUESTED, unfinished_as_draws=unfinished_as_draws)
    pairing = _pair(rnd, log)
    rnd = _walk(rnd, S.DRAFT_COMPUTED, S.UNDER_REVIEW, S.APPROVED)
    matches = save_pairing(rnd, pairing)
    return _walk(rnd, S.PUBLISHED), matches


def _walk(rnd: Round, *targets: str) -> Round:
    for target in targets:
        rnd = transition_round(rnd, target)
    return rnd


def _lineup_players(team: Team, boards: int, rng: random.Random) -> list[Player]:
    return _lineup_from(list(team.players.order_by("board_order")), boards, rng)


def _lineup_from(roster: list, boards: int, rng: random.Random) -> list:
    """The players of ``roster`` (board order) who play: the first ``boards``, one of them resting at times."""
    if len(roster) > boards and rng.random() < 0.3:
        rest = rng.randrange(len(roster))  # one player rests; board order is kept
        roster = roster[:rest] + roster[rest + 1 :]
    return roster[:boards]


def _submit_lineup(team: Team, rnd: Round, players: list[Player], when) -> None:
    lineup = Lineup.objects.create(team=team, round=rnd, submitted_at=when)
    LineupEntry.objects.bulk_create(
        LineupEntry(lineup=lineup, board=i, player=p) for i, p in enumerate(players, 1)
    )


def _game_result(white: Player | None, black: Player | None, rng: random.Random) -> str:
    rw = (white.rating if white else None) or 1800
    rb = (black.rating if black else None) or 1800
    expected = 1 / (1 + math.pow(10, (rb - rw - 35) / 400))
    draw = 0.18 + 0.30 * (1 - abs(expected - 0.5) * 2)
    x = rng.random()
    if x < 0.004:
        return "+-" if rng.random() < 0.5 else "-+"
    if x < expected - draw / 2:
        return "1-0"
    if x < expected + draw / 2:
        return "1/2-1/2"
    return "0-1"


def _play(
    t: Tournament, rounds: int, rng: random.Random, log, users: dict, unfinished_in_last: bool = False
) -> None:
    now = timezone.now()
    for number in range(1, rounds + 1):
        rnd, matches = _publish(t.rounds.get(number=number), log, users)
        rnd = _walk(rnd, S.LINEUPS_OPEN)
        lineups = {}
        for m in matches:
            for team in m.teams():
                lineups[team.pk] = _lineup_players(team, t.boards, rng)
                _submit_lineup(team, rnd, lineups[team.pk], now)
        rnd = _walk(rnd, S.LINEUPS_CLOSED)
        Lineup.objects.filter(round=rnd).update(locked=True)
        rnd = _walk(rnd, S.BOARD_PAIRINGS_POSTED, S.IN_PLAY)
        last = number == rounds
        adjourned = unfinished_in_last and last
        for i, m in enumerate(matches):
            if m.is_bye:
                recompute_match(m)
                continue
            games = create_board_games(m, lineups[m.white_team.pk], lineups[m.black_team.pk])
            results = [_game_result(g.white, g.black, rng) for g in games]
            if adjourned and i == 0:
                results[-1] = "*"  # one adjourned game: a draw for pairing (rule 11)
            record_board_results(m, results)
        if adjourned:  # the round stays in play until the adjourned game ends
            log(f"  round {number}: {len(matches)} matches played, one game adjourned")
            continue
        _walk(rnd, S.COMPLETE)
        log(f"  round {number}: {len(matches)} matches played")


def _next_round_lineups_open(t: Tournament, rng: random.Random, log, users: dict) -> None:
    """Pair the next round and open its lineups; about half the captains have submitted.

    The previous round may still be in play (its adjourned game): the committee then
    pairs under rule 11, the unfinished game counted as a draw.
    """
    rnd = t.rounds.filter(state=S.AWAITING_RESULTS).order_by("number").first()
    if rnd is None:
        return
    previous = t.rounds.filter(number=rnd.number - 1).first()
    rule_11 = previous is not None and previous.state == S.IN_PLAY
    rnd, matches = _publish(rnd, log, users, unfinished_as_draws=rule_11)
    rnd = _walk(rnd, S.LINEUPS_OPEN)
    now = timezone.now()
    for m in matches:
        for team in m.teams():
            if team.tpn != 1 and rng.random() < 0.5:  # TPN 1 is left for the demo captain
                _submit_lineup(team, rnd, _lineup_players(team, t.boards, rng), now)
    log(f"  round {rnd.number}: paired and published, lineups open")


__all__ = ["DEMO_PASSWORD", "DEMO_USERS", "SeedOptions", "delete_demo", "seed"]
