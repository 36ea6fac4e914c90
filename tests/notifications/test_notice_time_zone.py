"""The e-mails give times at the venue, named as on the pages (issue 18, item 6)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from notifications.services import events
from tests.committee.conftest import publish_round

pytestmark = pytest.mark.django_db

JST = dt.timezone(dt.timedelta(hours=9))


def test_the_lineup_window_and_reminder_e_mails_give_the_deadline_at_the_venue(
    notice_event, smtp_server, eager_celery, django_capture_on_commit_callbacks
):
    from tournaments.models import Round

    t = notice_event.tournament
    t.time_zone = "Asia/Tokyo"
    t.save(update_fields=["time_zone"])
    rnd = notice_event.round(1)
    deadline = (timezone.now() + dt.timedelta(hours=5)).replace(second=0, microsecond=0)
    Round.objects.filter(pk=rnd.pk).update(lineups_close_at=deadline)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(rnd, notice_event.member)
    local = deadline.astimezone(JST)
    window = next(m for m in smtp_server.messages if "lineup window of round 1 is open" in m["Subject"])
    assert f"{local:%H:%M} JST" in window.get_content()

    before = len(smtp_server.messages)
    assert events.lineup_reminders(deadline - dt.timedelta(minutes=50))
    body = smtp_server.messages[before].get_content()
    assert f"The window closes at {local:%H:%M} JST" in body
