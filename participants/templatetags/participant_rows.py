"""The rows of the board prize tables, written in Python as ``operations.templatetags.ops_rows`` writes
the standings (a 184-team Olympiad's prizes list 920 players: Django's template loop with an include
and two ``{% url %}`` per row spent seconds on them)."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils import formats
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from operations.templatetags.ops_tags import score_text

register = template.Library()


def _prefix(name: str, slug: str, key: str) -> str:
    """The URL of a team's or player's page without its number (reversed once per table)."""
    return reverse(name, kwargs={"slug": slug, key: 0}).removesuffix("0/")


def rp_cell(rp) -> SafeString:
    """Rp with what it is made of on hover (as ``participants/_rp.html``)."""
    if rp is None:
        return mark_safe("—")
    how = gettext(
        "Average rating of the %(games)s opponents counted %(average)s, plus dp %(dp)s from the FIDE table"
    ) % {"games": rp.games, "average": rp.average, "dp": rp.dp}
    return format_html('<abbr title="{}">{}</abbr>', how, rp.rating)


@register.simple_tag
def prize_rows(table, tournament) -> SafeString:
    """The ``<tbody>`` rows of one board's prize table: rank (``=`` when shared), player, team, rating,
    games, points, percentage, Rp."""
    separator = formats.get_format("DECIMAL_SEPARATOR")
    players = _prefix("player-page", tournament.slug, "player_id")
    teams = _prefix("team-page", tournament.slug, "tpn")
    below = gettext("fewer games than the minimum")
    rows = []
    for line in table.lines:
        record, player = line.record, line.player
        rank = (
            f"{line.rank}{'=' if line.tied else ''}"
            if line.rank
            else format_html('<span title="{}">—</span>', below)
        )
        rows.append(
            format_html(
                '<tr{}><td class="num">{}</td><td><a href="{}{}/">{}</a></td><td><a href="{}{}/">{}</a></td>'
                '<td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td>'
                '<td class="num">{}</td></tr>',
                "" if line.rank else mark_safe(' class="not-qualified"'),
                rank,
                players,
                player.pk,
                player.name,
                teams,
                player.team.tpn,
                player.team.name,
                player.rating or "—",
                record.played,
                score_text(record.points, separator),
                formats.localize(record.percentage) if record.percentage is not None else "—",
                rp_cell(record.performance),
            )
        )
    return mark_safe("\n".join(rows))
