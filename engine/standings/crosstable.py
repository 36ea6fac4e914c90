"""The crosstable: for each participant, its result against each opponent by round."""

from __future__ import annotations

from dataclasses import dataclass

from engine.state import Outcome, TournamentState

_SYMBOL = {
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
    Outcome.DOUBLE_FORFEIT: "--",
    Outcome.PAIRING_ALLOCATED_BYE: "bye",
    Outcome.FULL_POINT_BYE: "F",
    Outcome.HALF_POINT_BYE: "H",
    Outcome.ZERO_POINT_BYE: "Z",
    Outcome.ABSENT: "",
}


@dataclass(frozen=True)
class Cell:
    round: int
    opponent: int | None
    colour: str  # "w", "b" or "" (board-1 colour, C.04.6 1.6.1)
    text: str  # game points scored, or a symbol for an unplayed round
    match_points: float
    game_points: float


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def crosstable(state: TournamentState) -> dict[int, list[Cell]]:
    """``{tpn: [cell per round]}``; a played round's text is the game points scored."""
    out: dict[int, list[Cell]] = {}
    for p in state.participants:
        cells = []
        for rec in p.history:
            text = _fmt(rec.game_points) if rec.played else _SYMBOL[rec.outcome]
            cells.append(
                Cell(
                    rec.round,
                    rec.opponent,
                    rec.colour.value if rec.colour else "",
                    text,
                    rec.match_points,
                    rec.game_points,
                )
            )
        out[p.tpn] = cells
    return out
