"""The contract every pairing system keeps (engine/systems.py, engine/api.py).

On the same small team event and small individual event, each of the four
systems returns a legal pairing of the next round (every available participant
exactly once, no rematch, at most one pairing-allocated bye), explains every
decision with an article of its own text, and its own pairing passes its own
checker: no absolute violation, no difference from the engine. Every
explanation starts with the options in force (every option of the system,
its value, whether it is the default).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import api, options, snapshot
from engine.state import Colour, Outcome, Participant, RoundRecord, ScoreKind, Scoring, TournamentState

SYSTEMS = ["c0406", "olympiad", "dubov", "lim"]

# Each system's citations start so (engine/result.py: Step.article).
PREFIX = {"c0406": "C.04.6", "olympiad": "Olympiad", "dubov": "Dubov", "lim": "Lim"}

# Eight participants, two rounds played: (white, black, white's score 1 / 0.5 / 0) and the bye;
# No. 8 has been absent throughout and is not available for round 3, so seven are paired.
ROUNDS = [
    ([(1, 5, 1), (6, 2, 0.5), (3, 7, 0)], 4),
    ([(7, 1, 0), (2, 3, 1), (4, 6, 0.5)], 5),
]
ABSENT = 8
TEAM_POINTS = {1: (2.0, 3.0), 0.5: (1.0, 2.0), 0: (0.0, 1.0)}  # match and game points of four boards


def _state(system: str, team: bool) -> TournamentState:
    history: dict[int, list[RoundRecord]] = {t: [] for t in range(1, ABSENT + 1)}
    for rnd, (games, bye) in enumerate(ROUNDS, start=1):
        for white, black, x in games:
            for me, opp, colour, pts in (
                (white, black, Colour.WHITE, x),
                (black, white, Colour.BLACK, 1 - x),
            ):
                mp, gp = TEAM_POINTS[pts] if team else (pts, pts)
                history[me].append(RoundRecord(rnd, Outcome.PLAYED, opp, colour, mp, gp))
        mp, gp = (1.0, 2.0) if team else (1.0, 1.0)
        history[bye].append(RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp))
        history[ABSENT].append(RoundRecord(rnd, Outcome.ABSENT))
    participants = tuple(
        Participant(tpn=t, name=f"P{t}", rating=2400 - 25 * t, history=tuple(h)) for t, h in history.items()
    )
    return TournamentState(
        participants=participants,
        system=system,
        team=team,
        rounds_total=7,
        scoring=Scoring() if team else Scoring(primary=ScoreKind.GAME_POINTS),
        unavailable=frozenset({ABSENT}),
    )


@pytest.mark.parametrize("team", [True, False], ids=["team", "individual"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_pairs_legally_cites_its_own_articles_and_passes_its_own_check(system, team):
    state = _state(system, team)
    pairing = api.pair(state)

    # Legal: each available participant exactly once, no rematch, at most one bye.
    seated = [t for p in pairing.pairs for t in (p.white, p.black)]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    assert sorted(seated) == [p.tpn for p in state.to_be_paired()] == [1, 2, 3, 4, 5, 6, 7]
    assert not [p for p in pairing.pairs if state.have_met(p.white, p.black)]
    assert pairing.bye is not None  # seven to pair: exactly one bye
    assert pairing.bye not in (4, 5)  # both had the bye already

    # Explained in the system's own articles.
    assert pairing.explanation
    foreign = [s.article for s in pairing.explanation if not s.article.startswith(PREFIX[system])]
    assert foreign == []
    assert all(p.colour_article.startswith(PREFIX[system]) for p in pairing.pairs)

    # Its own pairing passes its own checker.
    report = api.check(state, pairing)
    assert not report.has_absolute_violation, report.violations
    assert report.differences == []


# -- the options in force head every explanation (engine.api.options_step) -----------------------


def _other_value(spec):
    if spec.choices:
        return next(c for c in spec.choices if not (c == spec.default and type(c) is type(spec.default)))
    return (spec.default if isinstance(spec.default, int) else (spec.minimum or 0)) + 1


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_explanation_starts_with_every_option_of_the_system_at_its_default(system):
    pairing = api.pair(_state(system, team=system in ("c0406", "olympiad")))
    first = pairing.explanation[0]
    specs = options.specs(system)
    assert first.topic == "options"
    assert [row["key"] for row in first.data["options"]] == [s.key for s in specs]
    assert [row["value"] for row in first.data["options"]] == [s.default for s in specs]
    assert first.data["differ"] == [] and not any(row["differs"] for row in first.data["options"])
    assert all(s.article in first.article for s in specs)  # cites every option's article
    assert all(f"{s.key} = " in first.message for s in specs)
    text = pairing.explanation_text()
    assert text.startswith("Options in force (* = not the default):\n")
    assert all(f"[{s.article}] {s.key} = " in text for s in specs)


@pytest.mark.parametrize("spec", [pytest.param(s, id=f"{s.system}-{s.key}") for s in options.all_specs()])
def test_an_option_not_at_its_default_is_marked_in_the_options_in_force(spec):
    value = 7 if spec.key == "host_team" else _other_value(spec)  # host_team: a participant
    state = _state(spec.system, team=spec.system in ("c0406", "olympiad"))
    step = api.options_step(replace(state, options={spec.key: value}))
    row = next(r for r in step.data["options"] if r["key"] == spec.key)
    assert (row["value"], row["differs"], row["default"]) == (value, True, spec.default)
    assert step.data["differ"] == [spec.key]
    assert f"{spec.key} = {options.format_value(value)} (default {options.format_value(spec.default)})" in (
        step.message
    )
    assert ("fide_tool" in row) == (spec.fide_tool is not options.UNSET)


def test_the_options_in_force_travel_in_the_json_explanation():
    pairing = api.pair(_state("c0406", team=True))
    data = snapshot.pairing_to_dict(pairing)
    assert data["explanation"][0]["topic"] == "options"
    again = snapshot.pairing_from_dict(json.loads(json.dumps(data)))
    assert again.explanation_text() == pairing.explanation_text()


def test_a_value_the_spec_does_not_know_is_shown_as_given_not_raised():
    # the system's own reader decides (the Olympiad reads "men" as the open section)
    step = api.options_step(replace(_state("olympiad", team=True), options={"section": "men"}))
    row = next(r for r in step.data["options"] if r["key"] == "section")
    assert row["value"] == "men" and row["differs"]


def test_a_setting_no_option_of_the_system_reads_is_shown_as_not_read():
    # C.04.6 declares no option "acceleration" (the 192 code's _BAKU): the committee must see it is not applied
    step = api.options_step(replace(_state("c0406", team=True), options={"acceleration": "baku"}))
    assert step.data["unread"] == {"acceleration": "baku"}
    assert "not an option of this system (not read): acceleration = baku" in step.message
    pairing = api.pair(replace(_state("c0406", team=True), options={"acceleration": "baku"}))
    assert "  Given but not an option of this system (not read): acceleration = baku" in (
        pairing.explanation_text().splitlines()
    )
