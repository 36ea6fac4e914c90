"""Team histories from a TRF-2026 file's player records (C.04.6 1.4, 1.6.1).

A team's round is read from its players' ``001`` round fields: its opponent
is the team of its board players' opponents, its colour the colour its first
board was scheduled to have (C.04.6 1.6.1), its game points the sum of its
players' points and its match points come from comparing game points under
record 362. Records ``330`` (forfeited matches), ``320`` (pairing-allocated
byes), ``240`` (other byes) and ``300`` (line-ups out of the fixed order)
take precedence over what the player records say. A member with ``F`` and no
opponent in a round where the team has games is a board player who won a
board the other side left empty (docs/engine-cli.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.result import Pair, RoundPairing
from engine.state import Colour, Outcome, RoundRecord, Scoring
from engine.trf.errors import TrfError
from engine.trf.games import GamePoints, colour
from engine.trf.records import Entry, PlayerLine, TeamLine, TrfRecords

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

    # -- rounds -------------------------------------------------------------
    def rounds_played(self) -> int:
        last = 0
        for number in self.team_of:
            for r, e in enumerate(self.players[number].entries, start=1):
                if e.opponent or e.result == "U":
                    last = max(last, r)
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
        gps: dict[int, float] = {}
        for tpn in self.teams:
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
                mp, gp = self.pab_points(rnd)
                out[tpn] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp)
            elif any(boards):
                opp, col = self._match(tpn, rnd, boards)
                gps[tpn] = sum(self.points.points(self.entry(n, rnd)) for n in boards if n)
                out[tpn] = RoundRecord(rnd, Outcome.PLAYED, opp, col)
                if col is Colour.WHITE or (col is None and tpn < opp):
                    pairing.pairs.append(Pair(tpn, opp))
            elif tpn in byes:
                out[tpn] = self.bye_record(rnd, byes[tpn])
            elif self._members_have(tpn, rnd, "U"):
                mp, gp = self.pab_points(rnd)
                out[tpn] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp)
                pairing.bye = tpn
            else:
                out[tpn] = RoundRecord(rnd, Outcome.ABSENT)
        s = self.scoring
        for tpn, gp in gps.items():
            rec = out[tpn]
            if rec.opponent not in gps or out[rec.opponent].opponent != tpn:
                raise TrfError(
                    f"inconsistent opponents: team {tpn}'s players meet team {rec.opponent}'s in round {rnd}, "
                    f"but team {rec.opponent}'s round {rnd} is not that match",
                    self.teams[tpn].line,
                    5,
                )
            theirs = gps[rec.opponent]
            mp = s.match_win if gp > theirs else s.match_draw if gp == theirs else s.match_loss
            out[tpn] = RoundRecord(rnd, rec.outcome, rec.opponent, rec.colour, mp, gp)
        return out, pairing

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


def team_membership(teams: list[TeamLine], players: dict[int, PlayerLine]) -> dict[int, int]:
    """Player number -> TPN, refusing a player in two teams or one without a 001 record."""
    out: dict[int, int] = {}
    seen: dict[int, TeamLine] = {}
    for t in teams:
        if t.tpn in seen:
            raise TrfError(f"two teams have TPN {t.tpn} (lines {seen[t.tpn].line} and {t.line})", t.line, 5)
        seen[t.tpn] = t
        for number, col in t.members:
            if number not in players:
                raise TrfError(f"team member {number} is not defined by a 001 record", t.line, col)
            if number in out:
                raise TrfError(f"player {number} is in two teams ({out[number]} and {t.tpn})", t.line, col)
            out[number] = t.tpn
    return out


def infer_boards(recs: TrfRecords, team_of: dict[int, int], players: dict[int, PlayerLine]) -> int:
    """The number of boards when no 352 record gives it: the most boards any team fielded."""
    most = max((len(lu.players) for lu in recs.lineups), default=0)
    counts: dict[tuple[int, int], int] = {}
    for number, tpn in team_of.items():
        for r, e in enumerate(players[number].entries, start=1):
            if e.opponent:
                counts[(r, tpn)] = counts.get((r, tpn), 0) + 1
    most = max([most, *counts.values()])
    if most:
        return most
    sizes = [len(t.members) for t in recs.teams if t.members]
    return min(sizes) if sizes else 4
