"""The plain-language "why" line of every team (``RoundPairing.explain_why``).

For a captain, not an arbiter: why this opponent (the group, the team that
came down or up and why, the order that chose the opponent, the opponents
passed over and why), why this colour (the board-1 colour rules 17-24, and
what the other boards get), or why the bye (rule 10). Each reason cites its
rule; the causes are those the search recorded (``PairNote``).
"""

from __future__ import annotations

from functools import lru_cache

from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.pools import PairNote
from engine.result import Pair, RoundPairing
from engine.state import Colour


@lru_cache(maxsize=64)
def boards_text(white_on_1: bool, boards: int) -> str:
    """ "White on boards 1 and 3, Black on boards 2 and 4" (rule 19: boards alternate, board 3 like board 1)."""
    odd = [b for b in range(1, boards + 1) if b % 2 == 1]
    even = [b for b in range(1, boards + 1) if b % 2 == 0]

    def listed(nums: list[int]) -> str:
        if len(nums) == 1:
            return f"board {nums[0]}"
        return "boards " + ", ".join(str(n) for n in nums[:-1]) + f" and {nums[-1]}"

    first, second = ("White", "Black") if white_on_1 else ("Black", "White")
    text = f"{first} on {listed(odd)}"
    if even:
        text += f", {second} on {listed(even)}"
    return text


def history_text(team: TeamView) -> str:
    if not team.colours:
        return f"{team.label} has no board-1 colour yet"
    seq = " ".join("W" if c is Colour.WHITE else "B" for c in team.colours)
    return f"{team.label}'s board-1 colours so far: {seq}"


def explain_teams(
    out: RoundPairing,
    *,
    pairs: list[Pair],
    notes: list[PairNote],
    colour_why: dict[tuple[int, int], str],
    views: dict[int, TeamView],
    boards: int,
    bye_reason: tuple[str, str] | None,
    opts: OlympiadOptions,
) -> None:
    """One ``explain_why`` step per team paired or given the bye, in table order."""
    by_pair = {frozenset((n.a.tpn, n.b.tpn)): n for n in notes}
    for p in pairs:
        note = by_pair.get(frozenset((p.white, p.black)))
        if note is not None:
            reason, article = note.reason, note.article
        else:
            reason = "The teams were paired as the explanation above shows."
            article = p.colour_article
        for tpn, opp, white in ((p.white, p.black, True), (p.black, p.white, False)):
            team = views[tpn]
            colour = "w" if white else "b"
            lead = f"{team.label} has {boards_text(white, boards)}"
            colour_reason = f"{lead}: {colour_why.get((p.white, p.black), '')}; {history_text(team)}."
            out.explain_why(
                tpn,
                opponent=opp,
                opponent_reason=f"{team.label} meets {views[opp].label}. {reason}",
                opponent_article=article,
                colour=colour,
                colour_reason=colour_reason,
                colour_article=p.colour_article,
            )
    if bye_reason is not None and out.bye is not None:
        text, article = bye_reason
        out.explain_why(out.bye, opponent=None, opponent_reason=text, opponent_article=article)
