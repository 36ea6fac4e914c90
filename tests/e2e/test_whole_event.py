"""A whole team event, registration to final standings, for every pairing system the site offers.

Each event is run through the site's own services as its users would run it:
the organiser registers teams and rosters, sets the initial order (TPNs) and
draws the initial colour; every round a committee member asks for the pairing,
the run is computed by the Celery task (in-process without a broker), the draft
is approved under the tournament's approval policy and published; captains
submit lineups (one illegal lineup is refused with its reason, one team is left
to the default lineup); the arbiter closes the window, posts the board
pairings, enters every board result (a forfeit, an unfinished game finished
later) and completes the round. Then the final standings, and the TRF-2026
export re-imported as a new event that must be the same event.

The last test plays round 1 of the C.04.6 event through the HTTP layer,
logged in as each role.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from committee import services as committee
from committee.models import PairingRun
from engine import api as engine_api
from engine.snapshot import pairing_from_dict
from operations.selectors import standings_table
from operations.services.board_pairings import post_board_pairings
from operations.services.exports import trf_export
from operations.services.lineups import LineupRefused, close_lineups, submit_lineup
from operations.services.results import complete_round, enter_results, record_absent_team
from operations.services.summary import sign_results_summary
from operations.services.trf_import import import_trf
from tournaments.models import Lineup, Match, Player, Round, RoundState, Team, Tournament
from tournaments.models.membership import Role
from tournaments.selectors import engine_state
from tournaments.services import (
    assign_initial_order,
    create_rounds,
    draw_initial_colour,
    mark_absent,
    withdraw_team,
)
from tournaments.snapshot import scoring_of

S = RoundState
TEAMS = 9  # odd: a pairing-allocated bye while all nine play
ROUNDS = 5
BOARDS = 4
ABSENT_IN_ROUND = 3  # one team announces it will not play round 3
WITHDRAWN_FROM_ROUND = 4  # another withdraws before round 4

SYSTEMS = {
    "c0406": dict(pairing_system="c0406", approval_policy="any_member", tiebreaks=["MP", "SB", "GP"]),
    "olympiad-2007": dict(
        pairing_system="olympiad",
        olympiad_version="2007",
        approval_policy="chairman",
        bye_match_points=Decimal("1"),
        bye_game_points=Decimal("2"),
        tiebreaks=["olympiad2007"],
    ),
    "olympiad-1998": dict(
        pairing_system="olympiad",
        olympiad_version="1998",
        approval_policy="two_members",
        primary_score="GP",
        bye_game_points=Decimal("2"),
        tiebreaks=["olympiad1998"],
    ),
    "dubov": dict(pairing_system="dubov", approval_policy="any_member", tiebreaks=["MP", "GP", "BH"]),
    "lim": dict(pairing_system="lim", approval_policy="chairman", tiebreaks=["MP", "GP", "SB"]),
}


# --------------------------------------------------------------------------- the event's people


@dataclass
class Event:
    tournament: Tournament
    member: object
    member2: object
    chair: object
    arbiter: object
    captains: dict[int, object] = field(default_factory=dict)  # by team pk

    def round(self, n: int):
        return self.tournament.rounds.get(number=n)


def _user(username: str, role: str | None, tournament, team=None):
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership

    user = get_user_model().objects.create_user(username=username, password="demo")
    if role:
        Membership.objects.create(user=user, tournament=tournament, role=role, team=team)
    return user


def register_event(key: str) -> Event:
    """The organiser registers the event, its teams and rosters; TPNs and the initial colour follow."""
    t = Tournament.objects.create(
        name=f"Whole event {key}",
        slug=f"whole-{key}",
        rounds_total=ROUNDS,
        boards=BOARDS,
        reserves=1,
        board_colour_sequence="WBWB",
        **SYSTEMS[key],
    )
    t.full_clean()
    create_rounds(t)
    # Registered in an order unrelated to strength: the initial order must sort them.
    for i in (4, 7, 1, 9, 2, 6, 3, 8, 5):
        team = Team.objects.create(tournament=t, name=f"Team {i:02d}", federation=f"F{i:02d}")
        base = 2700 - 40 * i
        Player.objects.bulk_create(
            Player(team=team, name=f"Team {i:02d} board {b}", rating=base - 15 * b, board_order=b)
            for b in range(1, BOARDS + 2)
        )
    ev = Event(
        tournament=t,
        member=_user(f"{key}-member", Role.COMMITTEE_MEMBER, t),
        member2=_user(f"{key}-member2", Role.COMMITTEE_MEMBER, t),
        chair=_user(f"{key}-chair", Role.COMMITTEE_CHAIR, t),
        arbiter=_user(f"{key}-arbiter", Role.ARBITER, t),
    )
    for team in t.teams.all():
        ev.captains[team.pk] = _user(f"{key}-captain-{team.pk}", Role.TEAM_CAPTAIN, t, team)
    return ev


def set_initial_order(ev: Event) -> dict[int, Team]:
    teams = assign_initial_order(ev.tournament, by=ev.chair)
    draw_initial_colour(ev.tournament, colour="b")
    ev.tournament.refresh_from_db()
    return {team.tpn: team for team in teams}


# --------------------------------------------------------------------------- committee


def approvers(ev: Event) -> list:
    return {
        "any_member": [ev.member],
        "chairman": [ev.chair],
        "two_members": [ev.member, ev.member2],
    }[ev.tournament.approval_policy]


def pair_round(ev: Event, n: int, captured) -> tuple[PairingRun, object]:
    """A member asks for the pairing; the task computes it; the policy's approvers approve; publish."""
    rnd = ev.round(n)
    state = engine_state(rnd)  # what the engine will be given, taken before the request
    with captured(execute=True):  # the Celery task runs in-process when the request commits
        run = committee.request_pairing(round=rnd, user=ev.member)
    run.refresh_from_db()
    rnd.refresh_from_db()
    assert run.status == PairingRun.Status.SUCCEEDED, run.error
    assert rnd.state == S.DRAFT_COMPUTED
    version = committee.current_version(rnd)
    assert version.number == 0 and version.pairing == run.output
    # The run paired exactly the state the site holds: the engine, given it again, agrees.
    assert pairing_from_dict(run.output).same_pairing_as(engine_api.pair(state))

    if ev.tournament.approval_policy == "chairman":
        committee.approve(version=version, user=ev.member)  # a member's approval is not enough
        rnd.refresh_from_db()
        assert rnd.state == S.UNDER_REVIEW and committee.approvals_needed(version)
        with pytest.raises(ValidationError, match="approved"):
            committee.publish(version=version, user=ev.member)
    engine = pairing_from_dict(run.output)
    note = None
    if engine.bye is not None:  # rule 57: the committee writes down why this team has the bye
        note = committee.add_note(
            round=rnd, user=ev.member, text=f"TPN {engine.bye} has the bye.", pairings=[(engine.bye, None)]
        )
    for user in approvers(ev):
        rnd.refresh_from_db()
        assert rnd.state != S.APPROVED
        committee.approve(version=version, user=user)
    rnd.refresh_from_db()
    assert rnd.state == S.APPROVED
    publication = committee.publish(version=version, user=approvers(ev)[-1])
    rnd.refresh_from_db()
    assert rnd.state == S.PUBLISHED and publication.number == 1
    if note is not None:
        assert [(m.white_team.tpn, m.is_bye) for m in note.matches.all()] == [(engine.bye, True)]
    return run, rnd


def published_pairs(rnd) -> tuple[list[tuple[int, int]], int | None]:
    matches = list(rnd.matches.select_related("white_team", "black_team").order_by("table"))
    pairs = [(m.white_team.tpn, m.black_team.tpn) for m in matches if not m.is_bye]
    byes = [m.white_team.tpn for m in matches if m.is_bye]
    assert len(byes) <= 1
    return pairs, (byes[0] if byes else None)


# --------------------------------------------------------------------------- captains and arbiter


def ids(team: Team, orders) -> list[int]:
    by_order = {p.board_order: p.pk for p in team.players.all()}
    return [by_order[o] for o in orders]


def submit_lineups(ev: Event, rnd, n: int) -> dict[int, list[int]]:
    """Every paired team's captain submits, but one (default lineup); one illegal lineup is refused first.

    Returns the expected lineup (player ids by board) of every paired team by TPN.
    """
    matches = list(rnd.matches.select_related("white_team", "black_team").filter(is_bye=False))
    teams = sorted((t for m in matches for t in (m.white_team, m.black_team)), key=lambda t: t.tpn)
    silent = teams[(n * 2) % len(teams)]  # this captain submits nothing
    expected = {}
    for i, team in enumerate(teams):
        captain = ev.captains[team.pk]
        if team == silent:
            continue
        if i == 0:
            # Board order is fixed by the roster (rule 4): roster no. 2 above no. 1 is refused.
            with pytest.raises(LineupRefused, match="board order is fixed"):
                submit_lineup(team, rnd, ids(team, [2, 1, 3, 4]), by=captain)
            assert not Lineup.objects.filter(team=team, round=rnd).exists()
        orders = [1, 2, 3, 5] if (i + n) % 3 == 0 else [1, 2, 3, 4]  # the reserve plays sometimes
        submit_lineup(team, rnd, ids(team, orders), by=captain)
        expected[team.tpn] = ids(team, orders)
    # Another team's captain may not submit for it.
    other = next(t for t in teams if t != silent)
    stranger = next(c for pk, c in ev.captains.items() if pk != other.pk)
    with pytest.raises(Exception, match="captain"):
        submit_lineup(other, rnd, ids(other, [1, 2, 3, 4]), by=stranger)

    rnd = close_lineups(rnd, by=ev.arbiter)
    assert rnd.state == S.LINEUPS_CLOSED
    default = Lineup.objects.get(team=silent, round=rnd)
    assert default.default_applied
    expected[silent.tpn] = [e.player_id for e in default.entries.order_by("board")]
    assert len(expected[silent.tpn]) == BOARDS
    return expected


def result_for(game, n: int, table: int) -> str:
    """A deterministic spread of wins, draws and upsets (results from White's side)."""
    k = (game.board + table + n) % 5
    stronger_white = (game.white.rating or 0) >= (game.black.rating or 0)
    if k in (0, 1):
        return "1-0" if stronger_white else "0-1"
    if k == 3:
        return "0-1" if stronger_white else "1-0"
    return "1/2-1/2"


def play_boards(ev: Event, rnd, n: int, lineups: dict[int, list[int]]) -> dict[int, list[str]]:
    """Post the boards, check them against the lineups (rule 19 colours), enter every result."""
    rnd = post_board_pairings(rnd, by=ev.arbiter)
    assert rnd.state == S.BOARD_PAIRINGS_POSTED
    assert all(lu.locked for lu in Lineup.objects.filter(round=rnd))
    with pytest.raises(ValidationError, match="boards without a result"):
        complete_round(rnd, by=ev.arbiter)  # nothing is entered yet
    entered = {}
    last_table = rnd.matches.filter(is_bye=False).order_by("-table").first().table
    for m in rnd.matches.select_related("white_team", "black_team").order_by("table"):
        if m.is_bye:
            continue
        games = list(m.boards.select_related("white", "black").order_by("board"))
        assert len(games) == BOARDS
        for g, w_id, b_id in zip(games, lineups[m.white_team.tpn], lineups[m.black_team.tpn], strict=True):
            # WBWB: the team with White on board 1 has White on boards 1 and 3.
            assert g.white_team_has_white == (g.board % 2 == 1)
            mine, theirs = (g.white_id, g.black_id) if g.white_team_has_white else (g.black_id, g.white_id)
            assert (mine, theirs) == (w_id, b_id)
        results = {g.board: result_for(g, n, m.table) for g in games}
        if n == 1 and m.table == 1:
            results[4] = "+-"  # Black's player on board 4 did not come: a board forfeit
        if n == ROUNDS and m.table == last_table:
            # Rule 53: the team with Black on board 1 does not show; it loses every board by forfeit.
            record_absent_team(m, m.black_team, by=ev.arbiter)
            m.refresh_from_db()
            assert m.forfeit == "black_team" and (m.white_game_points, m.black_game_points) == (BOARDS, 0)
            entered[m.table] = [g.result for g in m.boards.order_by("board")]
            assert set(entered[m.table]) <= {"+-", "-+"}
            continue
        if n == 2 and m.table == 2:
            # Board 2 is adjourned: entered unfinished, finished later from the same form state.
            final = results[2]
            enter_results(m, {**results, 2: "*"}, by=ev.arbiter, expected={b: "" for b in results})
            with pytest.raises(ValidationError, match="changed since"):
                enter_results(m, {2: final}, by=ev.arbiter, expected={2: ""})  # a stale form
            rnd.refresh_from_db()
            assert rnd.state == S.IN_PLAY
            enter_results(m, {2: final}, by=ev.arbiter, expected={2: "*"})
        else:
            enter_results(m, results, by=ev.arbiter, expected={b: "" for b in results})
        entered[m.table] = [results[b] for b in sorted(results)]
    return entered


def check_match_points(ev: Event, rnd) -> None:
    """Match and game points follow the boards and the tournament's scoring; the PAB has its value."""
    t = ev.tournament
    for m in rnd.matches.select_related("white_team", "black_team"):
        assert m.has_result
        if m.is_bye:
            bye_mp = t.bye_match_points if t.bye_match_points is not None else t.match_draw
            bye_gp = t.bye_game_points if t.bye_game_points is not None else Decimal(BOARDS) / 2
            assert (m.white_match_points, m.white_game_points) == (bye_mp, bye_gp)
            assert m.black_match_points is None
            continue
        gp = [g.team_points() for g in m.boards.all()]
        wg, bg = sum(p[0] for p in gp), sum(p[1] for p in gp)
        assert (float(m.white_game_points), float(m.black_game_points)) == (wg, bg)
        assert wg + bg == BOARDS
        want = (
            (t.match_win, t.match_loss)
            if wg > bg
            else (t.match_loss, t.match_win)
            if wg < bg
            else (t.match_draw, t.match_draw)
        )
        assert (m.white_match_points, m.black_match_points) == want


# --------------------------------------------------------------------------- the whole event


def run_event(ev: Event, captured) -> dict:
    t = ev.tournament
    by_tpn = set_initial_order(ev)
    assert sorted(by_tpn) == list(range(1, TEAMS + 1))
    strengths = [float(by_tpn[tpn].strength) for tpn in sorted(by_tpn)]
    assert strengths == sorted(strengths, reverse=True)  # TPN 1 is the strongest team
    assert by_tpn[1].name == "Team 01" and t.initial_colour == "b"

    absent, withdrawn = by_tpn[5], by_tpn[8]
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    history = {}
    for n in range(1, ROUNDS + 1):
        if n == ABSENT_IN_ROUND:
            mark_absent(absent, round_number=n, note="travel")
        if n == WITHDRAWN_FROM_ROUND:
            withdraw_team(withdrawn, from_round=n, reason="left the event", by=ev.chair)

        run, rnd = pair_round(ev, n, captured)
        pairs, bye = published_pairs(rnd)
        engine = pairing_from_dict(run.output)
        # What is published is the engine's pairing, colours included, table by table.
        assert pairs == [(p.white, p.black) for p in engine.pairs] and bye == engine.bye
        if n == 1 and t.pairing_system == "c0406":
            # C.04.6 4.1: the drawn initial colour (Black) goes to TPN 1 in round 1.
            assert next(p for p in pairs if 1 in p)[1] == 1
        playing = {tpn for pair in pairs for tpn in pair} | ({bye} if bye else set())
        expected_playing = set(range(1, TEAMS + 1))
        if n == ABSENT_IN_ROUND:
            expected_playing -= {absent.tpn}
        if n >= WITHDRAWN_FROM_ROUND:
            expected_playing -= {withdrawn.tpn}
        assert playing == expected_playing
        assert (bye is not None) == (len(expected_playing) % 2 == 1)
        for pair in pairs:
            assert frozenset(pair) not in met, f"round {n}: rematch {pair}"
            met.add(frozenset(pair))
        if bye is not None:
            assert bye not in byes, f"round {n}: TPN {bye} gets a second bye"
            byes.append(bye)

        lineups = submit_lineups(ev, rnd, n)
        results = play_boards(ev, Round.objects.get(pk=rnd.pk), n, lineups)
        rnd = complete_round(Round.objects.get(pk=rnd.pk), by=ev.arbiter)
        assert rnd.state == S.COMPLETE
        check_match_points(ev, rnd)
        summary = sign_results_summary(rnd, by=ev.arbiter)
        assert summary.complete
        history[n] = (pairs, bye, results)

    assert byes, "an odd field must have produced a bye"
    return history


def check_final_standings(ev: Event) -> list:
    t = ev.tournament
    st = standings_table(t)
    assert st.through == ROUNDS and not st.provisional and not st.problems
    assert len(st.rows) == TEAMS
    # Every team's totals are the sum of its matches (the bye included).
    for row in st.rows:
        team = t.teams.get(tpn=row.tpn)
        mp = gp = Decimal(0)
        for m in Match.objects.filter(round__tournament=t, white_team=team):
            mp, gp = mp + m.white_match_points, gp + m.white_game_points
        for m in Match.objects.filter(round__tournament=t, black_team=team):
            mp, gp = mp + m.black_match_points, gp + m.black_game_points
        assert (row.match_points, row.game_points) == (float(mp), float(gp)), row
    # Ranked by the primary score, then by the tournament's tie-breaks in order.
    primary = (lambda r: r.game_points) if t.primary_score == "GP" else (lambda r: r.match_points)
    ranks = [r.rank for r in st.rows]
    assert ranks == sorted(ranks) and ranks[0] == 1
    for a, b in zip(st.rows, st.rows[1:], strict=False):
        assert primary(a) >= primary(b)
        if a.rank < b.rank and primary(a) == primary(b):
            assert a.key > b.key, (a, b)
        if a.rank == b.rank:
            assert a.key == b.key
    assert list(dict.fromkeys(name for name, _ in st.columns)) == t.tiebreaks
    return st.rows


def snapshot_of(t: Tournament) -> dict:
    """What a re-imported event must keep: teams, rosters, pairings, boards and results."""
    teams = [(tm.tpn, tm.name) for tm in t.teams.order_by("tpn")]
    rosters = {
        tm.tpn: [(p.board_order, p.name, p.rating) for p in tm.players.order_by("board_order")]
        for tm in t.teams.all()
    }
    rounds = {}
    for rnd in t.rounds.order_by("number"):
        rows = []
        for m in rnd.matches.select_related("white_team", "black_team").order_by("table"):
            boards = [
                (g.board, g.white and g.white.name, g.black and g.black.name, g.result)
                for g in m.boards.select_related("white", "black").order_by("board")
            ]
            rows.append(
                (
                    m.white_team.tpn,
                    m.black_team and m.black_team.tpn,
                    m.is_bye,
                    m.forfeit,
                    m.white_match_points,
                    m.black_match_points,
                    m.white_game_points,
                    m.black_game_points,
                    boards,
                )
            )
        rounds[rnd.number] = (rnd.state, sorted(rows, key=str))
    return {"teams": teams, "rosters": rosters, "rounds": rounds}


def standings_view(t: Tournament) -> list:
    return [
        (r.rank, r.tpn, r.name, r.match_points, r.game_points, r.tiebreaks) for r in standings_table(t).rows
    ]


def check_trf_round_trip(ev: Event) -> None:
    t = ev.tournament
    text = trf_export(t)
    copy = import_trf(text, slug=f"{t.slug}-copy", name=t.name)
    assert (copy.pairing_system, copy.olympiad_version) == (t.pairing_system, t.olympiad_version)
    assert (copy.rounds_total, copy.boards, copy.board_colour_sequence) == (ROUNDS, BOARDS, "WBWB")
    # The PAB keeps its value (a value equal to the default, a draw, is stored as the default).
    assert scoring_of(copy).pab_points(BOARDS) == scoring_of(t).pab_points(BOARDS)
    assert copy.initial_colour == t.initial_colour
    assert snapshot_of(copy) == snapshot_of(t)
    assert standings_view(copy) == standings_view(t)
    assert trf_export(copy) == text


FAST = ["c0406", "olympiad-2007"]
SLOW = ["olympiad-1998", "dubov", "lim"]  # about 3 s each on SQLite


@pytest.mark.parametrize("system", FAST + [pytest.param(s, marks=pytest.mark.slow) for s in SLOW])
def test_a_whole_event_runs_from_registration_to_final_standings_and_survives_a_trf_round_trip(
    system, db, django_capture_on_commit_callbacks
):
    ev = register_event(system)
    run_event(ev, django_capture_on_commit_callbacks)
    check_final_standings(ev)
    check_trf_round_trip(ev)


# --------------------------------------------------------------------------- through the HTTP layer


def login(username: str) -> Client:
    client = Client()
    assert client.login(username=username, password="demo"), username
    return client


def test_round_one_of_the_c0406_event_runs_through_the_pages_and_the_api_as_each_role(
    db, django_capture_on_commit_callbacks
):
    ev = register_event("c0406")
    set_initial_order(ev)
    t, slug = ev.tournament, ev.tournament.slug
    rnd = ev.round(1)
    member = login(ev.member.username)
    arbiter = login(ev.arbiter.username)
    some_captain = login(next(iter(ev.captains.values())).username)

    # Committee: dashboard, request (the task runs when the request commits), review page.
    assert member.get(f"/committee/{slug}/").status_code == 200
    assert some_captain.post(f"/committee/{slug}/round/1/request/").status_code in (302, 403)
    rnd.refresh_from_db()
    assert rnd.state == S.AWAITING_RESULTS  # a captain cannot ask for a pairing
    with django_capture_on_commit_callbacks(execute=True):
        assert member.post(f"/committee/{slug}/round/1/request/").status_code == 302
    rnd.refresh_from_db()
    assert rnd.state == S.DRAFT_COMPUTED
    run = rnd.pairing_runs.get()
    version = committee.current_version(rnd)
    page = member.get(f"/committee/{slug}/round/1/")
    assert page.status_code == 200 and f'value="{version.pk}"' in page.content.decode()
    assert some_captain.get(f"/api/tournaments/{slug}/rounds/1/draft/").status_code == 403

    # Approve through the API, publish through the page.
    api = f"/api/tournaments/{slug}/rounds/1/"
    resp = member.post(api + "approvals/", {"version": version.pk}, content_type="application/json")
    assert resp.status_code == 201, resp.content
    rnd.refresh_from_db()
    assert rnd.state == S.APPROVED
    assert (
        member.post(
            f"/committee/{slug}/round/1/publish/", {"version": version.pk, "confirm": "1"}
        ).status_code
        == 302
    )
    rnd.refresh_from_db()
    assert rnd.state == S.PUBLISHED
    pairs, bye = published_pairs(rnd)
    engine = pairing_from_dict(run.output)
    assert pairs == [(p.white, p.black) for p in engine.pairs]
    assert bye == engine.bye and bye is not None  # nine teams: one has the bye
    public = Client()
    listing = public.get(f"/t/{slug}/round/1/pairings/").content.decode()
    for white, black in pairs:
        assert t.teams.get(tpn=white).name in listing and t.teams.get(tpn=black).name in listing

    # Captains: one illegal lineup refused with its reason, lineups by form and by API, one left to default.
    matches = list(
        rnd.matches.select_related("white_team", "black_team").filter(is_bye=False).order_by("table")
    )
    teams = [tm for m in matches for tm in (m.white_team, m.black_team)]
    silent = teams[-1]
    for i, team in enumerate(teams[:-1]):
        captain = login(ev.captains[team.pk].username)
        url = f"/ops/t/{slug}/r/1/lineup/"
        if i == 0:
            bad = dict(
                zip(("board_1", "board_2", "board_3", "board_4"), ids(team, [2, 1, 3, 4]), strict=True)
            )
            refused = captain.post(url, bad)
            assert refused.status_code == 200 and "board order is fixed" in refused.content.decode()
            assert not Lineup.objects.filter(team=team, round=rnd).exists()
            other = teams[1]
            resp = captain.post(
                f"/api/ops/t/{slug}/rounds/1/lineups/",
                {"team": other.tpn, "players": ids(other, [1, 2, 3, 4])},
                content_type="application/json",
            )
            assert resp.status_code == 403  # not his team
        if i % 2:
            resp = captain.post(
                f"/api/ops/t/{slug}/rounds/1/lineups/",
                {"team": team.tpn, "players": ids(team, [1, 2, 3, 5])},
                content_type="application/json",
            )
            assert resp.status_code == 201, resp.content
        else:
            form = dict(
                zip(("board_1", "board_2", "board_3", "board_4"), ids(team, [1, 2, 3, 4]), strict=True)
            )
            assert captain.post(url, form).status_code == 302
        assert Lineup.objects.filter(team=team, round=rnd, default_applied=False).exists()

    # Arbiter: close the window (the silent team gets its default), post the boards.
    assert some_captain.post(f"/ops/t/{slug}/r/1/lineups/close/").status_code in (302, 403)
    rnd.refresh_from_db()
    assert rnd.state == S.PUBLISHED
    assert arbiter.post(f"/ops/t/{slug}/r/1/lineups/close/", {"confirm": "1"}).status_code == 302
    assert Lineup.objects.get(team=silent, round=rnd).default_applied
    assert arbiter.post(f"/ops/t/{slug}/r/1/boards/post/").status_code == 302
    rnd.refresh_from_db()
    assert rnd.state == S.BOARD_PAIRINGS_POSTED

    # Arbiter's results: table 1 through the API, the others through the match page.
    for m in matches:
        games = list(m.boards.select_related("white", "black").order_by("board"))
        results = {str(g.board): result_for(g, 1, m.table) for g in games}
        if m.table == 1:
            url = f"/api/ops/t/{slug}/rounds/1/matches/1/results/"
            body = {"results": results, "expected": {b: "" for b in results}}
            assert some_captain.post(url, body, content_type="application/json").status_code == 403
            resp = arbiter.post(url, body, content_type="application/json")
            assert resp.status_code == 200, resp.content
        else:
            form = {f"board_{b}": r for b, r in results.items()} | {f"was_{b}": "" for b in results}
            assert arbiter.post(f"/ops/t/{slug}/r/1/match/{m.table}/", form).status_code == 302
        assert [g.result for g in m.boards.order_by("board")] == [results[str(g.board)] for g in games]
    assert arbiter.post(f"/ops/t/{slug}/r/1/results/complete/", {"confirm": "1"}).status_code == 302
    rnd.refresh_from_db()
    assert rnd.state == S.COMPLETE

    # The public standings page shows the result, in the standings' order.
    rows = standings_table(t).rows
    html = public.get(f"/ops/t/{slug}/standings/").content.decode()
    positions = [html.index(row.name) for row in rows]
    assert positions == sorted(positions)
    leader = rows[0]
    assert leader.match_points == float(t.match_win)
    api_rows = public.get(f"/api/ops/t/{slug}/standings/").json()
    assert api_rows  # the API answers the same table
