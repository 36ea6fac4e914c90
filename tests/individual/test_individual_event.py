"""Individual events (Dubov, Lim) run on the site through its own services.

Each event: 11 players (odd: a pairing-allocated bye every round), 5 rounds.
Every round a committee member asks for the pairing, the Celery task computes
it (in-process), a member or the chair approves, the pairing is published and
its board pairings are posted at once (no lineups); the arbiter enters every
game's result and completes the round. Published pairings must be the
engine's, with one bye for a player who has not had one, and no rematch.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client

from committee import services as committee
from committee.models import PairingRun
from engine import api as engine_api
from engine.snapshot import pairing_from_dict
from operations.selectors import standings_table
from operations.services.lineups import issue_captain_link, submit_lineup
from operations.services.results import complete_round, enter_results
from operations.services.summary import sign_results_summary
from tournaments.models import Match, RoundState
from tournaments.models.membership import Role
from tournaments.selectors import engine_state
from tournaments.services import draw_initial_colour
from tournaments.services.individual import (
    assign_individual_order,
    create_individual_event,
    register_player,
)

S = RoundState
PLAYERS = 11
ROUNDS = 5
# (name, rating, title): registered out of order; two share a rating (the title decides).
ENTRANTS = [
    ("Kowalski, Jan", 2290, ""),
    ("Aronsen, Per", 2510, "GM"),
    ("Bianchi, Luca", 2440, "IM"),
    ("Dupont, Marie", 2440, "GM"),
    ("Evans, Tom", 2380, "FM"),
    ("Fischer, Eva", 2350, ""),
    ("Garcia, Ana", 2330, "WIM"),
    ("Horvat, Ivo", 2310, ""),
    ("Ito, Ken", 2270, ""),
    ("Jensen, Lars", 2200, ""),
    ("Lopez, Rita", None, ""),  # unrated: last
]


def make_event(system: str, make_user):
    t = create_individual_event(
        name=f"Individual {system}", slug=f"individual-{system}", pairing_system=system, rounds_total=ROUNDS
    )
    for name, rating, title in ENTRANTS:
        register_player(t, name=name, rating=rating, title=title)
    people = {
        "member": make_user(f"{system}-member", Role.COMMITTEE_MEMBER, t),
        "chair": make_user(f"{system}-chair", Role.COMMITTEE_CHAIR, t),
        "arbiter": make_user(f"{system}-arbiter", Role.ARBITER, t),
    }
    assign_individual_order(t, by=people["chair"])
    draw_initial_colour(t, colour="w")
    t.refresh_from_db()
    return t, people


def pair_and_publish(t, n: int, people, captured):
    rnd = t.rounds.get(number=n)
    state = engine_state(rnd)
    assert state.team is False and state.boards == 1
    with captured(execute=True):
        run = committee.request_pairing(round=rnd, user=people["member"])
    run.refresh_from_db()
    assert run.status == PairingRun.Status.SUCCEEDED, run.error
    engine = engine_api.pair(state)
    assert pairing_from_dict(run.output).same_pairing_as(engine)
    version = committee.current_version(rnd)
    committee.approve(version=version, user=people["member"])
    committee.publish(version=version, user=people["member"])
    rnd.refresh_from_db()
    # No lineup window: publication posts the board pairings.
    assert rnd.state == S.BOARD_PAIRINGS_POSTED
    return rnd, pairing_from_dict(run.output)


def result_for(white, black, n: int, table: int) -> str:
    k = (n + table) % 4
    stronger_white = (white.rating or 0) >= (black.rating or 0)
    if k in (0, 1):
        return "1-0" if stronger_white else "0-1"
    if k == 2:
        return "1/2-1/2"
    return "0-1" if stronger_white else "1-0"


def run_event(t, people, captured):
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for n in range(1, ROUNDS + 1):
        rnd, engine = pair_and_publish(t, n, people, captured)
        matches = list(rnd.matches.select_related("white_team", "black_team").order_by("table"))
        pairs = [(m.white_team.tpn, m.black_team.tpn) for m in matches if not m.is_bye]
        bye = [m.white_team.tpn for m in matches if m.is_bye]
        assert pairs == [(p.white, p.black) for p in engine.pairs]
        assert bye == [engine.bye]
        assert bye[0] not in byes, f"round {n}: a second bye for TPN {bye[0]}"
        byes.append(bye[0])
        assert {x for p in pairs for x in p} | set(bye) == set(range(1, PLAYERS + 1))
        for pair in pairs:
            assert frozenset(pair) not in met, f"round {n}: rematch {pair}"
            met.add(frozenset(pair))
        bye_match = next(m for m in matches if m.is_bye)
        assert (bye_match.white_game_points, bye_match.white_match_points) == (Decimal(1), Decimal(1))
        for m in matches:
            if m.is_bye:
                continue
            (game,) = m.boards.select_related("white", "black")
            # The one board: the white side's own player has White.
            assert (game.white.team_id, game.black.team_id) == (m.white_team_id, m.black_team_id)
            result = "+-" if (n, m.table) == (2, 1) else result_for(game.white, game.black, n, m.table)
            enter_results(m, {1: result}, by=people["arbiter"], expected={1: ""})
        rnd = complete_round(rnd, by=people["arbiter"])
        assert rnd.state == S.COMPLETE
        assert sign_results_summary(rnd, by=people["arbiter"]).complete  # rule 56
    return met, byes


@pytest.mark.parametrize("system", ["dubov", "lim"])
def test_an_individual_event_is_paired_published_played_and_ranked_through_the_site(
    system, make_user, django_capture_on_commit_callbacks
):
    t, people = make_event(system, make_user)
    # Initial order: rating first, the title on equal ratings, the unrated player last.
    names = list(t.teams.order_by("tpn").values_list("name", flat=True))
    assert names[:3] == ["Aronsen, Per", "Dupont, Marie", "Bianchi, Luca"] and names[-1] == "Lopez, Rita"
    run_event(t, people, django_capture_on_commit_callbacks)

    # The forfeited game of round 2 is no meeting and no colour for the engine.
    state = engine_state(t.rounds.get(number=ROUNDS))  # rounds 1..4
    forfeit = t.rounds.get(number=2).matches.get(table=1)
    rec = state.by_tpn[forfeit.white_team.tpn].history[1]
    assert rec.outcome.value == "forfeit_win" and rec.colour is None

    st = standings_table(t)
    assert st.through == ROUNDS and not st.provisional and not st.problems
    assert len(st.rows) == PLAYERS
    total = sum(r.game_points for r in st.rows)
    assert total == (PLAYERS - 1) // 2 * ROUNDS + ROUNDS  # one point a game, one point a bye
    for row in st.rows:
        team = t.teams.get(tpn=row.tpn)
        gp = sum(m.white_game_points for m in Match.objects.filter(white_team=team)) + sum(
            m.black_game_points for m in Match.objects.filter(black_team=team)
        )
        assert row.game_points == row.match_points == float(gp)
    assert [name for name, _ in st.columns] == ["BH-C1", "BH", "SB"]
    for a, b in zip(st.rows, st.rows[1:], strict=False):
        assert a.game_points >= b.game_points


def test_the_public_pairings_page_of_an_individual_round_names_the_players(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("dubov", make_user)
    rnd, engine = pair_and_publish(t, 1, people, django_capture_on_commit_callbacks)
    client = Client()
    for url in (f"/t/{t.slug}/round/1/pairings/", f"/ops/t/{t.slug}/r/1/boards/"):
        page = client.get(url)
        assert page.status_code == 200, url
        html = page.content.decode()
        for p in engine.pairs:
            for tpn in (p.white, p.black):
                assert t.teams.get(tpn=tpn).players.get().name in html, (url, tpn)


def test_no_captain_lineup_page_or_lineup_is_offered_in_an_individual_event(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("lim", make_user)
    player = t.teams.get(tpn=1)
    captain = make_user("lim-captain", Role.TEAM_CAPTAIN, t, player)
    rnd, _ = pair_and_publish(t, 1, people, django_capture_on_commit_callbacks)
    client = Client()
    client.force_login(captain)
    assert client.get(f"/ops/t/{t.slug}/r/1/lineup/").status_code == 403
    assert "My lineup" not in client.get(f"/ops/t/{t.slug}/").content.decode()
    body = {"team": 1, "players": [player.players.get().pk]}
    api = client.post(f"/api/ops/t/{t.slug}/rounds/1/lineups/", body, content_type="application/json")
    assert api.status_code == 403
    official = Client()
    official.force_login(people["arbiter"])
    status = official.get(f"/ops/t/{t.slug}/r/1/lineups/")
    assert status.status_code == 302 and status["Location"].endswith(f"/ops/t/{t.slug}/r/1/boards/")
    with pytest.raises(PermissionDenied, match="no lineups"):
        submit_lineup(player, rnd, [player.players.get().pk], by=captain)
    with pytest.raises(ValidationError, match="no lineups"):
        issue_captain_link(player, rnd, by=people["arbiter"])


def test_an_individual_event_refuses_a_second_board_and_a_team_roster(make_user):
    with pytest.raises(ValidationError, match="one board"):
        create_individual_event(name="X", slug="x", pairing_system="dubov", rounds_total=5, boards=2)
    t = create_individual_event(name="Y", slug="y", pairing_system="lim", rounds_total=5)
    register_player(t, name="Able, A", rating=2000)
    with pytest.raises(ValidationError, match="already registered"):
        register_player(t, name="Able, A", rating=2100)
    assert t.entrant_noun == "player"


def test_the_committee_arbiter_and_public_pages_of_an_individual_event_render(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("dubov", make_user)
    rnd, engine = pair_and_publish(t, 1, people, django_capture_on_commit_callbacks)
    table = rnd.matches.filter(is_bye=False).order_by("table").first()
    arbiter = Client()
    arbiter.force_login(people["arbiter"])
    member = Client()
    member.force_login(people["member"])
    top = t.teams.get(tpn=1).players.get().name
    for client, url, names in [
        (member, f"/committee/{t.slug}/round/1/", True),
        (arbiter, f"/ops/t/{t.slug}/", False),
        (arbiter, f"/ops/t/{t.slug}/r/1/results/", True),
        (arbiter, f"/ops/t/{t.slug}/r/1/match/{table.table}/", False),
        (Client(), f"/ops/t/{t.slug}/standings/", True),
        (Client(), f"/ops/t/{t.slug}/crosstable/", True),
        (Client(), f"/t/{t.slug}/pairings/", False),
    ]:
        page = client.get(url)
        assert page.status_code == 200, (url, page.status_code)
        assert not names or top in page.content.decode(), url
    # The arbiter enters the one game through the match page.
    form = {"board_1": "1/2-1/2", "was_1": ""}
    assert arbiter.post(f"/ops/t/{t.slug}/r/1/match/{table.table}/", form).status_code == 302
    table.refresh_from_db()
    assert (table.white_game_points, table.black_game_points) == (Decimal("0.5"), Decimal("0.5"))


def test_the_general_initial_order_service_orders_an_individual_event_by_rating_title_and_name(make_user):
    from tournaments.services import assign_initial_order

    t = create_individual_event(name="Z", slug="z", pairing_system="dubov", rounds_total=5)
    for name, rating, title in [("Cole, C", 2300, ""), ("Abel, A", 2300, "FM"), ("Baker, B", None, "")]:
        register_player(t, name=name, rating=rating, title=title)
    teams = assign_initial_order(t)
    assert [(x.tpn, x.name, x.strength) for x in teams] == [
        (1, "Abel, A", 2300.0),
        (2, "Cole, C", 2300.0),
        (3, "Baker, B", 0.0),
    ]


def test_a_posted_individual_pairing_is_corrected_before_any_result_and_posted_again(
    make_user, django_capture_on_commit_callbacks
):
    from committee.services.corrections import correct_individual_pairing

    t, people = make_event("lim", make_user)
    rnd, _ = pair_and_publish(t, 1, people, django_capture_on_commit_callbacks)
    with pytest.raises(ValidationError, match="Say why"):
        correct_individual_pairing(round=rnd, user=people["member"], reason="")
    rnd.refresh_from_db()
    assert rnd.state == S.BOARD_PAIRINGS_POSTED and rnd.matches.filter(boards__isnull=False).exists()
    with pytest.raises(PermissionDenied):
        correct_individual_pairing(round=rnd, user=people["arbiter"], reason="wrong rating")
    # The committee's ordinary correction (page, API) does the same for an individual event.
    decision = committee.start_correction(round=rnd, user=people["member"], reason="a rating was wrong")
    rnd.refresh_from_db()
    assert rnd.state == S.UNDER_REVIEW and "a rating was wrong" in decision.text
    assert not rnd.matches.filter(boards__isnull=False).exists()
    version = committee.current_version(rnd)
    committee.approve(version=version, user=people["member"])
    with pytest.raises(ValidationError, match="reason"):
        committee.publish(version=version, user=people["member"])
    publication = committee.publish(version=version, user=people["member"], reason="ratings corrected")
    rnd.refresh_from_db()
    assert publication.number == 2 and rnd.state == S.BOARD_PAIRINGS_POSTED
    assert rnd.matches.filter(is_bye=False, boards__isnull=True).count() == 0
    # Once a game has a result, the pairing stands.
    game = rnd.matches.filter(is_bye=False).order_by("table").first()
    enter_results(game, {1: "1-0"}, by=people["arbiter"], expected={1: ""})
    with pytest.raises(ValidationError, match="in play"):
        correct_individual_pairing(round=rnd, user=people["member"], reason="too late")


def test_an_individual_event_made_in_the_admin_scores_the_bye_as_one_point_lim_2_1(db):
    from tournaments.models import Tournament

    t = Tournament(name="Admin-made", slug="admin-made", pairing_system="lim", is_team_event=False, boards=1)
    t.full_clean()
    assert (t.bye_match_points, t.bye_game_points) == (Decimal("1"), Decimal("1"))
    team = Tournament(name="Team", slug="team-made", pairing_system="lim", boards=4)
    team.full_clean()
    assert (team.bye_match_points, team.bye_game_points) == (None, None)  # C.04.6 1.4: as a draw


def test_a_late_entrant_takes_the_next_tpn_is_absent_before_and_is_paired_from_its_first_round(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("dubov", make_user)
    for n in (1, 2):
        rnd, _ = pair_and_publish(t, n, people, django_capture_on_commit_callbacks)
        for m in rnd.matches.filter(is_bye=False):
            enter_results(m, {1: "1/2-1/2"}, by=people["arbiter"], expected={1: ""})
        complete_round(rnd, by=people["arbiter"])
    with pytest.raises(ValidationError, match="first round"):
        register_player(t, name="Late, Lena", rating=2400)
    late = register_player(t, name="Late, Lena", rating=2400, first_round=3)
    assert (late.tpn, late.late_entry_round) == (PLAYERS + 1, 3)
    state = engine_state(t.rounds.get(number=3))
    assert [r.outcome.value for r in state.by_tpn[late.tpn].history] == ["absent", "absent"]
    rnd, engine = pair_and_publish(t, 3, people, django_capture_on_commit_callbacks)
    assert engine.bye is None  # twelve players now
    assert any(late.tpn in (p.white, p.black) for p in engine.pairs)


def test_forfeited_games_of_an_individual_event_are_no_meetings_and_give_no_colour_dubov_2_2(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("dubov", make_user)
    rnd, _ = pair_and_publish(t, 1, people, django_capture_on_commit_callbacks)
    games = list(
        rnd.matches.filter(is_bye=False).select_related("white_team", "black_team").order_by("table")
    )
    codes = ["--", "-+", "+-", "1-0", "1/2-1/2"]
    for m, code in zip(games, codes, strict=True):
        enter_results(m, {1: code}, by=people["arbiter"], expected={1: ""})
    complete_round(rnd, by=people["arbiter"])
    state = engine_state(t.rounds.get(number=2))
    want = {
        "--": ("double_forfeit", "double_forfeit", None),
        "-+": ("forfeit_loss", "forfeit_win", None),
        "+-": ("forfeit_win", "forfeit_loss", None),
        "1-0": ("played", "played", "w"),
        "1/2-1/2": ("played", "played", "w"),
    }
    for m, code in zip(games, codes, strict=True):
        white, black = (state.by_tpn[m.white_team.tpn].history[0], state.by_tpn[m.black_team.tpn].history[0])
        w_out, b_out, colour = want[code]
        assert (white.outcome.value, black.outcome.value) == (w_out, b_out), code
        assert (white.colour and white.colour.value) == colour, code
        played = m.black_team.tpn in state.by_tpn[m.white_team.tpn].played_opponents
        assert played == (colour is not None), code
    assert state.by_tpn[games[2].white_team.tpn].had_bye_or_forfeit_win  # the forfeit win bars the bye


def test_the_pages_of_an_individual_event_say_player_where_a_team_event_says_team(
    make_user, django_capture_on_commit_callbacks
):
    t, people = make_event("lim", make_user)
    pair_and_publish(t, 1, people, django_capture_on_commit_callbacks)
    client = Client()
    standings = client.get(f"/ops/t/{t.slug}/standings/").content.decode()
    assert '<th scope="col">Player</th>' in standings and '<th scope="col">Team</th>' not in standings
    detail = client.get(f"/t/{t.slug}/").content.decode()
    assert "<h2>Players</h2>" in detail and "<h2>Teams</h2>" not in detail
    pairings = client.get(f"/t/{t.slug}/round/1/pairings/").content.decode()
    assert "Team pairings" not in pairings and "on board 1" not in pairings
