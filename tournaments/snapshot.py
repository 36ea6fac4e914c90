"""The frozen engine input for pairing a round: ``engine_state(round)``.

Builds an ``engine.state.TournamentState`` for pairing ``round`` from the
database: participants by TPN with their team strength as rating, the
history of every earlier round from its matches and board results (scored
with the tournament's match-point values), absences, withdrawals, late
entries and the tournament's pairing options.

Readings:

- An unfinished game counts as a draw for pairing (Olympiad 1998 rule 11);
  a pending board (no result yet) is an error: the earlier rounds must be
  complete.
- A whole-match forfeit is a forfeit win/loss (no colour, not a meeting);
  a double forfeit is ``DOUBLE_FORFEIT`` for both. Board forfeits inside a
  match that was played leave the match played. A match whose every board was
  forfeited, with no whole-match forfeit recorded, was not actually played
  (C.04.6 1.6.1): it reads as the whole-match forfeit its boards amount to
  (``forfeit_from_boards``; in an individual event, a forfeited game).
- A team neither paired nor given the bye in an earlier round (announced
  absence, before its late entry, after its withdrawal) is ``ABSENT`` with
  no points.
- Unavailable for the round: announced absence or withdrawal for it, or a
  late entry after it. A team withdrawn by then is ``withdrawn``.
- An initial colour not yet drawn is read as White (draw it first:
  ``services.draw_initial_colour``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from engine.state import (
    Colour,
    ColourPreferenceType,
    Outcome,
    Participant,
    Player,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)

from .models import BoardGame, Match, Round, TeamRoundStatus
from .models.match import ForfeitKind
from .services.results import forfeit_from_boards, match_points_for


def scoring_of(tournament) -> Scoring:
    return Scoring(
        primary=ScoreKind(tournament.primary_score),
        match_win=float(tournament.match_win),
        match_draw=float(tournament.match_draw),
        match_loss=float(tournament.match_loss),
        bye_match_points=None if tournament.bye_match_points is None else float(tournament.bye_match_points),
        bye_game_points=None if tournament.bye_game_points is None else float(tournament.bye_game_points),
    )


def engine_options(tournament) -> dict:
    options = dict(tournament.engine_options or {})
    if tournament.pairing_system == "olympiad" and tournament.olympiad_version:
        options.setdefault("version", tournament.olympiad_version)
    return options


# A whole-match forfeit: (the white team's outcome, the black team's outcome).
FORFEIT_OUTCOMES = {
    ForfeitKind.DOUBLE: (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
    ForfeitKind.WHITE_TEAM: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    ForfeitKind.BLACK_TEAM: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
}


def match_records(match: Match, points: tuple[float, float, float, float] | None) -> dict[int, RoundRecord]:
    """The round records of ``match`` by TPN, from ``points`` (white MP, black MP, white GP, black GP).

    A bye gives its team a pairing-allocated bye (no points when ``points`` is
    None); a whole-match forfeit, or a match whose every board was forfeited
    (C.04.6 1.6.1, ``forfeit_from_boards``), is a forfeit win/loss or a double
    forfeit (no colour, no meeting); any other match is played, the white team
    with White. ``points`` may be None only for a bye.
    """
    rnd = match.round.number
    white = match.white_team.tpn
    if match.is_bye:
        mp, gp = (points[0], points[2]) if points else (0.0, 0.0)
        return {white: RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, match_points=mp, game_points=gp)}
    black = match.black_team.tpn
    wm, bm, wg, bg = points
    forfeit = match.forfeit or forfeit_from_boards(list(match.boards.all()))
    if forfeit in FORFEIT_OUTCOMES:
        wo, bo = FORFEIT_OUTCOMES[forfeit]
        return {
            white: RoundRecord(rnd, wo, black, None, wm, wg),
            black: RoundRecord(rnd, bo, white, None, bm, bg),
        }
    return {
        white: RoundRecord(rnd, Outcome.PLAYED, black, Colour.WHITE, wm, wg),
        black: RoundRecord(rnd, Outcome.PLAYED, white, Colour.BLACK, bm, bg),
    }


def _records_for_match(match: Match) -> dict[int, RoundRecord]:
    pts = match_points_for(match)
    if pts is None and not match.is_bye:
        raise ValidationError(
            _(
                "Round %(round_number)s, table %(match_table)s (%(white_team_label)s – %(black_team_label)s) has no result yet: complete the earlier rounds before pairing."
            )
            % {
                "round_number": match.round.number,
                "match_table": match.table,
                "white_team_label": match.white_team.label,
                "black_team_label": match.black_team.label,
            }
        )
    return match_records(match, pts)


def tournament_fields(tournament) -> dict:
    """The ``TournamentState`` fields that come from the tournament alone (system, size, scoring)."""
    return {
        "system": tournament.pairing_system,
        "team": tournament.is_team_event,
        "name": tournament.name,
        "rounds_total": tournament.rounds_total,
        "boards": tournament.boards,
        "board_colour_sequence": tournament.colour_sequence,
        "scoring": scoring_of(tournament),
    }


def engine_player(player, number: int) -> Player:
    """A roster player for the engine (and TRF), numbered ``number``."""
    return Player(
        number=number,
        name=player.name,
        rating=player.rating or 0,
        fide_id=player.fide_id,
        title=player.title,
        federation=player.federation,
        sex=player.sex,
    )


def played_matches(tournament, rounds: Sequence[Round], teams: Iterable) -> Iterator[Match]:
    """The matches of ``rounds``, each with its round, teams and boards (number and result) attached.

    The tournament, its rounds and teams are read once and given to each match, not read again
    with every match (a 180-team event after five rounds has 450 matches and 1,800 boards);
    a board needs only its number and result (its colours come from the tournament's sequence).
    ``teams``: every team of the tournament that may play in them.
    """
    team_by_id = {t.pk: t for t in teams}
    round_by_id = {r.pk: r for r in rounds}
    for r in rounds:
        r.tournament = tournament
    boards = Prefetch("boards", queryset=BoardGame.objects.only("id", "match_id", "board", "result"))
    for m in Match.objects.filter(round__in=rounds).prefetch_related(boards):
        m.round = round_by_id[m.round_id]
        m.white_team = team_by_id[m.white_team_id]
        if m.black_team_id is not None:
            m.black_team = team_by_id[m.black_team_id]
        for game in m.boards.all():
            game.match = m  # a board's colours need its match's tournament: no query per board
        yield m


def engine_state(round: Round) -> TournamentState:
    """The state the engine pairs round ``round.number`` from (see module doc)."""
    tournament = round.tournament
    teams = list(tournament.teams.prefetch_related("players").order_by("tpn"))
    missing = [t.name for t in teams if t.tpn is None]
    if missing:
        raise ValidationError(
            _("Teams without a TPN: %(missing)s. Set the initial order first.")
            % {"missing": ", ".join(missing[:5])}
        )
    earlier = list(tournament.rounds.filter(number__lt=round.number).order_by("number"))
    if [r.number for r in earlier] != list(range(1, round.number)):
        raise ValidationError(
            _("Rounds 1..%(round_number)s must exist before round %(round_number_2)s is paired.")
            % {"round_number": round.number - 1, "round_number_2": round.number}
        )

    by_round: dict[int, dict[int, RoundRecord]] = {r.number: {} for r in earlier}
    for m in played_matches(tournament, earlier, teams):
        by_round[m.round.number].update(_records_for_match(m))

    histories: dict[int, list[RoundRecord]] = {t.tpn: [] for t in teams}
    for number, records in by_round.items():
        for tpn, history in histories.items():
            history.append(records.get(tpn) or RoundRecord(number, Outcome.ABSENT))

    statuses = set(TeamRoundStatus.objects.filter(round=round).values_list("team_id", flat=True))
    unavailable = frozenset(
        t.tpn
        for t in teams
        if t.pk in statuses or not t.has_entered_by(round.number) or t.is_withdrawn_for(round.number)
    )

    participants = []
    for t in teams:
        players = sorted(t.players.all(), key=lambda p: p.board_order)
        rating = t.strength
        if not rating and players and not tournament.is_team_event:
            rating = players[0].rating or 0
        participants.append(
            Participant(
                tpn=t.tpn,
                name=t.name,
                rating=float(rating),
                federation=t.federation,
                history=tuple(histories[t.tpn]),
                roster=tuple(engine_player(p, p.pk) for p in players),
                withdrawn=t.is_withdrawn_for(round.number),
                unranked=t.is_extra,
            )
        )

    options = engine_options(tournament)
    forbidden = frozenset(
        frozenset(pair) for pair in options.pop("forbidden_pairs", []) if len(set(pair)) == 2
    )
    return TournamentState(
        participants=tuple(participants),
        **tournament_fields(tournament),
        initial_colour=Colour(tournament.initial_colour or "w"),
        colour_preferences=ColourPreferenceType(tournament.colour_preference_type),
        unavailable=unavailable,
        forbidden_pairs=forbidden,
        options=options,
    )


__all__ = [
    "FORFEIT_OUTCOMES",
    "engine_options",
    "engine_player",
    "engine_state",
    "match_records",
    "scoring_of",
    "tournament_fields",
]
