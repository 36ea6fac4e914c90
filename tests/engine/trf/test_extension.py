"""The project's extension lines (docs/engine-cli.md): the organiser's extra team and system options."""

from dataclasses import replace

import pytest

from engine import generator
from engine.trf import TrfError, read, write


@pytest.fixture
def olympiad_event():
    config = generator.GeneratorConfig(participants=9, rounds=3, boards=4, version="1998")
    return generator.generate("olympiad", config, seed=6)


def test_olympiad_1998_rule_2_the_extra_team_survives_a_trf_round_trip(olympiad_event):
    state, games = olympiad_event
    state = replace(state, participants=tuple(replace(p, unranked=p.tpn == 9) for p in state.participants))
    text = write(state, games)
    assert "### engine-unranked 9\n" in text
    again = read(text).state
    assert again == state
    assert [p.tpn for p in again.participants if p.unranked] == [9]


def test_olympiad_options_not_said_by_the_192_code_survive_a_trf_round_trip(olympiad_event):
    state, games = olympiad_event
    options = {
        "version": "1998",
        "section": "women",
        "unrated_rating": 1800,
        "section_j_from_round": 6,
        "imaginary_points": False,
        "host_team": 9,
    }
    state = replace(state, options=options)
    text = write(state, games)
    assert '### engine-option section "women"\n' in text
    assert "### engine-option imaginary_points false\n" in text
    assert "engine-option version" not in text  # the 192 record says it: FIDE_OLYMPIAD_1998
    assert read(text).state.options == options


@pytest.mark.parametrize(
    ("system", "options"), [("lim", {"maxi": True, "maxi_limit": 150}), ("dubov", {"max_upfloats": 2})]
)
def test_individual_system_options_survive_a_trf_round_trip(system, options):
    state, games = generator.generate(system, generator.GeneratorConfig(participants=6, rounds=2), seed=1)
    state = replace(state, options=options)
    assert read(write(state, games)).state == state


def test_extension_lines_are_comments_to_other_programs(olympiad_event):
    state, games = olympiad_event
    text = write(replace(state, options={**state.options, "section": "women"}), games)
    extension = [line for line in text.splitlines() if "engine-" in line]
    assert extension and all(line.startswith("### ") for line in extension)


def test_an_extension_option_that_is_not_json_is_refused_with_its_line_and_column(olympiad_event):
    state, games = olympiad_event
    lines = write(state, games).splitlines()
    lines.insert(2, "### engine-option section women")
    with pytest.raises(TrfError) as err:
        read("\n".join(lines))
    assert "line 3, column 27" in str(err.value) and "not a JSON value" in str(err.value)


def test_an_unranked_team_that_is_not_a_participant_is_refused(olympiad_event):
    state, games = olympiad_event
    text = write(state, games) + "### engine-unranked 42\n"
    with pytest.raises(TrfError, match="engine-unranked names \\[42\\]"):
        read(text)


def test_an_ordinary_comment_is_still_ignored(olympiad_event):
    state, games = olympiad_event
    text = write(state, games) + "### engine settings are described in docs/engine-cli.md\n"
    assert read(text).state == state


@pytest.mark.parametrize(
    ("version", "section", "bye_gp"), [("2007", "open", 2.0), ("1998", "women", 1.5), ("1998", "open", 2.0)]
)
def test_olympiad_rule_10_a_320_record_without_points_gives_the_bye_the_value_of_the_version(
    version, section, bye_gp
):
    # 3 boards: half the boards (the C.04.6 1.4 default) would be 1.5 in every case
    config = generator.GeneratorConfig(participants=7, rounds=3, boards=3, version=version)
    state, games = generator.generate("olympiad", config, seed=2, options={"section": section})
    text = write(state, games)
    assert "\n320 " in text
    blank = "".join(
        (line[:4] + " " * 9 + line[13:] if line.startswith("320") else line) + "\n"
        for line in text.splitlines()
    )
    again = read(blank).state
    byes = [r for p in again.participants for r in p.history if r.outcome.name == "PAIRING_ALLOCATED_BYE"]
    assert byes and all((r.match_points, r.game_points) == (1.0, bye_gp) for r in byes)
    assert again == state
