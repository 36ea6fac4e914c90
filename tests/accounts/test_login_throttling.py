"""Repeated failed logins are refused per account and per address, and the chair or an admin unlocks them.

django-axes counts the failures; AXES_FAILURE_LIMIT is 5 (the default of the settings): the
fifth failure locks, so the sixth attempt is refused even with the right password.
"""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.test import Client

LOGIN = "/accounts/login/"


def login(client: Client, username: str, password: str, address: str = "198.51.100.7"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def fail(client: Client, username: str, times: int, address: str = "198.51.100.7") -> None:
    for _ in range(times):
        response = login(client, username, "wrong", address)
        assert response.status_code in (200, 429)


@pytest.fixture
def user(make_user):
    return make_user("alice")


def test_the_limit_is_five_failures(settings):
    assert settings.AXES_FAILURE_LIMIT == 5


def test_a_wrong_password_is_refused_with_the_login_form_again(client, user):
    response = login(client, "alice", "wrong")
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_the_sixth_attempt_from_an_address_is_refused_even_with_the_right_password(client, user):
    fail(client, "alice", 5)
    response = login(client, "alice", "demo")
    assert response.status_code == 429
    assert "Too many failed attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_four_failures_still_let_the_right_password_in(client, user):
    fail(client, "alice", 4)
    assert login(client, "alice", "demo").status_code == 302


def test_an_address_that_failed_on_many_accounts_is_locked_for_every_account(client, make_user):
    make_user("bob")
    for name in ("x1", "x2", "x3", "x4", "x5"):
        login(client, name, "guess", "203.0.113.9")
    assert login(client, "bob", "demo", "203.0.113.9").status_code == 429
    # the same account from another address is not locked
    assert login(Client(), "bob", "demo", "203.0.113.10").status_code == 302


def test_an_account_attacked_from_many_addresses_is_locked_from_every_address(client, user):
    for i in range(5):
        login(Client(), "alice", "wrong", f"192.0.2.{i + 1}")
    assert login(client, "alice", "demo", "192.0.2.200").status_code == 429


def test_the_admin_login_is_throttled_the_same_way(client, make_user):
    admin = make_user("root")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    for _ in range(5):
        client.post("/admin/login/", {"username": "root", "password": "wrong"}, REMOTE_ADDR="198.51.100.7")
    response = client.post(
        "/admin/login/?next=/admin/", {"username": "root", "password": "demo"}, REMOTE_ADDR="198.51.100.7"
    )
    assert response.status_code == 429


def test_a_locked_out_api_client_gets_json(client, user):
    fail(client, "alice", 5)
    response = client.post(
        LOGIN,
        {"username": "alice", "password": "demo"},
        REMOTE_ADDR="198.51.100.7",
        HTTP_X_REQUESTED_WITH="XMLHttpRequest",
    )
    assert response.status_code == 429
    assert response.json()["failure_limit"] == 5


# -- unlocking -------------------------------------------------------------------------------


def test_the_chair_unlocks_an_account_of_their_tournament_and_the_right_password_works_again(committee_event):
    captain = committee_event.captain
    attacker = Client()
    for i in range(5):
        login(attacker, captain.username, "wrong", f"192.0.2.{i + 1}")
    assert login(Client(), captain.username, "demo", "192.0.2.50").status_code == 429

    chair = Client()
    chair.force_login(committee_event.chair)
    page = chair.get("/accounts/lockouts/")
    assert page.status_code == 200
    assert captain.username in page.content.decode()
    response = chair.post("/accounts/lockouts/", {"kind": "account", "value": captain.username})
    assert response.status_code == 302
    assert not AccessAttempt.objects.filter(username=captain.username).exists()
    assert login(Client(), captain.username, "demo", "192.0.2.50").status_code == 302


def test_the_chair_unlocks_a_locked_address(committee_event, client):
    fail(client, "nobody", 5, "203.0.113.77")
    assert login(client, committee_event.captain.username, "demo", "203.0.113.77").status_code == 429
    chair = Client()
    chair.force_login(committee_event.chair)
    assert "203.0.113.77" in chair.get("/accounts/lockouts/").content.decode()
    chair.post("/accounts/lockouts/", {"kind": "address", "value": "203.0.113.77"})
    assert login(client, committee_event.captain.username, "demo", "203.0.113.77").status_code == 302


def test_a_chair_neither_sees_nor_unlocks_an_account_outside_their_tournaments(committee_event, make_user):
    make_user("stranger")
    for i in range(5):
        login(Client(), "stranger", "wrong", f"192.0.2.{i + 1}")
    chair = Client()
    chair.force_login(committee_event.chair)
    assert "stranger" not in chair.get("/accounts/lockouts/").content.decode()
    assert chair.post("/accounts/lockouts/", {"kind": "account", "value": "stranger"}).status_code == 403
    assert AccessAttempt.objects.filter(username="stranger").exists()


@pytest.mark.parametrize("role", ["member", "arbiter", "chief", "captain", "outsider"])
def test_only_the_chair_and_staff_open_the_lockouts_page(committee_event, role):
    client = Client()
    client.force_login(committee_event.users[role])
    assert client.get("/accounts/lockouts/").status_code == 403
    assert client.post("/accounts/lockouts/", {"kind": "address", "value": "192.0.2.1"}).status_code == 403


def test_an_anonymous_visitor_is_sent_to_log_in_from_the_lockouts_page(client, db):
    response = client.get("/accounts/lockouts/")
    assert response.status_code == 302 and response["Location"].startswith(LOGIN)


def test_staff_see_every_lockout(client, make_user):
    for i in range(5):
        login(Client(), "someone", "wrong", f"192.0.2.{i + 1}")
    admin = make_user("root")
    admin.is_staff = True
    admin.save()
    client.force_login(admin)
    assert "someone" in client.get("/accounts/lockouts/").content.decode()


def test_the_admin_action_unlocks_the_selected_users(client, make_user, user):
    fail(Client(), "alice", 5)
    admin = make_user("root")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client.force_login(admin)
    response = client.post(
        "/admin/auth/user/", {"action": "unlock_users", "_selected_action": [user.pk]}, follow=True
    )
    assert response.status_code == 200
    assert "1 user(s) unlocked" in response.content.decode()
    assert login(Client(), "alice", "demo").status_code == 302


def test_the_axes_reset_command_unlocks_an_account(user):
    from django.core.management import call_command

    fail(Client(), "alice", 5)
    call_command("axes_reset_username", "alice")
    assert login(Client(), "alice", "demo").status_code == 302


def test_a_lockout_ends_after_the_cool_off(client, user, settings):
    from datetime import timedelta

    from django.utils import timezone

    fail(client, "alice", 5)
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )
    assert login(client, "alice", "demo").status_code == 302


# -- behind a reverse proxy --------------------------------------------------------------------


def test_behind_one_proxy_each_client_address_is_counted_apart(client, user, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(5):
        client.post(
            LOGIN,
            {"username": "x", "password": "y"},
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR="203.0.113.5",
        )
    other = client.post(
        LOGIN,
        {"username": "alice", "password": "demo"},
        REMOTE_ADDR="10.0.0.2",
        HTTP_X_FORWARDED_FOR="203.0.113.6",
    )
    assert other.status_code == 302
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.5"}


def test_behind_a_proxy_a_forged_forwarded_address_does_not_escape_the_count(client, user, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for i in range(5):  # the client writes a new address each time; the proxy appends the real one
        client.post(
            LOGIN,
            {"username": "x", "password": "y"},
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR=f"1.1.1.{i}, 203.0.113.5",
        )
    locked = client.post(
        LOGIN,
        {"username": "alice", "password": "demo"},
        REMOTE_ADDR="10.0.0.2",
        HTTP_X_FORWARDED_FOR="203.0.113.5",
    )
    assert locked.status_code == 429


def test_without_a_trusted_proxy_the_forwarded_header_is_ignored(client, user):
    for i in range(5):
        client.post(
            LOGIN,
            {"username": "x", "password": "y"},
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_FORWARDED_FOR=f"1.1.1.{i}",
        )
    assert login(client, "alice", "demo", "198.51.100.7").status_code == 429
