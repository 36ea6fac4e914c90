"""Board pairings (rules 19, 62), results (rules 11, 53), summary (rule 56), standings."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from operations.models import ResultEntry, ResultsSummary
from operations.selectors import standings_table, tiebreak_detail
from operations.services.board_pairings import post_board_pairings
from operations.services.lineups import close_lineups, submit_lineup
from operations.services.results import (
    complete_round,
    confirm_match,
    enter_results,
    record_absent_team,
)
from operations.services.summary import digest_of, sign_results_summary
from tests.operations.conftest import player_ids
from tournaments.models import BoardGame, RoundState


def test_olympiad_rule_62_board_pairings_put_the_lineups_side_by_side_with_rule_19_colours(event):
    alpha = event.teams[0]
    submit_lineup(alpha, event.round, player_ids(alpha, [1, 2, 3, 5]), by=event.captains[0])
    close_lineups(event.round, by=event.arbiter)
    r = post_board_pairings(event.round, by=event.arbiter)
    assert r.state == RoundState.BOARD_PAIRINGS_POSTED
    boards = list(BoardGame.objects.filter(match=event.matches[0]).order_by("board"))
    bravo = event.teams[1]
    a, b = player_ids(alpha, [1, 2, 3, 5]), player_ids(bravo, [1, 2, 3, 4])
    # Alpha has White on board 1 and 3, Black on 2 and 4 (WBWB).
    assert [(g.white_id, g.black_id) for g in boards] == [
        (a[0], b[0]),
        (b[1], a[1]),
        (a[2], b[2]),
        (b[3], a[3]),
    ]


def test_board_pairings_need_the_lineups_closed(event):
    with pytest.raises(ValidationError, match="close the lineups"):
        post_board_pairings(event.round, by=event.arbiter)


def test_posting_locks_the_lineups(posted):
    from operations.services.lineups import LineupRefused

    with pytest.raises(LineupRefused):
        submit_lineup(
            posted.teams[0],
            posted.round,
            player_ids(posted.teams[0], [1, 2, 3, 5]),
            by=posted.arbiter,
            override_reason="late",
        )


def test_an_empty_board_is_lost_by_forfeit_by_the_side_that_left_it_empty(event):
    alpha = event.teams[0]
    submit_lineup(
        alpha, event.round, player_ids(alpha, [1, 2, 3, None]), by=event.captains[0], confirm_empty_boards=[4]
    )
    close_lineups(event.round, by=event.arbiter)
    post_board_pairings(event.round, by=event.arbiter)
    b4 = BoardGame.objects.get(match=event.matches[0], board=4)
    assert b4.black is None and b4.result == "+-"  # Alpha is Black on board 4


def test_an_arbiter_enters_a_match_and_the_match_points_follow(posted):
    m = enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "1/2-1/2"}, by=posted.arbiter)
    # Alpha: 1 + 1 (Black on 2) + 0.5 + 0.5 = 3.
    assert (m.white_game_points, m.black_game_points, m.white_match_points, m.black_match_points) == (
        3,
        1,
        2,
        0,
    )
    posted.round.refresh_from_db()
    assert posted.round.state == RoundState.IN_PLAY
    assert ResultEntry.objects.filter(game__match=m).count() == 4


def test_a_result_for_an_unknown_board_is_refused_and_nothing_saved(posted):
    with pytest.raises(ValidationError, match="there is no board 7"):
        enter_results(posted.matches[0], {1: "1-0", 7: "1-0"}, by=posted.arbiter)
    assert not BoardGame.objects.filter(match=posted.matches[0]).exclude(result="").exists()
    assert not ResultEntry.objects.exists()


def test_an_unknown_result_is_refused_naming_the_board(posted):
    with pytest.raises(ValidationError, match="Board 2: unknown result '2-0'"):
        enter_results(posted.matches[0], {1: "1-0", 2: "2-0"}, by=posted.arbiter)
    assert not ResultEntry.objects.exists()


def test_a_stale_form_is_refused(posted):
    m = posted.matches[0]
    enter_results(m, {1: "1-0"}, by=posted.arbiter)
    with pytest.raises(ValidationError, match="changed since this form was opened"):
        enter_results(m, {1: "0-1", 2: "1-0"}, by=posted.arbiter, expected={1: "", 2: ""})
    assert BoardGame.objects.get(match=m, board=2).result == ""


def test_only_an_arbiter_enters_results(posted):
    for user in (posted.committee, posted.captains[0]):
        with pytest.raises(PermissionDenied):
            enter_results(posted.matches[0], {1: "1-0"}, by=user)


def test_olympiad_rule_11_an_unfinished_game_counts_as_a_draw(posted):
    m = enter_results(posted.matches[0], {1: "1-0", 2: "*", 3: "1-0", 4: "0-1"}, by=posted.arbiter)
    assert m.white_game_points == 3.5  # 1 + ½ + 1 + 1 (Alpha is Black on board 4)
    st = standings_table(posted.tournament)
    assert st.provisional


def test_olympiad_rule_53_an_absent_team_loses_every_board_by_forfeit(posted):
    m = record_absent_team(posted.matches[1], posted.teams[3], by=posted.arbiter)
    assert (m.white_game_points, m.black_game_points, m.white_match_points) == (4, 0, 2)
    assert list(m.boards.order_by("board").values_list("result", flat=True)) == ["+-", "-+", "+-", "-+"]


def test_a_round_completes_only_when_every_board_is_in(posted):
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "0-1"}, by=posted.arbiter)
    with pytest.raises(ValidationError, match="without a result: table 2"):
        complete_round(posted.round, by=posted.arbiter)
    enter_results(
        posted.matches[1], {1: "1/2-1/2", 2: "1/2-1/2", 3: "1/2-1/2", 4: "1/2-1/2"}, by=posted.arbiter
    )
    assert complete_round(posted.round, by=posted.arbiter).state == RoundState.COMPLETE
    with pytest.raises(ValidationError, match="complete: reopen"):
        enter_results(posted.matches[0], {1: "0-1"}, by=posted.arbiter)


def test_both_captains_confirm_a_match_and_a_correction_voids_the_confirmation(posted):
    m = posted.matches[0]
    with pytest.raises(ValidationError, match="no final result"):
        confirm_match(m, posted.teams[0], by=posted.captains[0])
    enter_results(m, {1: "1-0", 2: "0-1", 3: "1-0", 4: "0-1"}, by=posted.arbiter)
    with pytest.raises(PermissionDenied):
        confirm_match(m, posted.teams[1], by=posted.captains[0])
    confirm_match(m, posted.teams[0], by=posted.captains[0])
    confirm_match(m, posted.teams[1], by=posted.captains[1])
    m.refresh_from_db()
    assert m.result_confirmed
    enter_results(m, {4: "1-0"}, by=posted.arbiter)
    m.refresh_from_db()
    assert not m.result_confirmed and not m.confirmations.exists()


def test_olympiad_rule_56_the_signed_summary_records_who_entered_what_and_when(posted):
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "0-1"}, by=posted.arbiter)
    s = sign_results_summary(posted.round, by=posted.arbiter)
    assert not s.complete
    board1 = s.content["matches"][0]["boards"][0]
    assert board1["result"] == "1-0" and board1["entries"][0]["by"] == "arbiter"
    assert s.digest == digest_of(s.content)
    with pytest.raises(PermissionDenied):
        sign_results_summary(posted.round, by=posted.committee)
    assert ResultsSummary.objects.count() == 1


def test_standings_change_when_results_are_entered(posted):
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "1/2-1/2"}, by=posted.arbiter)
    enter_results(posted.matches[1], {1: "0-1", 2: "1-0", 3: "0-1", 4: "1-0"}, by=posted.arbiter)
    st = standings_table(posted.tournament)
    assert [(r.rank, r.name, r.match_points, r.game_points) for r in st.rows] == [
        (1, "Delta", 2, 4),
        (2, "Alpha", 2, 3.5),
        (3, "Bravo", 0, 0.5),
        (4, "Charlie", 0, 0),
    ]
    assert st.columns == [("BH", "BH"), ("SB", "SB"), ("GP", "GP")]
    assert not st.provisional


def test_tie_break_detail_lists_each_round_for_a_team_to_check(posted):
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "1/2-1/2"}, by=posted.arbiter)
    enter_results(posted.matches[1], {1: "0-1", 2: "1-0", 3: "0-1", 4: "1-0"}, by=posted.arbiter)
    d = tiebreak_detail(posted.tournament, posted.teams[0])
    line = d["lines"][0]
    assert (line.opponent, line.match_points, line.game_points, line.opponent_match_points) == (
        "Bravo",
        2,
        3.5,
        0,
    )
    assert d["values"]["SB"] == (0.0,)
    sb = next(b for b in d["breakdowns"] if b.head.name == "SB")
    assert [(p.opponent, p.how, p.value) for p in sb.parts] == [("Bravo", "0 × 2", 0)]  # Bravo ended on 0 MP


def test_an_unknown_tie_break_in_the_tournament_is_reported_not_fatal(posted):
    posted.tournament.tiebreaks = ["BH", "NOPE"]
    posted.tournament.save()
    st = standings_table(posted.tournament)
    assert st.problems and "NOPE" in st.problems[0]
    assert st.columns == [("BH", "BH")]


def test_the_extra_team_is_not_ranked(posted):
    bravo = posted.teams[1]
    bravo.is_extra = True
    bravo.save()
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "1/2-1/2"}, by=posted.arbiter)
    rows = standings_table(posted.tournament).rows
    assert rows[-1].name == "Bravo" and rows[-1].rank is None
    assert next(r for r in rows if r.name == "Alpha").match_points == 2


def test_olympiad_rule_56_a_correction_after_signing_voids_the_signature(posted):
    from operations.services.summary import signed_summary_is_current

    assert signed_summary_is_current(posted.round) is None
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "0-1"}, by=posted.arbiter)
    sign_results_summary(posted.round, by=posted.arbiter)
    assert signed_summary_is_current(posted.round) is True
    enter_results(posted.matches[0], {4: "1-0"}, by=posted.arbiter)
    assert signed_summary_is_current(posted.round) is False


def test_olympiad_1998_rule_12_standings_rank_by_game_points_then_the_rule_12_list(posted):
    pytest.importorskip("engine.olympiad.tiebreaks")
    t = posted.tournament
    t.pairing_system, t.olympiad_version, t.primary_score = "olympiad", "1998", "GP"
    t.tiebreaks = ["olympiad1998"]
    t.save()
    enter_results(posted.matches[0], {1: "1-0", 2: "1-0", 3: "1/2-1/2", 4: "0-1"}, by=posted.arbiter)
    enter_results(posted.matches[1], {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"}, by=posted.arbiter)
    st = standings_table(t)
    # Alpha 2.5 GP (boards 1, 3 and 4 are Alpha's White, draw, Black win), Bravo 1.5; Charlie and Delta 2 each.
    # Charlie and Delta stay equal through 12(a) (opponents' GP 2), (b) (1 MP), (c) (drawn: 1), (d) (0).
    assert len(st.columns) == 4 and all(name == "olympiad1998" for name, _ in st.columns)
    assert [(r.rank, r.name, r.game_points) for r in st.rows] == [
        (1, "Alpha", 2.5),
        (2, "Charlie", 2),
        (2, "Delta", 2),
        (4, "Bravo", 1.5),
    ]
    assert st.rows[0].tiebreaks["olympiad1998"] == (1.5, 2.0, 1.5, 0.0)


def test_standings_are_provisional_while_a_counted_round_has_a_missing_result_and_final_once_all_are_in(
    posted,
):
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "1/2-1/2"}, by=posted.arbiter)
    enter_results(posted.matches[1], {1: "0-1", 2: "1-0", 3: "0-1"}, by=posted.arbiter)  # board 4 missing
    assert standings_table(posted.tournament).provisional
    enter_results(posted.matches[1], {4: "1-0"}, by=posted.arbiter)
    assert not standings_table(posted.tournament).provisional
