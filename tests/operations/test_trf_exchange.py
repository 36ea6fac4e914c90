"""TRF-2026 export and import, round trip, and bad files refused with line and column."""

import pytest

from engine.trf import read
from operations.selectors import standings_table
from operations.services.exports import pairings_csv, standings_csv, trf_export
from operations.services.results import complete_round, enter_results, record_absent_team
from operations.services.trf_import import ImportRefused, import_trf
from tournaments.models import BoardGame, Match, Tournament


@pytest.fixture
def played(posted):
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "1/2-1/2"}, by=posted.arbiter)
    enter_results(posted.matches[1], {1: "0-1", 2: "1-0", 3: "*", 4: "+-"}, by=posted.arbiter)
    complete_round(posted.round, by=posted.arbiter)
    return posted


def test_trf_export_reads_back_to_the_same_scores(played):
    text = trf_export(played.tournament)
    state = read(text).state
    assert [(p.tpn, p.match_points, p.game_points) for p in state.participants] == [
        (1, 2, 3.5),
        (2, 0, 0.5),
        (3, 0, 0.5),
        (4, 2, 3.5),
    ]
    assert state.board_colour_sequence == "WBWB"
    assert "310" in text and "352 WBWB" in text


def test_trf_round_trip_import_then_export_gives_the_same_file(played):
    text = trf_export(played.tournament)
    t2 = import_trf(text, slug="copy")
    assert t2.teams.count() == 4 and t2.rounds.get(number=1).state == "complete"
    assert trf_export(t2) == text
    a = [(r.rank, r.name, r.match_points, r.game_points) for r in standings_table(played.tournament).rows]
    b = [(r.rank, r.name, r.match_points, r.game_points) for r in standings_table(t2).rows]
    assert a == b


def test_trf_round_trip_keeps_a_forfeited_match_and_a_reserve(posted):
    record_absent_team(posted.matches[1], posted.teams[3], by=posted.arbiter)
    enter_results(posted.matches[0], {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"}, by=posted.arbiter)
    complete_round(posted.round, by=posted.arbiter)
    text = trf_export(posted.tournament)
    assert "330 +- 001   3   4" in text
    t2 = import_trf(text, slug="copy2")
    m = Match.objects.get(round__tournament=t2, table=2)
    assert m.forfeit == "black_team" and m.white_game_points == 4
    assert trf_export(t2) == text


def test_import_of_a_team_file_without_rounds_starts_an_event(event):
    text = trf_export(event.tournament, through=0)
    t2 = import_trf(text, slug="fresh")
    assert t2.teams.count() == 4
    assert [p.board_order for p in t2.teams.get(tpn=1).players.all()] == [1, 2, 3, 4, 5]
    assert not Match.objects.filter(round__tournament=t2).exists()


def _bad(text, match):
    before = Tournament.objects.count()
    with pytest.raises(ImportRefused, match=match) as err:
        import_trf(text, slug="bad")
    assert Tournament.objects.count() == before
    return err.value


def test_import_refuses_a_player_line_with_wrong_columns_naming_line_and_column(played):
    lines = trf_export(played.tournament).splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("001"))
    lines[i] = lines[i][:48] + "ABCD" + lines[i][52:]  # rating is not a number
    err = _bad("\n".join(lines) + "\n", r"line \d+, column \d+")
    assert err.line == i + 1 and err.column


def test_import_refuses_an_unknown_player_and_saves_nothing(played):
    lines = trf_export(played.tournament).splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("310"))
    lines[i] = lines[i][:73] + " 999" + lines[i][77:]
    _bad("\n".join(lines) + "\n", "999")


def test_import_refuses_an_impossible_history(played):
    lines = trf_export(played.tournament).splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("310"))
    lines[i] = lines[i][:54] + "  99.0" + lines[i][60:]  # match points that the results do not give
    err = _bad("\n".join(lines) + "\n", "do not match")
    assert err.line == i + 1 and err.column == 55


def test_standings_csv_has_the_tie_break_columns(played):
    text = standings_csv(played.tournament)
    header, first = text.splitlines()[:2]
    assert header == "rank,tpn,team,match_points,game_points,BH,SB,GP"
    assert first.startswith("1,1,Alpha,2,3.5,")


def test_pairings_csv_lists_each_board_with_colours_and_the_result_from_the_first_named_side(played):
    lines = pairings_csv(played.round).splitlines()
    assert lines[0] == (
        "table,board,first_team,first_player,first_colour,second_team,second_player,result,white_result"
    )
    assert lines[1] == "1,1,Alpha,Alpha player 1,W,Bravo,Bravo player 1,1-0,1-0"
    # Board 2: Alpha has Black and won (0-1 from White's side): Alpha's player, named first, reads 1-0.
    assert lines[2] == "1,2,Alpha,Alpha player 2,B,Bravo,Bravo player 2,1-0,0-1"
    assert len(lines) == 1 + BoardGame.objects.filter(match__round=played.round).count()


def test_management_commands_export_and_import_round_trip(played, tmp_path):
    from django.core.management import call_command

    out = tmp_path / "event.trf"
    call_command("export_trf", played.tournament.slug, output=out)
    call_command("import_trf", out, slug="from-command")
    assert trf_export(Tournament.objects.get(slug="from-command")) == out.read_text()


def test_import_command_refuses_a_bad_file_with_line_and_column(tmp_path, db):
    from django.core.management import CommandError, call_command

    bad = tmp_path / "bad.trf"
    bad.write_text("012 Bad\n001 XXXX\n")
    with pytest.raises(CommandError, match="line 2"):
        call_command("import_trf", bad, slug="bad")
    assert not Tournament.objects.filter(slug="bad").exists()


@pytest.fixture
def two_rounds(make_tournament, make_team, make_user):
    """Five teams, two rounds: a PAB each round, a reserve on board 4, an absent team in round 2."""
    from operations.services.board_pairings import post_board_pairings
    from operations.services.lineups import close_lineups, submit_lineup
    from tests.operations.conftest import player_ids, set_state
    from tournaments.models.membership import Role

    t = make_tournament(board_colour_sequence="WBWB", rounds_total=5)
    teams = [make_team(t, n, tpn=i) for i, n in enumerate(["A", "B", "C", "D", "E"], start=1)]
    arbiter = make_user("arb", Role.ARBITER, t)
    plan = {1: [(1, 2), (3, 4), (5, None)], 2: [(4, 1), (2, 5), (3, None)]}
    for number, pairs in plan.items():
        r = t.rounds.get(number=number)
        for table, (w, b) in enumerate(pairs, start=1):
            Match.objects.create(
                round=r,
                table=table,
                white_team=teams[w - 1],
                black_team=teams[b - 1] if b else None,
                is_bye=b is None,
            )
        set_state(r, "published")
        if number == 1:
            submit_lineup(teams[0], r, player_ids(teams[0], [1, 2, 3, 5]), by=arbiter)
        close_lineups(r, by=arbiter)
        post_board_pairings(r.__class__.objects.get(pk=r.pk), by=arbiter)
        m1, m2 = r.matches.order_by("table")[:2]
        if number == 1:
            enter_results(m1, {1: "1-0", 2: "1/2-1/2", 3: "0-1", 4: "0-1"}, by=arbiter)
            enter_results(m2, {1: "1-0", 2: "1-0", 3: "-+", 4: "1/2-1/2"}, by=arbiter)
        else:
            enter_results(m1, {1: "0-1", 2: "1/2-1/2", 3: "1/2-1/2", 4: "1-0"}, by=arbiter)
            record_absent_team(m2, teams[4], by=arbiter)
        complete_round(r.__class__.objects.get(pk=r.pk), by=arbiter)
    return t


def test_trf_round_trip_with_byes_a_reserve_and_an_absent_team(two_rounds):
    text = trf_export(two_rounds)
    assert "320" in text and "330" in text
    t2 = import_trf(text, slug="copy-5")
    assert trf_export(t2) == text
    a = [
        (r.rank, r.name, r.match_points, r.game_points, r.tiebreaks) for r in standings_table(two_rounds).rows
    ]
    b = [(r.rank, r.name, r.match_points, r.game_points, r.tiebreaks) for r in standings_table(t2).rows]
    assert a == b
    bye = Match.objects.get(round__tournament=t2, round__number=1, is_bye=True)
    assert bye.white_team.name == "E" and bye.white_match_points == 1


def test_pairings_csv_by_match_gives_the_match_scores(played, client):
    text = client.get(f"/ops/t/{played.tournament.slug}/r/1/pairings.csv?by=match").content.decode()
    lines = text.splitlines()
    assert (
        lines[0]
        == "table,white_team,black_team,white_match_points,black_match_points,white_game_points,black_game_points"
    )
    assert lines[1] == "1,Alpha,Bravo,2,0,3.5,0.5"


# -- the whole event: participation, tie-breaks, empty boards -------------------------------------


def test_trf_round_trip_keeps_withdrawals_and_announced_absences(played):
    from tournaments.models import TeamRoundStatus
    from tournaments.selectors import engine_state
    from tournaments.services import mark_absent, withdraw_team

    t = played.tournament
    withdraw_team(played.teams[3], from_round=2, reason="left")
    mark_absent(played.teams[2], round_number=2)
    mark_absent(played.teams[1], round_number=4)
    text = trf_export(t)
    assert "### engine-withdrawn 4 2\n" in text
    assert "240 Z 002    3    4\n" in text and "240 Z 004    2    4\n" in text
    t2 = import_trf(text, slug="copy-participation")
    assert t2.teams.get(tpn=4).withdrawn_from_round == 2

    def statuses(tournament):
        rows = TeamRoundStatus.objects.filter(team__tournament=tournament)
        return sorted(rows.values_list("team__tpn", "round__number", "status"))

    assert statuses(t2) == statuses(t)
    for tournament in (t, t2):
        state = engine_state(tournament.rounds.get(number=2))
        assert state.unavailable == {3, 4} and state.by_tpn[4].withdrawn
    assert trf_export(t2) == text


def test_import_refuses_a_withdrawal_from_a_round_the_event_does_not_have(played):
    text = trf_export(played.tournament).replace("### engine-withdrawn", "### engine-x")
    lines = text.splitlines()
    lines.insert(1, "### engine-withdrawn 4 99")
    err = _bad("\n".join(lines) + "\n", "withdrawal of team 4: .*no round 99")
    assert (err.line, err.column) == (2, 24)


def test_import_refuses_an_absence_in_a_round_the_event_does_not_have(played):
    text = trf_export(played.tournament) + "240 Z 012    2\n"
    err = _bad(text, "absence of team 2: .*no round 12")
    assert (err.line, err.column) == (len(text.splitlines()), 7)


def test_trf_round_trip_keeps_the_tie_break_list(played):
    t = played.tournament
    t.tiebreaks = ["GP", "BH-C1", "DE"]
    t.save(update_fields=["tiebreaks"])
    text = trf_export(t)
    assert "### engine-tiebreaks GP BH-C1 DE\n" in text
    t2 = import_trf(text, slug="copy-tiebreaks")
    assert t2.tiebreaks == ["GP", "BH-C1", "DE"]
    assert [(r.rank, r.name, r.tiebreaks) for r in standings_table(t2).rows] == [
        (r.rank, r.name, r.tiebreaks) for r in standings_table(t).rows
    ]


def test_import_refuses_an_unknown_tie_break_with_line_and_column(played):
    lines = trf_export(played.tournament).splitlines()
    lines.insert(1, "### engine-tiebreaks MP NOPE")
    err = _bad("\n".join(lines) + "\n", "unknown tie-break 'NOPE'")
    assert (err.line, err.column) == (2, 25)


def test_trf_round_trip_keeps_a_board_one_side_left_empty(event):
    """Bravo fields nobody on board 4: Alpha's player wins it by forfeit (F against 0000), the match is played."""
    from operations.services.board_pairings import post_board_pairings
    from operations.services.lineups import close_lineups, submit_lineup
    from tests.operations.conftest import player_ids

    bravo = event.teams[1]
    submit_lineup(
        bravo, event.round, player_ids(bravo, [1, 2, 3, None]), by=event.arbiter, confirm_empty_boards=[4]
    )
    close_lineups(event.round, by=event.arbiter)
    event.round.refresh_from_db()
    post_board_pairings(event.round, by=event.arbiter)
    empty = BoardGame.objects.get(match=event.matches[0], board=4)
    assert empty.result in ("+-", "-+") and None in (empty.white, empty.black)
    enter_results(event.matches[0], {1: "0-1", 2: "1/2-1/2", 3: "0-1"}, by=event.arbiter)
    enter_results(event.matches[1], {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"}, by=event.arbiter)
    complete_round(event.round.__class__.objects.get(pk=event.round.pk), by=event.arbiter)
    text = trf_export(event.tournament)
    assert "0000 - F" in text
    state = read(text).state
    assert (state.by_tpn[1].game_points, state.by_tpn[2].game_points) == (1.5, 2.5)
    t2 = import_trf(text, slug="copy-empty-board")
    copy = BoardGame.objects.get(match__round__tournament=t2, match__table=1, board=4)
    assert (copy.result, copy.white is None, copy.black is None) == (
        empty.result,
        empty.white is None,
        empty.black is None,
    )
    assert trf_export(t2) == text
    a = [
        (r.rank, r.name, r.match_points, r.game_points, r.tiebreaks)
        for r in standings_table(event.tournament).rows
    ]
    b = [(r.rank, r.name, r.match_points, r.game_points, r.tiebreaks) for r in standings_table(t2).rows]
    assert a == b


def test_trf_round_trip_keeps_the_lineup_window_rules(played):
    import datetime as dt

    t = played.tournament
    t.lineups_open_on_publication = False
    t.lineup_close_time = dt.time(18, 30)
    t.lineup_close_days_before = 1
    t.save()
    text = trf_export(t)
    assert '### engine-event lineup_close_time "18:30:00"\n' in text
    t2 = import_trf(text, slug="copy-window")
    assert (t2.lineups_open_on_publication, t2.lineup_close_time, t2.lineup_close_days_before) == (
        False,
        dt.time(18, 30),
        1,
    )
    assert trf_export(t2) == text


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        ('### engine-event lineup_close_time "late"', "'late' is not a time of day", 36),
        ("### engine-event lineup_close_days_before -1", "-1 is not a valid value", 43),
        ("### engine-event approval_policy 1", "unknown event setting 'approval_policy'", 18),
        ("### engine-event lineup_close_time late", "is not a JSON value", 36),
        ('### engine-event time_zone "Mars/Olympus"', "'Mars/Olympus' is not a time zone", 28),
    ],
)
def test_import_refuses_a_bad_event_setting_with_line_and_column(played, line, message, column):
    lines = trf_export(played.tournament).splitlines()
    lines.insert(1, line)
    err = _bad("\n".join(lines) + "\n", message)
    assert (err.line, err.column) == (2, column)


# -- one reading with the command line, limits before any work (issue 18, item 4) --------------


def _staff_client(client, make_user):
    user = make_user("importer")
    user.is_staff = True
    user.save()
    client.force_login(user)
    return client


def _upload(client, data: bytes, slug: str):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    return client.post(
        reverse("ops-import"),
        {"file": SimpleUploadedFile("event.trf", data), "slug": slug, "name": ""},
        follow=True,
    )


def test_the_import_page_accepts_a_file_with_a_utf8_byte_order_mark_as_the_command_line_does(
    played, client, make_user
):
    text = trf_export(played.tournament)
    answer = _upload(_staff_client(client, make_user), b"\xef\xbb\xbf" + text.encode(), "with-bom")
    assert answer.status_code == 200
    t2 = Tournament.objects.get(slug="with-bom")
    assert t2.name == played.tournament.name
    assert trf_export(t2) == text


def test_the_import_page_refuses_a_nul_byte_in_a_team_name_with_line_and_column(played, client, make_user):
    lines = trf_export(played.tournament).splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("310"))
    lines[i] = lines[i][:9] + "\x00" + lines[i][10:]
    answer = _upload(_staff_client(client, make_user), ("\n".join(lines) + "\n").encode(), "nul")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Import refused, nothing saved" in page
    assert f"line {i + 1}, column 10" in page and "NUL" in page
    assert not Tournament.objects.filter(slug="nul").exists()


def test_the_import_refuses_142_5000_before_creating_any_round(played, client, make_user):
    lines = trf_export(played.tournament).splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("142"))
    lines[i] = "142 5000"
    text = "\n".join(lines) + "\n"
    err = _bad(text, "at most 50 rounds")
    assert (err.line, err.column) == (i + 1, 5)
    answer = _upload(_staff_client(client, make_user), text.encode(), "long")
    assert "at most 50 rounds" in answer.content.decode()
    assert not Tournament.objects.filter(slug="long").exists()


def test_the_import_command_reads_a_byte_order_mark_like_the_command_line(played, tmp_path):
    from django.core.management import call_command

    text = trf_export(played.tournament)
    path = tmp_path / "bom.trf"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    call_command("import_trf", path, slug="bom-command")
    assert trf_export(Tournament.objects.get(slug="bom-command")) == text


def test_trf_round_trip_keeps_the_venues_time_zone(played):
    """The lineup deadline's time of day is a time at the venue: the zone goes with it (issue 18, item 6)."""
    import datetime as dt

    t = played.tournament
    t.time_zone = "Asia/Tokyo"
    t.lineup_close_time = dt.time(18, 30)
    t.save()
    text = trf_export(t)
    assert '### engine-event time_zone "Asia/Tokyo"\n' in text
    t2 = import_trf(text, slug="copy-zone")
    assert t2.time_zone == "Asia/Tokyo"
    assert trf_export(t2) == text
