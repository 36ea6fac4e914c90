"""The plain-language "why" line of every team (``RoundPairing.explain_why``).

For a captain, not an arbiter: why this opponent (the group, the team that
came down or up and why, the order that chose the opponent, the opponents
passed over and why), why this colour (the board-1 colour rules 17-24, and
what the other boards get), or why the bye (rule 10). Each reason cites its
rule; the causes are those the search recorded (``PairNote``).
"""

from __future__ import annotations

from functools import lru_cache

from engine.messages import Letters, Message, as_message, msg
from engine.messages.words import BLACK, WHITE
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.olympiad.pools import PairNote
from engine.result import Pair, RoundPairing
from engine.state import Colour


@lru_cache(maxsize=64)
def boards_text(white_on_1: bool, boards: int) -> Message:
    """ "White on boards 1 and 3, Black on boards 2 and 4" (rule 19: boards alternate, board 3 like board 1)."""
    odd = [b for b in range(1, boards + 1) if b % 2 == 1]
    even = [b for b in range(1, boards + 1) if b % 2 == 0]

    def listed(nums: list[int]) -> Message:
        if len(nums) == 1:
            return msg("board {number}", number=nums[0])
        return msg("boards {numbers} and {last}", numbers=nums[:-1], last=nums[-1])

    first, second = (WHITE, BLACK) if white_on_1 else (BLACK, WHITE)
    if even:
        return msg(
            "{first} on {boards}, {second} on {others}",
            first=first,
            boards=listed(odd),
            second=second,
            others=listed(even),
        )
    return msg("{first} on {boards}", first=first, boards=listed(odd))


def history_text(team: TeamView) -> Message:
    """The team's board-1 colours so far, in the reader's colour letters ("W B W B")."""
    if not team.colours:
        return msg("{team} has no board-1 colour yet", team=team.label)
    seq = " ".join("W" if c is Colour.WHITE else "B" for c in team.colours)
    return msg("{team}'s board-1 colours so far: {colours}", team=team.label, colours=Letters(seq))


def explain_teams(
    out: RoundPairing,
    *,
    pairs: list[Pair],
    notes: list[PairNote],
    colour_why: dict[tuple[int, int], Message],
    views: dict[int, TeamView],
    boards: int,
    bye_reason: tuple[str | Message, str] | None,
    opts: OlympiadOptions,
) -> None:
    """One ``explain_why`` step per team paired or given the bye, in table order."""
    by_pair = {frozenset((n.a.tpn, n.b.tpn)): n for n in notes}
    for p in pairs:
        note = by_pair.get(frozenset((p.white, p.black)))
        if note is not None:
            reason, article = as_message(note.reason), note.article
        else:
            reason = msg("The teams were paired as the explanation above shows.")
            article = p.colour_article
        for tpn, opp, white in ((p.white, p.black, True), (p.black, p.white, False)):
            team = views[tpn]
            colour = "w" if white else "b"
            colour_reason = msg(
                "{team} has {boards}: {why}; {history}.",
                team=team.label,
                boards=boards_text(white, boards),
                why=colour_why.get((p.white, p.black), ""),
                history=history_text(team),
            )
            out.explain_why(
                tpn,
                opponent=opp,
                opponent_reason=msg(
                    "{team} meets {opponent}. {reason}",
                    team=team.label,
                    opponent=views[opp].label,
                    reason=reason,
                ),
                opponent_article=article,
                colour=colour,
                colour_reason=colour_reason,
                colour_article=p.colour_article,
            )
    if bye_reason is not None and out.bye is not None:
        text, article = bye_reason
        out.explain_why(out.bye, opponent=None, opponent_reason=as_message(text), opponent_article=article)
