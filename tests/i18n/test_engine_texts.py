"""The engine's names and labels shown in the reader's language, and the sentences around them.

The engine stays free of Django and writes in English; ``tournaments/option_messages.py`` lists
its pairing systems' names, every option's label, help text and choice labels, and the tie-breaks'
names for the catalogues (regenerate it with ``.venv/bin/python manage.py option_messages``), and
the pages translate them: the public tournament page, the committee's options page, the
explanation's "options in force", the standings' column heads. The engine's explanations and
"why" lines stay in English (docs/translations.md).
"""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from .conftest import SITE_LANGUAGES, find, is_translated, site_catalogue

REGENERATE = (
    "run `.venv/bin/python manage.py option_messages`, then makemessages and translate (docs/translations.md)"
)


def page(event, user_key: str | None, url_name: str, args, language: str) -> str:
    from django.core.cache import cache

    cache.clear()
    client = Client()
    if user_key:
        client.force_login(event.users[user_key])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    answer = client.get(reverse(url_name, args=args))
    assert answer.status_code == 200
    return html.unescape(answer.content.decode())


def in_language(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def test_the_generated_module_lists_every_name_label_help_and_choice_label_the_engine_has():
    from engine import systems
    from engine.options import all_specs
    from engine.standings import registry
    from tournaments.engine_texts import MODULE, render_module
    from tournaments.option_messages import MESSAGES

    assert MODULE.read_text(encoding="utf-8") == render_module(), f"{MODULE} is out of step: {REGENERATE}"
    expected = {*systems.LABELS.values(), *(registry.get(n).label for n in registry.known_names())}
    for spec in all_specs():
        expected |= {spec.label, spec.help, *spec.choice_labels}
    missing = sorted(expected - set(MESSAGES))
    assert not missing, f"engine texts missing from {MODULE.name} ({REGENERATE}): {missing}"


@pytest.mark.parametrize("language", SITE_LANGUAGES)
def test_every_engine_text_the_site_shows_is_translated_in_every_catalogue(language):
    from tournaments.option_messages import MESSAGES

    catalogue = site_catalogue(language)
    untranslated = [m for m in MESSAGES if (e := find(catalogue, m)) is None or not is_translated(e)]
    assert not untranslated, (
        f"{language}: {len(untranslated)} engine texts without a translation: {untranslated}"
    )


def test_the_public_tournament_page_shows_the_pairing_rules_in_force_in_the_readers_language(event, db):
    from tournaments.pairing_options import options_in_force

    text = page(event, None, "tournament-detail", [event.slug], "fr")
    section = text[text.index('id="pairing-rules"') :]
    for row in options_in_force(event.tournament):
        label, words = (
            in_language("fr", row.spec.label),
            in_language("fr", row.spec.describe_value(row.value)),
        )
        assert label != row.spec.label and f"<td>{label}</td>" in section
        assert words[:1].upper() + words[1:] in section and row.spec.describe_value(row.value) not in section
    assert 'lang="en"' not in section.split("</table>", 1)[0]
    assert in_language("fr", "FIDE C.04.6 Swiss Team Pairing System (2026)") in text


def test_the_options_page_shows_each_option_its_help_and_its_choices_in_the_readers_language(event, db):
    from tournaments.pairing_options import site_specs

    text = page(event, "chair", "committee-options", [event.draft_slug], "ru")
    for spec in site_specs("c0406"):
        field = text[text.index(f'id="option-{spec.key}"') :].split("</fieldset>", 1)[0]
        assert f"<legend>{in_language('ru', spec.label)} <span" in field
        helptext = in_language("ru", spec.help)
        assert helptext[:1].upper() + helptext[1:] in field and spec.help not in field
        for choice_label in spec.choice_labels:
            words = in_language("ru", choice_label)
            assert words != choice_label and words[:1].upper() + words[1:] in field
        assert 'lang="en"' not in field


def test_the_explanations_options_in_force_are_in_the_readers_language_the_engines_steps_stay_english(
    event, db
):
    from engine.options import specs

    text = page(event, "chair", "committee-round", [event.draft_slug, 1], "es")
    listing = text[text.index('id="options-in-force-steps"') :].split("</ul></li>", 1)[0]
    for spec in specs("c0406"):
        assert (
            f"<li>{in_language('es', spec.label)}: {in_language('es', spec.describe_value(spec.default))} "
            in listing
        )
    assert 'lang="en"' not in listing
    steps = text[text.index('id="rule-steps"') :].split("</ol>", 1)[0]
    assert steps.count('lang="en"') == steps.count("<li ")  # the engine's own explanation: English


def test_the_approval_still_needed_is_said_in_the_readers_language_with_its_plural(event, db):
    from committee import services
    from tournaments.models import Tournament

    text = page(event, "chair", "committee-round", [event.draft_slug, 1], "es")
    assert "Necesita 1 aprobación más de un miembro del comité." in text
    version = services.current_version(Tournament.objects.get(slug=event.draft_slug).rounds.get(number=1))
    with translation.override("ru"):
        assert services.approvals_needed(version) == "ещё 1 утверждение члена комиссии"
        version.approvals.all().delete()
        assert services.approvals_needed(version) == "ещё 2 утверждения членов комиссии"
    with translation.override("en"):  # the request above left Spanish active in this thread
        assert services.approvals_needed(version) == "2 more committee members' approvals"


def test_the_standings_heads_name_the_tie_breaks_in_the_readers_language_on_hover(event, db):
    text = page(event, None, "ops-standings", [event.slug], "ru")
    titles = re.findall(r'<abbr title="([^"]*)">BH-C1</abbr>', text)
    assert titles and set(titles) == {"Бухгольц усечённый (Cut-1) (FIDE C.07 8.1, 8.2)"}
    assert '<abbr title="Зоннеборн-Бергер (FIDE C.07 9.1)">SB</abbr>' in text


def test_a_refused_trf_file_is_explained_in_the_readers_language_with_its_line_and_column(event, db):
    from operations.services.exports import trf_export
    from operations.services.trf_import import ImportRefused, import_trf

    lines = trf_export(event.tournament).splitlines()
    lines.insert(1, '### engine-event lineup_close_time "late"')
    with translation.override("fr"), pytest.raises(ImportRefused) as refused:
        import_trf("\n".join(lines) + "\n", slug="refused-in-french")
    assert refused.value.messages == [
        "ligne 2, colonne 36 : lineup_close_time : 'late' n'est pas une heure (HH:MM)"
    ]


def test_a_change_of_options_is_recorded_in_english_and_shown_in_the_readers_language(event, db):
    from committee.services.options import change_options_by_decision
    from engine.options import spec

    c6 = spec("c0406", "c6")
    with translation.override("fr"):
        change = change_options_by_decision(
            tournament=event.tournament, user=event.users["chair"], values={"c6": "graded"}, reason="essai"
        )
        shown = change.lines
    assert (
        f"- {c6.label} ({c6.article}): {c6.choice_labels[0]} → {c6.choice_labels[1]}" in change.decision.text
    )
    assert shown == [
        f"{in_language('fr', c6.label)} ({c6.article}) : {in_language('fr', c6.choice_labels[0])} → "
        f"{in_language('fr', c6.choice_labels[1])}"
    ]
