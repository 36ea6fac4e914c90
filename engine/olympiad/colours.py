"""Board-1 colours: the limits of rule 17 and the allocation of rules 19-24.

Only board 1 counts (rule 19(1): "regardless of who has played ... board
1"); the other boards alternate, board 3 having board 1's colour, so
``Pair.white`` is the team with White on board 1 and the display writes the
boards W B W B from it (``TournamentState.board_colour_sequence``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.common.colours import equalising_colour
from engine.messages import Message, msg
from engine.messages.words import colour_lower
from engine.olympiad.model import TeamView
from engine.olympiad.options import OlympiadOptions
from engine.state import Colour

W, B = Colour.WHITE, Colour.BLACK


def compatible(a: TeamView, b: TeamView) -> bool:
    """Rule 17: some allocation keeps both teams within the board-1 limits."""
    return (a.may_receive(W) and b.may_receive(B)) or (a.may_receive(B) and b.may_receive(W))


def trailing_run(colours: tuple[Colour, ...], extra: Colour) -> int:
    """Length of the run of equal colours ending with ``extra`` appended."""
    run = 1
    for c in reversed(colours):
        if c is not extra:
            break
        run += 1
    return run


def allocate(
    a: TeamView,
    b: TeamView,
    *,
    rnd: int,
    initial: Colour,
    higher: Callable[[TeamView, TeamView], TeamView],
    opts: OlympiadOptions,
) -> tuple[int, int, str, Message]:
    """(white TPN, black TPN, article, reason) for the board-1 colours of a-b.

    ``higher(a, b)`` is the higher-ranked team of rules 22-23 (the current
    pairing order: score, then Extended Buchholz in Section J, then TPN).
    """
    top = higher(a, b)
    other = b if top is a else a

    def give(white: TeamView, rule: int | str, why: Message) -> tuple[int, int, str, Message]:
        black = b if white is a else a
        return white.tpn, black.tpn, opts.cite(rule), why

    if rnd == 1 or (not a.colours and not b.colours):
        # Rule 24: the lot decides team No. 1's colour; every odd number in
        # the top half takes it too. Read pair by pair: the higher-ranked
        # team of the pair takes the lot's colour when its number is odd.
        colour = initial if top.tpn % 2 == 1 else initial.opposite
        white = top if colour is W else other
        lot = msg(
            "{team} has an odd pairing number; the lot gave {colour} to No. 1"
            if top.tpn % 2
            else "{team} has an even pairing number; the lot gave {colour} to No. 1",
            team=top.label,
            colour=colour_lower(initial),
        )
        if rnd != 1:
            lot = msg("neither team has a board-1 colour yet, so as in round 1: {reason}", reason=lot)
        return give(white, 24, lot)

    legal = [t for t in (top, other) if t.may_receive(W) and (b if t is a else a).may_receive(B)]
    if len(legal) == 1:
        return give(
            legal[0],
            17,
            msg(
                "the other allocation would break the board-1 colour limits of {team} or {other}",
                team=top.label,
                other=other.label,
            ),
        )
    relaxed = not legal

    # Rule 19(1): equalisation of board-1 colours; the larger imbalance first.
    da, db = top.colour_difference, other.colour_difference
    want = {top.tpn: equalising_colour(top.colours), other.tpn: equalising_colour(other.colours)}
    wt, wo = want[top.tpn], want[other.tpn]
    if wt is not None or wo is not None:
        if wt is not None and wo is not None and wt is wo:
            if abs(da) != abs(db):
                keen = top if abs(da) > abs(db) else other
                white = keen if want[keen.tpn] is W else (other if keen is top else top)
                return give(
                    white,
                    19,
                    msg("equalisation: {team} has the larger board-1 colour imbalance", team=keen.label),
                )
        else:
            # One team has a due colour, or they are due opposite colours.
            white = (top if wt is W else other) if wt is not None else (other if wo is W else top)
            return give(
                white,
                19,
                msg(
                    "equalisation of board-1 colours (rule 17 cannot be kept, rule 18(a))"
                    if relaxed
                    else "equalisation of board-1 colours"
                ),
            )

    lt = top.colours[-1] if top.colours else None
    lo = other.colours[-1] if other.colours else None
    # Rule 20 / 19(2): opposite colours last round: both alternate.
    if lt is not None and lo is not None and lt is not lo:
        white = top if lt is B else other
        return give(white, 20, msg("both teams alternate from their colours of the previous round"))
    if lt is None or lo is None:
        # Only one of them has a colour: it alternates (rule 19(2)).
        has = top if lt is not None else other
        white = has if has.colours[-1] is B else (other if has is top else top)
        return give(white, 19, msg("alternation of {team}'s board-1 colour", team=has.label))

    # Rule 21: the lowest sequences of the same colour for both teams.
    def runs(white: TeamView) -> tuple[int, int]:
        black = other if white is top else top
        r = (trailing_run(white.colours, W), trailing_run(black.colours, B))
        return (max(r), sum(r))

    rt, ro = runs(top), runs(other)
    if rt != ro and top.whites == other.whites:
        white = top if rt < ro else other
        return give(white, 21, msg("the lower sequences of the same board-1 colour for both teams"))
    if top.colours == other.colours and da != 0:
        # Rule 22(a), which comes before 22(b): the higher-ranked team's colour is balanced.
        white = top if da < 0 else other
        return give(
            white,
            "22(a)",
            msg("same colour history: {team}, the higher-ranked team, is balanced", team=top.label),
        )
    if rt != ro:
        white = top if rt < ro else other
        return give(white, 21, msg("the lower sequences of the same board-1 colour for both teams"))
    white = top if lt is B else other
    if top.colours == other.colours:
        # Rule 23 (= rule 22(b) once 22(a) has nothing to balance): the same
        # balanced history, the higher-ranked team alternates.
        return give(
            white,
            23,
            msg(
                "same balanced colour history: {team}, the higher-ranked team, alternates from its "
                "last board-1 colour (rule 22(b))",
                team=top.label,
            ),
        )
    # Different histories that rules 20-23 leave undecided (equally long runs,
    # the same last colour): rule 19(2)'s alternation, given to the
    # higher-ranked team as rules 22(b) and 23 do.
    return give(
        white,
        19,
        msg(
            "rules 20-23 do not decide; alternation (rule 19(2)) goes to {team}, the higher-ranked team, "
            "as in rules 22(b) and 23",
            team=top.label,
        ),
    )
