"""A plain, slow enumeration of the Olympiad Pairing Rules 2022 (FIDE Handbook D.02), for tests.

Written from the rules alone, independently of ``engine/olympiad/``, to check the engine's D.02 on
small events (at most about 20 teams). Every choice is made by trying the candidates in the order
the text prescribes and keeping the first with which the rest of the round can still be paired,
found by exhaustive search (``matching.py``). The readings taken where the text leaves a choice
are listed in this package's README.md.

The procedure of one round:

1. Ranking (3.2): matchpoints, then initial pairing number.
2. Bye (4): with an odd number of teams, the lowest ranked eligible team (no earlier bye, no win
   by default, no Late Entry: 4.2) whose bye leaves the others pairable.
3. Groups (6.3) and their order (6.4): top group down to the Median Group, bottom group up to it,
   the Median Group last; the median team is the lower of the two middle teams.
4. Each group (8, 9): the most pairings it can keep while the rest of the round can still be
   paired (Kept Pairings); its incoming floaters first take the highest ranked (downfloaters) or
   lowest ranked (upfloaters) team they can; the floaters it sends on are the lowest ranked
   (above the median) or highest ranked (below it), a team with an opponent in the next group
   first; the rest is paired in the order of 9.3. The colour limits of 7.3 bind a group unless
   they would make it keep fewer pairings (7.4).
5. Board-1 colours (7.2, 7.5-7.7) and board order (11.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from tests.engine.olympiad2022_reference.matching import Matchings, bits, mask_of, pairings_in_9_3_order

WHITE, BLACK = "w", "b"
DOWN, UP = "down", "up"
# Readings of 7.4 (README.md): the limits are disregarded for a group when keeping them would make
# it keep fewer pairings (default), or only when the group could otherwise pair all its teams.
FEWER_PAIRINGS, NO_FLOATER = "fewer-pairings", "no-floater"
# Readings of 8.2.3 / 8.3.3 (README.md): "an opponent in the next group" among that group's own teams
# (default), or also among the floaters already sent into it (only the Median Group can hold any then).
OWN_TEAMS, WITH_FLOATERS = "own-teams", "with-floaters"
# Readings of 7.6 (README.md): "the latest round in which their colours differed" counts rounds by
# number (default), or each team's played matches from its latest one back.
ROUNDS, PLAYED = "rounds", "played"
# Article 8 by side: 8.2 the groups below the Median Group (upfloaters), 8.3 those above it (README.md).
_ARTICLE = {UP: "8.2", DOWN: "8.3"}


def _other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


class ReferenceImpossible(Exception):
    """No complete pairing of the round exists (no team may have the bye, or no perfect matching)."""


@dataclass(frozen=True)
class RefTeam:
    """A team as the 2022 rules see it before a round."""

    tpn: int  # initial pairing number (3.1)
    mp: float  # matchpoints (3.2.1)
    met: frozenset[int] = frozenset()  # opponents of a match with at least one board played (6.1)
    colours: tuple[tuple[int, str], ...] = ()  # board-1 colour of each played match: (round, "w"/"b")
    bye_ineligible: bool = False  # 4.2: had the bye, won by default, or Late Entry
    rating: float = 0.0  # 3.1.1 strength, for the board order (11.1)

    @property
    def colour_difference(self) -> int:
        return sum(1 if c == WHITE else -1 for _, c in self.colours)

    def keeps_limits_with(self, colour: str) -> bool:
        """7.3: board 1 stays within +2/-2 and does not get the same colour three times running."""
        difference = self.colour_difference + (1 if colour == WHITE else -1)
        last_two = [c for _, c in self.colours[-2:]]
        return abs(difference) <= 2 and last_two != [colour, colour]


@dataclass
class RefPairing:
    pairs: list[tuple[int, int]]  # (white on board 1, black on board 1), in board order (11.1)
    bye: int | None
    steps: list[str] = field(default_factory=list)


def rank_key(team: RefTeam) -> tuple[float, int]:
    """3.2: descending matchpoints, then the initial pairing number."""
    return (-team.mp, team.tpn)


def median_index(count: int) -> int:
    """6.4: index (from 0, in the 3.2 ranking) of the median team: the lower of the two middle teams."""
    return count // 2


def median_group_score(teams: list[RefTeam]) -> float:
    """6.4: the matchpoints of the Median Group, the group of the median team."""
    ranked = sorted(teams, key=rank_key)
    return ranked[median_index(len(ranked))].mp


def pair_round(teams: list[RefTeam], lot: str = WHITE, **readings: str) -> RefPairing:
    """The pairing of one round of the teams to be paired; ``lot`` is the colour drawn by lot (7.2).

    ``readings``: ``reading_7_4`` (:data:`FEWER_PAIRINGS` or :data:`NO_FLOATER`), ``reading_7_6``
    (:data:`ROUNDS` or :data:`PLAYED`), ``reading_8_x_3`` (:data:`OWN_TEAMS` or :data:`WITH_FLOATERS`);
    the first of each is the default.
    """
    return _Round(teams, lot, **readings).pair()


def within_limits(a: RefTeam, b: RefTeam) -> bool:
    """7.3 for a pair: some allocation of board-1 colours keeps both teams within the limits."""
    return any(a.keeps_limits_with(c) and b.keeps_limits_with(_other(c)) for c in (WHITE, BLACK))


def board_one_colour(higher: RefTeam, lower: RefTeam, lot: str, reading_7_6: str = ROUNDS) -> tuple[str, str]:
    """The board-1 colour of the higher ranked team, and the article that decides it.

    Colours count on played matches only (7.7). 7.3 first (a colour that breaks a limit for either
    team is avoided), then equalisation (7.5.1: the larger colour difference gets Black), then the
    colours of the latest round in which the two teams' colours differed (7.6: each takes the
    other's), then alternation (7.5.2: the higher ranked team's last colour, else the lower ranked
    team's), then the lot by the higher ranked team's pairing number (7.2: the lot's colour to an
    odd number, the other to an even one).
    """
    lawful = [c for c in (WHITE, BLACK) if higher.keeps_limits_with(c) and lower.keeps_limits_with(_other(c))]
    if len(lawful) == 1:
        return lawful[0], "7.3"
    if higher.colour_difference != lower.colour_difference:
        return (BLACK if higher.colour_difference > lower.colour_difference else WHITE), "7.5.1"
    if reading_7_6 == ROUNDS:
        theirs = dict(lower.colours)
        for rnd, colour in reversed(higher.colours):
            if rnd in theirs and theirs[rnd] != colour:
                return theirs[rnd], "7.6"
    else:
        for (_, mine), (_, other) in zip(reversed(higher.colours), reversed(lower.colours), strict=False):
            if mine != other:
                return other, "7.6"
    if higher.colours:
        return _other(higher.colours[-1][1]), "7.5.2"
    if lower.colours:
        return lower.colours[-1][1], "7.5.2"
    return (lot if higher.tpn % 2 else _other(lot)), "7.2"


class _Round:
    def __init__(
        self,
        teams: list[RefTeam],
        lot: str,
        reading_7_4: str = FEWER_PAIRINGS,
        reading_7_6: str = ROUNDS,
        reading_8_x_3: str = OWN_TEAMS,
    ) -> None:
        self.lot = lot
        self.reading_7_4 = reading_7_4
        self.reading_7_6 = reading_7_6
        self.reading_8_x_3 = reading_8_x_3
        self.steps: list[str] = []
        self.ranked = sorted(teams, key=rank_key)
        self.bye: int | None = None

    # -- 4: the bye ----------------------------------------------------------------------------
    def _choose_bye(self) -> None:
        if len(self.ranked) % 2 == 0:
            return
        for team in reversed(self.ranked):
            if team.bye_ineligible:
                continue
            rest = [t for t in self.ranked if t is not team]
            if _round_matchings(rest).perfect(mask_of(range(len(rest)))):
                self.bye = team.tpn
                self.steps.append(f"4.1 bye {team.tpn}")
                self.ranked = rest
                return
        raise ReferenceImpossible("4.1: no eligible team's bye leaves the others pairable")

    # -- the round ---------------------------------------------------------------------------
    def pair(self) -> RefPairing:
        self._choose_bye()
        teams = self.ranked
        n = len(teams)
        if n == 0:
            return RefPairing([], self.bye, self.steps)
        self.m = _round_matchings(teams)
        self.left = mask_of(range(n))  # teams not yet paired
        if not self.m.perfect(self.left):
            raise ReferenceImpossible("6.1: the teams cannot all be paired")
        scores = sorted({t.mp for t in teams}, reverse=True)
        groups = [[i for i in range(n) if teams[i].mp == s] for s in scores]
        median = scores.index(median_group_score(teams))
        self.steps.append(f"6.4 median team {teams[median_index(n)].tpn}, Median Group {scores[median]} MP")
        pairs: list[tuple[int, int]] = []
        down: list[int] = []
        for g in range(median):  # 6.4: from the top group down to the Median Group
            made, down = self._pair_group(groups[g], down, [], DOWN, groups[g + 1])
            pairs += made
        up: list[int] = []
        for g in range(len(groups) - 1, median, -1):  # then from the bottom group up to it
            sent = down if g - 1 == median and self.reading_8_x_3 == WITH_FLOATERS else []
            made, up = self._pair_group(groups[g], [], up, UP, groups[g - 1], sent)
            pairs += made
        made, rest = self._pair_group(groups[median], down, up, DOWN, [])  # the Median Group last
        assert not rest, "the Median Group keeps every team"
        pairs += made
        return RefPairing(self._board_order(pairs), self.bye, self.steps)

    # -- 8, 9: one group -----------------------------------------------------------------------
    def _pair_group(self, residents, down_in, up_in, direction, next_group, sent_there=()):
        """Pair one group; return its pairs (indices) and the teams it floats to the next group."""
        m = self.m
        members = [*down_in, *residents, *up_in]
        group = mask_of(members)
        free = m.kept(self.left, group, False)
        limited = m.kept(self.left, group, True)
        if self.reading_7_4 == FEWER_PAIRINGS:  # 7.4: the limits go if they cost the group a pairing
            limits = limited == free
        else:  # 7.4 narrowly: only if they make a group that could pair all its teams float one
            limits = not (2 * free == len(members) and limited < free)
        kept = limited if limits else free
        ok = m.ok[limits]
        name = f"group {self.ranked[residents[0]].mp if residents else '?'} MP"
        self.steps.append(f"8 {name}: keeps {kept} pairings" + ("" if limits else " (7.4: 7.3 disregarded)"))
        fixed: list[tuple[int, int]] = []
        floated: list[int] = []

        def reachable(extra: tuple[int, int] | None) -> bool:
            done = fixed + ([extra] if extra else [])
            paired = mask_of(t for p in done for t in p)
            still = group & ~paired & ~mask_of(floated)
            rest = m.kept(self.left & ~paired, still, limits)
            return rest >= 0 and len(done) + rest >= kept

        # 8.3.1 / 8.2.1: incoming floaters first; a downfloater takes the highest ranked team it has
        # not played, an upfloater the lowest ranked, while the group still keeps its pairings
        # (9.4, 9.5); one that nobody can take moves on to the next group (8.3.4, 8.2.4).
        arrivals = [(f, DOWN) for f in down_in] + [(f, UP) for f in reversed(up_in)]
        for f, side in arrivals:
            used = {t for p in fixed for t in p} | set(floated)
            if f in used:  # a floater from the other side already took it (Median Group)
                continue
            used.add(f)
            own = residents if side == DOWN else list(reversed(residents))
            others = (up_in if side == DOWN else list(reversed(down_in))) if not next_group else []
            same = down_in if side == DOWN else list(reversed(up_in))
            same = same[same.index(f) + 1 :]
            for c in [*own, *others, *same]:
                if c not in used and (ok[f] >> c) & 1 and reachable((f, c)):
                    fixed.append((f, c))
                    whom = "" if c in residents else " (a floater)"
                    article = _ARTICLE[side] + ".1"
                    self.steps.append(
                        f"{article} floater {self.ranked[f].tpn} meets {self.ranked[c].tpn}{whom}"
                    )
                    break
            else:
                floated.append(f)
                article = _ARTICLE[side] + ".4"
                self.steps.append(f"{article} floater {self.ranked[f].tpn} floats on")
        # 8.3.2 / 8.2.2: the teams the group cannot keep float, the lowest ranked first above the
        # median (the highest ranked below it); 8.3.3 / 8.2.3: a team with an opponent in the next
        # group first.
        used = {t for p in fixed for t in p} | set(floated)
        unpaired = [t for t in residents if t not in used]
        count = len(unpaired) - 2 * (kept - len(fixed))
        nxt = mask_of([*next_group, *sent_there])
        by_rank = list(reversed(unpaired)) if direction == DOWN else list(unpaired)
        candidates = sorted(by_rank, key=lambda t: 0 if m.can[t] & nxt else 1)
        after_fixed = self.left & ~mask_of(t for p in fixed for t in p)

        def first_floaters(order):
            for floaters in combinations(order, count):
                stay = [t for t in unpaired if t not in floaters]
                if self._pairs_fully(stay, ok) and m.perfect(after_fixed & ~mask_of(stay)):
                    return floaters, stay
            raise AssertionError("a group can always keep its Kept Pairings")

        floaters, stay = first_floaters(candidates)
        article = _ARTICLE[direction] + (".3" if floaters != first_floaters(by_rank)[0] else ".2")
        for t in floaters:
            self.steps.append(f"{article} {self.ranked[t].tpn} floats {direction}")
        # 9.1-9.3: the rest, in the order of the 9.3 table (mirrored below the median).
        order = stay if direction == DOWN else list(reversed(stay))
        made = next(pairings_in_9_3_order(order, ok))
        pairs = fixed + made
        self.left &= ~mask_of(t for p in pairs for t in p)
        return pairs, sorted([*floated, *floaters])

    def _pairs_fully(self, teams: list[int], ok) -> bool:
        return next(pairings_in_9_3_order(teams, ok), None) is not None

    # -- 7, 11.1 ---------------------------------------------------------------------------------
    def _board_order(self, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        rows = []
        for a, b in pairs:
            higher, lower = sorted((self.ranked[a], self.ranked[b]), key=rank_key)
            colour, article = board_one_colour(higher, lower, self.lot, self.reading_7_6)
            self.steps.append(f"{article} {higher.tpn} has {colour} against {lower.tpn}")
            white, black = (higher, lower) if colour == WHITE else (lower, higher)
            key = (-higher.mp, -(higher.mp + lower.mp), -higher.rating, higher.tpn)
            rows.append((key, (white.tpn, black.tpn)))
        return [pair for _, pair in sorted(rows)]


def _round_matchings(teams: list[RefTeam]) -> Matchings:
    """6.1 and 7.3 between the given teams, as bitmasks by index."""
    can = [
        mask_of(j for j, b in enumerate(teams) if j != i and b.tpn not in a.met and a.tpn not in b.met)
        for i, a in enumerate(teams)
    ]
    lim = [mask_of(j for j in bits(can[i]) if within_limits(teams[i], teams[j])) for i in range(len(teams))]
    return Matchings(can, lim)
