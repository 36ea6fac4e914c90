"""A printed document says when it was printed at the venue, with the zone (issue 18 item 6)."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from printing.selectors import print_header


def test_the_printed_time_is_the_venues_with_its_zone(make_tournament):
    t = make_tournament(time_zone="Asia/Tokyo")
    header = print_header(t, "Standings", None)
    assert header.printed_at.endswith(" JST")
    printed = dt.datetime.strptime(header.printed_at.removesuffix(" JST"), "%Y-%m-%d %H:%M")
    tokyo_now = timezone.now().astimezone(dt.timezone(dt.timedelta(hours=9))).replace(tzinfo=None)
    assert abs((tokyo_now - printed).total_seconds()) < 120


def test_the_lockouts_page_gives_its_times_with_the_zone(client, make_user):
    from axes.models import AccessAttempt

    AccessAttempt.objects.create(
        username="chair", ip_address="203.0.113.9", failures_since_start=5, get_data="", post_data=""
    )
    admin = make_user("root")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client.force_login(admin)
    page = client.get("/accounts/lockouts/").content.decode()
    assert "203.0.113.9" in page
    assert timezone.localtime().tzname() in page
