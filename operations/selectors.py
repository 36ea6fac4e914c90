"""Reads for the operations pages and API (services write, selectors read).

The standings are computed by ``engine.standings`` over a
:class:`~engine.state.TournamentState` built here from the results entered
so far (``results_state``); the state the committee pairs from is
``tournaments.snapshot.engine_state``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext_lazy

from engine.standings import StandingRow, get, standings
from engine.standings.crosstable import Cell, crosstable
from engine.state import Outcome, Participant, RoundRecord, TournamentState
from operations.lineup_window import lineup_deadline, window_is_open
from operations.models import LineupSubmission, ResultsSummary
from operations.tiebreak_heads import ColumnHead, column_heads
from operations.tiebreak_parts import breakdowns
from public_http import computed, versions
from tournaments.models import Lineup, Match, Round, RoundState, Team, Tournament
from tournaments.models.tournament import OLYMPIAD_TIEBREAKS
from tournaments.services.results import match_points_for
from tournaments.signals import pairing_basis, standing_before
from tournaments.snapshot import engine_options, match_records, played_matches, tournament_fields
from tournaments.states import RESULT_STATES

POSTED_STATES = (RoundState.BOARD_PAIRINGS_POSTED, RoundState.IN_PLAY, RoundState.COMPLETE)
PUBLIC_PAIRING_STATES = (
    RoundState.PUBLISHED,
    RoundState.LINEUPS_OPEN,
    RoundState.LINEUPS_CLOSED,
    *POSTED_STATES,
)


def latest_result_round(tournament: Tournament) -> int:
    """The last round with results entered (0 before any)."""
    r = tournament.rounds.filter(state__in=RESULT_STATES).order_by("-number").first()
    return r.number if r else 0


def _records(match: Match) -> tuple[dict[int, RoundRecord], bool]:
    """The match's records by TPN and whether they are provisional (pending or unfinished boards)."""
    pts = match_points_for(match)
    if match.is_bye:
        return match_records(match, pts), False
    provisional = pts is None or any(g.result == "*" for g in match.boards.all())
    return match_records(match, pts or (0.0, 0.0, 0.0, 0.0)), provisional


class RoundNotHeld(ValueError):
    """``results_state`` was asked for the state after a round the tournament does not hold."""


@dataclass
class ResultsState:
    state: TournamentState
    through: int
    provisional: bool
    teams: dict[int, Team] = field(default_factory=dict)  # by TPN


def results_state(tournament: Tournament, through: int | None = None) -> ResultsState:
    """The tournament after rounds 1..``through`` (default: the latest with results).

    A match whose boards are not all in counts with the points entered so far
    and makes the state provisional; an unfinished game counts as a draw
    (rule 11). A team without a match in a round is absent there.
    """
    through = latest_result_round(tournament) if through is None else through
    rounds = list(tournament.rounds.filter(number__lte=through)) if through >= 0 else []
    held = max((r.number for r in rounds), default=0)
    if not 0 <= through <= held:
        # Issue 18, item 1: rounds 1..through are built for every team, so a number the tournament
        # does not hold (10**7 from a query string) is refused before any of them is.
        raise RoundNotHeld(
            f"{tournament.slug} holds no round {through} (its rounds reach {held}): no results state after it"
        )
    every_team = list(tournament.teams.order_by("tpn"))
    teams = [t for t in every_team if t.tpn is not None]
    by_round: dict[int, dict[int, RoundRecord]] = {n: {} for n in range(1, through + 1)}
    provisional = False
    for m in played_matches(tournament, rounds, every_team):
        recs, prov = _records(m)
        provisional |= prov
        by_round[m.round.number].update(recs)
    participants = []
    for t in teams:
        history = tuple(
            by_round[n].get(t.tpn) or RoundRecord(n, Outcome.ABSENT) for n in range(1, through + 1)
        )
        participants.append(
            Participant(
                tpn=t.tpn,
                name=t.name,
                rating=float(t.strength or 0),
                federation=t.federation,
                history=history,
                withdrawn=t.withdrawn_from_round is not None and t.withdrawn_from_round <= through,
                unranked=t.is_extra,
            )
        )
    state = TournamentState(
        participants=tuple(participants),
        **tournament_fields(tournament),
        options={k: v for k, v in engine_options(tournament).items() if k != "forbidden_pairs"},
    )
    return ResultsState(state, through, provisional, {t.tpn: t for t in teams})


@dataclass
class Standings:
    rows: list[StandingRow]
    columns: list[tuple[str, str]]  # (tie-break name, column head)
    through: int
    provisional: bool
    problems: list[str]
    heads: list[ColumnHead] = field(default_factory=list)  # the columns' heads with their articles


def tiebreak_names(tournament: Tournament) -> list[str]:
    """The tournament's tie-break list; an Olympiad naming none is ranked by its text's list
    (rule 12 of 1998 or 2007; for D.02 the 2026 Olympiad's, ``OLYMPIAD_TIEBREAKS``)."""
    names = tournament.tiebreaks or []
    if tournament.pairing_system == "olympiad" and not names:
        default = OLYMPIAD_TIEBREAKS.get(tournament.olympiad_version)
        names = [default] if default else []
    return list(names)


def shared_results_state(
    tournament: Tournament, through: int | None = None, *, version: str | None = None
) -> ResultsState:
    """``results_state``, computed once per version of the tournament's results (``public_http.computed``).

    The standings page, its live fragment, the public API, the crosstable and the
    tie-break pages read the same state: after a result it is read from the
    database once, not once by each of them. ``version``: the results' version,
    when the caller has taken it (before reading anything).
    """
    version = version or versions.results_version(tournament.slug)
    return computed.memo(
        f"results-state:{tournament.slug}:{through}", version, lambda: results_state(tournament, through)
    )


def standings_table(tournament: Tournament, through: int | None = None) -> Standings:
    """The standings with the tournament's tie-break list; unknown tie-breaks are reported, not fatal.

    The ranking is computed once per version of the tournament's results
    (``shared_results_state``); the columns' heads, in the reader's language, each time.
    """
    version = versions.results_version(tournament.slug)
    usable: list[str] = []
    problems: list[str] = []
    heads: list[ColumnHead] = []
    for name in tiebreak_names(tournament):
        try:
            tb = get(name)
        except ValueError as err:
            problems.append(str(err))
            continue
        usable.append(name)
        heads += column_heads(tb)

    def ranking() -> tuple[list[StandingRow], int, bool]:
        rs = shared_results_state(tournament, through, version=version)
        return standings(rs.state, usable), rs.through, rs.provisional

    rows, shown, provisional = computed.memo(
        f"standings:{tournament.slug}:{through}:{','.join(usable)}", version, ranking
    )
    columns = [(h.name, h.label) for h in heads]
    return Standings(rows, columns, shown, provisional, problems, heads)


def crosstable_table(
    tournament: Tournament, through: int | None = None
) -> tuple[ResultsState, dict[int, list[Cell]]]:
    version = versions.results_version(tournament.slug)

    def compute() -> tuple[ResultsState, dict[int, list[Cell]]]:
        rs = shared_results_state(tournament, through, version=version)
        return rs, crosstable(rs.state)

    return computed.memo(f"crosstable:{tournament.slug}:{through}", version, compute)


# What a round was, as the tie-break page says it (the engine's codes: engine.state.Outcome).
OUTCOME_WORDS = {
    "played": gettext_lazy("played"),
    "forfeit_win": gettext_lazy("won by forfeit"),
    "forfeit_loss": gettext_lazy("lost by forfeit"),
    "double_forfeit": gettext_lazy("double forfeit"),
    "pab": gettext_lazy("pairing-allocated bye"),
    "full_bye": gettext_lazy("full-point bye"),
    "half_bye": gettext_lazy("half-point bye"),
    "zero_bye": gettext_lazy("zero-point bye"),
    "absent": gettext_lazy("absent"),
}
COLOUR_WORDS = {"w": gettext_lazy("White"), "b": gettext_lazy("Black")}


@dataclass
class OpponentLine:
    round: int
    opponent: str
    outcome: str
    colour: str
    match_points: float
    game_points: float
    opponent_match_points: float | None
    opponent_game_points: float | None


def tiebreak_detail(tournament: Tournament, team: Team, through: int | None = None) -> dict:
    """Everything a team needs to check its tie-break values by hand.

    ``breakdowns``: each tie-break column under its name, with the parts that sum to
    its value (``operations.tiebreak_parts``, issue 18 item 6).
    """
    rs = shared_results_state(tournament, through)
    state = rs.state
    p = state.by_tpn[team.tpn]
    lines = []
    for rec in p.history:
        opp = state.by_tpn.get(rec.opponent) if rec.opponent else None
        lines.append(
            OpponentLine(
                rec.round,
                opp.name if opp else "",
                str(OUTCOME_WORDS.get(rec.outcome.value, rec.outcome.value)),
                str(COLOUR_WORDS.get(rec.colour.value, rec.colour.value)) if rec.colour else "",
                rec.match_points,
                rec.game_points,
                opp.match_points if opp else None,
                opp.game_points if opp else None,
            )
        )
    primary = state.scoring.primary
    group = frozenset(q.tpn for q in state.participants if q.score(primary) == p.score(primary))
    names = tiebreak_names(tournament)
    values = {}
    for name in names:
        try:
            tb = get(name)
        except ValueError:
            continue
        values[name] = tb.compute(state, group)[p.tpn]
    return {
        "participant": p,
        "lines": lines,
        "values": values,
        "breakdowns": breakdowns(state, names, p.tpn, group),
        "through": rs.through,
        "provisional": rs.provisional,
    }


def round_of(tournament: Tournament, number: int) -> Round | None:
    return tournament.rounds.filter(number=number).first()


def matches_with_boards(round: Round):
    return (
        round.matches.select_related("white_team", "black_team")
        .prefetch_related("boards__white", "boards__black")
        .order_by("table")
    )


def shared_matches_with_boards(round: Round) -> list[Match]:
    """``matches_with_boards``, read once per version of the round's results (``public_http.computed``).

    The board pairings page, its live fragment and the public API show the same
    matches: after a result they are read from the database once, not once by each.
    """
    slug = round.tournament.slug
    version = versions.round_results_version(slug, round.number)
    return computed.memo(f"boards:{slug}:{round.number}", version, lambda: list(matches_with_boards(round)))


def public_rounds(tournament: Tournament):
    return tournament.rounds.filter(state__in=PUBLIC_PAIRING_STATES).order_by("number")


def board_pairings_visible(round: Round) -> bool:
    return round.state in POSTED_STATES


@dataclass
class LineupStatusRow:
    team: Team
    lineup: Lineup | None
    accepted: int
    refused: int
    last: LineupSubmission | None


def lineup_status(round: Round) -> dict:
    teams = teams_needing_lineups(round)
    lineups = {
        lu.team_id: lu for lu in Lineup.objects.filter(round=round).prefetch_related("entries__player")
    }
    subs: dict[int, list[LineupSubmission]] = {}
    for s in LineupSubmission.objects.filter(round=round).select_related("submitted_by", "override_by"):
        subs.setdefault(s.team_id, []).append(s)
    rows = []
    for t in sorted(teams, key=lambda t: t.tpn or 0):
        ss = subs.get(t.pk, [])
        rows.append(
            LineupStatusRow(
                t,
                lineups.get(t.pk),
                sum(1 for s in ss if s.status == LineupSubmission.Status.ACCEPTED),
                sum(1 for s in ss if s.status == LineupSubmission.Status.REFUSED),
                ss[-1] if ss else None,
            )
        )
    return {
        "rows": rows,
        "deadline": lineup_deadline(round),
        "open": window_is_open(round),
        "submitted": sum(1 for r in rows if r.lineup is not None),
        "total": len(rows),
    }


def submissions_of(team: Team, round: Round):
    return LineupSubmission.objects.filter(team=team, round=round).order_by("-submitted_at", "-id")


def team_match(team: Team, round: Round) -> Match | None:
    return round.matches.filter(Q(white_team=team) | Q(black_team=team)).first()


def summaries_of(round: Round):
    return ResultsSummary.objects.filter(round=round).select_related("signed_by").order_by("-signed_at")


def teams_needing_lineups(round: Round) -> list[Team]:
    teams = []
    for m in round.matches.select_related("white_team", "black_team"):
        if not m.is_bye:
            teams += [m.white_team, m.black_team]
    return teams


NOT_PAIRED = (RoundState.AWAITING_RESULTS, RoundState.PAIRING_REQUESTED)


def next_round_basis(round: Round) -> dict:
    """What the rule 56 summary of ``round`` says of the next round's pairing (issue 18, item 6).

    ``next``: the next round (None after the last); ``paired``: its pairing is made already (from
    these results as they stood then); ``basis``: the committee's comparison of those results with
    the results now (``tournaments.signals.pairing_basis``), when it has one and they changed.
    """
    nxt = round.tournament.rounds.filter(number=round.number + 1).first()
    if nxt is None:
        return {"next": None, "paired": False, "basis": None}
    nxt.tournament = round.tournament
    found = None
    for _receiver, answer in pairing_basis.send(sender=Round, round=nxt):
        if answer is not None and answer.changed:
            found = answer
    return {"next": nxt, "paired": nxt.state not in NOT_PAIRED, "basis": found}


def standing_before_round(round: Round) -> dict[int, tuple[int | None, float]]:
    """``{tpn: (rank, match points)}`` after the round before ``round`` (``{}`` for round 1).

    What the pairing list shows beside each team (issue 20, item 4): the standings the round was
    paired from, with the tournament's tie-breaks, as the standings page shows them through that round.
    """
    through = min(round.number - 1, latest_result_round(round.tournament))
    if through <= 0:
        return {}
    table = standings_table(round.tournament, through)
    return {row.tpn: (row.rank, row.match_points) for row in table.rows}


def _answer_standing_before(sender, round, **kwargs) -> dict[int, tuple[int | None, float]]:
    return standing_before_round(round)


standing_before.connect(_answer_standing_before, sender=Round, dispatch_uid="operations-standing-before")
