"""Fixtures of the language tests: a small team event with every key page, and a recorder of msgids.

The event (``KestrelEvent``): 8 teams of 4 boards + 1 reserve, C.04.6. Round 1 is paired,
published, its board pairings posted, every result entered (draws among them, so half points
show), the summary signed and the round complete; round 2 is paired and published with the
lineup window open. Users, each with an e-mail address: ``chair`` (committee chair),
``member``, ``arbiter``, ``captain`` (of TPN 1). A second event of the same teams
(``draft_slug``, two members' approval) has round 1's draft computed and approved by the
member only: its review page asks for one more approval, its options are not frozen yet. The data's names (teams, players, users) are
chosen so that none is a word of the site's catalogue.

``recorded()`` records every string the translation machinery is asked for, with the
language it was asked in: what a page "uses" of the catalogue.
"""

from __future__ import annotations

import itertools
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import built_once_per_module

TEAM_NAMES = ("Osprey", "Heron", "Falcon", "Plover", "Curlew", "Dunlin", "Godwit", "Merlin")
SITE_LANGUAGES = ("fr", "es", "ru")  # the languages translated besides English


@dataclass
class KestrelEvent:
    tournament: object
    users: dict  # chair, member, arbiter, captain

    @property
    def slug(self) -> str:
        return self.tournament.slug

    @property
    def draft_slug(self) -> str:
        return self.slug + "-draft"


def _kestrel_open(slug: str, **fields):
    """The Kestrel Open (C.04.6, 5 rounds, 4 boards + 1 reserve) with its rounds and the 8 teams
    of ``TEAM_NAMES`` (TPN in that order); returns the tournament and its teams."""
    from tournaments.models import Player, Team, Tournament
    from tournaments.services import create_rounds

    t = Tournament.objects.create(
        name="Kestrel Open",
        slug=slug,
        initial_colour="w",
        rounds_total=5,
        boards=4,
        reserves=1,
        tiebreaks=["BH-C1", "SB"],
        **fields,
    )
    create_rounds(t)
    teams = []
    for tpn, name in enumerate(TEAM_NAMES, start=1):
        team = Team.objects.create(tournament=t, name=name, tpn=tpn, federation="ISL")
        Player.objects.bulk_create(
            Player(team=team, name=f"{name} {b}", rating=2500 - 20 * tpn - b, board_order=b)
            for b in range(1, 6)
        )
        teams.append(team)
    return t, teams


def build_event(slug: str) -> KestrelEvent:
    from django.contrib.auth import get_user_model

    from committee import services as committee
    from operations.services import board_pairings, lineups, results, summary
    from tournaments.models import Membership
    from tournaments.models.membership import Role

    t, teams = _kestrel_open(slug)
    roles = {
        "chair": Role.COMMITTEE_CHAIR,
        "member": Role.COMMITTEE_MEMBER,
        "arbiter": Role.ARBITER,
        "captain": Role.TEAM_CAPTAIN,
    }
    users = {}
    for key, role in roles.items():
        users[key] = get_user_model().objects.create_user(
            username=f"{key}-{slug}", password="demo", email=f"{key}@{slug}.example"
        )
        Membership.objects.create(
            user=users[key], tournament=t, role=role, team=teams[0] if role == Role.TEAM_CAPTAIN else None
        )
    chair, arbiter = users["chair"], users["arbiter"]

    for number in (1, 2):
        rnd = t.rounds.get(number=number)
        run = committee.request_pairing(round=rnd, user=chair)
        committee.execute_run(run.pk, "test-worker")
        version = committee.current_version(rnd)
        committee.approve(version=version, user=chair)
        committee.publish(version=version, user=chair)
        if number == 2:
            break
        lineups.close_lineups(t.rounds.get(number=1), by=arbiter)
        board_pairings.post_board_pairings(t.rounds.get(number=1), by=arbiter)
        rnd = t.rounds.get(number=1)
        outcomes = itertools.cycle(["1-0", "1/2-1/2", "1-0", "0-1", "1/2-1/2"])  # half points: 2.5-1.5
        for match in rnd.matches.prefetch_related("boards"):
            if not match.is_bye:
                results.enter_results(
                    match, {g.board: next(outcomes) for g in match.boards.all()}, by=arbiter
                )
        summary.sign_results_summary(t.rounds.get(number=1), by=arbiter)
        results.complete_round(t.rounds.get(number=1), by=arbiter)
    round2 = t.rounds.get(number=2)
    if round2.state == "published":
        lineups.open_lineups(round2, by=arbiter)
    build_draft(slug + "-draft", users)
    return KestrelEvent(t, users)


def build_draft(slug: str, users: dict) -> None:
    """The same teams in a second event whose round 1 draft awaits a second member's approval."""
    from committee import services as committee
    from tournaments.models import Membership
    from tournaments.models.membership import Role
    from tournaments.models.tournament import ApprovalPolicy

    t, _teams = _kestrel_open(slug, approval_policy=ApprovalPolicy.TWO_MEMBERS)
    Membership.objects.create(user=users["chair"], tournament=t, role=Role.COMMITTEE_CHAIR)
    Membership.objects.create(user=users["member"], tournament=t, role=Role.COMMITTEE_MEMBER)
    rnd = t.rounds.get(number=1)
    run = committee.request_pairing(round=rnd, user=users["chair"])
    committee.execute_run(run.pk, "test-worker")
    committee.approve(version=committee.current_version(rnd), user=users["member"])


@pytest.fixture(scope="module")
def event(request, django_db_setup, django_db_blocker):
    """One event per test module, rolled back after it (each test's writes are rolled back after the test)."""
    with built_once_per_module(request, django_db_blocker, "kestrel-", build_event) as event:
        yield event


@contextmanager
def recorded():
    """Every (language, msgid) the translation machinery is asked for meanwhile.

    A msgid is a string, ``"context\\x04msgid"`` (pgettext), or a (singular, plural) pair.
    """
    from django.utils.translation.trans_real import DjangoTranslation

    seen: list[tuple[str, object]] = []
    gettext, ngettext = DjangoTranslation.gettext, DjangoTranslation.ngettext
    depth = (
        threading.local()
    )  # a language's fallback (English) is asked from inside its gettext: not recorded

    def _recording(method, self, key, *args):
        outer = not getattr(depth, "n", 0)
        if outer:
            seen.append((self.language(), key))
        depth.n = getattr(depth, "n", 0) + 1
        try:
            return method(self, *args)
        finally:
            depth.n -= 1

    def recording_gettext(self, message):
        return _recording(gettext, self, message, message)

    def recording_ngettext(self, singular, plural, number):
        return _recording(ngettext, self, (singular, plural), singular, plural, number)

    DjangoTranslation.gettext = recording_gettext
    DjangoTranslation.ngettext = recording_ngettext
    try:
        yield seen
    finally:
        DjangoTranslation.gettext = gettext
        DjangoTranslation.ngettext = ngettext


def site_catalogue(language: str):
    """The site's own catalogue of ``language`` (``locale/<language>/LC_MESSAGES/django.po``), read by Babel."""
    from django.conf import settings

    from languages.catalogues import read

    return read(Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES" / "django.po")


def split_key(key) -> tuple[str | None, object]:
    """(context, msgid) of a recorded key."""
    if isinstance(key, tuple):
        singular, plural = key
        if "\x04" in singular:
            context, singular = singular.split("\x04", 1)
            return context, (singular, plural.split("\x04", 1)[-1])
        return None, key
    if "\x04" in key:
        context, msgid = key.split("\x04", 1)
        return context, msgid
    return None, key


def find(catalogue, key):
    """The catalogue's entry for a recorded key, or None."""
    context, msgid = split_key(key)
    return catalogue.get(msgid[0] if isinstance(msgid, tuple) else msgid, context=context)


def is_translated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return bool(strings) and all(s for s in strings) and not message.fuzzy


def is_language_name(key) -> bool:
    from django.conf import settings

    return key in dict(settings.LANGUAGES).values()


def known_elsewhere(language: str, key) -> bool:
    """Whether Django or an installed app (not the site's catalogue) translates ``key`` in ``language``.

    The languages' own names (``settings.LANGUAGES``: "Français", "Русский") are shown as they
    are by the switcher (Django's ``get_available_languages`` passes them through gettext).
    """
    from django.utils.translation import trans_real

    if is_language_name(key):
        return True

    catalog = trans_real.translation(language)._catalog
    if isinstance(key, tuple):
        return (key[0], 0) in catalog
    return key in catalog


def show(key) -> str:
    context, msgid = split_key(key)
    text = msgid[0] if isinstance(msgid, tuple) else msgid
    return f"{text!r}" + (f" (context {context!r})" if context else "")
