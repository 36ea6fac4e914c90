"""The public pages' event: the committee's 7-team event with round 1 published (its public pages exist)."""

from __future__ import annotations

import itertools

import pytest

from tests.committee.conftest import build_event, publish_round

_names = itertools.count(1)


@pytest.fixture
def event(db, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        ev = build_event(f"public-http-{next(_names)}")
        publish_round(ev.round(1), ev.chair)
    return ev
