"""The languages a round's documents are rendered ahead in: the event's own (issue 21, the printer's CPU).

Rendering every document in every language of the site took two thirds of a small machine's workers
under a season's load. By default an event's documents are rendered ahead in the site's language, the
languages its members chose, the languages its public pages are read in, and each language a reader
has asked one of its documents in: only the first reader in a language new to the event waits. ``PRINTING_RENDER_AHEAD_LANGUAGES``
sets the list for every event (``all``: every language of the site).
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from languages.models import LanguagePreference
from printing import stored
from printing.models import StoredDocument
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db

PRINT_EVENT_SIZE = (9, 4)  # teams, boards
STANDINGS_PDF = "/ops/t/{slug}/standings.pdf"


@pytest.fixture
def event_languages(settings, print_event):
    settings.PRINTING_RENDER_AHEAD_LANGUAGES = []
    cache.clear()
    LanguagePreference.objects.filter(user__in=print_event.users.values()).delete()
    StoredDocument.objects.filter(tournament=print_event.tournament).delete()


def languages_stored(event, number: int = 1) -> set[str]:
    rows = StoredDocument.objects.filter(tournament=event.tournament, round_number=number).exclude(file="")
    return set(rows.values_list("language", flat=True))


def test_an_event_nobody_read_in_another_language_is_rendered_ahead_in_the_sites_language_alone(
    print_event, event_languages
):
    assert stored.languages(print_event.tournament) == ["en"]


def test_a_language_a_reader_asked_a_document_in_is_rendered_ahead_from_then_on(
    client, print_event, event_languages
):
    answer = client.get(STANDINGS_PDF.format(slug=print_event.slug), HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF-")
    assert stored.languages(print_event.tournament) == ["en", "fr"]


def test_a_language_the_events_public_pages_are_read_in_is_rendered_ahead(
    client, print_event, event_languages
):
    page = client.get(f"/t/{print_event.slug}/round/1/pairings/", HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 200 and page["Content-Language"] == "ru"
    assert stored.languages(print_event.tournament) == ["en", "ru"]
    client.get(f"/t/{print_event.slug}/round/1/pairings/", HTTP_ACCEPT_LANGUAGE="xx")  # not a site language
    assert stored.languages(print_event.tournament) == ["en", "ru"]


def test_the_language_a_member_of_the_event_chose_is_rendered_ahead(print_event, event_languages):
    LanguagePreference.objects.create(user=print_event.users["captain"], language="ru")
    LanguagePreference.objects.create(user=print_event.users["outsider"], language="es")  # not of the event
    assert stored.languages(print_event.tournament) == ["en", "ru"]


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        (["all"], ["en", "fr", "es", "ru"]),
        (["es"], ["es"]),
        (["fr", "en"], ["en", "fr"]),
        (["xx", "ru"], ["ru"]),
    ],
)
def test_the_setting_chooses_the_languages_of_every_event(
    print_event, event_languages, settings, setting, expected
):
    settings.PRINTING_RENDER_AHEAD_LANGUAGES = setting
    assert stored.languages(print_event.tournament) == expected


def test_completing_a_round_renders_its_documents_in_the_events_languages_only(
    client, print_event, event_languages, settings, eager_celery, django_capture_on_commit_callbacks
):
    from operations.services import results

    settings.PRINTING_RENDER_AHEAD = True
    client.get(STANDINGS_PDF.format(slug=print_event.slug), HTTP_ACCEPT_LANGUAGE="es")
    with django_capture_on_commit_callbacks(execute=True):
        results.complete_round(print_event.round(1), by=print_event.users["arbiter"])
    assert languages_stored(print_event) == {"en", "es"}
    for kind in stored.KINDS_BY_STATE[RoundState.COMPLETE]:
        for language in ("en", "es"):
            assert stored.current(stored.key(print_event.tournament, kind, 1, language)) is not None, (
                kind,
                language,
            )


def test_an_event_first_read_in_a_language_gets_its_latest_documents_rendered_in_it_at_once(
    client, print_event, event_languages, settings, eager_celery, django_capture_on_commit_callbacks
):
    from operations.services import results

    with django_capture_on_commit_callbacks(execute=True):
        results.complete_round(print_event.round(1), by=print_event.users["arbiter"])
    assert languages_stored(print_event) == set()  # rendering ahead is off: nothing yet
    settings.PRINTING_RENDER_AHEAD = True
    with django_capture_on_commit_callbacks(execute=True):
        client.get(f"/t/{print_event.slug}/round/1/pairings/", HTTP_ACCEPT_LANGUAGE="es")
    assert languages_stored(print_event) == {"en", "es"}
    for kind in stored.KINDS_BY_STATE[RoundState.COMPLETE]:
        assert stored.current(stored.key(print_event.tournament, kind, 1, "es")) is not None, kind


def test_an_event_first_read_in_a_language_it_renders_in_anyway_queues_no_render(
    client, print_event, event_languages, settings, eager_celery, django_capture_on_commit_callbacks
):
    """The site's default language (and a member's) is rendered at each step anyway: the crowd's first
    visits to every event after a restart or a cleared cache must not flood the printer."""
    from operations.services import results

    with django_capture_on_commit_callbacks(execute=True):
        results.complete_round(print_event.round(1), by=print_event.users["arbiter"])
    settings.PRINTING_RENDER_AHEAD = True
    with django_capture_on_commit_callbacks(execute=True):
        client.get(f"/t/{print_event.slug}/round/1/pairings/", HTTP_ACCEPT_LANGUAGE="en")
    assert languages_stored(print_event) == set()
