"""A locked-out user gets back in by a one-time link sent to his own e-mail address (issue 18 item 3).

The attacker can ask for the link too, but it goes to the account's address, so he cannot
block this way back.
"""

from __future__ import annotations

import re

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.core.cache import cache
from django.test import Client

from tests.accounts.test_login_throttling import fail, login

VENUE = "192.0.2.80"  # the chair's address, shared with the attacker (the venue's Wi-Fi)


@pytest.fixture
def chair(committee_event):
    user = committee_event.chair
    user.email = "chair@example.org"
    user.save()
    # The database rolled back, the cache did not: SQLite gives a new user a rolled-back user's id.
    cache.delete(f"accounts:unlock-link:{user.pk}")
    fail(Client(), user.username, 5, VENUE)  # the attacker, behind the same address
    assert login(Client(), user.username, "demo", VENUE).status_code == 429
    return user


def ask_link(client: Client, username: str):
    return client.post("/accounts/unlock/", {"username": username}, REMOTE_ADDR=VENUE)


def link_in(message) -> str:
    return (
        re.search(r"https?://\S+/accounts/unlock/(\S+)/", message.body)
        .group(0)
        .split("://", 1)[1]
        .split("/", 1)[1]
    )


def test_the_locked_out_page_offers_the_e_mailed_link(chair):
    page = login(Client(), chair.username, "demo", VENUE).content.decode()
    assert f"/accounts/unlock/?username={chair.username}" in page


def test_the_link_goes_to_the_accounts_address_logs_him_in_and_lifts_the_lock(chair):
    client = Client(REMOTE_ADDR=VENUE)
    response = ask_link(client, chair.username)
    assert response.status_code == 200 and "a sign-in link is on its way" in response.content.decode()
    assert [m.to for m in mail.outbox] == [["chair@example.org"]]
    url = "/" + link_in(mail.outbox[0])
    assert client.get(url).status_code == 200  # a page with a button: opening it spends nothing
    assert "_auth_user_id" not in client.session
    response = client.post(url)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(chair.pk)
    assert not AccessAttempt.objects.filter(username=chair.username).exists()
    assert login(Client(), chair.username, "demo", VENUE).status_code == 302


def test_the_link_works_once(chair):
    ask_link(Client(), chair.username)
    url = "/" + link_in(mail.outbox[0])
    assert Client().post(url).status_code == 302
    again = Client().post(url)
    assert again.status_code == 400 and "already used" in again.content.decode()
    assert "_auth_user_id" not in again.wsgi_request.session


def test_an_out_of_date_link_is_refused(chair, settings):
    ask_link(Client(), chair.username)
    settings.UNLOCK_LINK_MINUTES = 0
    response = Client().post("/" + link_in(mail.outbox[0]))
    assert response.status_code == 400 and "out of date" in response.content.decode()


def test_a_forged_link_is_refused(chair):
    ask_link(Client(), chair.username)
    token = link_in(mail.outbox[0]).split("/")[2]
    response = Client().post(f"/accounts/unlock/{token[:-2]}xx/")
    assert response.status_code == 400 and "not valid" in response.content.decode()
    assert AccessAttempt.objects.filter(username=chair.username).exists()


def test_asking_for_an_unknown_account_or_one_without_an_address_answers_the_same_and_sends_nothing(
    committee_event,
):
    for name in ("nobody-at-all", committee_event.captain.username):  # the captain has no e-mail address
        response = ask_link(Client(), name)
        assert response.status_code == 200 and "a sign-in link is on its way" in response.content.decode()
    assert mail.outbox == []


def test_asking_again_at_once_sends_no_second_e_mail_and_the_first_link_still_works(chair):
    for _ in range(5):
        ask_link(Client(), chair.username)
    assert len(mail.outbox) == 1
    assert Client().post("/" + link_in(mail.outbox[0])).status_code == 302
