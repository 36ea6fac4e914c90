"""Fixtures: the operations' four-team event, its round 1 posted and played."""

from __future__ import annotations

import pytest

from tests.operations.conftest import event, posted  # noqa: F401  (fixtures)


@pytest.fixture
def played(posted):  # noqa: F811
    """Round 1 played: Alpha 3-1 Bravo (board 1 1-0, 2 draw, 3 draw, 4 1-0 from White's side),
    Charlie - Delta with board 1 only entered (1-0)."""
    from operations.services.results import enter_results

    enter_results(posted.matches[0], {1: "1-0", 2: "1/2-1/2", 3: "1/2-1/2", 4: "0-1"}, by=posted.arbiter)
    enter_results(posted.matches[1], {1: "1-0"}, by=posted.arbiter)
    for m in posted.matches:
        m.refresh_from_db()
    posted.round.refresh_from_db()
    return posted
