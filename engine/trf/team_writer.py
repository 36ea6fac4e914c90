"""The records of a team file as the writer writes them (TRF-2026 records 001, 310, 300, 320, 330, 240).

A team event is written player by player (``001``, one game a round), then
team by team (``310``: name, strength, match and game points, rank, roster),
with a ``300`` line-up for each round a team played out of its roster order,
a ``320`` record for the pairing-allocated byes (C.04.6 1.4), a ``330`` for
each forfeited match (C.04.6 1.6.1) and ``240`` records for the other byes and
the announced absences. Without player-level results (``games``), each
match's game points are spread over the boards (wins first, then draws, then
losses), which keeps every total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from engine.state import Colour, Outcome, TournamentState
from engine.trf.fields import (
    BYE_CODES,
    NO_GAME,
    Game,
    Line,
    bye_lines,
    player_line,
    points_field,
    ranks_by_tpn,
    strength_field,
)
from engine.trf.games import OPPOSITE, GamePoints


def _board_results(state: TournamentState, mine: float, theirs: float, boards: int) -> list[str]:
    """Board results (TRF codes) giving ``mine`` game points and the opponent ``theirs``: as few draws as can be."""
    s = state.scoring
    for w in range(boards, -1, -1):
        for d in range(boards - w + 1):
            loss = boards - w - d
            if (
                abs(w * s.game_win + d * s.game_draw + loss * s.game_loss - mine) < 1e-9
                and abs(loss * s.game_win + d * s.game_draw + w * s.game_loss - theirs) < 1e-9
            ):
                return ["1"] * w + ["="] * d + ["0"] * loss
    raise ValueError(f"game points {mine:g}-{theirs:g} cannot be spread over {boards} boards; pass the games")


def _synthesised_games(state: TournamentState) -> dict[int, list[Game]]:
    """Player-level results built from the team records (see the module docstring)."""
    seq = state.board_colour_sequence
    out: dict[int, list[Game]] = {pl.number: [] for p in state.participants for pl in p.roster}
    for rnd in range(1, state.rounds_played + 1):
        done: set[int] = set()
        for p in sorted(state.participants, key=lambda p: p.tpn):
            rec = p.history[rnd - 1]
            if rec.opponent is None or p.tpn in done:
                continue
            opp = state.by_tpn[rec.opponent]
            theirs = opp.history[rnd - 1]
            done.update((p.tpn, opp.tpn))
            if rec.outcome is Outcome.PLAYED:
                mine = _board_results(state, rec.game_points, theirs.game_points, state.boards)
                first = rec.colour or Colour.WHITE
            else:
                code = {Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "-", Outcome.DOUBLE_FORFEIT: "-"}
                mine = [code[rec.outcome]] * state.boards
                first = Colour.WHITE if rec.outcome is not Outcome.FORFEIT_LOSS else Colour.BLACK
            for board in range(min(state.boards, len(p.roster), len(opp.roster))):
                a, b = p.roster[board].number, opp.roster[board].number
                colour = first if seq[board] == seq[0] else first.opposite
                result = mine[board]
                theirs_code = "-" if rec.outcome is Outcome.DOUBLE_FORFEIT else OPPOSITE[result]
                out[a].append((b, colour.value, result))
                out[b].append((a, colour.opposite.value, theirs_code))
        for pl_games in out.values():
            if len(pl_games) < rnd:
                pl_games.append(NO_GAME)
    return out


def write_teams(
    state: TournamentState,
    games: Mapping[int, Sequence[Game]] | None,
    lineups: Mapping[tuple[int, int], Sequence[int]],
    later: Mapping[int, set[int]],
) -> list[str]:
    """The records after a team file's header: ``001`` by player number, ``310`` by TPN, the ``300``
    line-ups (``lineups``: (round, TPN) -> players by board), then ``_team_round_records``'s."""
    games = games if games is not None else _synthesised_games(state)
    team_ranks = ranks_by_tpn(state)
    out: list[str] = []
    players = sorted((pl for p in state.participants for pl in p.roster), key=lambda pl: pl.number)
    points = _points(state)
    player_ranks = {
        pl.number: i
        for i, pl in enumerate(
            sorted(players, key=lambda pl: (-points(games.get(pl.number, ())), pl.number)), 1
        )
    }
    for pl in players:
        g = list(games.get(pl.number, ()))
        out.append(player_line(pl, points(g), player_ranks[pl.number], g))
    for p in sorted(state.participants, key=lambda p: p.tpn):
        line = Line("310").put(5, f"{p.tpn:>3}").put(9, p.name[:32]).put(42, p.federation[:5])
        line.put(48, strength_field(p.rating)).put(55, points_field(p.match_points, 6))
        line.put(62, points_field(p.game_points, 6)).put(69, f"{team_ranks[p.tpn]:>3}")
        for i, pl in enumerate(p.roster):
            line.put(74 + 5 * i, f"{pl.number:>4}")
        out.append(str(line))
    for (rnd, tpn), numbers in sorted(lineups.items()):
        opp = state.by_tpn[tpn].history[rnd - 1].opponent or 0
        line = Line("300").put(5, f"{rnd:03d}").put(9, f"{tpn:>3}").put(13, f"{opp:>3}")
        for i, n in enumerate(numbers):
            line.put(17 + 5 * i, f"{n:04d}" if not n else f"{n:>4}")
        out.append(str(line))
    out += _team_round_records(state, games, later)
    return out


def _points(state: TournamentState):
    """A player's total under the 162 record the writer writes (a team file's has no P: a PAB is a win)."""
    gp = GamePoints.from_scoring(state.scoring)
    if state.team:
        gp = replace(gp, bye=gp.win)

    def total(games: Sequence[Game]) -> float:
        return sum(gp.code_points(result, opp, unfinished_as_draw=False) for opp, _, result in games)

    return total


def _had_white(
    state: TournamentState, games: Mapping[int, Sequence[Game]], tpn: int, rnd: int
) -> bool | None:
    """Whether team ``tpn``'s first board that had a game in ``rnd`` was White (None: no board had one)."""
    seq = state.board_colour_sequence
    board = 0
    for pl in state.by_tpn[tpn].roster:
        g = games.get(pl.number, ())
        if rnd <= len(g) and g[rnd - 1][0]:
            if g[rnd - 1][1] in ("w", "b") and board < len(seq):
                white = g[rnd - 1][1] == "w"
                return white if seq[board] == seq[0] else not white
            board += 1
    return None


def _team_round_records(
    state: TournamentState, games: Mapping[int, Sequence[Game]], later: Mapping[int, set[int]]
) -> list[str]:
    """``320`` (the PAB of each round and its points, C.04.6 1.4), ``330`` (a forfeited match, its White
    team the one whose first board with a game was White), ``240`` (the other byes, the absences of the
    round to be paired and of ``later`` rounds)."""
    out: list[str] = []
    rounds = range(1, state.rounds_played + 1)
    pab = {
        r: p.tpn
        for p in state.participants
        for r in rounds
        if p.history[r - 1].outcome is Outcome.PAIRING_ALLOCATED_BYE
    }
    s = state.scoring
    if pab or s.bye_match_points is not None or s.bye_game_points is not None:
        mp, gp = s.pab_points(state.boards)
        line = Line("320").put(5, points_field(mp, 4)).put(10, points_field(gp, 4))
        for r in rounds:
            line.put(15 + 4 * (r - 1), f"{pab.get(r, 0):03d}")
        out.append(str(line))
    for r in rounds:
        for p in sorted(state.participants, key=lambda p: p.tpn):
            rec = p.history[r - 1]
            if rec.outcome not in (Outcome.FORFEIT_WIN, Outcome.DOUBLE_FORFEIT):
                continue
            white = _had_white(state, games, p.tpn, r)
            if white is None:  # no board says: the winner (or the lower TPN) is written as White
                white = rec.outcome is Outcome.FORFEIT_WIN or p.tpn < (rec.opponent or 0)
            if rec.outcome is Outcome.DOUBLE_FORFEIT:
                if white:
                    out.append(f"330 -- {r:03d} {p.tpn:>3} {rec.opponent:>3}")
            elif white:
                out.append(f"330 +- {r:03d} {p.tpn:>3} {rec.opponent:>3}")
            else:
                out.append(f"330 -+ {r:03d} {rec.opponent:>3} {p.tpn:>3}")
    byes: dict[tuple[str, int], list[int]] = {}
    for r in rounds:
        for p in state.participants:
            code = BYE_CODES.get(p.history[r - 1].outcome, " ")
            if code in ("H", "F", "Z"):
                byes.setdefault((code, r), []).append(p.tpn)
    if state.unavailable:
        byes.setdefault(("Z", state.next_round), []).extend(state.unavailable)
    for r, ids in later.items():
        byes.setdefault(("Z", r), []).extend(ids)
    return out + bye_lines(byes)
