"""The rows of the two biggest public tables, written in Python (issue 13, section 2).

A 180-team round's board pairings have 360 boards and its standings 180 rows,
rendered again after every result. Django's template language spent about
a tenth of a millisecond on each cell (a variable lookup, a localisation, a
translation each time), so these tables cost 80-130 ms a render. Written here
as Django's own admin writes its change list rows (``format_html``, the
words translated once per table), they cost a few milliseconds, with the
same markup.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.urls import reverse
from django.utils import formats
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from operations.score_words import entered_words, unfinished_words
from operations.templatetags.ops_tags import score_text

register = template.Library()

_COLOUR = '<span class="colour colour-{}"><span aria-hidden="true">{}</span><span class="visually-hidden">{}</span></span>'


def _player(colour: SafeString, player, empty: str, page: str) -> str:
    name = conditional_escape(player.name) if player is not None and player.name else empty
    if player is not None and player.name:
        name = f'<a href="{page}{player.pk}/">{name}</a>'
    rating = player.rating if player is not None else None
    return f"<td>{colour} {name}{f' <small>({formats.localize(rating)})</small>' if rating else ''}</td>"


def _player_page(slug: str) -> str:
    """The URL of a player's page without the player's id (reversed once per table, not per board)."""
    return reverse("player-page", kwargs={"slug": slug, "player_id": 0}).removesuffix("0/")


@register.simple_tag
def board_rows(match) -> SafeString:
    """The ``<tbody>`` rows of a match's boards: board, the two players with their colours, result.

    Each row names the first-named team's player first; the colour follows the
    tournament's board colour sequence (Olympiad rule 19, ``white_team_has_white``);
    the result reads from the side of the player named first (issue 18 item 5); each player's
    name links to the player's page (issue 20 item 2).
    """
    white = format_html(_COLOUR, "w", pgettext("colour White, one letter", "W"), gettext("White"))
    black = format_html(_COLOUR, "b", pgettext("colour Black, one letter", "B"), gettext("Black"))
    empty = conditional_escape(gettext("— empty —"))
    page = _player_page(match.round.tournament.slug)
    rows = []
    for g in match.boards.all():
        w, b = _player(white, g.white, empty, page), _player(black, g.black, empty, page)
        first, second = (w, b) if g.white_team_has_white else (b, w)
        result = conditional_escape(g.get_first_named_result_display())
        rows.append(
            f'<tr><td class="num">{formats.localize(g.board)}</td>\n        {first}<td class="dash">–</td>\n'
            f"        {second}\n        <td>{result}</td></tr>"
        )
    if not rows:
        return format_html('<tr><td colspan="5" class="empty">{}</td></tr>', gettext("No boards yet."))
    return mark_safe("\n".join(rows))


@register.simple_tag
def match_score(match) -> SafeString:
    """A match's score as it stands, first-named team first (issue 18, items 5 and 6).

    Final: "3 – 1". Counting an unfinished game (as a draw, rule 11): the score and
    "provisional", with the games still being played for a screen reader and in the
    tooltip. Some boards still pending: the score of the boards in and how many are in.
    Nothing before the first result.
    """
    separator = formats.get_format("DECIMAL_SEPARATOR")
    tally = match.board_tally()
    if match.has_result:
        score = f"{score_text(match.white_game_points, separator)} – {score_text(match.black_game_points, separator)}"
        if not tally.provisional:
            return format_html('<span class="badge badge-ok score-final">{}</span>', score)
        why = unfinished_words(tally.unfinished)
        return format_html(
            '<span class="badge badge-warn score-provisional" title="{}">{} <em>{}</em>'
            '<span class="visually-hidden"> ({})</span></span>',
            why,
            score,
            gettext("provisional"),
            why,
        )
    if not tally.entered:
        return mark_safe("")
    score = f"{score_text(tally.first, separator)} – {score_text(tally.second, separator)}"
    return format_html(
        '<span class="badge badge-warn score-partial">{} <em>({})</em>{}</span>',
        score,
        entered_words(tally.entered, tally.boards),
        format_html('<span class="visually-hidden"> ({})</span>', unfinished_words(tally.unfinished))
        if tally.provisional
        else "",
    )


def _cells(values: Iterable, separator: str) -> SafeString:
    return format_html_join("", '<td class="num">{}</td>', ((score_text(v, separator),) for v in values))


@register.simple_tag
def standings_rows(st, tournament) -> SafeString:
    """The ``<tbody>`` rows of the standings: rank, name (a link to its page), MP, GP, the tie-breaks,
    the "how?" link (the tie-break page)."""
    separator = formats.get_format("DECIMAL_SEPARATOR")
    unranked = gettext("(extra team, not ranked)")
    how = gettext("how?")
    rows = []
    team_page = reverse("team-page", kwargs={"slug": tournament.slug, "tpn": 0}).removesuffix("0/")
    for row in st.rows:
        url = reverse("ops-tiebreaks", args=[tournament.slug, row.tpn])
        tiebreaks = [v for name, values in row.tiebreaks.items() if name not in ("MP", "GP") for v in values]
        rows.append(
            format_html(
                '<tr data-tpn="{}"><td class="num">{}</td>\n      <td><a href="{}">{}</a>{}</td>\n'
                '      <td class="num">{}</td><td class="num">{}</td>\n      {}\n'
                '      <td class="no-print"><a href="{}" title="{}">{}</a></td></tr>',
                row.tpn,
                row.rank if row.rank else "–",
                f"{team_page}{row.tpn}/",
                row.name,
                format_html(" <small>{}</small>", unranked) if row.rank is None else "",
                score_text(row.match_points, separator),
                score_text(row.game_points, separator),
                _cells(tiebreaks, separator),
                url,
                gettext("How the tie-breaks of %(name)s are computed") % {"name": row.name},
                how,
            )
        )
    if not rows:
        words = gettext("No teams yet.") if tournament.is_team_event else gettext("No players yet.")
        return format_html('<tr><td colspan="5" class="empty">{}</td></tr>', words)
    return mark_safe("\n".join(rows))


@register.simple_tag
def match_score_cell(match) -> SafeString:
    """A match's score on the results pages: the match points once every board is in, then ``match_score``
    ("partial" and how many boards are in before); a forfeit and a confirmation marked."""
    separator = formats.get_format("DECIMAL_SEPARATOR")
    if match.is_bye:
        points = format_html("{} {}", score_text(match.white_match_points, separator), gettext("MP"))
        if match.white_game_points is not None:
            points = format_html(
                "{} ({} {})", points, score_text(match.white_game_points, separator), gettext("GP")
            )
        return points
    score = match_score(match)
    if match.has_result:
        score = format_html(
            "{}–{} {} {}",
            score_text(match.white_match_points, separator),
            score_text(match.black_match_points, separator),
            gettext("MP"),
            score,
        )
    elif score:
        score = format_html('<span class="meta">{}</span> {}', gettext("partial:"), score)
    else:
        score = format_html('<span class="meta">{}</span>', gettext("not entered"))
    if match.forfeit:
        score = format_html('{} <span class="badge badge-bad">{}</span>', score, gettext("forfeit"))
    if match.result_confirmed:
        score = format_html('{} <span class="badge badge-ok">{}</span>', score, gettext("confirmed"))
    return score
