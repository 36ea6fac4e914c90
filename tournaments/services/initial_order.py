"""The initial order of the teams (TPNs) and the initial colour.

An individual event's players are ordered by rating, then title, then name
(:func:`assign_individual_order`; docs/individual-events.md).

Olympiad 1998 rules 7-8: teams are ranked by the average of their
``boards`` highest ratings (4 for men's teams, 3 for women's), an unrated
player counted as ``tournament.unrated_rating`` (2000 by default); ties are
broken by the next-highest rating (the 5th player's, for women the 4th),
then the one after it (the 6th), then an order the committee gives
(``Team.manual_order``, e.g. the previous Olympiad's ranking), then
alphabetically. For 4-board teams (and the 1998 women's 3 boards) the
engine's ``engine.olympiad.ranking.initial_order`` decides, with the
tournament's Olympiad text (2007: one tie-break rating, the 5th); other
sizes use ``initial_order`` below, the same rules generalised.

Olympiad Pairing Rules (2022, D.02) 3.1: the average rating of the team's four
(``boards``) highest-rated players, then the rating of the fifth player, then
alphabetically; no other criterion (no committee order): :func:`d02_initial_order`.
C.04.6 1.1.2: any order the competition's rules give; the
committee may set or reorder TPNs until round 1's pairing is requested
(``set_tpn_order``), and every change is kept in the team's history.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Player, RoundState, Team, Tournament


@dataclass(frozen=True)
class RankingEntry:
    """What rules 7-8 look at for one team."""

    key: int  # the team's id
    name: str
    ratings: tuple[int | None, ...]  # roster ratings, None = unrated
    manual_order: int | None = None


def _strength_tuple(entry: RankingEntry, boards: int, unrated: int) -> tuple[float, list[int]]:
    ratings = sorted((r if r else unrated for r in entry.ratings), reverse=True)
    top = ratings[:boards]
    average = sum(top) / len(top) if top else 0.0
    return average, ratings[boards : boards + 2]


def initial_order(
    entries: Sequence[RankingEntry], *, boards: int, unrated: int = 2000, d02: bool = False
) -> list[int]:
    """Keys of ``entries`` in initial order, strongest first (rules 7-8; D.02 3.1 with ``d02``).

    A missing 5th/6th player counts below any rating; teams without a
    manual order come after those with one. D.02 3.1 looks at the 5th
    player only and at no manual order before the alphabet.
    """

    def sort_key(e: RankingEntry):
        average, next_ratings = _strength_tuple(e, boards, unrated)
        padded = (next_ratings + [-1, -1])[:2]
        if d02:
            return (-round(average, 6), -padded[0], e.name.casefold())
        manual = e.manual_order if e.manual_order is not None else 10**9
        return (-round(average, 6), -padded[0], -padded[1], manual, e.name.casefold())

    return [e.key for e in sorted(entries, key=sort_key)]


def d02_initial_order(entries: Sequence[RankingEntry], *, boards: int, unrated: int) -> list[int]:
    """D.02 3.1: 3.1.1 the average rating of the ``boards`` (four) highest-rated players, 3.1.2 the
    rating of the fifth player, 3.1.3 alphabetically. A team with fewer players than the average
    needs is refused, named."""
    short = [e.name for e in entries if len(e.ratings) < boards]
    if short:
        raise ValidationError(
            _(
                "D.02 3.1 ranks a team by the average rating of its %(boards)s highest-rated players; "
                "these teams have fewer players: %(teams)s."
            )
            % {"boards": boards, "teams": ", ".join(short)}
        )
    return initial_order(entries, boards=boards, unrated=unrated, d02=True)


def compute_team_strength(team: Team) -> float:
    """Average of the ``boards`` highest ratings (unrated counted per the tournament)."""
    t = team.tournament
    entry = RankingEntry(team.pk, team.name, tuple(p.rating for p in team.players.all()))
    return round(_strength_tuple(entry, t.boards, t.unrated_rating)[0], 2)


def _refuse_after_round_one(tournament: Tournament) -> None:
    """TPNs are fixed once round 1 is being paired: a draft names teams by TPN."""
    first = tournament.rounds.filter(number=1).first()
    if first is not None and first.state != RoundState.AWAITING_RESULTS:
        raise ValidationError(
            _(
                "TPNs cannot change once the pairing of round 1 has been requested (C.04.6 1.1.2): the draft and the published pairing name teams by TPN."
            )
        )


@transaction.atomic
def assign_initial_order(tournament: Tournament, *, by=None) -> list[Team]:
    """Compute every team's strength and give TPNs 1..n by rules 7-8.

    The organiser's extra team (1998 rules 2-3) is ranked like the others.
    An individual event is ordered by the players' ratings instead
    (:func:`assign_individual_order`).
    """
    if not tournament.is_team_event:
        return assign_individual_order(tournament, by=by)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _refuse_after_round_one(tournament)
    teams = list(tournament.teams.prefetch_related("players").order_by("name"))
    entries = [
        RankingEntry(t.pk, t.name, tuple(p.rating for p in t.players.all()), t.manual_order) for t in teams
    ]
    if tournament.pairing_system == "olympiad" and tournament.olympiad_version == "2022":
        order = d02_initial_order(entries, boards=tournament.boards, unrated=tournament.unrated_rating)
    else:
        order = _engine_order(tournament, teams)
    if order is None:
        order = initial_order(entries, boards=tournament.boards, unrated=tournament.unrated_rating)
    return _write_tpns(tournament, order, teams, by=by, recompute_strength=True)


def _engine_order(tournament: Tournament, teams: list[Team]) -> list[int] | None:
    """Team ids in the order of ``engine.olympiad.ranking`` (None where it does not apply)."""
    if tournament.boards not in (3, 4):
        return None
    try:
        from engine.olympiad.ranking import initial_order as olympiad_order
    except ImportError:
        return None
    from engine.state import Participant
    from engine.state import Player as EnginePlayer

    version = "2007" if tournament.olympiad_version == "2007" else "1998"
    section = "women" if tournament.boards == 3 else "open"
    if section == "women" and version == "2007":
        return None  # the 2007 text averages 4 players in both sections
    participants = [
        Participant(
            tpn=i,
            name=t.name,
            roster=tuple(EnginePlayer(number=p.pk, rating=p.rating or 0) for p in t.players.all()),
        )
        for i, t in enumerate(teams, start=1)
    ]
    previous = {t.name: t.manual_order for t in teams if t.manual_order is not None}
    try:
        ranked = olympiad_order(
            participants,
            version=version,
            section=section,
            unrated_rating=tournament.unrated_rating,
            previous_olympiad=previous,
        )
    except ValueError as exc:
        raise ValidationError(str(exc)) from None
    return [teams[r.participant_tpn - 1].pk for r in ranked]


@transaction.atomic
def set_tpn_order(tournament: Tournament, team_ids: Sequence[int], *, by=None) -> list[Team]:
    """Set TPNs 1..n in the given order of team ids (C.04.6 1.1.2).

    Every team of the tournament must be listed exactly once.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _refuse_after_round_one(tournament)
    teams = list(tournament.teams.all())
    ids = {t.pk for t in teams}
    given = list(team_ids)
    if len(given) != len(set(given)):
        raise ValidationError(_("A team is listed twice in the new order."))
    if set(given) != ids:
        missing = ids - set(given)
        unknown = set(given) - ids
        parts = []
        if missing:
            parts.append(_("missing team ids %(ids)s") % {"ids": sorted(missing)})
        if unknown:
            parts.append(_("team ids %(ids)s are not in this tournament") % {"ids": sorted(unknown)})
        raise ValidationError(
            _("The new order must list every team once: %(problems)s.") % {"problems": "; ".join(parts)}
        )
    return _write_tpns(tournament, given, teams, by=by, recompute_strength=False)


def _write_tpns(tournament, order, teams, *, by, recompute_strength: bool) -> list[Team]:
    by_id = {t.pk: t for t in teams}
    # Clear first so the unique (tournament, tpn) constraint holds at every step.
    Team.objects.filter(tournament=tournament).update(tpn=None)
    result = []
    for tpn, team_id in enumerate(order, start=1):
        team = by_id[team_id]
        team.tpn = tpn
        if recompute_strength:
            team.strength = compute_team_strength(team)
        if by is not None and getattr(by, "is_authenticated", False):
            team._history_user = by
        team._change_reason = "initial order"
        team.save(update_fields=["tpn", "strength"])
        result.append(team)
    return result


# FIDE titles, strongest first (ties on rating).
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


def single_player(team: Team) -> Player:
    """The one player of an individual event's entrant (a one-player ``Team``)."""
    players = list(team.players.all())
    if len(players) != 1:
        raise ValidationError(
            _(
                "%(team_name)s has %(players_count)s players: in an individual event every entrant is one player."
            )
            % {"team_name": team.name, "players_count": len(players)}
        )
    return players[0]


def individual_order_key(player: Player) -> tuple:
    """Rating (highest first, unrated last), then title, then name."""
    title = player.title.upper()
    rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return (-(player.rating or 0), rank, player.name.casefold())


@transaction.atomic
def assign_individual_order(tournament: Tournament, *, by=None) -> list[Team]:
    """TPNs 1..n in the individual order (:func:`individual_order_key`); strength = the rating."""
    if tournament.is_team_event:
        raise ValidationError(
            _("%(tournament)s is a team event: use assign_initial_order.") % {"tournament": tournament}
        )
    teams = list(tournament.teams.prefetch_related("players"))
    player_of = {t.pk: single_player(t) for t in teams}
    order = sorted(teams, key=lambda t: individual_order_key(player_of[t.pk]))
    result = set_tpn_order(tournament, [t.pk for t in order], by=by)
    for team in result:
        team.strength = float(player_of[team.pk].rating or 0)
        team.save(update_fields=["strength"])
    return result


@transaction.atomic
def draw_initial_colour(tournament: Tournament, *, colour: str | None = None) -> Tournament:
    """Draw (by lot) and record the initial colour (C.04.6 4.1), once.

    ``colour`` ('w'/'b') records a lot drawn elsewhere (e.g. at the
    opening ceremony).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.initial_colour:
        raise ValidationError(
            _("The initial colour was already drawn (%(initial_colour_display)s).")
            % {"initial_colour_display": tournament.get_initial_colour_display()}
        )
    if colour is None:
        colour = secrets.choice(["w", "b"])
    if colour not in ("w", "b"):
        raise ValidationError(_("The initial colour is 'w' or 'b'."))
    tournament.initial_colour = colour
    tournament.initial_colour_drawn_at = timezone.now()
    tournament.save(update_fields=["initial_colour", "initial_colour_drawn_at"])
    return tournament
