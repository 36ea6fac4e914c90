"""The tournament's time zone (the venue's): every time a page or an e-mail shows is in it, with its name.

Issue 18, item 6: deadlines and times had no time zone on the pages (the e-mails had the server's).
``Tournament.time_zone`` is an IANA name (``Europe/Paris``), by default ``settings.TIME_ZONE``; a
time of day the tournament sets (``lineup_close_time``) is a time at the venue, and every moment is
shown converted to the venue's zone followed by its abbreviation (``20:00 CEST``; ``UTC+04`` where
the zone has no letters). The template filters are in ``tournaments/templatetags/venue_time.py``.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _


def default_time_zone() -> str:
    """A new tournament's zone: the site's (``settings.TIME_ZONE``)."""
    return settings.TIME_ZONE


@cache
def available_time_zones() -> tuple[str, ...]:
    """Every IANA zone name the system knows, sorted (the choices of the settings forms)."""
    return tuple(sorted(zoneinfo.available_timezones()))


def validate_time_zone(value: str) -> None:
    """An IANA time zone name the system knows (``Europe/Paris``, ``UTC``)."""
    if value not in available_time_zones():
        raise ValidationError(
            _("%(value)r is not a time zone: give its IANA name, e.g. Europe/Paris."),
            code="invalid_time_zone",
            params={"value": value},
        )


@cache
def _zone(name: str) -> dt.tzinfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def zone_of(tournament) -> dt.tzinfo:
    """The tournament's zone (the site's when it has none, e.g. a template without a tournament)."""
    return _zone(getattr(tournament, "time_zone", "") or settings.TIME_ZONE)


def at_venue(moment: dt.datetime, tournament) -> dt.datetime:
    """``moment`` in the tournament's zone (a naive moment is taken as the site's time)."""
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return timezone.localtime(moment, zone_of(tournament))


def abbreviation(moment: dt.datetime) -> str:
    """The zone's abbreviation at ``moment`` (``CEST``), ``UTC+04`` for a zone that has none."""
    name = moment.tzname() or ""
    if name[:1] in ("+", "-"):
        return f"UTC{name}"
    return name


def format_at_venue(moment: dt.datetime | None, tournament, fmt: str = "SHORT_DATETIME_FORMAT") -> str:
    """``moment`` at the venue in ``fmt`` (a Django date format or format name), then the zone."""
    if moment is None:
        return ""
    local = at_venue(moment, tournament)
    return f"{date_format(local, fmt)} {abbreviation(local)}"
