"""Board colours of a match (Olympiad 1998 rule 19; C.04.6 1.6.1).

The team colour is the colour of board 1. The other boards follow the
tournament's board colour sequence of the team with White on board 1
(TRF ``352``, e.g. ``WBWB``: board 3 has the colour of board 1, rule 19).
"""

from __future__ import annotations


def normalise_sequence(sequence: str, boards: int) -> str:
    seq = (sequence or "").upper() or "".join("W" if i % 2 == 0 else "B" for i in range(boards))
    if set(seq) - {"W", "B"}:
        raise ValueError(f"board colour sequence {sequence!r} may hold only W and B")
    if not seq.startswith("W"):
        raise ValueError(
            f"board colour sequence {sequence!r} is that of the team with White on board 1: it starts with W"
        )
    return seq


def white_team_has_white(sequence: str, board: int) -> bool:
    """Whether the team with White on board 1 plays White on ``board`` (1-based)."""
    seq = sequence.upper() or "WB"
    return seq[(board - 1) % len(seq)] == "W"


def board_colours(sequence: str, boards: int) -> list[str]:
    """The colours ("W"/"B") of the team with White on board 1, board by board."""
    seq = normalise_sequence(sequence, boards)
    return [seq[(b - 1) % len(seq)] for b in range(1, boards + 1)]
