"""Each user switches his own notices on and off: the page and the API, for every role."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from notifications.selectors import preferences_of, wants
from notifications.services.preferences import update_preferences

pytestmark = pytest.mark.django_db

ROLES = ("member", "chair", "arbiter", "chief", "captain", "outsider")


def test_every_notice_is_on_until_the_user_switches_it_off(notice_event):
    captain = notice_event.captain
    assert all(
        wants(captain, kind) for kind in ("lineup_window", "lineup_reminder", "pairings", "run_failed")
    )
    update_preferences(captain, lineup_reminder=False)
    assert not wants(captain, "lineup_reminder") and wants(captain, "pairings")


def test_an_unknown_switch_or_a_non_boolean_is_refused_with_its_name(notice_event):
    with pytest.raises(ValidationError, match="Unknown notice newsletter"):
        update_preferences(notice_event.captain, newsletter=False)
    with pytest.raises(ValidationError, match="pairings must be true or false"):
        update_preferences(notice_event.captain, pairings="no")


def test_the_anonymous_visitor_is_sent_to_the_login_page_and_refused_by_the_api(client):
    response = client.get("/notifications/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert APIClient().get("/api/notifications/preferences/").status_code in (401, 403)
    assert APIClient().patch("/api/notifications/preferences/", {"pairings": False}).status_code in (401, 403)


@pytest.mark.parametrize("role", ROLES)
def test_every_role_switches_its_own_notices_on_the_page(notice_event, client, role):
    user = notice_event.users[role]
    client.force_login(user)
    page = client.get("/notifications/")
    assert page.status_code == 200
    assert f"Sent to <strong>{role}@example.org</strong>" in page.content.decode()
    response = client.post(
        "/notifications/", {"lineup_window": "on", "lineup_reminder": "on", "run_failures": "on"}, follow=True
    )
    assert "Your notice settings are saved." in response.content.decode()
    pref = preferences_of(user)
    assert (pref.pairings, pref.lineup_window, pref.lineup_reminder, pref.run_failures) == (
        False,
        True,
        True,
        True,
    )
    others = [u for k, u in notice_event.users.items() if k != role]
    assert all(preferences_of(u).pairings for u in others)


@pytest.mark.parametrize("role", ROLES)
def test_every_role_switches_its_own_notices_through_the_api(notice_event, role):
    api = APIClient()
    api.force_authenticate(notice_event.users[role])
    assert api.get("/api/notifications/preferences/").json() == {
        "lineup_window": True,
        "lineup_reminder": True,
        "pairings": True,
        "run_failures": True,
        "email": f"{role}@example.org",
    }
    response = api.patch("/api/notifications/preferences/", {"run_failures": False}, format="json")
    assert response.status_code == 200 and response.json()["run_failures"] is False
    assert not preferences_of(notice_event.users[role]).run_failures
    assert preferences_of(notice_event.users["member2"]).run_failures


def test_the_api_names_an_unknown_switch(notice_event):
    api = APIClient()
    api.force_authenticate(notice_event.captain)
    response = api.patch("/api/notifications/preferences/", {"newsletter": False}, format="json")
    assert response.status_code == 400
    assert "Unknown notice newsletter" in response.json()["detail"]
