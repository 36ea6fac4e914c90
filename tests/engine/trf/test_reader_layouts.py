"""The reader's quick path (engine/trf/quick.py) reads every record exactly as the checked one does.

Well-formed 001 and 310 records are cut in a few C-level steps; any other
line is read field by field, which names the wrong field with its column.
Whichever way a line goes, the record, the state and the messages are the same.
"""

import gc
import random
from dataclasses import replace

import pytest

from engine import generator
from engine.trf import TrfError, read, write
from engine.trf.quick import quick_player, quick_team
from engine.trf.records import _checked_player, _checked_team

CHARACTERS = list(" 0123456789wbWB-+=dDlLHhFUZx.") + ["é", "٣"]


def checked(parse, line: str, no: int):
    try:
        return parse(line, no)
    except TrfError:
        return None


def generated_text(seed: int, reserves: int = 1) -> str:
    config = generator.GeneratorConfig(
        participants=9, rounds=5, boards=3, reserves=reserves, forfeit_rate=0.1, absence_rate=0.1
    )
    state, games = generator.generate("c0406", config, seed)
    return write(replace(state, rounds_total=6), games)


def variants(line: str, rng: random.Random, count: int):
    yield line
    for _ in range(count):
        col = rng.randrange(len(line) + 4)
        padded = line.ljust(col)
        yield padded[:col] + rng.choice(CHARACTERS) + padded[col + 1 :]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_001_and_310_record_reads_the_same_the_quick_way_and_the_checked_way(seed):
    rng = random.Random(seed)
    lines = [ln for ln in generated_text(seed).splitlines() if ln.startswith(("001", "310"))]
    quick_read = 0
    for no, line in enumerate(lines, start=1):
        quick, slow = (
            (quick_player, _checked_player) if line.startswith("001") else (quick_team, _checked_team)
        )
        for variant in variants(line, rng, 40):
            fast = quick(variant, no)
            if fast is not None:
                quick_read += 1
                assert fast == checked(slow, variant, no), variant
    assert quick_read > len(lines)  # the quick way did read the well-formed lines, and some variants


def test_a_file_laid_out_another_way_reads_to_the_same_state(team_text):
    def respace(line: str) -> str:
        if not line.startswith("001"):
            return line
        rounds = line[91:]
        # left-aligned opponent numbers and upper-case colours: TRF-2026 allows them, the writer does not use them
        cells = [rounds[i : i + 10] for i in range(0, len(rounds), 10)]
        cells = [c[:4].strip().ljust(4) + c[4:5] + c[5:6].upper() + c[6:] for c in cells]
        return line[:91] + "".join(cells)

    other = "\n".join(respace(line) for line in team_text.splitlines()) + "\n"
    assert other != team_text
    assert read(other, "c0406").state == read(team_text, "c0406").state


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_leaves_the_garbage_collector_as_it_was(team_text, enabled):
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        read(team_text, "c0406")
        assert gc.isenabled() is enabled
        with pytest.raises(TrfError):
            read(team_text + "999 hello\n", "c0406")
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
