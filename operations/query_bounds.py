"""Numbers a client chooses in a query or a form, checked against the tournament before any work.

Issue 18, item 1 ("one anonymous request exhausts the server") and item 4 (``?team=abc`` gave a
500): ``?round=`` of the standings (page, API, PDF) and a team's TPN in an official's form are
read here, ASCII digits only (``"²"`` is a digit to ``str.isdigit`` but not to ``int``), and
refused with a clear message when they name nothing the tournament holds: a round without
results (``404``), a value that is not a number (``400``), a team it does not have (``404``).
Nothing is computed for a value refused here, and nothing is cached.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from operations.selectors import latest_result_round
from tournaments.models import Match, Round, Team, Tournament

# No tournament holds a round or a TPN with more digits; a longer number is out of range
# without being converted (``int()`` of thousands of digits is itself slow, then refused).
MAX_DIGITS = 6


class Refused(Exception):
    """A value the client chose that names nothing the tournament holds; ``status``: 400 or 404."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message = message
        self.status = status


def _shown(value: str) -> str:
    return value if len(value) <= 12 else value[:12] + "…"


def _digits(value: str) -> bool:
    return value.isascii() and value.isdigit()


def standings_round(tournament: Tournament, value: str | None) -> int | None:
    """The round of ``?round=`` for the standings after it: None (absent or empty) means the latest.

    Only a round with results can be asked for (1 to ``latest_result_round``): "Standings after
    round 12" of a 9-round event, or of a round not played yet, is refused.
    """
    if value is None or value == "":
        return None
    if not _digits(value):
        raise Refused(
            _("“%(value)s” is not a round number: give a whole number such as 3.") % {"value": _shown(value)},
            400,
        )
    last = latest_result_round(tournament)
    number = int(value) if len(value) <= MAX_DIGITS else None
    if number is not None and 1 <= number <= last:
        return number
    if last == 0:
        message = _(
            "No round of %(tournament)s has results yet: there are no standings after round %(number)s."
        )
    else:
        message = _(
            "There are no standings after round %(number)s: %(tournament)s has results for rounds 1 to %(last)s."
        )
    raise Refused(
        message % {"number": _shown(value.lstrip("0") or "0"), "tournament": tournament.name, "last": last},
        404,
    )


def _found_by_number(value: str | None, find, not_a_number, missing):
    """What ``find(number)`` gives for the whole number ``value`` names: refused (400, ``not_a_number(value
    as shown)``) when ``value`` is not one, and (404, ``missing(number as shown)``) when ``find`` gives None."""
    value = (value or "").strip()
    if not _digits(value):
        raise Refused(not_a_number(_shown(value)), 400)
    found = find(int(value)) if len(value) <= MAX_DIGITS else None
    if found is None:
        raise Refused(missing(_shown(value.lstrip("0") or "0")), 404)
    return found


def team_of(tournament: Tournament, value: str | None) -> Team:
    """The team whose TPN is ``value`` (a form's or a query's); refused unless the tournament has it."""
    return _found_by_number(
        value,
        lambda tpn: Team.objects.filter(tournament=tournament, tpn=tpn).first(),
        lambda shown: (
            _("“%(value)s” is not a team's number (TPN): give a whole number such as 3.") % {"value": shown}
        ),
        lambda tpn: (
            _("%(tournament)s has no team with TPN %(tpn)s.") % {"tournament": tournament.name, "tpn": tpn}
        ),
    )


def match_at(round: Round, value: str | None) -> Match:
    """The match on table ``value`` of ``round`` (the result grid's saves); refused unless the round has it."""
    return _found_by_number(
        value,
        lambda table: Match.objects.filter(round=round, table=table).first(),
        lambda shown: (
            _("“%(value)s” is not a table number: give a whole number such as 3.") % {"value": shown}
        ),
        lambda table: (
            _("Round %(number)s has no table %(table)s.") % {"number": round.number, "table": table}
        ),
    )


def whole_number(value: str | None) -> int | None:
    """``value`` as the whole number it names (ASCII digits, at most ``MAX_DIGITS``), None when it names
    none: for a caller that reads with it before its own checks, and refuses it after them."""
    value = (value or "").strip()
    return int(value) if _digits(value) and len(value) <= MAX_DIGITS else None


def board_number(value: str | None) -> int:
    """A board number as a client sent it (the service says whether the match has that board)."""
    value = (value or "").strip()
    if not _digits(value) or len(value) > MAX_DIGITS:
        raise Refused(
            _("“%(value)s” is not a board number: give a whole number such as 2.") % {"value": _shown(value)},
            400,
        )
    return int(value)
