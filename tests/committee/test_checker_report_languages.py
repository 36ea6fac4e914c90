"""The committee's checker report in the reader's language (issue 20 item 3): a Dubov amendment's
violations, its differences from the engine's pairing and each departure's causes, in French, Spanish
and Russian, with ``lang="en"`` kept only for what the engine still writes in English."""

import pytest
from django.utils import translation

from committee.selectors import named_report
from engine import api
from engine.result import Pair, RoundPairing
from tests.engine.dubov.test_dubov_checker import four_after_one_round

NAMES = {1: "Ann", 2: "Bob", 3: "Cid", 4: "Dan"}


def _report():
    state = four_after_one_round()
    return api.check(state, RoundPairing(2, [Pair(1, 3), Pair(2, 4)])).to_dict()


@pytest.mark.parametrize(
    ("language", "rematch", "difference"),
    [
        (
            "fr",
            "Ann (TPN 1) et Cid (TPN 3) se sont déjà rencontrés",
            "n'est pas dans l'appariement du moteur",
        ),
        ("es", "Ann (TPN 1) y Cid (TPN 3) ya han jugado entre sí", "no está en el emparejamiento del motor"),
        ("ru", "Ann (TPN 1) и Cid (TPN 3) уже играли друг с другом", "нет в жеребьёвке программы"),
    ],
)
def test_a_dubov_amendments_report_is_written_in_the_readers_language(language, rematch, difference):
    with translation.override(language):
        report = named_report(_report(), NAMES)
    rematches = [v for v in report["violations"] if v["criterion"] == "Dubov 2.1"]
    assert rematches and rematches[0]["message"] == rematch and rematches[0]["translated"]
    assert report["differences_translated"]
    assert any(difference in d for d in report["differences"])
    assert all("engine" not in d for d in report["differences"])
    for departure in report["departures"]:
        assert departure["differences_translated"]
        for reason in departure["reasons"]:
            assert reason["translated"] or "message_data" not in reason


def test_the_report_reads_as_the_engine_wrote_it_in_english():
    with translation.override("en"):
        report = named_report(_report(), NAMES)
    assert "differences_translated" not in report
    assert any("is not in the engine's pairing" in d for d in report["differences"])
