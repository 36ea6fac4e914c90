"""The Olympiad Pairing Rules (2022, D.02) on the site: the version, its defaults, initial order and TRF code.

The engine's pairing under D.02 comes with ``engine.olympiad.d02``; the tests that need it
(the TRF import of the 2022 code, the public "why" lines) skip until that package is in the
engine (remove the ``importorskip`` guards once it is merged).
"""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError
from django.db.migrations.loader import MigrationLoader
from django.forms.models import model_to_dict

from operations.selectors import tiebreak_names
from tournaments.admin import TournamentAdminForm
from tournaments.models import Tournament
from tournaments.models.tournament import OlympiadVersion, rules_primary_score
from tournaments.services import assign_initial_order, create_tournament, update_tournament

pytestmark = pytest.mark.django_db


def test_d02_the_olympiad_version_offers_the_2022_rules():
    assert ("2022", "Olympiad Pairing Rules (2022, D.02)") in OlympiadVersion.choices
    t = Tournament(name="O", slug="o", pairing_system="olympiad", olympiad_version="2022")
    assert t.system_label == "Olympiad Pairing Rules (2022, D.02)"


def test_d02_3_2_1_a_2022_olympiad_pairs_and_scores_by_match_points():
    assert rules_primary_score("olympiad", "2022") == "MP"
    t = create_tournament(name="O", slug="o", pairing_system="olympiad", olympiad_version="2022")
    assert t.primary_score == "MP"
    with pytest.raises(ValidationError) as err:
        update_tournament(t, primary_score="GP")
    message = " ".join(err.value.message_dict["primary_score"])
    assert "Olympiad 2022 rules (D.02 article 3.2.1)" in message and "match points" in message


def test_d02_an_olympiad_without_a_version_is_refused_with_2022_among_the_versions():
    t = Tournament(name="O", slug="o", pairing_system="olympiad", olympiad_version="")
    with pytest.raises(ValidationError) as err:
        t.full_clean()
    assert "1998, 2007 or 2022" in " ".join(err.value.message_dict["olympiad_version"])


def test_migration_0006_adds_the_2022_choice_and_keeps_blank_as_the_field_default():
    loader = MigrationLoader(None, ignore_no_migrations=True)
    key = ("tournaments", "0006_tournament_olympiad_version_2022")
    assert key in loader.graph.nodes
    state = loader.project_state(key)
    field = state.models["tournaments", "tournament"].fields["olympiad_version"]
    assert ("2022", "Olympiad Pairing Rules (2022, D.02)") in field.choices
    assert field.default == ""  # a C.04.6, Dubov or Lim tournament has no Olympiad version


def test_d02_a_new_olympiad_defaults_to_2022_with_the_d02_4_bye_and_the_2026_tie_breaks():
    t = create_tournament(name="New Olympiad", slug="new-olympiad", pairing_system="olympiad")
    assert (t.olympiad_version, t.primary_score) == ("2022", "MP")
    assert (t.bye_match_points, t.bye_game_points) == (1, 2)  # D.02 4: 1 match point, 2 game points
    assert t.tiebreaks == ["olympiad2026"]
    assert tiebreak_names(t) == ["olympiad2026"]


def test_an_existing_olympiad_keeps_its_version_and_tie_breaks():
    t = create_tournament(
        name="Old", slug="old", pairing_system="olympiad", olympiad_version="2007", tiebreaks=["olympiad2007"]
    )
    t = update_tournament(t, name="Old Olympiad")
    assert (t.olympiad_version, t.tiebreaks) == ("2007", ["olympiad2007"])
    c = create_tournament(name="Swiss", slug="swiss", pairing_system="c0406")
    assert (c.olympiad_version, c.tiebreaks) == ("", ["MP", "SB", "GP"])


def test_a_2022_olympiad_naming_no_tie_breaks_is_ranked_by_the_2026_list(make_tournament):
    t = make_tournament(pairing_system="olympiad", olympiad_version="2022", tiebreaks=[])
    assert tiebreak_names(t) == ["olympiad2026"]
    old = make_tournament(pairing_system="olympiad", olympiad_version="2007", tiebreaks=[])
    assert tiebreak_names(old) == ["olympiad2007"]


def _admin_form(slug="admin-olympiad", **fields):
    """The admin's add form as a browser posts it, the defaults left as they were offered."""
    new = Tournament(name="Admin Olympiad", slug=slug, **fields)
    data = {k: v for k, v in model_to_dict(new).items() if v is not None}
    data.update(tiebreaks=json.dumps(new.tiebreaks), engine_options=json.dumps(new.engine_options))
    offered = TournamentAdminForm()
    for name, field in offered.fields.items():
        if field.show_hidden_initial:  # a callable default: the page posts what it offered
            data[f"initial-{name}"] = field.prepare_value(offered[name].initial)
    return TournamentAdminForm(data=data)


def test_d02_the_admin_add_form_gives_a_new_olympiad_2022_its_bye_and_the_2026_tie_breaks():
    form = _admin_form(pairing_system="olympiad")
    assert form.is_valid(), form.errors
    t = form.save()
    assert (t.olympiad_version, t.primary_score, t.tiebreaks) == ("2022", "MP", ["olympiad2026"])
    assert (t.bye_match_points, t.bye_game_points) == (1, 2)


def test_the_admin_form_takes_a_tie_break_preset_and_refuses_an_unknown_tie_break():
    form = _admin_form(pairing_system="c0406")
    form.data["tiebreak_preset"] = "olympiad2026"
    assert form.is_valid(), form.errors
    assert form.save().tiebreaks == ["olympiad2026"]
    bad = _admin_form(pairing_system="c0406", slug="bad")
    bad.data["tiebreaks"] = json.dumps(["MP", "XYZ"])
    assert not bad.is_valid()
    assert "unknown tie-break 'XYZ'" in bad.errors["tiebreaks"][0]


def test_d02_3_1_initial_order_average_of_four_then_the_fifth_player_then_alphabetically(
    make_tournament, make_team
):
    t = make_tournament(pairing_system="olympiad", olympiad_version="2022")
    # Equal averages (2500) everywhere; Zulu's 5th player is the strongest; Bravo and Alpha are
    # equal on the 5th too, and D.02 looks neither at the 6th player nor at a committee order.
    zulu = make_team(t, "Zulu", ratings=(2500, 2500, 2500, 2500, 2450))
    bravo = make_team(t, "Bravo", ratings=(2500, 2500, 2500, 2500, 2400, 2390), manual_order=1)
    alpha = make_team(t, "Alpha", ratings=(2500, 2500, 2500, 2500, 2400, 2000), manual_order=2)
    strong = make_team(t, "Xray", ratings=(2600, 2500, 2500, 2500, 1800))
    assign_initial_order(t)
    order = sorted(
        (team.refresh_from_db() or team for team in (zulu, bravo, alpha, strong)), key=lambda x: x.tpn
    )
    assert [team.name for team in order] == ["Xray", "Zulu", "Alpha", "Bravo"]
    assert order[0].strength == 2525


def test_d02_3_1_a_team_without_four_players_is_refused_with_its_name(make_tournament, make_team):
    t = make_tournament(pairing_system="olympiad", olympiad_version="2022")
    make_team(t, "Full", ratings=(2500, 2500, 2500, 2500))
    make_team(t, "Short", ratings=(2500, 2500, 2500))
    with pytest.raises(ValidationError, match="Short"):
        assign_initial_order(t)
    assert not t.teams.filter(tpn__isnull=False).exists()


def _trf_event(make_tournament, make_team):
    t = make_tournament(
        pairing_system="olympiad", olympiad_version="2022", initial_colour="w", tiebreaks=["olympiad2026"]
    )
    for tpn, name in enumerate(["Alpha", "Bravo", "Charlie", "Delta"], start=1):
        make_team(t, name, tpn=tpn, federation="ENG")
    return t


def test_d02_the_trf_export_names_the_2022_rules_in_record_192(make_tournament, make_team):
    from operations.services.exports import trf_export

    text = trf_export(_trf_event(make_tournament, make_team), through=0)
    assert "192 FIDE_OLYMPIAD_2022" in text.splitlines()


def test_d02_the_trf_import_of_the_2022_code_makes_a_2022_olympiad(make_tournament, make_team):
    from operations.services.exports import trf_export
    from operations.services.trf_import import import_trf

    text = trf_export(_trf_event(make_tournament, make_team), through=0)
    copy = import_trf(text, slug="d02-copy")
    assert (copy.pairing_system, copy.olympiad_version, copy.primary_score) == ("olympiad", "2022", "MP")
    assert copy.tiebreaks == ["olympiad2026"]
    assert trf_export(copy, through=0) == text  # the same event back


def test_d02_a_trf_of_the_2022_code_without_a_tie_break_list_is_ranked_as_a_new_olympiad(
    make_tournament, make_team
):
    from operations.services.exports import trf_export
    from operations.services.trf_import import import_trf

    text = trf_export(_trf_event(make_tournament, make_team), through=0)
    bare = "".join(ln for ln in text.splitlines(keepends=True) if not ln.startswith("### engine-tiebreaks"))
    copy = import_trf(bare, slug="d02-bare")
    assert (copy.olympiad_version, copy.tiebreaks) == ("2022", ["olympiad2026"])
