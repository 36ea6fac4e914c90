"""Repeated failed logins are refused per account at one address, and a colleague or an admin unlocks them.

django-axes counts the failures; AXES_FAILURE_LIMIT is 5 (the default of the settings): the
fifth failure of an account from one address locks that account at that address, so the sixth
attempt from there is refused even with the right password. An address is refused logins after
AXES_ADDRESS_FAILURE_LIMIT (20) failures on any accounts. Never the account alone (issue 18
item 3: anyone could lock the chair out).
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


def test_the_address_limit_is_twenty_failures(settings):
    assert settings.AXES_ADDRESS_FAILURE_LIMIT == 20


def test_an_address_that_failed_twenty_times_on_many_accounts_is_locked_for_every_account(client, make_user):
    make_user("bob")
    for i in range(19):
        login(client, f"x{i}", "guess", "203.0.113.9")
    assert login(Client(), "bob", "demo", "203.0.113.9").status_code == 302
    login(client, "x19", "guess", "203.0.113.9")
    assert login(Client(), "bob", "demo", "203.0.113.9").status_code == 429
    # the same account from another address is not locked
    assert login(Client(), "bob", "demo", "203.0.113.10").status_code == 302


def test_five_failures_on_other_accounts_do_not_lock_an_address(client, make_user):
    make_user("bob")
    for name in ("x1", "x2", "x3", "x4", "x5"):
        login(client, name, "guess", "203.0.113.9")
    assert login(Client(), "bob", "demo", "203.0.113.9").status_code == 302


def test_failures_for_the_chair_from_other_addresses_do_not_lock_him_out_of_his_own(committee_event):
    chair = committee_event.chair.username
    for i in range(10):  # the attacker: five failures from each of ten addresses
        fail(Client(), chair, 5, f"192.0.2.{i + 1}")
    assert login(Client(), chair, "wrong", "192.0.2.1").status_code == 429  # the attacker is refused
    assert login(Client(), chair, "demo", "198.51.100.200").status_code == 302  # the chair is not


def test_an_attacker_hammering_the_chair_from_one_address_locks_only_that_address(committee_event):
    chair = committee_event.chair.username
    fail(Client(), chair, 40, "203.0.113.66")
    assert login(Client(), chair, "demo", "203.0.113.66").status_code == 429
    assert login(Client(), chair, "demo", "198.51.100.200").status_code == 302


def test_failures_during_a_lockout_do_not_extend_it(client, user, settings):
    from datetime import timedelta

    from django.utils import timezone

    fail(client, "alice", 5)
    locked_at = timezone.now() - settings.AXES_COOLOFF_TIME + timedelta(seconds=30)
    AccessAttempt.objects.update(attempt_time=locked_at)
    fail(client, "alice", 10)  # refused (429): not counted, the lockout still ends at the same time
    assert AccessAttempt.objects.get().attempt_time == locked_at
    assert AccessAttempt.objects.get().failures_since_start == 5


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


CAPTAIN_ADDRESS = "192.0.2.50"


def lock_captain_at_his_address(committee_event) -> str:
    """The captain's own address shared with someone who failed five times for him (a venue's Wi-Fi)."""
    captain = committee_event.captain.username
    fail(Client(), captain, 5, CAPTAIN_ADDRESS)
    assert login(Client(), captain, "demo", CAPTAIN_ADDRESS).status_code == 429
    return captain


@pytest.mark.parametrize("role", ["chair", "member", "arbiter", "chief"])
def test_an_official_of_the_tournament_unlocks_an_account_and_the_right_password_works_again(
    committee_event, role
):
    captain = lock_captain_at_his_address(committee_event)
    official = Client()
    official.force_login(committee_event.users[role])
    page = official.get("/accounts/lockouts/")
    assert page.status_code == 200
    assert captain in page.content.decode() and CAPTAIN_ADDRESS in page.content.decode()
    response = official.post("/accounts/lockouts/", {"kind": "account", "value": captain})
    assert response.status_code == 302
    assert not AccessAttempt.objects.filter(username=captain).exists()
    assert login(Client(), captain, "demo", CAPTAIN_ADDRESS).status_code == 302


def test_a_locked_out_chair_is_unlocked_by_a_committee_member(committee_event):
    chair = committee_event.chair.username
    fail(Client(), chair, 5, CAPTAIN_ADDRESS)
    member = Client()
    member.force_login(committee_event.users["member"])
    assert member.post("/accounts/lockouts/", {"kind": "account", "value": chair}).status_code == 302
    assert login(Client(), chair, "demo", CAPTAIN_ADDRESS).status_code == 302


@pytest.mark.parametrize("role", ["captain", "outsider"])
def test_a_captain_or_an_outsider_neither_sees_nor_unlocks_lockouts(committee_event, role):
    captain = lock_captain_at_his_address(committee_event)
    client = Client()
    client.force_login(committee_event.users[role])
    assert client.get("/accounts/lockouts/").status_code == 403
    assert client.post("/accounts/lockouts/", {"kind": "account", "value": captain}).status_code == 403
    assert (
        client.post("/accounts/lockouts/", {"kind": "address", "value": CAPTAIN_ADDRESS}).status_code == 403
    )
    assert AccessAttempt.objects.filter(username=captain).exists()


def test_the_lockout_page_tells_the_locked_out_user_who_lets_him_back_in(committee_event):
    lock_captain_at_his_address(committee_event)
    page = login(Client(), committee_event.captain.username, "demo", CAPTAIN_ADDRESS).content.decode()
    assert "committee member, an arbiter of your tournament" in page
    assert "/accounts/lockouts/" in page


@pytest.mark.parametrize("role", ["chair", "member", "arbiter", "chief"])
def test_an_official_unlocks_a_locked_address(committee_event, client, role):
    for i in range(20):
        login(client, f"nobody{i}", "wrong", "203.0.113.77")
    assert login(client, committee_event.captain.username, "demo", "203.0.113.77").status_code == 429
    official = Client()
    official.force_login(committee_event.users[role])
    assert "203.0.113.77" in official.get("/accounts/lockouts/").content.decode()
    official.post("/accounts/lockouts/", {"kind": "address", "value": "203.0.113.77"})
    assert login(client, committee_event.captain.username, "demo", "203.0.113.77").status_code == 302


@pytest.mark.parametrize("role", ["chair", "member", "arbiter"])
def test_an_official_neither_sees_nor_unlocks_an_account_outside_their_tournaments(
    committee_event, make_user, role
):
    make_user("stranger")
    fail(Client(), "stranger", 5)
    official = Client()
    official.force_login(committee_event.users[role])
    assert "stranger" not in official.get("/accounts/lockouts/").content.decode()
    assert official.post("/accounts/lockouts/", {"kind": "account", "value": "stranger"}).status_code == 403
    assert AccessAttempt.objects.filter(username="stranger").exists()


def test_an_anonymous_visitor_is_sent_to_log_in_from_the_lockouts_page(client, db):
    response = client.get("/accounts/lockouts/")
    assert response.status_code == 302 and response["Location"].startswith(LOGIN)


def test_staff_see_every_lockout(client, make_user):
    fail(Client(), "someone", 5)
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
            {"username": "alice", "password": "y"},
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
            {"username": "alice", "password": "y"},
            REMOTE_ADDR="198.51.100.7",
            HTTP_X_FORWARDED_FOR=f"1.1.1.{i}",
        )
    assert login(client, "alice", "demo", "198.51.100.7").status_code == 429


# -- the navigation ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "shown"),
    [
        ("chair", True),
        ("member", True),
        ("arbiter", True),
        ("chief", True),
        ("captain", False),
        ("outsider", False),
    ],
)
def test_the_officials_who_unlock_find_the_lockouts_page_in_the_navigation(committee_event, role, shown):
    client = Client()
    client.force_login(committee_event.users[role])
    assert ('href="/accounts/lockouts/"' in client.get("/").content.decode()) is shown


def test_the_public_sees_no_lockouts_link(client, db):
    assert "/accounts/lockouts/" not in client.get("/").content.decode()
