"""The checker's messages in French, Spanish and Russian (issue 20 item 3): Dubov's, Lim's and the
Olympiad's violations, the first difference from the engine's pairing and the departures' causes.
Each violation keeps its English (``message``, the command line) and its message (``message_data``)."""

import random
import re

import pytest

from engine import api
from engine.messages import Message, fully_translated, render
from engine.olympiad.simulate import simulate_round
from engine.result import Pair, RoundPairing
from tests.engine.amendments import random_amendments
from tests.engine.dubov.test_dubov_checker import four_after_one_round
from tests.engine.dubov.test_dubov_explanation import event as dubov_event
from tests.engine.lim.test_lim_explanation import after as lim_after
from tests.engine.olympiad.test_olympiad_simulated_events import field

LANGUAGES = ("fr", "es", "ru")
ENGLISH = re.compile(
    r"\b(is|are|has|have|had|the|and|not|paired|played|each|other|bye|gets|would|pairing|engine|"
    r"floats|this|round|times|team|goes)\b"
)


def _citations_out(text: str) -> str:
    return re.sub(r"Olympiad (1998|2007) rule [\w()]+|Dubov [\d.]+|Lim [\w.()]+", "", text)


def _said(violation) -> Message:
    data = violation.to_dict()
    assert "message_data" in data, violation.message
    said = Message.from_dict(data["message_data"])
    assert said.text == violation.message  # the English, as the command line writes it
    return said


def _assert_translated(said: Message) -> None:
    for language in LANGUAGES:
        text = _citations_out(render(said, language))
        assert "{" not in text
        assert not ENGLISH.findall(text), (language, text)


def test_a_dubov_rematch_and_a_player_paired_twice_are_said_in_the_readers_language():
    state = four_after_one_round()
    found = api.check(state, RoundPairing(2, [Pair(1, 3), Pair(3, 4)])).violations
    assert found
    for v in found:
        _assert_translated(_said(v))
    rematch = next(v for v in found if v.criterion == "Dubov 2.1" and len(v.tpns) == 2)
    assert render(_said(rematch), "fr") == "1 et 3 se sont déjà rencontrés"
    assert render(_said(rematch), "ru") == "1 и 3 уже играли друг с другом"


def test_a_player_paired_twice_takes_the_russian_plural_of_times():
    state = four_after_one_round()
    found = api.check(state, RoundPairing(2, [Pair(1, 2), Pair(2, 3)])).violations
    twice = next(v for v in found if "appears" in v.message)
    assert twice.message == "2 appears 2 times in the pairing"
    assert render(_said(twice), "ru") == "2 встречается в жеребьёвке 2 раза"


@pytest.mark.parametrize("system", ["dubov", "lim", "olympiad"])
def test_every_violation_and_departure_of_random_amendments_is_kept_as_a_message(system):
    if system == "dubov":
        state = dubov_event(False, 3)
    elif system == "lim":
        state = lim_after(3)
    else:
        state = field(20, "2007", 4)
        rng = random.Random(4)
        for _ in range(3):
            state = simulate_round(state, api.pair(state), rng)
    engine = api.pair(state)
    seen = whole = 0
    for given in random_amendments(engine, random.Random(7), tries=6):
        report = api.check(state, given, engine)
        reasons = list(report.violations) + [r for d in report.departures for r in d.reasons]
        for v in reasons:
            said = _said(v)
            seen += 1
            for language in LANGUAGES:
                assert "{" not in render(said, language)
            if fully_translated(said):
                whole += 1
                _assert_translated(said)
    assert seen


def test_a_lim_rematch_and_an_olympiad_rematch_read_in_french_spanish_and_russian():
    state = lim_after(1)
    first = api.pair(state).pairs[0]
    played = next(iter(state.by_tpn[first.white].played_opponents))
    given = RoundPairing(state.next_round, [Pair(first.white, played)], bye=None)
    lim = [v for v in api.check(state, given).violations if v.criterion == "Lim 9.1"]
    assert lim
    said = _said(lim[0])
    assert render(said, "es") == f"{first.white} y {played} ya han jugado entre sí"
    _assert_translated(said)

    olympiad = field(12, "1998", 4)
    pairing = api.pair(olympiad)
    played_round = simulate_round(olympiad, pairing, random.Random(1))
    again = RoundPairing(played_round.next_round, list(pairing.pairs), bye=pairing.bye)
    found = [v for v in api.check(played_round, again).violations if v.absolute]
    assert found
    for v in found:
        _assert_translated(_said(v))
