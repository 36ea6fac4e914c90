"""Board-1 colours of a match (D.02 7.2, 7.3, 7.5, 7.6, 7.7).

Decided for the higher ranked team of the pair (3.2), in this order:

- 7.3: a colour that would take either team beyond the limits (colour
  difference beyond +-2, the same colour three times running) is not given
  when the other colour keeps both within them;
- 7.5.1, equalisation: of two different colour differences, the team with
  the larger one gets Black;
- 7.6: from the latest round in which both teams had a colour and the colours
  differed, each team gets the colour the other had then; if they never
  differed, the higher ranked team alternates from its last colour (the
  lower ranked one, if only it has a colour);
- 7.2: with no colour at all, the higher ranked team gets the colour drawn by
  lot when its pairing number is odd, the other colour when it is even (in
  round 1: the odd-numbered teams of the top half get the lot's colour).

7.7: only played matches give a colour. The other boards alternate, board 3
having board 1's colour, so ``Pair.white`` is the team with White on board 1.
"""

from __future__ import annotations

from engine.olympiad.d02.model import B, D02Team, W
from engine.state import Colour


def allocate(
    a: D02Team, b: D02Team, initial: Colour, by_rounds: bool = True
) -> tuple[D02Team, D02Team, str, str]:
    """(white, black, article, reason) for board 1 of a-b.

    ``by_rounds`` (option ``colour_history``): 7.6 compares rounds by their number; False:
    the teams' played matches from the latest one back.
    """
    top, other = (a, b) if a.rank_key < b.rank_key else (b, a)

    def top_gets(colour: Colour, article: str, why: str) -> tuple[D02Team, D02Team, str, str]:
        white, black = (top, other) if colour is W else (other, top)
        return white, black, article, why

    white_fits = top.may_receive(W) and other.may_receive(B)
    black_fits = top.may_receive(B) and other.may_receive(W)
    if white_fits != black_fits:
        colour = W if white_fits else B
        return top_gets(
            colour,
            "D.02 7.3",
            "the other colours would take one of the teams beyond the board-1 colour limits",
        )
    if top.colour_difference != other.colour_difference:
        keen = top if top.colour_difference > other.colour_difference else other
        return top_gets(
            B if keen is top else W,
            "D.02 7.5.1",
            f"equalisation: {keen.label} has the larger board-1 colour difference "
            f"({keen.colour_difference:+d}) and gets Black",
        )
    if by_rounds:
        rounds = min(len(top.round_colours), len(other.round_colours))
        pairs = [(r + 1, top.round_colours[r], other.round_colours[r]) for r in range(rounds - 1, -1, -1)]
    else:  # the played matches, the latest first
        pairs = [(0, m, t) for m, t in zip(reversed(top.colours), reversed(other.colours), strict=False)]
    for rnd, mine, theirs in pairs:
        if mine is not None and theirs is not None and mine is not theirs:
            when = f"in round {rnd}, the latest" if rnd else "in their latest played matches, the last"
            return top_gets(
                theirs,
                "D.02 7.6",
                f"{when} in which their colours differed, {top.label} had "
                f"{mine.name.lower()}: each team now has the colour the other had then",
            )
    if top.colours:
        return top_gets(
            top.colours[-1].opposite,
            "D.02 7.6",
            f"their colours never differed: {top.label}, the higher ranked team, alternates from its last colour",
        )
    if other.colours:
        return top_gets(
            other.colours[-1],
            "D.02 7.6",
            f"only {other.label} has a board-1 colour: it alternates from its last colour",
        )
    colour = initial if top.tpn % 2 == 1 else initial.opposite
    return top_gets(
        colour,
        "D.02 7.2",
        f"neither team has a board-1 colour: {top.label}, the higher ranked team, has an "
        f"{'odd' if top.tpn % 2 else 'even'} pairing number and the lot gave {initial.name.lower()} to the odd numbers",
    )


def board_key(white: D02Team, black: D02Team) -> tuple:
    """11.1: the higher ranked team's matchpoints, then both teams' matchpoints, then the higher
    ranked team's rating, each highest first (then its pairing number)."""
    top = white if white.rank_key < black.rank_key else black
    return (-top.mp, -(white.mp + black.mp), -top.rating, top.tpn)
