"""Colour preferences (C.04.6 1.7) and colour allocation (C.04.6 4).

A team's colour is the colour of its first board in a match actually played
(1.6.1); the colour difference is whites minus blacks (1.6.2). Unplayed
rounds are skipped in colour histories, as Article 3.4 of the General
Handling Rules for Swiss Tournaments (C.04.2) prescribes ("BWW-B" is read as
"-BWWB"), which 4.3.6 tells us to consider.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.state import Colour, ColourPreferenceType, Participant


@dataclass(frozen=True)
class Preference:
    """A colour preference: ``colour`` None means none; ``strong`` only for Type B."""

    colour: Colour | None = None
    strong: bool = False
    mild: bool = False

    def describe(self) -> str:
        if self.colour is None:
            return "none"
        kind = "strong " if self.strong else "mild " if self.mild else ""
        return f"{kind}{'White' if self.colour is Colour.WHITE else 'Black'}"


NO_PREFERENCE = Preference()


def _strong_or_simple(cd: int, colours: tuple[Colour, ...]) -> Colour | None:
    """1.7.1.1-2 and 1.7.2.1-2 (the same wording)."""
    last_two = colours[-2:] if len(colours) >= 2 else ()
    if cd < -1 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Colour.WHITE
    if cd > 1 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Colour.BLACK
    return None


def preference(
    team: Participant, kind: ColourPreferenceType, last_round: bool, strong_first: bool = True
) -> Preference:
    """The colour preference of ``team`` for the round being paired (1.7).

    ``strong_first``: for Type B in the last round, a team with CD 0 whose last
    two played matches had the same colour is given the strong preference of
    1.7.2.1-2 (True, default) or no preference by 1.7.2.5 (False).
    """
    if kind is ColourPreferenceType.NONE:
        return NO_PREFERENCE
    colours = team.colours
    if not colours:
        return NO_PREFERENCE
    cd = team.colour_difference
    main = _strong_or_simple(cd, colours)
    if kind is ColourPreferenceType.A:
        return Preference(main) if main else NO_PREFERENCE
    # Type B
    if main is not None:
        if cd == 0 and last_round and not strong_first:
            return NO_PREFERENCE
        return Preference(main, strong=True)
    if cd == -1:
        return Preference(Colour.WHITE, mild=True)
    if cd == 1:
        return Preference(Colour.BLACK, mild=True)
    if cd == 0 and not last_round:
        return Preference(colours[-1].opposite, mild=True)
    return NO_PREFERENCE


def first_team(a: int, b: int, score: dict[int, float], secondary: dict[int, float] | None) -> int:
    """4.2: higher primary score, then higher secondary score (if used), then smaller TPN."""
    if score[a] != score[b]:
        return a if score[a] > score[b] else b
    if secondary is not None and secondary[a] != secondary[b]:
        return a if secondary[a] > secondary[b] else b
    return min(a, b)


def allocate(
    first: Participant,
    other: Participant,
    pref_first: Preference,
    pref_other: Preference,
    type_b: bool,
    initial: Colour,
    first_number: int,
) -> tuple[Colour, str]:
    """The colour of the first-team and the article of 4.3 that decided it.

    ``first_number`` is the number whose parity 4.3.1 reads (the TPN by default).
    """
    pf, po = pref_first.colour, pref_other.colour
    if not first.colours and not other.colours:
        c = initial if first_number % 2 == 1 else initial.opposite
        return c, "C.04.6 4.3.1"
    if (pf is None) != (po is None):
        return (pf if pf is not None else po.opposite), "C.04.6 4.3.2"  # type: ignore[union-attr]
    if pf is not None and po is not None and pf != po:
        return pf, "C.04.6 4.3.3"
    if type_b and pf is not None and pref_first.strong != pref_other.strong:
        return (pf if pref_first.strong else po.opposite), "C.04.6 4.3.4"  # type: ignore[union-attr]
    cdf, cdo = first.colour_difference, other.colour_difference
    if cdf != cdo:
        return (Colour.WHITE if cdf < cdo else Colour.BLACK), "C.04.6 4.3.5"
    hf, ho = first.colours, other.colours
    for i in range(1, min(len(hf), len(ho)) + 1):
        if hf[-i] != ho[-i]:
            return hf[-i].opposite, "C.04.6 4.3.6"
    if pf is not None:
        return pf, "C.04.6 4.3.7"
    if hf:
        return hf[-1].opposite, "C.04.6 4.3.8"
    return ho[-1], "C.04.6 4.3.9"
