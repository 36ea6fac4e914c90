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

The reading has three layers: ``engine.trf.team_records`` (what the team
records say), ``engine.trf.team_boards`` (the usual played match, read from
the boards at once) and :class:`TeamReader` here (every round, the ones the
boards cannot tell checked step by step, with each problem's line and column).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.result import Pair, RoundPairing
from engine.state import Colour, Outcome, RoundRecord, match_without_play
from engine.trf.errors import TrfError
from engine.trf.games import colour
from engine.trf.team_boards import TeamBoards


@dataclass
class TeamFacts:
    histories: dict[int, list[RoundRecord]]
    pairings: dict[int, RoundPairing]  # the pairing each round actually had


class TeamReader(TeamBoards):
    """Every team's rounds (the layers below: ``TeamRecords`` reads the team records, ``TeamBoards``
    the usual played match from the boards at once; this class checks the rest step by step).
    """

    def rounds_played(self) -> int:
        """The last round with a game or a ``U`` in a member's ``001`` record, a ``330`` or a ``320`` team."""
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
        """Rounds 1 to ``rounds`` of every team, and the pairing each round had (an ``### engine-pab``
        line of a round without a PAB is refused)."""
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
        """Every team's round ``rnd`` (TPN -> record, in the ``310`` records' order) and its pairing."""
        forfeits = self.forfeits(rnd)
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
        quick = self.quick_round(rnd)
        for tpn in self.teams:
            match = None if tpn in special else quick.get(tpn) or self.quick_match(tpn, rnd)
            if match is None:
                self.read_team_round(tpn, rnd, forfeits, byes, pab, pairing, out, played)
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

    def read_team_round(self, tpn, rnd, forfeits, byes, pab, pairing, out, played) -> None:
        """One team's round, checked step by step (forfeits, PAB, line-ups, and every problem's message)."""
        boards = self.board_players(tpn, rnd)
        if tpn in forfeits:
            kind, opp, white = forfeits[tpn]
            gp = self.forfeit_game_points(tpn, rnd, kind)
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
        if self.members_have(tpn, rnd, "U"):
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
