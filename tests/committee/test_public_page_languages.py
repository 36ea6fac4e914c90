"""The cached public pairings page is kept per language: a visitor gets it in his own language,
whoever asked for it first, and a new publication drops every language's copy."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.conf import settings

from committee import services
from tests.committee.conftest import publish_round

pytestmark = pytest.mark.skipif(not apps.is_installed("languages"), reason="the site is not translatable")


def page_in(client, url: str, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url).content.decode()


def test_each_visitor_gets_the_cached_pairings_page_in_his_own_language(
    committee_event, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(committee_event.round(1), committee_event.member)
    url = f"/t/{committee_event.tournament.slug}/round/1/pairings/"
    assert '<html lang="fr">' in page_in(client, url, "fr")
    assert '<html lang="en">' in page_in(client, url, "en")
    assert '<html lang="fr">' in page_in(client, url, "fr")  # now from the cache


def test_a_correction_drops_the_cached_page_of_every_language(
    committee_event, client, django_capture_on_commit_callbacks
):
    member, rnd = committee_event.member, committee_event.round(1)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(rnd, member)
    url = f"/t/{committee_event.tournament.slug}/round/1/pairings/"
    for language in ("en", "es"):
        assert "Bye confirmed" not in page_in(client, url, language)
    services.start_correction(round=rnd, user=member, reason="Checking the bye")
    services.approve(version=services.current_version(rnd), user=member)
    with django_capture_on_commit_callbacks(execute=True):
        services.publish(version=services.current_version(rnd), user=member, reason="Bye confirmed")
    for language in ("en", "es"):
        body = page_in(client, url, language)
        assert f'<html lang="{language}">' in body and "Bye confirmed" in body
