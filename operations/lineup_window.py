"""The lineup window of a round (Olympiad 1998 rule 61): when it is open, when it closes, what to tell.

The window opens when the round's pairing is published (or by hand, for a
tournament whose lineups do not open on publication) and closes at the
round's deadline: the round's own time, else the tournament's time of day on
the round's date less ``lineup_close_days_before``; without either, when the
arbiter closes it. The time of day is a time at the venue (``Tournament.time_zone``), and the
deadline is written in the venue's zone, named (issue 18, item 6).
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Round, RoundState
from tournaments.time_zones import format_at_venue, zone_of

OPEN_STATES = (RoundState.PUBLISHED, RoundState.LINEUPS_OPEN)


def lineup_deadline(round: Round) -> dt.datetime | None:
    """When the window closes: the round's own time, else the tournament's time of day
    on the round's date (less ``lineup_close_days_before``); ``None``: when closed by hand."""
    if round.lineups_close_at:
        return round.lineups_close_at
    t = round.tournament
    if t.lineup_close_time and round.date:
        day = round.date - dt.timedelta(days=t.lineup_close_days_before)
        # a time of day at the venue (issue 18, item 6)
        return timezone.make_aware(dt.datetime.combine(day, t.lineup_close_time), zone_of(t))
    return None


def window_is_open(round: Round, now: dt.datetime | None = None) -> bool:
    now = now or timezone.now()
    if round.state == RoundState.PUBLISHED and not round.tournament.lineups_open_on_publication:
        return False
    if round.state not in OPEN_STATES:
        return False
    deadline = lineup_deadline(round)
    return deadline is None or now < deadline


def window_message(round: Round, now: dt.datetime | None = None) -> str:
    now = now or timezone.now()
    deadline = lineup_deadline(round)
    if round.state in (
        RoundState.AWAITING_RESULTS,
        RoundState.PAIRING_REQUESTED,
        RoundState.DRAFT_COMPUTED,
        RoundState.UNDER_REVIEW,
        RoundState.APPROVED,
    ) or (round.state == RoundState.PUBLISHED and not round.tournament.lineups_open_on_publication):
        return _("The lineup window of round %(number)s is not open yet: the pairing is not published.") % {
            "number": round.number
        }
    if round.state in OPEN_STATES and deadline is not None and now >= deadline:
        return _("The lineup window of round %(number)s closed at %(when)s.") % {
            "number": round.number,
            "when": format_at_venue(deadline, round.tournament),
        }
    if round.state not in OPEN_STATES:
        return _("The lineup window of round %(number)s is closed.") % {"number": round.number}
    if deadline:
        return _("Lineups for round %(number)s are open until %(when)s.") % {
            "number": round.number,
            "when": format_at_venue(deadline, round.tournament),
        }
    return _("Lineups for round %(number)s are open until the arbiter closes them.") % {
        "number": round.number
    }
