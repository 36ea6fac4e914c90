"""Issue 12, section 4: every key page and e-mail, in each language, shows no untranslated string of the
site's own catalogue.

For each page in French, Spanish and Russian: every string of the site's catalogue
(``locale/<lang>/LC_MESSAGES/django.po``) the page asked the translation machinery for has a
translation (a non-empty, not fuzzy ``msgstr``), and no English text of a translated entry is
left on the page (outside what is marked ``lang="en"``: the engine's explanations, which stay in
English). This test fails until the translators have filled the catalogues; the two others
here say that the pages ask for every string in the reader's language and that the catalogues
hold every string the pages use (run ``makemessages`` after marking new strings: docs/translations.md).
"""

from __future__ import annotations

import pytest

from .conftest import (
    SITE_LANGUAGES,
    find,
    is_translated,
    known_elsewhere,
    show,
    site_catalogue,
)
from .pages import KEY_PAGES, english_chunks, fetch


@pytest.fixture(scope="module")
def catalogues():
    return {language: site_catalogue(language) for language in SITE_LANGUAGES}


@pytest.mark.parametrize("language", SITE_LANGUAGES)
@pytest.mark.parametrize("page", KEY_PAGES)
def test_the_page_shows_no_untranslated_string_of_the_site_catalogue(event, catalogues, db, page, language):
    text, seen = fetch(event, page, language)
    catalogue = catalogues[language]
    untranslated = sorted(
        {
            show(key)
            for _lang, key in seen
            if (entry := find(catalogue, key)) is not None and not is_translated(entry)
        }
    )
    left_in_english = sorted(
        {
            chunk
            for entry in catalogue
            if entry.id and is_translated(entry) and entry.string != entry.id
            for msgid in (entry.id if isinstance(entry.id, tuple) else (entry.id,))
            for chunk in english_chunks(msgid)
            if chunk in text
        }
    )
    assert not untranslated, (
        f"{page} in {language}: {len(untranslated)} strings without a translation: " + "; ".join(untranslated)
    )
    assert not left_in_english, f"{page} in {language}: English left on the page: " + "; ".join(
        left_in_english
    )


@pytest.mark.parametrize("language", SITE_LANGUAGES)
@pytest.mark.parametrize("page", KEY_PAGES)
def test_the_page_asks_for_every_string_in_the_readers_language(event, db, page, language):
    _text, seen = fetch(event, page, language)
    assert seen, f"{page} asked for no string at all"
    other = sorted(
        {
            f"{show(key)} in {lang}"
            for lang, key in seen
            if lang != language and not known_elsewhere(language, key)
        }
    )
    assert not other, f"{page} in {language} asked for strings in another language: " + "; ".join(other[:20])


@pytest.mark.parametrize("page", KEY_PAGES)
def test_every_string_the_page_uses_is_in_the_site_catalogue(event, catalogues, db, page):
    language = "fr"
    _text, seen = fetch(event, page, language)
    missing = sorted(
        {
            show(key)
            for _lang, key in seen
            if find(catalogues[language], key) is None and not known_elsewhere(language, key)
        }
    )
    assert not missing, (
        f"{page}: strings not in locale/{language}/LC_MESSAGES/django.po (run makemessages, docs/translations.md): "
        + "; ".join(missing)
    )
