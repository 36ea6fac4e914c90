"""Captains' lineups (Olympiad 1998 rule 61).

The window opens when the round's pairing is published and closes at the
round's deadline (:func:`operations.lineup_window.lineup_deadline`). A captain (or the holder of a
one-time captain link) submits the players by board; the lineup is checked
by :mod:`operations.domain.lineup_rules`. Every submission is kept
(:class:`~operations.models.LineupSubmission`), refused ones with the
reason. A late submission is refused unless an arbiter overrides it with a
reason, which is recorded. When the window is closed the default lineup
applies to the teams that submitted nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from operations import permissions
from operations.domain.lineup_rules import (
    RosterEntry,
    default_lineup,
    lineup_problems,
)
from operations.lineup_window import OPEN_STATES, window_is_open, window_message
from operations.models import CaptainLink, LineupSubmission, OperationsSettings
from operations.selectors import teams_needing_lineups
from tournaments.models import Lineup, LineupEntry, Match, Player, Round, RoundState, Team
from tournaments.services import transition_round
from tournaments.services.individual import NO_LINEUPS


class LineupRefused(ValidationError):
    """A refused submission; the refusal itself has been recorded."""

    def __init__(self, message: str, submission: LineupSubmission | None = None):
        super().__init__(message)
        self.submission = submission


class EmptyBoardsUnconfirmed(ValidationError):
    """A lineup leaving ``boards`` empty that the submitter has not confirmed (issue 18, item 6).

    An empty board's game is lost by forfeit, so such a lineup is accepted only
    when the submitter names those very boards (``confirm_empty_boards``). This
    is a question, not a refusal: nothing is recorded.
    """

    def __init__(self, boards: list[int]):
        self.boards = boards
        listed = ", ".join(str(b) for b in boards)
        message = ngettext(
            "Board %(boards)s is empty: its game is lost by forfeit. Confirm that the board stays empty, "
            "or choose a player for it.",
            "Boards %(boards)s are empty: their games are lost by forfeit. Confirm that the boards stay "
            "empty, or choose players for them.",
            len(boards),
        ) % {"boards": listed}
        super().__init__(message, code="empty_boards_unconfirmed")


def settings_of(tournament) -> OperationsSettings:
    obj, _ = OperationsSettings.objects.get_or_create(tournament=tournament)
    return obj


def roster_of(team: Team) -> list[RosterEntry]:
    return [
        RosterEntry(p.pk, p.board_order, p.name, p.is_withdrawn) for p in team.players.order_by("board_order")
    ]


def match_of(team: Team, round: Round) -> Match | None:
    return (
        Match.objects.filter(round=round)
        .filter(Q(white_team=team) | Q(black_team=team))
        .select_related("white_team", "black_team")
        .first()
    )


def current_lineup(team: Team, round: Round) -> list[int | None] | None:
    lineup = Lineup.objects.filter(team=team, round=round).first()
    if lineup is None:
        return None
    boards = round.tournament.boards
    out: list[int | None] = [None] * boards
    for e in lineup.entries.all():
        if 1 <= e.board <= boards:
            out[e.board - 1] = e.player_id
    return out


def _store_lineup(team, round, players, *, by, now, default_applied) -> Lineup:
    lineup, _ = Lineup.objects.select_for_update().get_or_create(team=team, round=round)
    if lineup.locked:
        raise ValidationError(
            _("The lineup of %(team_name)s for round %(round_number)s is locked.")
            % {"team_name": team.name, "round_number": round.number}
        )
    lineup.entries.all().delete()
    for board, pid in enumerate(players, start=1):
        if pid is not None:
            LineupEntry.objects.create(lineup=lineup, board=board, player_id=pid)
    lineup.submitted_by = by if getattr(by, "is_authenticated", False) else None
    lineup.submitted_at = now
    lineup.default_applied = default_applied
    lineup.save()
    return lineup


def _refuse(team, round, players, *, by, link, now, reason, late) -> LineupRefused:
    with transaction.atomic():
        sub = LineupSubmission.objects.create(
            team=team,
            round=round,
            players=list(players),
            submitted_by=by if getattr(by, "is_authenticated", False) else None,
            via_link=link,
            submitted_at=now,
            status=LineupSubmission.Status.REFUSED,
            reason=reason,
            late=late,
        )
    return LineupRefused(reason, sub)


def _as_ids(players: Sequence) -> list[int | None]:
    out: list[int | None] = []
    for p in players:
        if p in (None, "", 0, "0"):
            out.append(None)
        elif isinstance(p, Player):
            out.append(p.pk)
        else:
            try:
                out.append(int(p))
            except (TypeError, ValueError):
                raise ValidationError(_("%(player)r is not a player id.") % {"player": p}) from None
    return out


def submit_lineup(
    team: Team,
    round: Round,
    players: Sequence,
    *,
    by=None,
    link: CaptainLink | None = None,
    override_reason: str = "",
    confirm_empty_boards: Collection[int] = (),
    now: dt.datetime | None = None,
) -> LineupSubmission:
    """Submit ``players`` (ids or Players by board, ``None`` = empty board) for ``team``.

    Raises ``PermissionDenied`` when ``by`` is neither the team's captain nor
    an arbiter (and no valid link is given), ``LineupRefused`` (a
    ``ValidationError``) with the reason otherwise; the refusal is kept.
    A lineup with fewer players than boards is accepted only when
    ``confirm_empty_boards`` names exactly its empty boards (they are lost by
    forfeit); otherwise ``EmptyBoardsUnconfirmed`` asks, and nothing is kept
    (issue 18, item 6).
    """
    now = now or timezone.now()
    tournament = round.tournament
    if not tournament.is_team_event:
        raise PermissionDenied(NO_LINEUPS)
    if team.tournament_id != tournament.pk:
        raise ValidationError(
            _("%(team_name)s does not play in %(tournament)s.")
            % {"team_name": team.name, "tournament": tournament}
        )
    arbiter = permissions.is_arbiter(by, tournament)
    if link is not None:
        if link.team_id != team.pk or link.round_id != round.pk:
            raise PermissionDenied(_("This captain link is for another team or round."))
        if link.used_at is not None:
            raise PermissionDenied(_("This captain link has already been used."))
    elif not (arbiter or permissions.is_captain_of(by, team)):
        raise PermissionDenied(
            _("Only the captain of %(team_name)s or an arbiter may submit its lineup.")
            % {"team_name": team.name}
        )
    if override_reason and not arbiter:
        raise PermissionDenied(_("Only an arbiter may accept a late lineup."))

    ids = _as_ids(players)
    open_now = window_is_open(round, now)
    late = not open_now and round.state in (*OPEN_STATES, RoundState.LINEUPS_CLOSED)

    def refuse(reason: str) -> LineupRefused:
        return _refuse(team, round, ids, by=by, link=link, now=now, reason=reason, late=late)

    if not open_now and not (late and arbiter and override_reason.strip()):
        msg = window_message(round, now)
        raise refuse(msg + (" A late lineup needs an arbiter's override." if late else ""))
    match = match_of(team, round)
    if match is None:
        raise refuse(
            _("%(team_name)s is not paired in round %(round_number)s.")
            % {"team_name": team.name, "round_number": round.number}
        )
    if match.is_bye:
        raise refuse(
            _("%(team_name)s has the bye in round %(round_number)s: no lineup is needed.")
            % {"team_name": team.name, "round_number": round.number}
        )
    conf = settings_of(tournament)
    problems = lineup_problems(
        roster_of(team), ids, tournament.boards, conf.min_players, conf.allow_empty_boards
    )
    if problems:
        # each problem in the reader's language (the domain module writes English: it has no Django)
        raise refuse("; ".join(_(p.template) % p.params if p.template else p.message for p in problems))
    if Lineup.objects.filter(team=team, round=round, locked=True).exists():
        raise refuse(
            _("The board pairings of round %(round_number)s are posted: the lineup is final.")
            % {"round_number": round.number}
        )

    ids = ids + [None] * (tournament.boards - len(ids))
    empty = [board for board, pid in enumerate(ids, start=1) if pid is None]
    if empty and set(confirm_empty_boards) != set(empty):
        raise EmptyBoardsUnconfirmed(empty)
    with transaction.atomic():
        _store_lineup(team, round, ids, by=by, now=now, default_applied=False)
        if link is not None:
            link.used_at = now
            link.save(update_fields=["used_at"])
        return LineupSubmission.objects.create(
            team=team,
            round=round,
            players=ids,
            submitted_by=by if getattr(by, "is_authenticated", False) else None,
            via_link=link,
            submitted_at=now,
            status=LineupSubmission.Status.ACCEPTED,
            late=late,
            override_by=by if late else None,
            override_reason=override_reason.strip() if late else "",
        )


def _previous_lineup(team: Team, round: Round) -> list[int | None] | None:
    prev = (
        Lineup.objects.filter(team=team, round__tournament=round.tournament, round__number__lt=round.number)
        .order_by("-round__number")
        .first()
    )
    return current_lineup(team, prev.round) if prev else None


def proposed_default(team: Team, round: Round) -> list[int | None]:
    """The lineup that would apply if the captain submitted none (shown as the form's start)."""
    conf = settings_of(round.tournament)
    return default_lineup(
        roster_of(team), round.tournament.boards, conf.default_lineup, _previous_lineup(team, round)
    )


@transaction.atomic
def apply_default_lineups(round: Round, *, now: dt.datetime | None = None) -> list[Lineup]:
    """Give every paired team without a lineup the tournament's default one."""
    now = now or timezone.now()
    conf = settings_of(round.tournament)
    applied = []
    for team in teams_needing_lineups(round):
        if Lineup.objects.filter(team=team, round=round).exists():
            continue
        ids = default_lineup(
            roster_of(team), round.tournament.boards, conf.default_lineup, _previous_lineup(team, round)
        )
        applied.append(_store_lineup(team, round, ids, by=None, now=now, default_applied=True))
        LineupSubmission.objects.create(
            team=team, round=round, players=ids, submitted_at=now, status=LineupSubmission.Status.DEFAULT
        )
    return applied


@transaction.atomic
def close_lineups(round: Round, *, by, now: dt.datetime | None = None) -> Round:
    """Close the window: defaults for the missing lineups, round -> lineups_closed."""
    permissions.require(
        permissions.is_official(by, round.tournament),
        _("Only an arbiter or the committee may close lineups."),
    )
    if round.state == RoundState.PUBLISHED:
        round = transition_round(round, RoundState.LINEUPS_OPEN, by=by)
    if round.state != RoundState.LINEUPS_OPEN:
        raise ValidationError(
            _("Round %(round_number)s is %(state_display)s: no lineups to close.")
            % {"round_number": round.number, "state_display": round.get_state_display().lower()}
        )
    apply_default_lineups(round, now=now)
    return transition_round(round, RoundState.LINEUPS_CLOSED, by=by)


@transaction.atomic
def open_lineups(round: Round, *, by) -> Round:
    """Open the window by hand (a tournament whose lineups do not open on publication)."""
    permissions.require(
        permissions.is_official(by, round.tournament), _("Only an arbiter or the committee may open lineups.")
    )
    return transition_round(round, RoundState.LINEUPS_OPEN, by=by)


@transaction.atomic
def reopen_lineups(round: Round, *, by) -> Round:
    permissions.require(
        permissions.is_arbiter(by, round.tournament), _("Only an arbiter may reopen lineups.")
    )
    return transition_round(round, RoundState.LINEUPS_OPEN, by=by)


def issue_captain_link(team: Team, round: Round, *, by) -> CaptainLink:
    permissions.require(
        permissions.is_official(by, round.tournament),
        _("Only the committee or an arbiter may issue captain links."),
    )
    if not round.tournament.is_team_event:
        raise ValidationError(NO_LINEUPS)
    return CaptainLink.objects.create(team=team, round=round, created_by=by)
