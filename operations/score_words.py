"""What a match's score says about itself, in words (issue 18, items 5 and 6).

A score that counts a game still being played (as a draw, Olympiad rule 11) is provisional;
one with boards still pending is partial. The pages' score marks (``ops_rows.match_score``)
and the arbiter's "saved" message say so with these words.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Match


def unfinished_words(count: int) -> str:
    return ngettext(
        "%(count)s game still being played, counted as a draw (rule 11)",
        "%(count)s games still being played, counted as draws (rule 11)",
        count,
    ) % {"count": count}


def entered_words(entered: int, boards: int) -> str:
    return ngettext("%(entered)s of %(boards)s board in", "%(entered)s of %(boards)s boards in", boards) % {
        "entered": entered,
        "boards": boards,
    }


def _points(value) -> str:
    return format(float(value or 0), "g")


def saved_message(match: Match) -> str:
    """The arbiter's message after saving a match's results: the score, final, provisional or so far."""
    tally = match.board_tally()
    names = {
        "table": match.table,
        "white_team": match.white_team.label,
        "black_team": match.black_team.label,
    }
    if match.has_result:
        text = _(
            "Table %(table)s: %(white_team)s %(white_points)s – %(black_points)s %(black_team)s saved."
        ) % {
            **names,
            "white_points": _points(match.white_game_points),
            "black_points": _points(match.black_game_points),
        }
        if tally.provisional:
            text += " " + _("Provisional: %(why)s.") % {"why": unfinished_words(tally.unfinished)}
        return text
    if not tally.entered:
        return _("Table %(table)s: no result entered yet.") % names
    return _(
        "Table %(table)s: %(entered)s, %(white_team)s %(white_points)s – %(black_points)s %(black_team)s "
        "so far; the match has no result until every board has one."
    ) % {
        **names,
        "entered": entered_words(tally.entered, tally.boards),
        "white_points": _points(tally.first),
        "black_points": _points(tally.second),
    }
