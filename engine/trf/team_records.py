"""What a team file's team records say, round by round (TRF-2026 records 310, 300, 320, 330, 240).

:class:`TeamRecords` is the first layer of the team reader
(``engine.trf.teams``): the teams (``310``) and who plays for them, the
line-ups out of the fixed order (``300``, checked against the rosters), the
pairing-allocated bye of each round (``320``, or its round's ``### engine-pab``
line; by default the points of a drawn match, C.04.6 1.4), the forfeited
matches (``330``: no colour, C.04.6 1.6.1) and the other byes (``240``: ``F`` a
won match, ``H`` a drawn one, ``Z`` nothing). See docs/engine-cli.md, "A team's
round".
"""

from __future__ import annotations

from engine.state import Outcome, RoundRecord, Scoring
from engine.trf.errors import TrfError
from engine.trf.games import GamePoints
from engine.trf.record_types import Entry, Lineup, PlayerLine, TeamLine, TrfRecords
from engine.trf.rosters import team_membership

BYE_OUTCOMES = {"H": Outcome.HALF_POINT_BYE, "F": Outcome.FULL_POINT_BYE, "Z": Outcome.ZERO_POINT_BYE}
#: A ``330`` record's code -> the outcomes of its (White, Black) teams.
FORFEIT_OUTCOMES = {
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    "--": (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
}


class TeamRecords:
    """A team file's records for the teams: 310 rosters, 300 line-ups, 320 PAB, 330 forfeits, 240 byes."""

    def __init__(
        self,
        recs: TrfRecords,
        players: dict[int, PlayerLine],
        points: GamePoints,
        scoring: Scoring,
        boards: int,
    ) -> None:
        self.recs, self.players, self.points, self.scoring = recs, players, points, scoring
        self.boards = boards
        self.teams: dict[int, TeamLine] = {t.tpn: t for t in recs.teams}
        self.team_of = team_membership(recs.teams, players)
        self.lineups = {(lu.round, lu.team): lu for lu in recs.lineups}
        for lu in recs.lineups:
            self._check_lineup(lu)

    def entry(self, number: int, rnd: int) -> Entry | None:
        """Player ``number``'s round ``rnd`` in its ``001`` record (None: the record stops before it)."""
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

    def _check_lineup(self, lu: Lineup) -> None:
        if lu.team not in self.teams:
            raise TrfError(f"line-up of team {lu.team}, which no 310 record defines", lu.line, 9)
        for number in lu.players:
            if number and self.team_of.get(number) != lu.team:
                raise TrfError(f"line-up player {number} is not a member of team {lu.team}", lu.line, 17)

    # -- the pairing-allocated bye (320) and the other byes (240) ----------------
    def pab_team(self, rnd: int) -> int:
        """The team the ``320`` record gives the PAB of round ``rnd`` (0: none)."""
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

    def bye_record(self, rnd: int, kind: str) -> RoundRecord:
        """A 240 bye: F as a won match, H as a drawn one, Z nothing."""
        s, p = self.scoring, self.points
        mp, gp = {
            "H": (s.match_draw, self.boards * p.draw),
            "F": (s.match_win, self.boards * p.win),
            "Z": (0.0, 0.0),
        }[kind]
        return RoundRecord(rnd, BYE_OUTCOMES[kind], None, None, mp, gp)

    def members_have(self, tpn: int, rnd: int, code: str) -> bool:
        """Whether a member of team ``tpn`` has result ``code`` in round ``rnd``."""
        entries = [self.entry(n, rnd) for n, _ in self.teams[tpn].members]
        return any(e is not None and e.result == code for e in entries)

    # -- forfeited matches (330) ---------------------------------------------------
    def forfeits(self, rnd: int) -> dict[int, tuple[Outcome, int, bool]]:
        """Round ``rnd``'s ``330`` records: TPN -> (its outcome, the opponent, whether it is written White)."""
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
            w, b = FORFEIT_OUTCOMES[f.kind]
            out[f.white] = (w, f.black, True)
            out[f.black] = (b, f.white, False)
        return out

    def forfeit_game_points(self, tpn: int, rnd: int, kind: Outcome) -> float:
        """A forfeited match's game points: its players' points, else all or nothing."""
        entries = [self.entry(n, rnd) for n, _ in self.teams[tpn].members]
        entries = [e for e in entries if e is not None and (e.opponent or e.result != " ")]
        if entries:
            return sum(self.points.points(e) for e in entries)
        return self.boards * self.points.win if kind is Outcome.FORFEIT_WIN else 0.0
