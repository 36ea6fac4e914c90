"""Board results entered by the arbiters; match points follow the tournament's scoring.

Results are from White's side (``1-0``, ``0-1``, ``1/2-1/2``, ``+-``, ``-+``,
``--``, ``*`` unfinished). A match's points are recomputed by
``tournaments.services.recompute_match``. Every change is logged as a
:class:`~operations.models.ResultEntry` (rule 56). A form carries the results
it was opened with: when a board changed since, the whole entry is refused
(stale form) and nothing is saved. An unfinished game counts as a draw for
pairing (rule 11) until its final result is entered. A team that does not
show loses the match by forfeit, every board (rule 53).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Exists
from django.utils import timezone
from django.utils.translation import gettext as _

from operations import permissions
from operations.domain.match_scoring import normalise_result
from operations.models import MatchConfirmation, OperationsSettings, ResultEntry
from tournaments.models import BoardGame, Match, Round, RoundState, Team
from tournaments.models.match import ForfeitKind
from tournaments.services import recompute_match, record_match_forfeit, transition_round
from tournaments.services.results import store_board_results

ENTRY_STATES = (RoundState.BOARD_PAIRINGS_POSTED, RoundState.IN_PLAY)


class StaleResults(ValidationError):
    """The results a form (or API call) was opened with are no longer the match's (issue 18, item 4).

    ``current`` is every board's result now (``{board: result}``), for the caller to show.
    """

    def __init__(self, message: str, current: Mapping[int, str]):
        super().__init__(message, code="stale")
        self.current = dict(current)


def _user(by):
    return by if getattr(by, "is_authenticated", False) else None


def _check_round_open(round: Round) -> None:
    if round.state == RoundState.COMPLETE:
        raise ValidationError(
            _("Round %(round_number)s is complete: reopen it to correct a result.")
            % {"round_number": round.number}
        )
    if round.state not in ENTRY_STATES:
        raise ValidationError(
            _(
                "Round %(round_number)s is %(state_display)s: results are entered once the board pairings are posted."
            )
            % {"round_number": round.number, "state_display": round.get_state_display().lower()}
        )


def _start_play(round: Round, by) -> None:
    if round.state == RoundState.BOARD_PAIRINGS_POSTED:
        transition_round(round, RoundState.IN_PLAY, by=by)


def _void_confirmations(match: Match, confirmed: bool | None = None) -> None:
    """A result changed: the captains' confirmations no longer hold. ``confirmed``: whether the match has
    any, when the caller read it under the match's lock."""
    if confirmed is None:
        confirmed = match.confirmations.exists()
    if confirmed or match.result_confirmed:
        match.confirmations.all().delete()
        Match.objects.filter(pk=match.pk).update(result_confirmed=False)
        match.result_confirmed = False


def _boards_of_locked(match: Match) -> tuple[list[BoardGame], bool]:
    """The boards of ``match`` (locked by the caller) in board order, each knowing its match, and whether a
    captain has confirmed the match: one query, read after the lock (a statement begun before it would
    not see a result or a confirmation committed while it waited)."""
    games = list(
        match.boards.annotate(
            match_confirmed=Exists(MatchConfirmation.objects.filter(match_id=match.pk))
        ).order_by("board")
    )
    return games, bool(games) and games[0].match_confirmed


@transaction.atomic
def enter_results(
    match: Match,
    results: Mapping[int, str],
    *,
    by,
    expected: Mapping[int, str] | None = None,
) -> Match:
    """Set the results of some boards of ``match`` (``{board: result}``).

    ``expected`` are the results the form showed (``{board: result}``); if any
    board now holds something else the entry is refused as stale. Unknown
    boards and unknown results are refused; nothing is saved then.

    The match is locked with its round and tournament (a round being completed meanwhile waits, or
    refuses this entry); its boards are read once, after the lock, and written in this one
    transaction (no savepoint within it).
    """
    match = Match.objects.select_for_update().select_related("round__tournament").get(pk=match.pk)
    round = match.round
    permissions.require(permissions.is_arbiter(by, round.tournament), _("Only an arbiter may enter results."))
    _check_round_open(round)
    if match.is_bye:
        raise ValidationError(_("The bye has no boards to enter results for."))
    boards, confirmed = _boards_of_locked(match)
    games = {g.board: g for g in boards}
    if not games:
        raise ValidationError(
            _("%(match)s has no boards yet: post the board pairings first.") % {"match": match}
        )
    unknown = sorted(b for b in results if b not in games)
    if unknown:
        raise ValidationError(
            _("%(match)s has boards 1-%(games_count)s; there is no board %(items)s.")
            % {"match": match, "games_count": len(games), "items": ", ".join(str(b) for b in unknown)}
        )
    clean: dict[int, str] = {}
    for board, raw in results.items():
        try:
            clean[board] = normalise_result(raw or "")
        except ValueError as err:
            raise ValidationError(_("Board %(board)s: %(error)s") % {"board": board, "error": err}) from None
    if expected is not None:
        stale = []
        for board, shown in expected.items():
            try:
                was = normalise_result(shown or "")
            except ValueError:
                raise ValidationError(
                    _("Board %(board)s: the form's previous result %(shown)r is not a result.")
                    % {"board": board, "shown": shown}
                ) from None
            if board in games and games[board].result != was:
                stale.append(board)
        if stale:
            raise StaleResults(
                _(
                    "Board %(boards)s of %(match)s was changed since this form was opened (now %(results)s): reload and enter again."
                )
                % {
                    "boards": ", ".join(map(str, stale)),
                    "match": match,
                    "results": ", ".join(games[b].result or _("pending") for b in stale),
                },
                {b: g.result for b, g in games.items()},
            )
    if match.forfeit and any(clean[b] not in ("+-", "-+", "--", "") for b in clean):
        raise ValidationError(
            _("%(match)s is recorded as forfeited: cancel the forfeit before entering games.")
            % {"match": match}
        )
    changed = {b: r for b, r in clean.items() if games[b].result != r}
    if not changed:
        return match
    now = timezone.now()
    full = [clean.get(b, games[b].result) for b in sorted(games)]
    ResultEntry.objects.bulk_create(
        ResultEntry(
            game=games[board],
            result=result,
            previous=games[board].result,
            entered_by=_user(by),
            entered_at=now,
        )
        for board, result in changed.items()
    )
    match = store_board_results(match, boards, full, by=_user(by))
    _void_confirmations(match, confirmed)
    _start_play(round, by)
    return match


@transaction.atomic
def record_absent_team(match: Match, team: Team, *, by) -> Match:
    """Rule 53: ``team`` did not show; it loses every board and the match by forfeit."""
    match = Match.objects.select_for_update().select_related("round__tournament").get(pk=match.pk)
    round = match.round
    permissions.require(
        permissions.is_arbiter(by, round.tournament), _("Only an arbiter may record an absence.")
    )
    _check_round_open(round)
    if team.pk == match.white_team_id:
        kind, absent_is_black = ForfeitKind.WHITE_TEAM, False
    elif team.pk == match.black_team_id:
        kind, absent_is_black = ForfeitKind.BLACK_TEAM, True
    else:
        raise ValidationError(
            _("%(team_name)s does not play in %(match)s.") % {"team_name": team.name, "match": match}
        )
    if match.forfeit and match.forfeit != kind:
        kind = ForfeitKind.DOUBLE
    now = timezone.now()
    for game in match.boards.order_by("board"):
        if kind == ForfeitKind.DOUBLE:
            result = "--"
        else:
            absent_has_white = game.white_team_has_white != absent_is_black
            result = "-+" if absent_has_white else "+-"
        if game.result != result:
            ResultEntry.objects.create(
                game=game, result=result, previous=game.result, entered_by=_user(by), entered_at=now
            )
            game.result = result
            game.save(update_fields=["result"])
    match = record_match_forfeit(match, kind, by=_user(by))
    _void_confirmations(match)
    _start_play(round, by)
    return match


def _board_results(match: Match) -> list[str]:
    return list(match.boards.order_by("board").values_list("result", flat=True))


@transaction.atomic
def confirm_match(match: Match, team: Team, *, by) -> MatchConfirmation:
    """A captain confirms the match result of his team (optional in a tournament)."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if not permissions.is_captain_of(by, team):
        raise PermissionDenied(
            _("Only the captain of %(team_name)s may confirm its result.") % {"team_name": team.name}
        )
    if team.pk not in (match.white_team_id, match.black_team_id):
        raise ValidationError(
            _("%(team_name)s does not play in %(match)s.") % {"team_name": team.name, "match": match}
        )
    results = _board_results(match)
    if not match.has_result or any(r in ("", "*") for r in results):
        raise ValidationError(_("%(match)s has no final result to confirm yet.") % {"match": match})
    conf, _created = MatchConfirmation.objects.update_or_create(
        match=match,
        team=team,
        defaults={"confirmed_by": by, "confirmed_at": timezone.now(), "results": results},
    )
    teams = {match.white_team_id, match.black_team_id}
    confirmed = set(match.confirmations.filter(results=results).values_list("team_id", flat=True))
    if teams <= confirmed:
        Match.objects.filter(pk=match.pk).update(result_confirmed=True)
    return conf


def unfinished_or_pending(round: Round) -> tuple[list[BoardGame], list[BoardGame]]:
    games = list(
        BoardGame.objects.filter(match__round=round, match__forfeit="").select_related(
            "match__white_team", "match__black_team"
        )
    )
    return [g for g in games if g.result == "*"], [g for g in games if g.result == ""]


@transaction.atomic
def complete_round(round: Round, *, by) -> Round:
    """All results in: the round is complete (unfinished games count as draws, rule 11)."""
    permissions.require(
        permissions.is_arbiter(by, round.tournament), _("Only an arbiter may complete a round.")
    )
    round = Round.objects.select_for_update().get(pk=round.pk)
    if round.state == RoundState.BOARD_PAIRINGS_POSTED:
        round = transition_round(round, RoundState.IN_PLAY, by=by)
    for bye in round.matches.filter(is_bye=True, white_match_points__isnull=True):
        recompute_match(bye, by=_user(by))
    _unfinished, pending = unfinished_or_pending(round)
    if pending:
        boards = ", ".join(
            _("table %(table)s board %(board)s") % {"table": g.match.table, "board": g.board}
            for g in pending[:8]
        )
        raise ValidationError(
            _("Round %(round_number)s still has boards without a result: %(boards)s.")
            % {"round_number": round.number, "boards": boards}
        )
    missing = [m for m in round.matches.all() if not m.has_result]
    if missing:
        raise ValidationError(
            _("Round %(round_number)s: %(items)s has no result.")
            % {"round_number": round.number, "items": ", ".join(str(m) for m in missing[:5])}
        )
    conf = OperationsSettings.objects.filter(tournament=round.tournament).first()
    if conf and conf.captains_confirm_results:
        unconfirmed = [m for m in round.matches.filter(is_bye=False, result_confirmed=False)]
        if unconfirmed:
            raise ValidationError(
                _("Round %(round_number)s: the captains have not confirmed %(items)s.")
                % {"round_number": round.number, "items": ", ".join(str(m) for m in unconfirmed[:5])}
            )
    return transition_round(round, RoundState.COMPLETE, by=by)


@transaction.atomic
def reopen_round(round: Round, *, by) -> Round:
    permissions.require(
        permissions.is_arbiter(by, round.tournament), _("Only an arbiter may reopen a round.")
    )
    return transition_round(round, RoundState.IN_PLAY, by=by)
