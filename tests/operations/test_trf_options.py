"""The pairing options in the TRF export (``### engine-option KEY VALUE``) and back through the import.

Every option in force is written, defaults included, so another program —
or this one after a default changes — reads the event with the same rules.
Generic over the systems' specs.
"""

import json

import pytest

from engine.options import specs
from engine.trf import read
from operations.services.exports import trf_export
from operations.services.results import complete_round, enter_results
from operations.services.trf_import import ImportRefused, import_trf
from tests.committee.options_helpers import other_value
from tournaments.models import Tournament
from tournaments.pairing_options import site_specs, values_in_force
from tournaments.services.options import write_engine_options

SYSTEMS = [("c0406", ""), ("olympiad", "2007"), ("olympiad", "1998"), ("dubov", ""), ("lim", "")]


def _option_lines(text: str) -> dict[str, object]:
    out = {}
    for line in text.splitlines():
        if line.startswith("### engine-option "):
            key, value = line[len("### engine-option ") :].split(" ", 1)
            out[key] = json.loads(value)
    return out


@pytest.fixture
def played(posted):
    enter_results(posted.matches[0], {1: "1-0", 2: "0-1", 3: "1-0", 4: "1/2-1/2"}, by=posted.arbiter)
    enter_results(posted.matches[1], {1: "0-1", 2: "1-0", 3: "1/2-1/2", 4: "+-"}, by=posted.arbiter)
    complete_round(posted.round, by=posted.arbiter)
    return posted


def test_the_export_writes_every_option_in_force_defaults_included(played):
    lines = _option_lines(trf_export(played.tournament))
    for spec in site_specs("c0406"):
        assert spec.key in lines, f"{spec.key} is written"
        assert lines[spec.key] == spec.default


def test_chosen_options_go_through_export_and_import_unchanged(played):
    t = played.tournament
    chosen = {s.key: other_value(s) for s in site_specs("c0406")}
    write_engine_options(t, chosen)
    text = trf_export(t)
    assert {k: _option_lines(text)[k] for k in chosen} == chosen
    assert {k: read(text).state.options[k] for k in chosen} == chosen  # the engine's own reader
    copy = import_trf(text, slug="options-copy")
    assert values_in_force(copy) == chosen
    assert trf_export(copy) == text


@pytest.mark.parametrize(("system", "version"), SYSTEMS)
def test_every_systems_options_make_the_round_trip(make_tournament, make_team, system, version, db):
    t = make_tournament(pairing_system=system, olympiad_version=version, initial_colour="w")
    for i, name in enumerate(["Alpha", "Bravo", "Charlie", "Delta"], start=1):
        make_team(t, name, tpn=i, federation="ENG")
    chosen = {s.key: other_value(s) for s in site_specs(system)}
    write_engine_options(t, chosen)
    text = trf_export(t, through=0)
    lines = _option_lines(text)
    for spec in specs(system):
        if spec.site:
            assert lines[spec.key] == chosen[spec.key]
    copy = import_trf(text, slug=f"copy-{system}-{version}")
    assert copy.pairing_system == system
    assert values_in_force(copy) == chosen


def test_an_imported_option_the_system_does_not_allow_is_refused_with_its_line(played):
    spec = next(s for s in site_specs("c0406") if s.choices)
    text = trf_export(played.tournament)
    bad = "\n".join(
        f"### engine-option {spec.key} 12345" if ln.startswith(f"### engine-option {spec.key} ") else ln
        for ln in text.splitlines()
    )
    before = Tournament.objects.count()
    with pytest.raises(ImportRefused, match=spec.key) as err:
        import_trf(bad + "\n", slug="bad-option")
    assert err.value.line == next(
        n for n, ln in enumerate(bad.splitlines(), start=1) if ln.startswith(f"### engine-option {spec.key}")
    )
    assert spec.article in str(err.value)
    assert Tournament.objects.count() == before
