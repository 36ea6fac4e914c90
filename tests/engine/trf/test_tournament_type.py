"""Record 192: the encoded tournament type (TRF-2026) and the project's codes."""

import pytest

from engine.state import ColourPreferenceType as Pref
from engine.state import ScoreKind
from engine.trf.tournament_type import format_type, parse_type

MP, GP = ScoreKind.MATCH_POINTS, ScoreKind.GAME_POINTS


@pytest.mark.parametrize(
    "code, pref, primary, secondary_for_colours",
    [
        ("FIDE_TEAM", Pref.A, MP, True),  # C.04.6 1.2.2 and 1.7 defaults
        ("FIDE_TEAM_TYPEA", Pref.A, MP, True),
        ("FIDE_TEAM_TYPEB", Pref.B, MP, True),
        ("FIDE_TEAM_TYPEA_MP_GP", Pref.A, MP, True),
        ("FIDE_TEAM_TYPEB_GP_MP", Pref.B, GP, True),
        ("FIDE_TEAM_TYPEA_GP", Pref.A, GP, False),
        ("FIDE_TEAM_MP_GP", Pref.NONE, MP, True),
        ("FIDE_TEAM_GP", Pref.NONE, GP, False),
    ],
)
def test_c0406_1_2_and_1_7_team_codes_select_colour_preferences_and_scores(
    code, pref, primary, secondary_for_colours
):
    t = parse_type(code)
    assert (t.system, t.colour_preferences, t.primary, t.secondary_for_colours) == (
        "c0406",
        pref,
        primary,
        secondary_for_colours,
    )
    assert parse_type(format_type("c0406", pref, primary, secondary_for_colours, {})) == t


def test_baku_suffix_is_kept_as_an_option():
    assert parse_type("FIDE_TEAM_BAKU").options == {"acceleration": "baku"}
    assert parse_type("FIDE_TEAM_TYPEB_GP_MP_BAKU").colour_preferences is Pref.B


@pytest.mark.parametrize(
    "code, system, options",
    [
        ("FIDE_DUBOV", "dubov", {}),
        ("FIDE_LIM", "lim", {}),
        ("FIDE_OLYMPIAD_1998", "olympiad", {"version": "1998"}),
        ("FIDE_OLYMPIAD_2007", "olympiad", {"version": "2007"}),
    ],
)
def test_project_codes_name_the_individual_and_olympiad_systems(code, system, options):
    t = parse_type(code)
    assert (t.system, t.options) == (system, options)
    assert format_type(system, Pref.A, MP, True, options) == code


@pytest.mark.parametrize(
    "code", ["FIDE_DUTCH_2026", "FIDE_TEAM_MP_MP", "FIDE_TEAM_TYPEC", "FIDE_TEAM_MP_GP_XX"]
)
def test_codes_the_engine_cannot_pair_are_not_read(code):
    assert parse_type(code) is None
