"""Write a TournamentState as TRF-2026 text (FIDE TRF-2026, annex to C.02.03).

:func:`write` produces a file :func:`engine.trf.read` reads back to an equal
state: the header (``012``, ``142``, ``152``, ``162``, ``192``, the project's
``###`` extension lines, and for teams ``352`` and ``362``), the ``001``
records (for teams, with the team records of ``engine.trf.team_writer``),
then the forbidden pairs (``260``). Team events need player-level results for
their ``001`` records: pass them as ``games`` (player number -> one
``(opponent, colour, result)`` per round, TRF codes); without them, each
match's game points are spread over the boards (wins first, then draws, then
losses), which keeps every total. A pairing in the JaVaFo format is
``engine.trf.pairs``'s.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from engine.state import Colour, Outcome, Participant, Player, RoundRecord, TournamentState
from engine.trf import extension, participation
from engine.trf.errors import (
    MAX_PLAYER_NUMBER,
    MAX_TEAMS,
    PLAYER_LIMIT,
    TEAM_LIMIT,
    SizeLimitExceeded,
)
from engine.trf.fields import BYE_CODES, Game, Line, bye_lines, player_line, points_field, ranks_by_tpn
from engine.trf.team_writer import write_teams
from engine.trf.tournament_type import format_type

# -- header -------------------------------------------------------------------


def _header(state: TournamentState, **extra) -> list[str]:
    """012, 142, 152, 162 (with P for the individual PAB), 192, the extension lines, and 352 / 362 for teams."""
    s = state.scoring
    out = [f"012 {state.name}".rstrip(), f"142 {state.rounds_total}"]
    out.append(f"152 {'W' if state.initial_colour is Colour.WHITE else 'B'}")
    game = [("W", s.game_win), ("D", s.game_draw), ("L", s.game_loss)]
    if not state.team:
        game.append(("P", s.bye_game_points if s.bye_game_points is not None else s.game_win))
    line = Line("162")
    for i, (code, pts) in enumerate(game):
        line.put(6 + 9 * i, code).put(7 + 9 * i, points_field(pts, 4))
    out.append(str(line))
    ttype = format_type(
        state.system, state.colour_preferences, s.primary, s.secondary_for_colours, state.options
    )
    out.append(f"192 {ttype}")
    out += extension.lines(state, **extra)
    if state.team:
        out.append(f"352 {state.board_colour_sequence}")
        line = Line("362")
        for i, (code, pts) in enumerate((("TW", s.match_win), ("TD", s.match_draw), ("TL", s.match_loss))):
            line.put(5 + 9 * i, code).put(7 + 9 * i, points_field(pts, 4))
        out.append(str(line))
    return out


def _forbidden(state: TournamentState) -> list[str]:
    """Record 260 for the forbidden pairs, in force from round 1 to the last round."""
    last = max(state.rounds_total, state.next_round)
    pairs = sorted(tuple(sorted(p)) for p in state.forbidden_pairs)
    return [f"260 001 {last:03d} {a:>4} {b:>4}" for a, b in pairs]


# -- individuals --------------------------------------------------------------


def _individual_game(state: TournamentState, p: Participant, rec: RoundRecord) -> Game:
    """A player's round as its ``001`` record writes it (opponent, colour, result code)."""
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
    """One ``001`` record a player, by TPN; the round to be paired is ``Z`` for the unavailable."""
    ranks = ranks_by_tpn(state)
    out = []
    for p in sorted(state.participants, key=lambda p: p.tpn):
        player = p.roster[0] if p.roster else Player(p.tpn, p.name, int(p.rating), federation=p.federation)
        if given is not None and p.tpn in given:
            games = list(given[p.tpn])[: state.rounds_played]
        else:
            games = [_individual_game(state, p, rec) for rec in p.history]
        if p.tpn in state.unavailable:
            games.append((0, "-", "Z"))
        out.append(player_line(player, p.game_points, ranks[p.tpn], games))
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
        lines += write_teams(state, games, lineups or {}, later)
    else:
        lines += _write_individuals(state, games)
        lines += bye_lines({("Z", r): sorted(ids) for r, ids in later.items()})
    lines += _forbidden(state)
    return "\n".join(lines) + "\n"
