"""Write a TournamentState as TRF-2026 text, and a pairing in the JaVaFo format.

:func:`write` produces a file :func:`engine.trf.read` reads back to an equal
state. Team events need player-level results for their ``001`` records: pass
them as ``games`` (player number -> one ``(opponent, colour, result)`` per
round, TRF codes); without them, each match's game points are spread over
the boards (wins first, then draws, then losses), which keeps every total.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from engine.result import Pair, RoundPairing
from engine.state import Colour, Outcome, Participant, Player, RoundRecord, TournamentState
from engine.trf import extension, participation
from engine.trf.errors import (
    MAX_PLAYER_NUMBER,
    MAX_TEAMS,
    PLAYER_LIMIT,
    TEAM_LIMIT,
    SizeLimitExceeded,
    TrfError,
)
from engine.trf.games import OPPOSITE, GamePoints
from engine.trf.tournament_type import format_type

Game = tuple[int, str, str]  # opponent (0 = none), colour "w"/"b"/"-", TRF result code

BYE_CODES = {
    Outcome.PAIRING_ALLOCATED_BYE: "U",
    Outcome.HALF_POINT_BYE: "H",
    Outcome.FULL_POINT_BYE: "F",
    Outcome.ZERO_POINT_BYE: "Z",
    Outcome.ABSENT: " ",
}
NO_GAME: Game = (0, "-", " ")


def format_pairs(pairing: RoundPairing) -> str:
    """JaVaFo / bbpPairings output: the number of pairs, then ``white black`` by board; a PAB is ``n 0``."""
    lines = [f"{p.white} {p.black}" for p in pairing.pairs]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "".join(f"{line}\n" for line in [str(len(lines)), *lines])


def parse_pairs(text: str) -> RoundPairing:
    """Read :func:`format_pairs` output back (round number unknown: 0); ``TrfError`` if malformed."""
    rows = [line.split() for line in text.strip().splitlines()]
    if not rows or len(rows[0]) != 1 or not rows[0][0].isdigit():
        raise TrfError("the first line must be the number of pairs", 1, 1)
    count = int(rows[0][0])
    if len(rows) != count + 1:
        raise TrfError(f"the first line announces {count} pairs, but {len(rows) - 1} follow", 1, 1)
    pairing = RoundPairing(round=0, pairs=[])
    for no, row in enumerate(rows[1:], start=2):
        if len(row) != 2 or not all(x.isdigit() for x in row):
            raise TrfError("expected 'white black' (two numbers)", no, 1)
        white, black = int(row[0]), int(row[1])
        if black == 0:
            pairing.bye = white
        else:
            pairing.pairs.append(Pair(white, black))
    return pairing


# -- fields -------------------------------------------------------------------


class _Line:
    def __init__(self, code: str) -> None:
        self.buf: list[str] = list(code)

    def put(self, col: int, text: str) -> _Line:
        end = col - 1 + len(text)
        if len(self.buf) < end:
            self.buf.extend(" " * (end - len(self.buf)))
        self.buf[col - 1 : end] = list(text)
        return self

    def __str__(self) -> str:
        return "".join(self.buf).rstrip()


def _num(value: float, width: int) -> str:
    return f"{value:>{width}.1f}"


def _strength(value: float) -> str:
    if value == int(value):
        return f"{int(value):>6}"
    for digits in (2, 1):
        text = f"{value:.{digits}f}"
        if len(text) <= 6 and float(text) == value:
            return f"{text:>6}"
    return f"{round(value):>6}"


def _player_line(p: Player, points: float, rank: int, games: Sequence[Game]) -> str:
    line = _Line("001").put(5, f"{p.number:>4}").put(10, p.sex[:1] or " ").put(11, f"{p.title:<3}"[:3])
    line.put(15, p.name[:33]).put(49, f"{p.rating:>4}" if p.rating else "    ").put(54, p.federation[:3])
    line.put(58, f"{p.fide_id:>11}"[:11]).put(70, p.birth_date[:10]).put(81, _num(points, 4))
    line.put(86, f"{rank:>4}")
    for i, (opp, colour, result) in enumerate(games):
        col = 92 + 10 * i
        line.put(col, f"{opp:04d}" if not opp else f"{opp:>4}").put(col + 5, colour).put(col + 7, result)
    return str(line)


def _ranks(state: TournamentState) -> dict[int, int]:
    s = state.scoring
    order = sorted(state.participants, key=lambda p: (-p.score(s.primary), -p.score(s.secondary), p.tpn))
    return {p.tpn: i for i, p in enumerate(order, start=1)}


# -- header -------------------------------------------------------------------


def _header(state: TournamentState, **extra) -> list[str]:
    s = state.scoring
    out = [f"012 {state.name}".rstrip(), f"142 {state.rounds_total}"]
    out.append(f"152 {'W' if state.initial_colour is Colour.WHITE else 'B'}")
    game = [("W", s.game_win), ("D", s.game_draw), ("L", s.game_loss)]
    if not state.team:
        game.append(("P", s.bye_game_points if s.bye_game_points is not None else s.game_win))
    line = _Line("162")
    for i, (code, pts) in enumerate(game):
        line.put(6 + 9 * i, code).put(7 + 9 * i, _num(pts, 4))
    out.append(str(line))
    ttype = format_type(
        state.system, state.colour_preferences, s.primary, s.secondary_for_colours, state.options
    )
    out.append(f"192 {ttype}")
    out += extension.lines(state, **extra)
    if state.team:
        out.append(f"352 {state.board_colour_sequence}")
        line = _Line("362")
        for i, (code, pts) in enumerate((("TW", s.match_win), ("TD", s.match_draw), ("TL", s.match_loss))):
            line.put(5 + 9 * i, code).put(7 + 9 * i, _num(pts, 4))
        out.append(str(line))
    return out


def _forbidden(state: TournamentState) -> list[str]:
    """Record 260 for the forbidden pairs, in force from round 1 to the last round."""
    last = max(state.rounds_total, state.next_round)
    pairs = sorted(tuple(sorted(p)) for p in state.forbidden_pairs)
    return [f"260 001 {last:03d} {a:>4} {b:>4}" for a, b in pairs]


# -- individuals --------------------------------------------------------------


def _individual_game(state: TournamentState, p: Participant, rec: RoundRecord) -> Game:
    s = state.scoring
    if rec.outcome is Outcome.PLAYED:
        pts = rec.game_points
        code = "1" if pts == s.game_win else "=" if pts == s.game_draw else "0"
        return (rec.opponent or 0, rec.colour.value if rec.colour else "-", code)
    if rec.outcome is Outcome.FORFEIT_WIN:
        return (rec.opponent or 0, "-", "+")
    if rec.outcome in (Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT):
        return (rec.opponent or 0, "-", "-")
    return (0, "-", BYE_CODES[rec.outcome])


def _write_individuals(state: TournamentState, given: Mapping[int, Sequence[Game]] | None) -> list[str]:
    ranks = _ranks(state)
    out = []
    for p in sorted(state.participants, key=lambda p: p.tpn):
        player = p.roster[0] if p.roster else Player(p.tpn, p.name, int(p.rating), federation=p.federation)
        if given is not None and p.tpn in given:
            games = list(given[p.tpn])[: state.rounds_played]
        else:
            games = [_individual_game(state, p, rec) for rec in p.history]
        if p.tpn in state.unavailable:
            games.append((0, "-", "Z"))
        out.append(_player_line(player, p.game_points, ranks[p.tpn], games))
    return out


# -- teams --------------------------------------------------------------------


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


def _write_teams(
    state: TournamentState,
    games: Mapping[int, Sequence[Game]] | None,
    lineups: Mapping[tuple[int, int], Sequence[int]],
    later: Mapping[int, set[int]],
) -> list[str]:
    games = games if games is not None else _synthesised_games(state)
    team_ranks = _ranks(state)
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
        out.append(_player_line(pl, points(g), player_ranks[pl.number], g))
    for p in sorted(state.participants, key=lambda p: p.tpn):
        line = _Line("310").put(5, f"{p.tpn:>3}").put(9, p.name[:32]).put(42, p.federation[:5])
        line.put(48, _strength(p.rating)).put(55, _num(p.match_points, 6)).put(62, _num(p.game_points, 6))
        line.put(69, f"{team_ranks[p.tpn]:>3}")
        for i, pl in enumerate(p.roster):
            line.put(74 + 5 * i, f"{pl.number:>4}")
        out.append(str(line))
    for (rnd, tpn), numbers in sorted(lineups.items()):
        opp = state.by_tpn[tpn].history[rnd - 1].opponent or 0
        line = _Line("300").put(5, f"{rnd:03d}").put(9, f"{tpn:>3}").put(13, f"{opp:>3}")
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
        line = _Line("320").put(5, _num(mp, 4)).put(10, _num(gp, 4))
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
    return out + _bye_lines(byes)


def _bye_lines(byes: Mapping[tuple[str, int], Sequence[int]]) -> list[str]:
    out = []
    for (code, r), ids in sorted(byes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        line = _Line("240").put(5, code).put(7, f"{r:03d}")
        for i, tpn in enumerate(sorted(ids)):
            line.put(11 + 5 * i, f"{tpn:>4}")
        out.append(str(line))
    return out


def _check_numbers(state: TournamentState) -> None:
    """Refuse a state whose numbers TRF-2026 has no columns for (``SizeLimitExceeded``): a file
    with them would be one no reader, this one included, can read (docs/engine-cli.md)."""
    if state.team:
        teams = [p.tpn for p in state.participants if p.tpn > MAX_TEAMS]
        if teams:
            raise SizeLimitExceeded(f"team pairing number {max(teams)} cannot be written: {TEAM_LIMIT}")
        numbers = [pl.number for p in state.participants for pl in p.roster]
    else:
        numbers = [p.tpn for p in state.participants]
    wrong = [n for n in numbers if n > MAX_PLAYER_NUMBER]
    if wrong:
        raise SizeLimitExceeded(f"player number {max(wrong)} cannot be written: {PLAYER_LIMIT}")


def write(
    state: TournamentState,
    games: Mapping[int, Sequence[Game]] | None = None,
    lineups: Mapping[tuple[int, int], Sequence[int]] | None = None,
    *,
    withdrawals: Mapping[int, int] | None = None,
    absences: Mapping[int, Collection[int]] | None = None,
    tiebreaks: Sequence[str] = (),
    event_settings: Mapping[str, object] | None = None,
) -> str:
    """The TRF-2026 text of ``state`` (see the module docstring for ``games``).

    ``lineups`` maps (round, TPN) to the players by board when a team played
    out of its roster order (record 300; 0 = empty board). ``withdrawals``
    maps a TPN to the first round it is not paired in (``### engine-withdrawn``
    and ``240 Z`` for each round from the one to be paired); ``absences``
    maps a later round to the TPNs announced absent in it (``240 Z``; the
    round to be paired is ``state.unavailable``); ``tiebreaks`` is the
    event's tie-break list (``### engine-tiebreaks``) and ``event_settings``
    the event's settings the engine does not use (``### engine-event``).
    """
    _check_numbers(state)
    out_by_next = {
        t for t, r in participation.withdrawal_rounds(state, withdrawals).items() if r <= state.next_round
    }
    state = replace(state, unavailable=state.unavailable | out_by_next)  # withdrawn: not paired (240 Z)
    later = participation.later_absences(state, withdrawals, absences)
    lines = [
        "### TRF-2026 written by the pairing engine",
        *_header(state, withdrawals=withdrawals, tiebreaks=tiebreaks, event_settings=event_settings),
    ]
    if state.team:
        lines += _write_teams(state, games, lineups or {}, later)
    else:
        lines += _write_individuals(state, games)
        lines += _bye_lines({("Z", r): sorted(ids) for r, ids in later.items()})
    lines += _forbidden(state)
    return "\n".join(lines) + "\n"
