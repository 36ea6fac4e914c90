"""Exports: TRF-2026 of the whole event (``engine.trf.write``) and CSV files.

The TRF export carries the teams, their rosters (players numbered 1..N by
team TPN and board order), every round with the player-level games taken
from the boards, the lineups (record 300), the PAB (320), forfeited matches
(330) and byes, the withdrawals and the absences announced for the rounds
to come (``### engine-withdrawn``, 240 Z), the tie-break list
(``### engine-tiebreaks``), the line-up window rules (``### engine-event``) and every
pairing option in force, defaults included (``### engine-option KEY VALUE``).
Result codes from White's side map to TRF codes per player: ``1-0`` -> 1/0,
``1/2-1/2`` -> =, ``+-`` -> +/-, ``--`` -> -/-, and an unfinished or pending
game is written blank with its opponent (counted as a draw, Olympiad rule 11). A board one side left empty is the present player's
``F`` with opponent ``0000`` (docs/engine-cli.md).
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from django.conf import settings

from engine.state import Colour, ColourPreferenceType
from engine.trf import write
from operations.selectors import matches_with_boards, results_state, standings_table
from tournaments.models import BoardGame, Match, Round, TeamRoundStatus, Tournament
from tournaments.pairing_options import explicit_options
from tournaments.snapshot import engine_player

NO_GAME = (0, "-", " ")
WHITE_CODE = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "*": (" ", " "),
    "": (" ", " "),
}


def player_numbers(tournament: Tournament) -> dict[int, int]:
    """TRF starting ranks: players numbered by team TPN, then board order."""
    numbers: dict[int, int] = {}
    n = 0
    for team in tournament.teams.filter(tpn__isnull=False).order_by("tpn"):
        for p in team.players.order_by("board_order"):
            n += 1
            numbers[p.pk] = n
    return numbers


def trf_export(tournament: Tournament, through: int | None = None) -> str:
    """The TRF-2026 text of the event after round ``through`` (default: the latest with results)."""
    rs = results_state(tournament, through)
    numbers = player_numbers(tournament)
    rosters = {}
    for tpn, team in rs.teams.items():
        rosters[tpn] = tuple(engine_player(p, numbers[p.pk]) for p in team.players.order_by("board_order"))
    nxt = rs.through + 1
    withdrawals = {
        tpn: team.withdrawn_from_round
        for tpn, team in rs.teams.items()
        if team.withdrawn_from_round is not None
    }
    absences: dict[int, set[int]] = {}
    for tpn, number in TeamRoundStatus.objects.filter(
        round__tournament=tournament, round__number__gte=nxt, status=TeamRoundStatus.Status.ABSENT
    ).values_list("team__tpn", "round__number"):
        if tpn is not None:
            absences.setdefault(number, set()).add(tpn)
    state = replace(
        rs.state,
        participants=tuple(
            replace(p, roster=rosters[p.tpn], withdrawn=withdrawals.get(p.tpn, nxt + 1) <= nxt)
            for p in rs.state.participants
        ),
        # The lot drawn for the initial colour and the colour-preference type travel with the file
        # (records 152 and 092), so an imported event pairs its next round the same way.
        initial_colour=Colour(tournament.initial_colour or "w"),
        colour_preferences=ColourPreferenceType(tournament.colour_preference_type),
        # Record 240 Z for the round to be paired: absent or withdrawn by then.
        unavailable=frozenset(absences.pop(nxt, set()) | {t for t, r in withdrawals.items() if r <= nxt}),
        # Every pairing option in force, defaults included (### engine-option lines), so another
        # program, or this one after a change of a default, reads the event with the same rules.
        options={**rs.state.options, **explicit_options(tournament)},
    )
    per_round: dict[int, dict[int, tuple[int, str, str]]] = {r: {} for r in range(1, rs.through + 1)}
    lineups: dict[tuple[int, int], list[int]] = {}
    boards = (
        BoardGame.objects.filter(match__round__tournament=tournament, match__round__number__lte=rs.through)
        .select_related("match__round__tournament", "match__white_team", "match__black_team")
        .order_by("match__round__number", "match__table", "board")
    )
    for g in boards:
        rnd = g.match.round.number
        played = per_round[rnd]
        w, b = numbers.get(g.white_id), numbers.get(g.black_id)
        wc, bc = WHITE_CODE.get(g.result, (" ", " "))
        if w and b:
            played[w] = (b, "w", wc)
            played[b] = (w, "b", bc)
        elif w:
            played[w] = (0, "-", "F" if wc == "+" else " ")
        elif b:
            played[b] = (0, "-", "F" if bc == "+" else " ")
        first, second = (g.white_id, g.black_id) if g.white_team_has_white else (g.black_id, g.white_id)
        lineups.setdefault((rnd, g.match.white_team.tpn), []).append(numbers.get(first, 0))
        lineups.setdefault((rnd, g.match.black_team.tpn), []).append(numbers.get(second, 0))
    if not tournament.is_team_event:  # an individual event's PAB has no board: "0000 - U" (TRF-2026)
        for rnd, pid in Match.objects.filter(
            round__tournament=tournament, round__number__lte=rs.through, is_bye=True
        ).values_list("round__number", "white_team__players__id"):
            if pid in numbers:
                per_round[rnd][numbers[pid]] = (0, "-", "U")
    games = {
        num: [per_round[r].get(num, NO_GAME) for r in range(1, rs.through + 1)] for num in numbers.values()
    }
    # Record 300 only where the lineup is not simply the roster order of those who played.
    out_of_order = {}
    for key, ids in lineups.items():
        played = [n for n in ids if n]
        if 0 in ids[: len(played)] or played != sorted(played):
            out_of_order[key] = ids
    return write(
        state,
        games=games,
        lineups=out_of_order,
        withdrawals=withdrawals,
        absences=absences,
        tiebreaks=list(tournament.tiebreaks or []),
        event_settings=lineup_window(tournament),
    )


def lineup_window(tournament: Tournament) -> dict:
    """The line-up window rules where they differ from the defaults (``### engine-event``).

    The venue's time zone goes with them when it is not the site's or when a time of day is set,
    which is a time at the venue (issue 18, item 6).
    """
    out: dict = {}
    if tournament.time_zone != settings.TIME_ZONE or tournament.lineup_close_time is not None:
        out["time_zone"] = tournament.time_zone
    if not tournament.lineups_open_on_publication:
        out["lineups_open_on_publication"] = False
    if tournament.lineup_close_time is not None:
        out["lineup_close_time"] = tournament.lineup_close_time.isoformat()
    if tournament.lineup_close_days_before:
        out["lineup_close_days_before"] = tournament.lineup_close_days_before
    return out


def standings_csv(tournament: Tournament, through: int | None = None) -> str:
    st = standings_table(tournament, through)
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["rank", "tpn", "team", "match_points", "game_points", *[label for _, label in st.columns]])
    for row in st.rows:
        values = []
        for name, _ in st.columns:
            values += [f"{v:g}" for v in row.tiebreaks.get(name, ())]
        w.writerow(
            [
                "" if row.rank is None else row.rank,
                row.tpn,
                row.name,
                f"{row.match_points:g}",
                f"{row.game_points:g}",
                *values[: len(st.columns)],
            ]
        )
    return buf.getvalue()


# One line per board, named as the pages name it (issue 18 item 5): the first-named team's player
# first, with his colour, and the result from his side; ``white_result`` is the same result from
# White's side, as in PGN and as the arbiters enter it.
BOARD_COLUMNS = [
    "table",
    "board",
    "first_team",
    "first_player",
    "first_colour",
    "second_team",
    "second_player",
    "result",
    "white_result",
]


def pairings_csv(round: Round, boards: bool = True) -> str:
    """The round's pairing: one line per board (``boards``, ``BOARD_COLUMNS``) or per match."""
    buf = io.StringIO()
    w = csv.writer(buf)
    if boards:
        w.writerow(BOARD_COLUMNS)
    else:
        w.writerow(
            [
                "table",
                "white_team",
                "black_team",
                "white_match_points",
                "black_match_points",
                "white_game_points",
                "black_game_points",
            ]
        )
    for m in matches_with_boards(round):
        black_team = m.black_team.name if m.black_team else "bye"
        if not boards:
            w.writerow(
                [
                    m.table,
                    m.white_team.name,
                    black_team,
                    *[
                        "" if v is None else f"{float(v):g}"
                        for v in (
                            m.white_match_points,
                            m.black_match_points,
                            m.white_game_points,
                            m.black_game_points,
                        )
                    ],
                ]
            )
            continue
        for g in m.boards.all():
            first, second = (g.white, g.black) if g.white_team_has_white else (g.black, g.white)
            w.writerow(
                [
                    m.table,
                    g.board,
                    m.white_team.name,
                    first.name if first else "",
                    "W" if g.white_team_has_white else "B",
                    black_team,
                    second.name if second else "",
                    g.first_named_result,
                    g.result,
                ]
            )
    return buf.getvalue()
