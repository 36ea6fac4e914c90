"""A bulk build (the demo) holds the renders ahead of every step, then renders the latest round's.

Publishing and completing every round of three events in one go would queue a render per step
(some 60 on the demo): on one worker they held the first pairing run back for minutes.
"""

from __future__ import annotations

import pytest

from printing import stored
from printing.models import StoredDocument
from printing.receivers import render_ahead_held, render_round_ahead
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def render_ahead(settings, eager_celery):
    settings.PRINTING_RENDER_AHEAD = True
    settings.PRINTING_RENDER_AHEAD_LANGUAGES = ["en"]


def test_a_round_completed_while_renders_are_held_renders_nothing_until_asked(
    print_event, render_ahead, django_capture_on_commit_callbacks
):
    from operations.services import results

    with render_ahead_held(), django_capture_on_commit_callbacks(execute=True):
        results.complete_round(print_event.round(1), by=print_event.users["arbiter"])
    assert not StoredDocument.objects.filter(tournament=print_event.tournament).exists()

    with django_capture_on_commit_callbacks(execute=True):
        assert render_round_ahead(print_event.round(1)) is True
    for kind in stored.KINDS_BY_STATE[RoundState.COMPLETE]:
        assert stored.current(stored.key(print_event.tournament, kind, 1, "en")) is not None, kind


def test_a_round_in_no_state_with_documents_renders_nothing(print_event, render_ahead):
    rnd = print_event.tournament.rounds.exclude(state__in=list(stored.KINDS_BY_STATE)).first()
    assert rnd is not None
    assert render_round_ahead(rnd) is False


def test_without_a_worker_nothing_is_rendered_ahead(print_event, settings):
    settings.PRINTING_RENDER_AHEAD = False
    assert render_round_ahead(print_event.round(1)) is False


def test_a_render_asked_for_a_step_the_round_has_since_passed_is_skipped(print_event, render_ahead):
    """A busy printer takes its renders in order: the one asked when the round was published, found
    after the round was completed, would render documents the completion's own render makes again."""
    from printing.tasks import render_documents

    rnd = print_event.round(1)
    assert rnd.state != RoundState.PUBLISHED
    assert render_documents(print_event.tournament.pk, 1, ["pairings"], RoundState.PUBLISHED) == []
    assert not StoredDocument.objects.filter(tournament=print_event.tournament).exists()
    assert render_documents(print_event.tournament.pk, 1, ["pairings"], rnd.state) == ["pairings r1 en"]
