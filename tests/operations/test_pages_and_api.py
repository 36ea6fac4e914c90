"""Pages and API per role: captain, arbiter, committee, public."""

import datetime as dt

import pytest
from django.utils import timezone

from operations.models import CaptainLink
from operations.services.lineups import current_lineup
from operations.services.results import enter_results
from tests.operations.conftest import player_ids
from tournaments.models import BoardGame, Lineup


def login(client, user):
    client.force_login(user)
    return client


def url(e, tail):
    return f"/ops/t/{e.tournament.slug}/r/{e.round.number}/{tail}"


# -- captains -------------------------------------------------------------------


def test_a_captain_submits_his_lineup_through_the_page(client, event):
    alpha = event.teams[0]
    ids = player_ids(alpha, [1, 2, 4, 5])
    login(client, event.captains[0])
    resp = client.post(url(event, "lineup/"), {f"board_{b}": i for b, i in enumerate(ids, 1)}, follow=True)
    assert resp.status_code == 200
    assert "Lineup of Alpha for round 1 received" in resp.content.decode()
    assert current_lineup(alpha, event.round) == ids


def test_the_lineup_page_shows_the_refusal_reason(client, event):
    alpha = event.teams[0]
    ids = player_ids(alpha, [2, 1, 3, 4])
    login(client, event.captains[0])
    resp = client.post(url(event, "lineup/"), {f"board_{b}": i for b, i in enumerate(ids, 1)}, follow=True)
    assert "Lineup refused" in resp.content.decode() and "board order is fixed" in resp.content.decode()


def test_a_captain_cannot_open_another_teams_lineup_page(client, event):
    login(client, event.captains[0])
    assert client.get(url(event, "lineup/?team=2")).status_code == 403


def test_the_public_cannot_open_a_lineup_page_or_the_status_board(client, event):
    assert client.get(url(event, "lineup/")).status_code == 302  # to the login page
    assert client.get(url(event, "lineups/")).status_code == 302
    login(client, event.captains[0])
    assert client.get(url(event, "lineups/")).status_code == 403


def test_a_one_time_link_opens_the_lineup_form_without_an_account(client, event):
    alpha = event.teams[0]
    link = CaptainLink.objects.create(team=alpha, round=event.round)
    ids = player_ids(alpha, [1, 2, 3, 4])
    resp = client.post(f"/ops/lineup/{link.token}/", {f"board_{b}": i for b, i in enumerate(ids, 1)})
    assert resp.status_code == 302
    assert current_lineup(alpha, event.round) == ids
    assert client.get(f"/ops/lineup/{link.token}/").status_code == 410


def test_the_committee_sees_the_status_board_and_issues_a_link(client, event):
    login(client, event.committee)
    resp = client.get(url(event, "lineups/"))
    assert resp.status_code == 200 and "0 of 4 teams have a lineup" in resp.content.decode()
    client.post(url(event, "lineups/link/"), {"team": 2})
    assert CaptainLink.objects.filter(team=event.teams[1]).exists()


# -- arbiters -------------------------------------------------------------------


def test_an_arbiter_closes_posts_and_enters_results_through_the_pages(client, event):
    login(client, event.arbiter)
    client.post(url(event, "lineups/close/"), {"confirm": "1"})
    client.post(url(event, "boards/post/"))
    assert BoardGame.objects.filter(match__round=event.round).count() == 8
    resp = client.post(
        url(event, "match/1/"),
        {
            "board_1": "1-0",
            "board_2": "0-1",
            "board_3": "1-0",
            "board_4": "1/2-1/2",
            "was_1": "",
            "was_2": "",
            "was_3": "",
            "was_4": "",
        },
        follow=True,
    )
    assert "Table 1: Alpha 3.5 – 0.5 Bravo saved." in resp.content.decode()
    standings = client.get(f"/ops/t/{event.tournament.slug}/standings/").content.decode()
    assert "Alpha" in standings and "3.5" in standings


def test_a_stale_result_form_is_refused_with_a_message(client, posted):
    enter_results(posted.matches[0], {1: "1-0"}, by=posted.arbiter)
    login(client, posted.arbiter)
    resp = client.post(url(posted, "match/1/"), {"board_1": "0-1", "was_1": ""}, follow=True)
    assert "changed since this form was opened" in resp.content.decode()
    assert BoardGame.objects.get(match=posted.matches[0], board=1).result == "1-0"


def test_a_result_for_an_unknown_board_is_refused_on_the_page(client, posted):
    login(client, posted.arbiter)
    resp = client.post(url(posted, "match/1/"), {"board_9": "1-0"}, follow=True)
    assert "there is no board 9" in resp.content.decode()


def test_the_committee_and_captains_cannot_enter_results(client, posted):
    for user in (posted.committee, posted.captains[0]):
        login(client, user)
        assert client.post(url(posted, "match/1/"), {"board_1": "1-0"}).status_code == 403
    assert not BoardGame.objects.exclude(result="").filter(match__round=posted.round).exists()


def test_an_arbiter_accepts_a_late_lineup_with_a_recorded_override(client, event):
    event.round.lineups_close_at = timezone.now() - dt.timedelta(minutes=1)
    event.round.save()
    alpha = event.teams[0]
    ids = player_ids(alpha, [1, 2, 3, 5])
    login(client, event.captains[0])
    resp = client.post(url(event, "lineup/"), {f"board_{b}": i for b, i in enumerate(ids, 1)}, follow=True)
    assert "A late lineup needs an arbiter" in resp.content.decode()
    login(client, event.arbiter)
    data = {f"board_{b}": i for b, i in enumerate(ids, 1)} | {"override_reason": "traffic"}
    client.post(url(event, "lineup/?team=1"), data)
    assert current_lineup(alpha, event.round) == ids


def test_the_summary_page_is_for_officials_and_signing_for_arbiters(client, posted):
    assert client.get(url(posted, "summary/")).status_code == 302
    login(client, posted.committee)
    assert client.get(url(posted, "summary/")).status_code == 200
    assert client.post(url(posted, "summary/sign/")).status_code == 403
    login(client, posted.arbiter)
    resp = client.post(url(posted, "summary/sign/"), follow=True)
    assert "signed" in resp.content.decode()


# -- public -----------------------------------------------------------------------


def test_board_pairings_are_public_once_posted_and_hidden_before(client, event):
    assert client.get(url(event, "boards/")).status_code == 404
    assert client.get(f"/api/ops/t/{event.tournament.slug}/rounds/1/boards/").status_code == 404


def test_public_pages_and_exports_of_a_posted_round(client, posted):
    for tail in ("boards/", "boards/print/", "boards/cards/", "pairings.csv"):
        assert client.get(url(posted, tail)).status_code == 200, tail
    slug = posted.tournament.slug
    for path in ("standings/", "standings.csv", "crosstable/", "team/1/tiebreaks/", "export.trf", ""):
        assert client.get(f"/ops/t/{slug}/{path}").status_code == 200, path
    page = client.get(url(posted, "boards/print/")).content.decode()
    assert "Alpha player 1" in page and "ops.css" in page


def test_the_public_cannot_post_anything(client, posted):
    assert client.post(url(posted, "lineups/close/")).status_code == 302
    assert client.post(url(posted, "match/1/"), {"board_1": "1-0"}).status_code == 302
    assert client.post(
        f"/api/ops/t/{posted.tournament.slug}/rounds/1/matches/1/results/",
        {"results": {"1": "1-0"}, "expected": {"1": ""}},
        content_type="application/json",
    ).status_code in (401, 403)


# -- API ------------------------------------------------------------------------------


def api(e):
    return f"/api/ops/t/{e.tournament.slug}/rounds/{e.round.number}/"


def test_api_a_captain_submits_a_lineup_and_sees_only_his_submissions(client, event):
    alpha, bravo = event.teams[:2]
    login(client, event.captains[0])
    resp = client.post(
        api(event) + "lineups/",
        {"team": 1, "players": player_ids(alpha, [1, 2, 3, 4])},
        content_type="application/json",
    )
    assert resp.status_code == 201 and resp.json()["status"] == "accepted"
    resp = client.post(
        api(event) + "lineups/",
        {"team": 2, "players": player_ids(bravo, [1, 2, 3, 4])},
        content_type="application/json",
    )
    assert resp.status_code == 403
    assert [s["team"] for s in client.get(api(event) + "lineups/").json()] == [1]


def test_api_an_illegal_lineup_is_a_400_with_the_reason(client, event):
    login(client, event.captains[0])
    resp = client.post(
        api(event) + "lineups/",
        {"team": 1, "players": player_ids(event.teams[0], [3, 2])},
        content_type="application/json",
    )
    assert resp.status_code == 400 and "board order" in resp.json()["detail"]


def test_api_an_arbiter_enters_results_and_the_standings_follow(client, posted):
    login(client, posted.arbiter)
    resp = client.post(
        api(posted) + "matches/1/results/",
        {
            "results": {"1": "1-0", "2": "0-1", "3": "1-0", "4": "0-1"},
            "expected": {"1": "", "2": "", "3": "", "4": ""},
        },
        content_type="application/json",
    )
    assert resp.status_code == 200 and resp.json()["white_game_points"] == 4
    st = client.get(f"/api/ops/t/{posted.tournament.slug}/standings/").json()
    assert st["rows"][0]["name"] == "Alpha" and st["rows"][0]["match_points"] == 2


def test_api_an_unknown_board_is_a_400_naming_it(client, posted):
    login(client, posted.arbiter)
    bad = client.post(
        api(posted) + "matches/1/results/",
        {"results": {"8": "1-0"}, "expected": {"8": ""}},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "no board 8" in bad.json()["detail"]


def _board_results(match):
    return dict(match.boards.values_list("board", "result"))


def test_api_results_without_expected_are_refused_naming_the_field_and_nothing_is_saved(client, posted):
    login(client, posted.arbiter)
    resp = client.post(
        api(posted) + "matches/1/results/", {"results": {"1": "1-0"}}, content_type="application/json"
    )
    assert resp.status_code == 400 and "expected" in resp.json()
    assert _board_results(posted.matches[0])[1] == ""


def test_api_expected_must_name_every_board_written(client, posted):
    login(client, posted.arbiter)
    resp = client.post(
        api(posted) + "matches/1/results/",
        {"results": {"1": "1-0", "2": "0-1"}, "expected": {"1": ""}},
        content_type="application/json",
    )
    assert resp.status_code == 400 and "board 2" in resp.json()["expected"][0]
    assert set(_board_results(posted.matches[0]).values()) == {""}


def test_api_a_stale_write_is_a_409_with_the_current_results_and_the_first_writer_wins(client, posted):
    login(client, posted.arbiter)
    first = client.post(
        api(posted) + "matches/1/results/",
        {"results": {"1": "1-0"}, "expected": {"1": ""}},
        content_type="application/json",
    )
    assert first.status_code == 200
    second = client.post(  # a second arbiter, who opened the match before the first one saved
        api(posted) + "matches/1/results/",
        {"results": {"1": "0-1", "2": "1/2-1/2"}, "expected": {"1": "", "2": ""}},
        content_type="application/json",
    )
    assert second.status_code == 409
    body = second.json()
    assert "changed since" in body["detail"]
    assert body["current"] == {"1": "1-0", "2": "", "3": "", "4": ""}
    assert _board_results(posted.matches[0]) == {1: "1-0", 2: "", 3: "", 4: ""}
    again = client.post(  # reloaded: he now says what he saw, and it is saved
        api(posted) + "matches/1/results/",
        {"results": {"1": "0-1"}, "expected": {"1": "1-0"}},
        content_type="application/json",
    )
    assert again.status_code == 200 and _board_results(posted.matches[0])[1] == "0-1"


def test_api_a_captain_cannot_enter_results(client, posted):
    login(client, posted.captains[0])
    resp = client.post(
        api(posted) + "matches/1/results/",
        {"results": {"1": "1-0"}, "expected": {"1": ""}},
        content_type="application/json",
    )
    assert resp.status_code == 403
    incomplete = client.post(api(posted) + "matches/1/results/", {}, content_type="application/json")
    assert incomplete.status_code == 403  # his role is refused before his request is read


def test_api_board_pairings_list_players_and_colours(client, posted):
    data = client.get(api(posted) + "boards/").json()
    assert data[0]["white_team"] == "Alpha" and data[0]["boards"][1]["white"]["name"] == "Bravo player 2"


@pytest.mark.parametrize("user_attr", ["committee", "arbiter"])
def test_staff_only_import_page_refuses_officials_without_staff(client, event, user_attr):
    login(client, getattr(event, user_attr))
    assert client.get("/ops/import/").status_code == 403


def test_lineups_stay_locked_after_posting(posted):
    assert all(lu.locked for lu in Lineup.objects.filter(round=posted.round))


def test_an_arbiter_reopens_a_complete_round_to_correct_a_result(client, posted):
    from operations.services.results import complete_round

    for m in posted.matches:
        enter_results(m, {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"}, by=posted.arbiter)
    complete_round(posted.round, by=posted.arbiter)
    login(client, posted.committee)
    assert client.post(url(posted, "results/reopen/")).status_code == 403
    login(client, posted.arbiter)
    client.post(url(posted, "results/reopen/"), {"confirm": "1"})
    posted.round.refresh_from_db()
    assert posted.round.state == "in_play"
    client.post(url(posted, "match/1/"), {"board_1": "0-1", "was_1": "1-0"})
    assert BoardGame.objects.get(match=posted.matches[0], board=1).result == "0-1"


def test_staff_import_a_trf_file_through_the_page_and_a_bad_file_is_refused_with_line_and_column(
    client, posted
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from operations.services.exports import trf_export
    from tournaments.models import Tournament

    text = trf_export(posted.tournament, through=0)
    posted.arbiter.is_staff = True
    posted.arbiter.save()
    login(client, posted.arbiter)
    bad = text.replace("001    1", "001 ABCD", 1)
    resp = client.post(
        "/ops/import/", {"file": SimpleUploadedFile("bad.trf", bad.encode()), "slug": "bad"}, follow=True
    )
    assert "Import refused, nothing saved: line" in resp.content.decode()
    assert not Tournament.objects.filter(slug="bad").exists()
    resp = client.post("/ops/import/", {"file": SimpleUploadedFile("ok.trf", text.encode()), "slug": "ok"})
    assert resp.status_code == 302 and Tournament.objects.get(slug="ok").teams.count() == 4


def test_api_lineups_need_a_login(client, event):
    assert client.get(api(event) + "lineups/").status_code in (401, 403)


def test_a_captain_confirms_his_match_from_the_board_pairings_page(client, posted):
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "0-1"}, by=posted.arbiter)
    login(client, posted.captains[2])  # Charlie's captain: not in table 1
    assert "Confirm as captain" not in client.get(url(posted, "boards/")).content.decode()
    assert client.post(url(posted, "match/1/confirm/")).status_code == 403
    for cap in posted.captains[:2]:
        login(client, cap)
        assert "Confirm as captain" in client.get(url(posted, "boards/")).content.decode()
        client.post(url(posted, "match/1/confirm/"))
    posted.matches[0].refresh_from_db()
    assert posted.matches[0].result_confirmed


def test_the_status_board_shows_only_the_teams_without_a_lineup_when_asked(client, event):
    from tournaments.models import LineupEntry

    lineup = Lineup.objects.create(team=event.teams[0], round=event.round, submitted_at=timezone.now())
    LineupEntry.objects.create(lineup=lineup, board=1, player=event.teams[0].players.first())
    login(client, event.committee)
    everyone = client.get(url(event, "lineups/")).content.decode()
    assert "Alpha" in everyone and "Bravo" in everyone and 'href="?missing=1"' in everyone
    missing = client.get(url(event, "lineups/?missing=1")).content.decode()
    assert "<td>Alpha</td>" not in missing and "<td>Bravo</td>" in missing and "<td>Delta</td>" in missing
    assert "1 of 4 teams have a lineup" in missing  # the count is of the whole round


def test_the_status_board_of_a_large_field_comes_in_pages(client, event, monkeypatch):
    from operations.views import officials

    monkeypatch.setattr(officials, "LINEUP_ROWS_PER_PAGE", 3)
    login(client, event.committee)
    first = client.get(url(event, "lineups/?missing=1")).content.decode()
    assert "Page 1 of 2" in first and 'href="?missing=1&amp;page=2"' in first
    assert "<td>Charlie</td>" in first and "<td>Delta</td>" not in first
    second = client.get(url(event, "lineups/?missing=1&page=2")).content.decode()
    assert "<td>Delta</td>" in second and "<td>Alpha</td>" not in second
