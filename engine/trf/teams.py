"""Team histories from a TRF-2026 file's player records (C.04.6 1.4, 1.6.1).

A team's round is read from its players' ``001`` round fields: its opponent
is the team of its board players' opponents, its colour the colour its first
board was scheduled to have (C.04.6 1.6.1), its game points the sum of its
players' points and its match points come from comparing game points under
record 362. Records ``330`` (forfeited matches), ``320`` (pairing-allocated
byes), ``240`` (other byes) and ``300`` (line-ups out of the fixed order)
take precedence over what the player records say. A member with ``F`` and no
opponent in a round where the team has games is a board player who won a
board the other side left empty (docs/engine-cli.md). A match without a ``330``
in which no board was played over the board (every board ``+``/``-`` or left
empty) was not actually played (C.04.6 1.6.1): a forfeit, as ``330`` would say
(``engine.state.match_without_play``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import and_, eq, itemgetter

from engine.result import Pair, RoundPairing
from engine.state import Colour, Outcome, RoundRecord, Scoring, match_without_play
from engine.trf.errors import TrfError
from engine.trf.games import GamePoints, colour
from engine.trf.record_types import RESULT_CODES, Entry, PlayerLine, TeamLine, TrfRecords
from engine.trf.rosters import team_membership

BYE_OUTCOMES = {"H": Outcome.HALF_POINT_BYE, "F": Outcome.FULL_POINT_BYE, "Z": Outcome.ZERO_POINT_BYE}


@dataclass
class TeamFacts:
    histories: dict[int, list[RoundRecord]]
    pairings: dict[int, RoundPairing]  # the pairing each round actually had


class TeamReader:
    def __init__(
        self,
        recs: TrfRecords,
        players: dict[int, PlayerLine],
        points: GamePoints,
        scoring: Scoring,
        boards: int,
        sequence: str,
    ) -> None:
        self.recs, self.players, self.points, self.scoring = recs, players, points, scoring
        self.boards, self.sequence = boards, sequence
        self.teams: dict[int, TeamLine] = {t.tpn: t for t in recs.teams}
        self.team_of = team_membership(recs.teams, players)
        self.lineups = {(lu.round, lu.team): lu for lu in recs.lineups}
        for lu in recs.lineups:
            self._check_lineup(lu)
        # read_round's quick path: each team's members' 001 rounds, in roster order (None: a member
        # numbered 0, which the checked reading skips), and a board's game points by result code
        # (GamePoints.points: a blank result counts as a draw only with an opponent).
        self.member_entries: dict[int, list[list[Entry]] | None] = {
            t.tpn: None if any(n == 0 for n, _ in t.members) else [players[n].entries for n, _ in t.members]
            for t in recs.teams
        }
        self.member_rounds = {
            tpn: min(map(len, members), default=0) if members else 0
            for tpn, members in self.member_entries.items()
        }
        # The teams with the usual number of members, their members' rounds one after the other
        # (_quick_round reads a round of all of them at once).
        sizes = Counter(len(m) for m in self.member_entries.values() if m)
        self.size = sizes.most_common(1)[0][0] if sizes and 0 not in self.team_of else 0
        self.uniform = [tpn for tpn, m in self.member_entries.items() if m and len(m) == self.size]
        self.uniform_entries = [entries for tpn in self.uniform for entries in self.member_entries[tpn]]
        self.uniform_rounds = min((self.member_rounds[tpn] for tpn in self.uniform), default=0)
        if points is not None:
            self.points_with_opponent = {c: points.code_points(c, 1) for c in RESULT_CODES}
            self.points_without_opponent = {c: points.code_points(c, 0) for c in RESULT_CODES}

    # -- helpers ------------------------------------------------------------
    def entry(self, number: int, rnd: int) -> Entry | None:
        entries = self.players[number].entries
        return entries[rnd - 1] if rnd <= len(entries) else None

    def board_players(self, tpn: int, rnd: int) -> list[int]:
        """Players by board (0 = empty board): the 300 line-up, else the roster's players who played."""
        lineup = self.lineups.get((rnd, tpn))
        if lineup is not None:
            return list(lineup.players)
        out, games = [], False
        for number, _ in self.teams[tpn].members:
            e = self.entry(number, rnd)
            if e is not None and (e.opponent or e.result == "F"):
                out.append(number)
                games |= bool(e.opponent)
        return out if games else []

    def is_empty_board_win(self, number: int, rnd: int) -> bool:
        """A fielded player with ``F`` and no opponent: the other side left the board empty (docs/engine-cli.md)."""
        e = self.entry(number, rnd)
        return e is not None and not e.opponent and e.result == "F"

    def _check_lineup(self, lu) -> None:
        if lu.team not in self.teams:
            raise TrfError(f"line-up of team {lu.team}, which no 310 record defines", lu.line, 9)
        for number in lu.players:
            if number and self.team_of.get(number) != lu.team:
                raise TrfError(f"line-up player {number} is not a member of team {lu.team}", lu.line, 17)

    def pab_team(self, rnd: int) -> int:
        if self.recs.team_byes is None:
            return 0
        by_round = self.recs.team_byes.teams
        return by_round[rnd - 1] if rnd <= len(by_round) else 0

    def pab_points(self, rnd: int) -> tuple[float, float]:
        """The PAB's (match points, game points) in round ``rnd``: its ``### engine-pab`` line, else 320's."""
        given = self.recs.pab_values.get(rnd)
        return given[:2] if given is not None else self.scoring.pab_points(self.boards)

    def pab_record(self, rnd: int) -> RoundRecord:
        """The pairing-allocated bye's record in round ``rnd`` (points as ``pab_points``)."""
        mp, gp = self.pab_points(rnd)
        return RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp)

    # -- rounds -------------------------------------------------------------
    def rounds_played(self) -> int:
        last = 0
        for number in self.team_of:
            entries = self.players[number].entries
            for r in range(len(entries), last, -1):  # only rounds after the latest one found so far
                e = entries[r - 1]
                if e.opponent or e.result == "U":
                    last = r
                    break
        for f in self.recs.forfeits:
            last = max(last, f.round)
        if self.recs.team_byes is not None:
            for r, t in enumerate(self.recs.team_byes.teams, start=1):
                if t:
                    last = max(last, r)
        return last

    def read(self, rounds: int) -> TeamFacts:
        histories: dict[int, list[RoundRecord]] = {t: [] for t in self.teams}
        pairings: dict[int, RoundPairing] = {}
        for rnd in range(1, rounds + 1):
            records, pairing = self.read_round(rnd)
            for tpn, rec in records.items():
                histories[tpn].append(rec)
            pairings[rnd] = pairing
        for rnd, (_, _, line) in sorted(self.recs.pab_values.items()):
            if rnd > rounds or pairings[rnd].bye is None:
                raise TrfError(f"engine-pab gives a value to round {rnd}, which had no PAB", line, 16)
        return TeamFacts(histories, pairings)

    def read_round(self, rnd: int) -> tuple[dict[int, RoundRecord], RoundPairing]:
        forfeits = self._forfeits(rnd)
        byes = {t: b.kind for b in self.recs.byes if b.round == rnd for t in b.ids}
        pab = self.pab_team(rnd)
        if pab and pab not in self.teams:
            raise TrfError(
                f"team {pab} has the PAB of round {rnd} but no 310 record", self.recs.team_byes.line, 15
            )
        pairing = RoundPairing(round=rnd, pairs=[], bye=pab or None)
        out: dict[int, RoundRecord] = {}
        played: dict[int, tuple[int, Colour | None, float]] = {}  # TPN -> opponent, colour, game points
        special = {*forfeits, pab, *(t for r, t in self.lineups if r == rnd)}
        quick = self._quick_round(rnd)
        for tpn in self.teams:
            match = None if tpn in special else quick.get(tpn) or self._quick_match(tpn, rnd)
            if match is None:
                self._read_team_round(tpn, rnd, forfeits, byes, pab, pairing, out, played)
            elif match is not False:
                opp, col, gp = played[tpn] = match
                if col is Colour.WHITE or (col is None and tpn < opp):
                    pairing.pairs.append(Pair(tpn, opp))
            else:
                out[tpn] = self._without_a_match(tpn, rnd, byes, pairing)
        s = self.scoring
        other_side: dict[int, tuple[Outcome, Outcome] | None] = {}
        for tpn, (opp, col, gp) in played.items():
            theirs = played.get(opp)
            if theirs is None or theirs[0] != tpn:
                raise TrfError(
                    f"inconsistent opponents: team {tpn}'s players meet team {opp}'s in round {rnd}, "
                    f"but team {opp}'s round {rnd} is not that match",
                    self.teams[tpn].line,
                    5,
                )
            if tpn in other_side:  # the match was looked at from the opponent's side
                unplayed = other_side.pop(tpn)
            else:
                unplayed = self._without_play(tpn, opp, rnd)
                other_side[opp] = unplayed and (unplayed[1], unplayed[0])
            if unplayed is not None:  # C.04.6 1.6.1: every board forfeited, the match not played
                mp = s.match_win if unplayed[0] is Outcome.FORFEIT_WIN else s.match_loss
                out[tpn] = RoundRecord(rnd, unplayed[0], opp, None, mp, gp)
                continue
            mp = s.match_win if gp > theirs[2] else s.match_draw if gp == theirs[2] else s.match_loss
            out[tpn] = RoundRecord(rnd, Outcome.PLAYED, opp, col, mp, gp)
        return {tpn: out[tpn] for tpn in self.teams}, pairing

    def _quick_round(self, rnd: int) -> dict[int, tuple[int, Colour, float]]:
        """The played matches of round ``rnd`` that _quick_match would read from the boards at once,
        for all the teams with the usual number of members together (each board a slice of the list):
        TPN -> (opponent, colour, game points). The other teams are left to _quick_match.
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

    def _quick_match(self, tpn: int, rnd: int):
        """A team's played match in ``rnd`` read without a line-up: (opponent, colour, game points);
        False when no member has a game; None when the round needs the checked reading (_read_team_round).
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

    def _read_team_round(self, tpn, rnd, forfeits, byes, pab, pairing, out, played) -> None:
        """One team's round, checked step by step (forfeits, PAB, line-ups, and every problem's message)."""
        boards = self.board_players(tpn, rnd)
        if tpn in forfeits:
            kind, opp, white = forfeits[tpn]
            gp = self._game_points(tpn, rnd, kind)
            mp = self.scoring.match_win if kind is Outcome.FORFEIT_WIN else self.scoring.match_loss
            out[tpn] = RoundRecord(rnd, kind, opp, None, mp, gp)
            if white:
                pairing.pairs.append(Pair(tpn, opp))
        elif tpn == pab:
            if any(b for b in boards):
                raise TrfError(
                    f"team {tpn} has the PAB of round {rnd} but its players have games",
                    self.recs.team_byes.line,
                    15,
                )
            out[tpn] = self.pab_record(rnd)
        elif any(boards):
            opp, col = self._match(tpn, rnd, boards)
            played[tpn] = (opp, col, sum(self.points.points(self.entry(n, rnd)) for n in boards if n))
            if col is Colour.WHITE or (col is None and tpn < opp):
                pairing.pairs.append(Pair(tpn, opp))
        else:
            out[tpn] = self._without_a_match(tpn, rnd, byes, pairing)

    def _without_a_match(
        self, tpn: int, rnd: int, byes: dict[int, str], pairing: RoundPairing
    ) -> RoundRecord:
        """The round of a team with no match in ``rnd``: its 240 bye, else the pairing-allocated bye its
        members' ``U`` give (set on ``pairing``), else absent.
        """
        if tpn in byes:
            return self.bye_record(rnd, byes[tpn])
        if self._members_have(tpn, rnd, "U"):
            pairing.bye = tpn
            return self.pab_record(rnd)
        return RoundRecord(rnd, Outcome.ABSENT)

    def _without_play(self, tpn: int, opp: int, rnd: int) -> tuple[Outcome, Outcome] | None:
        """(``tpn``'s, ``opp``'s) outcomes when no board of their match in ``rnd`` was played over
        the board (every board ``+``, ``-`` or left empty), else None (``engine.state.match_without_play``).
        """
        members = self.member_entries[tpn]
        if members and rnd <= len(members[0]):  # the usual case, at once: board 1 was played
            first = members[0][rnd - 1]
            if first.opponent and first.result not in "+-":
                return None
        won = []
        for team in (tpn, opp):
            won_a_board = False
            for number, _ in self.teams[team].members:
                e = self.entry(number, rnd) if number else None
                if e is None:
                    continue
                if e.opponent:
                    if e.result not in "+-":
                        return None  # a game over the board (a blank result: unfinished, being played)
                    won_a_board |= e.result == "+"
                elif e.result == "F":  # a board the other side left empty
                    won_a_board = True
            won.append(won_a_board)
        return match_without_play(*won)

    def bye_record(self, rnd: int, kind: str) -> RoundRecord:
        """A 240 bye: F as a won match, H as a drawn one, Z nothing."""
        s, p = self.scoring, self.points
        mp, gp = {
            "H": (s.match_draw, self.boards * p.draw),
            "F": (s.match_win, self.boards * p.win),
            "Z": (0.0, 0.0),
        }[kind]
        return RoundRecord(rnd, BYE_OUTCOMES[kind], None, None, mp, gp)

    def _members_have(self, tpn: int, rnd: int, code: str) -> bool:
        entries = [self.entry(n, rnd) for n, _ in self.teams[tpn].members]
        return any(e is not None and e.result == code for e in entries)

    def _forfeits(self, rnd: int) -> dict[int, tuple[Outcome, int, bool]]:
        out: dict[int, tuple[Outcome, int, bool]] = {}
        for f in self.recs.forfeits:
            if f.round != rnd:
                continue
            for tpn, col in ((f.white, 12), (f.black, 16)):
                if tpn not in self.teams:
                    raise TrfError(
                        f"forfeited match names team {tpn}, which no 310 record defines", f.line, col
                    )
                if tpn in out:
                    raise TrfError(f"team {tpn} has two matches in round {rnd}", f.line, col)
            w, b = {
                "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
                "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
                "--": (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
            }[f.kind]
            out[f.white] = (w, f.black, True)
            out[f.black] = (b, f.white, False)
        return out

    def _game_points(self, tpn: int, rnd: int, kind: Outcome) -> float:
        """A forfeited match's game points: its players' points, else all or nothing."""
        entries = [self.entry(n, rnd) for n, _ in self.teams[tpn].members]
        entries = [e for e in entries if e is not None and (e.opponent or e.result != " ")]
        if entries:
            return sum(self.points.points(e) for e in entries)
        return self.boards * self.points.win if kind is Outcome.FORFEIT_WIN else 0.0

    def _match(self, tpn: int, rnd: int, boards: list[int]) -> tuple[int, Colour | None]:
        """The opponent team and the team's colour (its first board's, C.04.6 1.6.1)."""
        opp = None
        team_colour = None
        for board, number in enumerate(boards):
            if not number:
                continue
            e = self.entry(number, rnd)
            line = self.players[number].line
            if self.is_empty_board_win(number, rnd):
                continue
            if e is None or not e.opponent:
                lineup = self.lineups[(rnd, tpn)]
                raise TrfError(
                    f"line-up player {number} has no game in round {rnd}", lineup.line, 17 + 5 * board
                )
            theirs = self.team_of.get(e.opponent)
            if theirs is None:
                raise TrfError(
                    f"player {number}'s round {rnd} opponent {e.opponent} belongs to no team", line, e.column
                )
            if theirs == tpn:
                raise TrfError(f"player {number} plays a team-mate in round {rnd}", line, e.column)
            if opp is not None and theirs != opp:
                raise TrfError(
                    f"inconsistent opponents: team {tpn}'s players face teams {opp} and {theirs} in round {rnd}",
                    line,
                    e.column,
                )
            opp = theirs
            if team_colour is None:
                if board >= len(self.sequence):
                    raise TrfError(
                        f"team {tpn} fields more boards than the colour sequence has ({len(self.sequence)})",
                        line,
                        e.column,
                    )
                c = colour(e)
                if c is not None:
                    same = self.sequence[board] == self.sequence[0]
                    team_colour = c if same else c.opposite
        if opp is None:
            lineup = self.lineups[(rnd, tpn)]
            raise TrfError(
                f"team {tpn}'s line-up in round {rnd} has no game with an opponent", lineup.line, 17
            )
        return opp, team_colour
