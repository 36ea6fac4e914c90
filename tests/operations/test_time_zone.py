"""The tournament's time zone: every time on the pages and in the e-mails is the venue's, named (issue 18, item 6).

``Tournament.time_zone`` (an IANA name, by default ``settings.TIME_ZONE``) is edited in the admin and
read by the API; the lineup deadline's time of day is a time at the venue; every time shown goes
through ``tournaments/templatetags/venue_time.py`` and carries the zone's abbreviation. Tokyo has no
summer time, so its times read the same all year (JST = UTC+9).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.template import Context, Template
from django.utils import timezone

from operations.lineup_window import lineup_deadline, window_message
from tests.operations.conftest import player_ids

pytestmark = pytest.mark.django_db

UTC = dt.UTC


def tokyo(event):
    event.tournament.time_zone = "Asia/Tokyo"
    event.tournament.save(update_fields=["time_zone"])
    return event


def test_a_new_tournament_is_in_the_sites_time_zone(make_tournament, settings):
    assert make_tournament().time_zone == settings.TIME_ZONE


def test_a_time_zone_that_does_not_exist_is_refused(make_tournament):
    t = make_tournament()
    t.time_zone = "Mars/Olympus_Mons"
    with pytest.raises(ValidationError, match="Mars/Olympus_Mons' is not a time zone"):
        t.full_clean()
    t.time_zone = "Europe/Paris"
    t.full_clean()


def test_the_admin_offers_the_zones_and_saves_the_venues(admin_client, make_tournament):
    t = make_tournament()
    page = admin_client.get(f"/admin/tournaments/tournament/{t.pk}/change/").content.decode()
    assert '<select name="time_zone"' in page and '<option value="Asia/Tokyo">' in page


def test_the_api_gives_the_tournaments_time_zone(client, event):
    tokyo(event)
    rows = client.get("/api/tournaments/?format=json").json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    assert next(r for r in rows if r["slug"] == event.tournament.slug)["time_zone"] == "Asia/Tokyo"


def test_the_lineup_deadlines_time_of_day_is_a_time_at_the_venue(event):
    tokyo(event)
    event.round.lineups_close_at = None
    event.round.date = dt.date(2026, 9, 14)
    event.round.save()
    event.tournament.lineup_close_time = dt.time(18, 0)
    event.tournament.save()
    event.round.refresh_from_db()
    assert lineup_deadline(event.round) == dt.datetime(2026, 9, 14, 9, 0, tzinfo=UTC)


def test_the_lineup_window_names_the_venues_time_and_zone(event):
    tokyo(event)
    event.round.lineups_close_at = dt.datetime(2026, 9, 14, 9, 0, tzinfo=UTC)
    event.round.save()
    message = window_message(event.round, now=dt.datetime(2026, 9, 14, 8, 0, tzinfo=UTC))
    assert "open until 2026-09-14 18:00 JST" in message


def test_the_captains_page_shows_the_deadline_and_each_submission_at_the_venue(client, event):
    tokyo(event)
    event.round.lineups_close_at = timezone.now() + dt.timedelta(hours=2)
    event.round.save()
    alpha = event.teams[0]
    client.force_login(event.captains[0])
    url = f"/ops/t/{event.tournament.slug}/r/1/lineup/"
    ids = player_ids(alpha, [1, 2, 3, 4])
    answer = client.post(url, {f"board_{b}": i for b, i in enumerate(ids, 1)}, follow=True)
    page = answer.content.decode()
    deadline = timezone.localtime(event.round.lineups_close_at, dt.timezone(dt.timedelta(hours=9)))
    assert f"open until {deadline:%Y-%m-%d %H:%M} JST" in page
    submitted = timezone.localtime(alpha.lineup_submissions.get().submitted_at, deadline.tzinfo)
    assert f"received at {submitted:%Y-%m-%d %H:%M:%S} JST" in page
    assert f"<td>{submitted:%Y-%m-%d %H:%M} JST</td>" in page  # the submissions table


def test_the_public_round_page_and_the_committee_say_when_the_pairing_was_published_at_the_venue(client):
    from tests.committee.conftest import build_event, publish_round

    event = build_event("venue-time")
    event.tournament.time_zone = "Asia/Tokyo"
    event.tournament.save(update_fields=["time_zone"])
    publication = publish_round(event.round(1), event.member)
    local = timezone.localtime(publication.published_at, dt.timezone(dt.timedelta(hours=9)))
    page = client.get(f"/t/{event.tournament.slug}/round/1/pairings/").content.decode()
    assert f"published {local:%Y-%m-%d %H:%M} JST" in page
    assert " UTC" not in page
    client.force_login(event.member)
    page = client.get(f"/committee/{event.tournament.slug}/round/1/").content.decode()
    assert f"{local:%Y-%m-%d %H:%M} JST" in page
    assert " UTC" not in page


def test_the_tournament_page_names_its_time_zone(client, event):
    tokyo(event)
    assert "times in Asia/Tokyo" in client.get(f"/t/{event.tournament.slug}/").content.decode()


@pytest.mark.parametrize(
    ("zone", "expected"),
    [
        ("Asia/Tokyo", "2026-07-04 20:00 JST"),
        ("Europe/Paris", "2026-07-04 13:00 CEST"),
        ("Asia/Dubai", "2026-07-04 15:00 UTC+04"),
        ("UTC", "2026-07-04 11:00 UTC"),
    ],
)
def test_the_filters_write_the_venues_time_and_its_zone(make_tournament, zone, expected):
    t = make_tournament(time_zone=zone)
    moment = dt.datetime(2026, 7, 4, 11, 0, tzinfo=UTC)
    out = Template(
        "{% load venue_time %}{{ m|at_venue:t }}|{{ m|venue_hm:t }}|{{ m|venue_moment:t|date:'T' }}"
    ).render(Context({"m": moment, "t": t}))
    text, hm, abbr = out.split("|")
    assert text == expected
    assert hm == expected.split(" ", 1)[1]
    assert abbr == moment.astimezone(__import__("zoneinfo").ZoneInfo(zone)).tzname()
