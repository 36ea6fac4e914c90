"""A team's played match read from its boards at once (TRF-2026 ``001`` rounds, C.04.6 1.6.1).

The usual round of a team file has no ``300`` line-up, forfeit or bye: every
board player faces a player of one other team. :class:`TeamBoards` reads such
rounds from its members' ``001`` rounds side by side, without the checks and
messages of the step-by-step reading (``engine.trf.teams``), which it leaves
every round that needs them. What it reads is what that reading would: the
opponent is the team of the board players' opponents, the colour the one the
first board was scheduled to have (C.04.6 1.6.1, through the ``352``
sequence), the game points the sum of the players' points (``162``).
"""

from __future__ import annotations

from collections import Counter
from operator import and_, eq, itemgetter

from engine.state import Colour, Scoring
from engine.trf.games import GamePoints
from engine.trf.record_types import RESULT_CODES, Entry, PlayerLine, TrfRecords
from engine.trf.team_records import TeamRecords


class TeamBoards(TeamRecords):
    """The team records, with each team's members' ``001`` rounds laid out for reading boards at once."""

    def __init__(
        self,
        recs: TrfRecords,
        players: dict[int, PlayerLine],
        points: GamePoints,
        scoring: Scoring,
        boards: int,
        sequence: str,
    ) -> None:
        super().__init__(recs, players, points, scoring, boards)
        self.sequence = sequence
        # Each team's members' 001 rounds, in roster order (None: a member numbered 0, which the
        # checked reading skips), and a board's game points by result code (GamePoints.points: a
        # blank result counts as a draw only with an opponent).
        self.member_entries: dict[int, list[list[Entry]] | None] = {
            t.tpn: None if any(n == 0 for n, _ in t.members) else [players[n].entries for n, _ in t.members]
            for t in recs.teams
        }
        self.member_rounds = {
            tpn: min(map(len, members), default=0) if members else 0
            for tpn, members in self.member_entries.items()
        }
        # The teams with the usual number of members, their members' rounds one after the other
        # (quick_round reads a round of all of them at once).
        sizes = Counter(len(m) for m in self.member_entries.values() if m)
        self.size = sizes.most_common(1)[0][0] if sizes and 0 not in self.team_of else 0
        self.uniform = [tpn for tpn, m in self.member_entries.items() if m and len(m) == self.size]
        self.uniform_entries = [entries for tpn in self.uniform for entries in self.member_entries[tpn]]
        self.uniform_rounds = min((self.member_rounds[tpn] for tpn in self.uniform), default=0)
        if points is not None:
            self.points_with_opponent = {c: points.code_points(c, 1) for c in RESULT_CODES}
            self.points_without_opponent = {c: points.code_points(c, 0) for c in RESULT_CODES}

    def quick_round(self, rnd: int) -> dict[int, tuple[int, Colour, float]]:
        """The played matches of round ``rnd`` that quick_match would read from the boards at once,
        for all the teams with the usual number of members together (each board a slice of the list):
        TPN -> (opponent, colour, game points). The other teams are left to quick_match.
        """
        size, i = self.size, rnd - 1
        if not size or i >= self.uniform_rounds or not self.sequence:
            return {}
        entries = list(map(itemgetter(i), self.uniform_entries))
        opponents = list(map(self.team_of.get, map(itemgetter(0), entries)))  # no opponent: None
        first = opponents[0::size]
        same = None  # does every board of the team face the first board's team?
        for board in range(1, size):
            others = opponents[board::size]
            if others != first:
                agree = map(eq, others, first)
                same = list(agree if same is None else map(and_, same, agree))
        colours = map(itemgetter(1), entries[0::size])
        points = list(map(self.points_with_opponent.__getitem__, map(itemgetter(2), entries)))
        totals = map(sum, zip(*(points[board::size] for board in range(size)), strict=True))
        out = {}
        for k, (tpn, opp, board_one, gp) in enumerate(zip(self.uniform, first, colours, totals, strict=True)):
            if opp is not None and opp != tpn and board_one != "-" and (same is None or same[k]):
                out[tpn] = (opp, Colour.WHITE if board_one == "w" else Colour.BLACK, gp)
        return out

    def quick_match(self, tpn: int, rnd: int):
        """A team's played match in ``rnd`` read without a line-up: (opponent, colour, game points);
        False when no member has a game; None when the round needs the checked reading
        (``TeamReader.read_team_round``).
        """
        members = self.member_entries[tpn]
        if members is None:
            return None
        i = rnd - 1
        if i < self.member_rounds[tpn]:  # every member has the round: look at the boards at once
            opps, colours, results, _ = zip(*map(itemgetter(i), members), strict=True)
            if 0 not in opps and colours[0] != "-" and self.sequence:
                teams = set(map(self.team_of.get, opps))
                opp = teams.pop()
                if teams or opp is None or opp == tpn:
                    return None
                colour = Colour.WHITE if colours[0] == "w" else Colour.BLACK
                return opp, colour, sum(map(self.points_with_opponent.__getitem__, results))
        opp = None
        team_colour = None
        board = 0  # the board's index among the team's board players (board_players)
        gp = 0.0
        team_of, sequence = self.team_of, self.sequence
        with_opponent, without_opponent = self.points_with_opponent, self.points_without_opponent
        for entries in members:
            if i >= len(entries):
                continue
            e = entries[i]
            if not e.opponent:
                if e.result == "F":  # a board won because the other side left it empty
                    gp += without_opponent["F"]
                    board += 1
                continue
            theirs = team_of.get(e.opponent)
            if theirs is None or theirs == tpn or (opp is not None and theirs != opp):
                return None
            opp = theirs
            if team_colour is None:  # C.04.6 1.6.1: the first board with a colour gives the team's
                if board >= len(sequence):
                    return None
                if e.colour != "-":
                    white = (e.colour == "w") == (sequence[board] == sequence[0])
                    team_colour = Colour.WHITE if white else Colour.BLACK
            gp += with_opponent[e.result]
            board += 1
        if opp is None:
            return False if board == 0 else None
        return opp, team_colour, gp
