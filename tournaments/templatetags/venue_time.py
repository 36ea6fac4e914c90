"""Times at the venue, with the zone: ``{{ moment|at_venue:tournament }}`` → ``2026-07-04 20:00 CEST``.

Every time a page shows goes through these filters (issue 18, item 6), converted to the
tournament's zone (``Tournament.time_zone``) and followed by its abbreviation:

- ``at_venue``: date and time (the language's short format);
- ``venue_time``: ``20:00:05 CEST``; ``venue_hm``: ``20:00 CEST``;
- ``venue_moment``: the moment in the venue's zone, for ``|date`` with a format of one's own
  (``{{ deadline|venue_moment:tournament|date:"l j E Y, H:i T" }}``: ``T`` is then the venue's).

Without a tournament (an account's page), the site's zone is used, and named.
"""

from __future__ import annotations

from django import template
from django.templatetags.tz import do_timezone

from tournaments import time_zones

register = template.Library()


@register.filter(expects_localtime=False)
def at_venue(moment, tournament=None) -> str:
    return time_zones.format_at_venue(moment, tournament) if moment else ""


@register.filter(expects_localtime=False)
def venue_time(moment, tournament=None) -> str:
    return time_zones.format_at_venue(moment, tournament, "H:i:s") if moment else ""


@register.filter(expects_localtime=False)
def venue_hm(moment, tournament=None) -> str:
    return time_zones.format_at_venue(moment, tournament, "H:i") if moment else ""


@register.filter(expects_localtime=False)
def venue_moment(moment, tournament=None):
    """The moment at the venue, kept there by ``|date`` (Django's own ``|timezone`` filter)."""
    return do_timezone(moment, time_zones.zone_of(tournament)) if moment else moment
