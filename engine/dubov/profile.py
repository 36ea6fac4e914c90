"""Dubov 1: what the pairing reads of each participant before a round.

R (rating), ARO (average rating of the opponents, recomputed after every
round), the due colour, and the history the limitations of chapter 2 and the
floater classes of 6.4 need (upfloats, downfloats, points without playing).

For a team event the participant is a team: R is its strength
(``Participant.rating``), its colour is its first board's, its score is the
competition's primary score (``state.scoring.primary``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.common.colours import due_colour
from engine.common.floats import Float, float_history, scores_before_rounds
from engine.state import Colour, Participant, TournamentState


@dataclass(frozen=True)
class Profile:
    """One participant as the Dubov procedure sees it before the round."""

    tpn: int
    name: str
    rating: float
    score: float
    aro_tenths: int  # ARO rounded half up to one decimal, in tenths (Dubov 1, 6.2 example)
    due: Colour | None  # Dubov 1; None when no game has been played yet
    colour_difference: int  # whites minus blacks
    colours: tuple[Colour, ...]  # played games, oldest first
    colour_by_round: dict[int, Colour]
    upfloats: int  # times paired against a higher score (Dubov 2.5)
    upfloated_last_round: bool
    was_downfloater: bool  # has been a floater from a higher score group (6.4)
    had_unplayed_point: bool  # Dubov 2.2: a PAB, forfeit win or full-point bye

    @property
    def aro(self) -> float:
        return self.aro_tenths / 10

    def sort_white(self) -> tuple:
        """Dubov 6.2: White seekers by increasing ARO, then lower R, then name."""
        return (self.aro_tenths, self.rating, self.name, self.tpn)

    def sort_black(self) -> tuple:
        """Dubov 6.2: Black seekers by decreasing R, then higher ARO, then name."""
        return (-self.rating, -self.aro_tenths, self.name, self.tpn)


def aro_tenths(state: TournamentState, p: Participant) -> int:
    """Dubov 1: the average rating of the opponents met over the board.

    Forfeited games are no meeting (engine.state) and do not enter the ARO
    (docs/interpretations/dubov.md, Dubov 1). No game played gives ARO 0.
    The value is rounded half up to one decimal, as the 6.2 example prints it.
    """
    ratings = [
        state.by_tpn[r.opponent].rating
        for r in p.history
        if r.played and r.opponent is not None and r.opponent in state.by_tpn
    ]
    if not ratings:
        return 0
    # Round half up in tenths; the small tolerance absorbs binary fractions of decimal strengths.
    return math.floor(sum(ratings) * 10 / len(ratings) + 0.5 + 1e-7)


def _float_history(
    state: TournamentState, p: Participant, before: dict[int, list[float]] | None = None
) -> tuple[int, bool, bool]:
    """Upfloats, upfloat in the previous round, ever a downfloater.

    A participant "transferred to a higher score group" (2.5) is read as one
    paired against an opponent whose score before that round was higher; a
    "floater from higher score groups" (6.4) as one paired against a lower
    score. Forfeited pairings count: the pairing was made.
    """
    floats = float_history(state, p, before)
    return floats.count(Float.UP), bool(floats) and floats[-1] is Float.UP, Float.DOWN in floats


def profile(state: TournamentState, p: Participant, before: dict[int, list[float]] | None = None) -> Profile:
    colours = p.colours
    ups, last_up, down = _float_history(state, p, before)
    return Profile(
        tpn=p.tpn,
        name=p.name,
        rating=float(p.rating),
        score=p.score(state.scoring.primary),
        aro_tenths=aro_tenths(state, p),
        due=due_colour(colours),
        colour_difference=p.colour_difference,
        colours=colours,
        colour_by_round={r.round: r.colour for r in p.history if r.played and r.colour is not None},
        upfloats=ups,
        upfloated_last_round=last_up,
        was_downfloater=down,
        had_unplayed_point=p.had_bye_or_forfeit_win,
    )


def profiles(state: TournamentState) -> dict[int, Profile]:
    """Profiles of every participant (paired or not) by TPN."""
    before = scores_before_rounds(state, state.scoring.primary)
    return {p.tpn: profile(state, p, before) for p in state.participants}


def aro_list(state: TournamentState) -> dict[int, float]:
    """Dubov 9: the ARO list to publish with the round, {tpn: ARO}."""
    return {p.tpn: aro_tenths(state, p) / 10 for p in sorted(state.participants, key=lambda p: p.tpn)}
