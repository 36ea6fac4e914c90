"""The primary score follows the pairing system where its rules fix it (Olympiad rule 1)."""

import pytest
from django.core.exceptions import ValidationError
from django.forms.models import model_to_dict

from tournaments.admin import TournamentAdminForm
from tournaments.models import Tournament
from tournaments.services import create_tournament, update_tournament

pytestmark = pytest.mark.django_db


def olympiad(version: str, **kw) -> Tournament:
    return Tournament(
        name="Olympiad", slug=f"olympiad-{version}", pairing_system="olympiad", olympiad_version=version, **kw
    )


def test_olympiad_1998_rule_1_a_1998_event_ranked_by_match_points_is_refused_naming_the_rule():
    with pytest.raises(ValidationError) as err:
        olympiad("1998", primary_score="MP").full_clean()
    message = " ".join(err.value.message_dict["primary_score"])
    assert "1998" in message and "rule 1" in message and "game points" in message.lower()


def test_olympiad_2007_amended_rule_1_a_2007_event_ranked_by_game_points_is_refused():
    with pytest.raises(ValidationError) as err:
        olympiad("2007", primary_score="GP").full_clean()
    assert "amended rules 1 and 16" in " ".join(err.value.message_dict["primary_score"])


def test_the_olympiad_events_with_the_score_their_rules_fix_are_valid_and_other_systems_choose():
    olympiad("1998", primary_score="GP").full_clean()
    olympiad("2007", primary_score="MP").full_clean()
    for score in ("MP", "GP"):
        Tournament(name="Swiss", slug=f"swiss-{score}", primary_score=score).full_clean()


def test_olympiad_1998_rule_1_creating_a_1998_event_without_a_score_gives_it_game_points():
    t = create_tournament(
        name="Olympiad 1998", slug="o1998", pairing_system="olympiad", olympiad_version="1998"
    )
    assert Tournament.objects.get(pk=t.pk).primary_score == "GP"


def test_creating_a_1998_event_with_match_points_is_refused_and_nothing_is_saved():
    with pytest.raises(ValidationError):
        create_tournament(
            name="Olympiad", slug="o", pairing_system="olympiad", olympiad_version="1998", primary_score="MP"
        )
    assert not Tournament.objects.exists()


def test_olympiad_2007_amended_rule_1_moving_an_event_to_the_2007_rules_moves_it_to_match_points():
    t = create_tournament(name="Olympiad", slug="o", pairing_system="olympiad", olympiad_version="1998")
    t = update_tournament(t, olympiad_version="2007")
    assert Tournament.objects.get(pk=t.pk).primary_score == "MP"


def test_the_admin_form_takes_the_1998_score_unless_the_user_changed_it_and_refuses_a_contradiction():
    base = {k: v for k, v in model_to_dict(Tournament()).items() if v is not None}
    base.update(name="Olympiad", slug="o", pairing_system="olympiad", olympiad_version="1998")
    base["tiebreaks"] = "[]"
    base["engine_options"] = "{}"
    form = TournamentAdminForm(data=base, initial={"primary_score": "MP"})
    assert form.is_valid(), form.errors
    assert form.save().primary_score == "GP"
    form = TournamentAdminForm(
        data={**base, "slug": "o2", "primary_score": "MP"}, initial={"primary_score": "GP"}
    )
    assert not form.is_valid() and "rule 1" in str(form.errors["primary_score"])
