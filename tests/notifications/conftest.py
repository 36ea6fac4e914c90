"""A real SMTP server for the notice tests (aiosmtpd on 127.0.0.1, a free port).

``smtp_server`` starts it and points Django's SMTP backend at it; ``.messages``
holds every message received (``email.message.EmailMessage``), ``.wait(n)``
waits until ``n`` have arrived. ``notice_event`` is the committee tests' 7-team
event with e-mail addresses: ``captain`` (team 1) and a captain for every
other team (``captains[tpn]``), the committee ``member``, ``member2``, ``chair``.
"""

from __future__ import annotations

import email
import email.policy
import itertools
import logging
import socket
import threading
import time

import pytest

_events = itertools.count(1)


class Inbox:
    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self._lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd handler hook
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self._lock:
            self.messages.append(msg)
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        return [m for m in self.messages if address in m["To"]]

    def wait(self, count: int, timeout: float = 30.0) -> list:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.messages) >= count:
                return self.messages
            time.sleep(0.05)
        raise AssertionError(f"{len(self.messages)} of {count} messages arrived within {timeout} s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp_server(settings):
    from aiosmtpd.controller import Controller

    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd logs every SMTP command
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    inbox.port = port
    inbox.url = f"smtp://127.0.0.1:{port}"
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.SITE_URL = "https://pairings.example.org"
    yield inbox
    controller.stop()


def add_addresses(event) -> dict:
    """Give the event's users e-mail addresses and every team a captain; captains by TPN."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership
    from tournaments.models.membership import Role

    for key, user in event.users.items():
        user.email = f"{key}@example.org"
        user.save(update_fields=["email"])
    captains = {1: event.users["captain"]}
    for team in event.tournament.teams.exclude(tpn=1).order_by("tpn"):
        user = get_user_model().objects.create_user(
            username=f"cap{team.tpn}-{event.tournament.pk}",
            password="demo",
            email=f"cap{team.tpn}@example.org",
        )
        Membership.objects.create(user=user, tournament=event.tournament, role=Role.TEAM_CAPTAIN, team=team)
        captains[team.tpn] = user
    return captains


@pytest.fixture
def notice_event(db):
    from tests.committee.conftest import build_event

    event = build_event(f"notice-event-{next(_events)}")
    event.captains = add_addresses(event)
    return event


def captain_with_address(tournament, team, address: str):
    """A captain of ``team`` whose e-mail address is ``address``."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership
    from tournaments.models.membership import Role

    user = get_user_model().objects.create_user(
        username=address.split("@")[0], password="demo", email=address
    )
    Membership.objects.create(user=user, tournament=tournament, role=Role.TEAM_CAPTAIN, team=team)
    return user
