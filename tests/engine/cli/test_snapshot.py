"""The JSON snapshot of a TournamentState and of a RoundPairing (docs/engine-json.md)."""

import json
from pathlib import Path

import pytest

from engine import snapshot
from engine.result import Pair, RoundPairing
from engine.trf import read

FILES = Path(__file__).parents[1] / "trf" / "files"


@pytest.fixture(params=["team_small.trf", "dubov_small.trf"])
def state(request):
    return read((FILES / request.param).read_text(), "c0406" if "team" in request.param else None).state


def test_state_to_json_and_back_gives_an_equal_state(state):
    text = json.dumps(snapshot.state_to_dict(state))
    assert snapshot.state_from_dict(json.loads(text)) == state
    assert snapshot.loads(snapshot.dumps(state)) == state


def test_the_snapshot_names_its_format_and_version(state):
    data = snapshot.state_to_dict(state)
    assert (data["format"], data["version"]) == ("pairing-engine/state", 1)


def test_pairing_to_json_and_back_keeps_pairs_bye_and_explanation():
    pairing = RoundPairing(round=4, pairs=[Pair(3, 1, "C.04.6 4.3.2"), Pair(2, 5)], bye=4, system="c0406")
    pairing.explain("C.04.6 3.4", "bye", "team 4 gets the PAB", tpn=4)
    again = snapshot.pairing_from_dict(json.loads(json.dumps(snapshot.pairing_to_dict(pairing))))
    assert again == pairing


def test_missing_optional_fields_take_the_defaults():
    state = snapshot.state_from_dict({"participants": [{"tpn": 1}, {"tpn": 2}]})
    assert state.system == "c0406" and state.rounds_total == 9 and state.scoring.match_win == 2.0


@pytest.mark.parametrize(
    "change, path",
    [
        (
            lambda d: d["participants"][0]["history"][0].update(outcome="won"),
            "participants[0].history[0].outcome",
        ),
        (lambda d: d["participants"][1].update(tpn="two"), "participants[1].tpn"),
        (lambda d: d.update(colour_preferences="C"), "colour_preferences"),
        (lambda d: d.update(forbidden_pairs=[[1]]), "forbidden_pairs[0]"),
        (lambda d: d.update(format="something-else"), "format"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d["participants"][0].pop("tpn"), "participants[0].tpn"),
    ],
)
def test_a_bad_snapshot_names_the_field(change, path):
    data = snapshot.state_to_dict(read((FILES / "team_small.trf").read_text(), "c0406").state)
    change(data)
    with pytest.raises(snapshot.SnapshotError) as err:
        snapshot.state_from_dict(data)
    assert err.value.path == path


def test_text_that_is_not_json_is_refused_with_its_position():
    with pytest.raises(snapshot.SnapshotError, match="line 1, column 2"):
        snapshot.loads("{x")
