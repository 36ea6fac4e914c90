"""Shared fixtures for the whole suite (keep this file small).

Builders (each returns a callable, so a test makes exactly what it needs):

- ``make_tournament(**fields)``: a saved Tournament (defaults: C.04.6, 4
  boards + 1 reserve, 9 rounds) with its rounds created.
- ``make_team(tournament, name, ratings=(2400, 2300, 2200, 2100, 2000), tpn=None, **fields)``:
  a saved Team with one Player per rating in board order (None = unrated).
- ``make_user(username, role=None, tournament=None, team=None)``: a saved
  user (password ``demo``) with an optional Membership.

A browser test opens its page with ``tests.browser.chromium_page`` (``CHROMIUM_ARGS``,
``close_test_connections()`` before the browser closes).

``eager_tasks()`` runs Celery tasks in this process meanwhile (``eager_celery`` as a fixture);
``built_once_per_module(...)`` builds a module-scoped fixture's data, rolled back after the module.

Each test folder may add its own conftest.py for its own fixtures.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

_counter = itertools.count(1)

# Debian's Chromium, headless, for the browser tests (Playwright).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@contextmanager
def eager_tasks() -> Iterator[None]:
    """Tasks run in this process meanwhile, also when ``REDIS_URL`` points at a real broker."""
    from pairing_site.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = before


@pytest.fixture
def eager_celery():
    """Tasks run in the web process, also when ``REDIS_URL`` points at a real broker.

    For tests that follow a whole flow through the services without a worker; the
    real-worker tests (``services`` marker) start one instead.
    """
    with eager_tasks():
        yield


@contextmanager
def built_once_per_module(request, django_db_blocker, prefix: str, build: Callable, *args) -> Iterator:
    """``build(slug, *args)`` for a module-scoped fixture, its tasks run in-process, rolled back after
    the module; the slug is ``prefix`` and the module's name. Each test's own writes are rolled
    back after the test (its transaction is nested in the module's).
    """
    from django.db import transaction

    slug = prefix + request.module.__name__.rsplit(".", 1)[-1].replace("_", "-")
    with django_db_blocker.unblock(), transaction.atomic(), eager_tasks():
        yield build(slug, *args)
        transaction.set_rollback(True)


@pytest.fixture(autouse=True, scope="session")
def _compiled_translations():
    """The site's catalogues compiled (locale/*/LC_MESSAGES/django.mo) when a .po changed since (docs/translations.md)."""
    from languages.catalogues import compile_stale

    _compiled, failed = compile_stale()
    assert not failed, f"translation catalogues that do not compile: {failed}"


@pytest.fixture(autouse=True, scope="session")
def _printed_documents_in_a_scratch_folder(tmp_path_factory):
    """Stored PDFs (printing.stored) go to a folder of the run, and none is rendered ahead on a round's
    step but in the tests that turn ``PRINTING_RENDER_AHEAD`` on (tests/printing/test_stored_documents.py)."""
    from django.conf import settings

    settings.MEDIA_ROOT = str(tmp_path_factory.mktemp("media"))
    settings.PRINTING_RENDER_AHEAD = False


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_public_http_epoch():
    """Public pages' ETags and shared copies start afresh: the database rolled back, the cache did not."""
    from public_http.receivers import forget
    from public_http.versions import invalidate_all

    invalidate_all()
    forget()


@pytest.fixture(autouse=True)
def _default_language():
    """Every test starts in the default language: a request's LocaleMiddleware leaves its language active."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def make_tournament(db):
    from tournaments.models import Tournament
    from tournaments.services import create_rounds

    def make(**fields):
        n = next(_counter)
        fields.setdefault("name", f"Test tournament {n}")
        fields.setdefault("slug", f"test-tournament-{n}")
        fields.setdefault("boards", 4)
        fields.setdefault("reserves", 1)
        fields.setdefault("rounds_total", 9)
        tournament = Tournament.objects.create(**fields)
        create_rounds(tournament)
        return tournament

    return make


@pytest.fixture
def make_team(db):
    from tournaments.models import Player, Team

    def make(tournament, name, ratings=(2400, 2300, 2200, 2100, 2000), tpn=None, **fields):
        team = Team.objects.create(tournament=tournament, name=name, tpn=tpn, **fields)
        Player.objects.bulk_create(
            Player(team=team, name=f"{name} player {i}", rating=r, board_order=i)
            for i, r in enumerate(ratings, start=1)
        )
        return team

    return make


@pytest.fixture
def make_user(db):
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership

    def make(username, role=None, tournament=None, team=None):
        user = get_user_model().objects.create_user(username=username, password="demo")
        if role:
            Membership.objects.create(user=user, tournament=tournament, role=role, team=team)
        return user

    return make


def close_test_connections() -> None:
    """Close this test's database connections while its browser session is still open.

    While Playwright's sync API runs its event loop in the test's thread, the
    ORM calls of the test and its fixtures open a connection of their own,
    not the one pytest-django closes before dropping the test database; left
    open, it keeps PostgreSQL from dropping the database at the end of the
    run ("database ... is being accessed by other users"). Call it in the
    browser fixture's teardown, before the browser session ends.
    """
    from django.db import connections

    connections.close_all()
