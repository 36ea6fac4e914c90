"""The result grid's keys (issue 20, item 1): one key per result, read from the side of the player named first.

A team match names the first-named team's player first on every board (issue 18 item 5), and
the grid reads every result from that player's side: ``1`` is "the player named first wins"
whether he has White or Black; the page stores it from White's side through
``result_from_first_named_side``, the one conversion every page uses. The page lists these
keys, and its script (static/js/result-grid.js) reads the same table from the page's data-*
attributes, so the keys are written once, here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from tournaments.models.match import GameResult


@dataclass(frozen=True)
class ResultKey:
    keys: tuple[str, ...]  # the keys an arbiter types (the first is the one shown first)
    code: str  # the result from the first-named player's side (``GameResult``)
    short: str  # what the board's field shows
    meaning: object  # what the key means, for the page's list of keys (translated)


RESULT_KEYS = (
    ResultKey(("1",), GameResult.WHITE_WINS, "1-0", _("the player named first wins")),
    ResultKey(("0",), GameResult.BLACK_WINS, "0-1", _("the player named first loses")),
    ResultKey(("=", "5"), GameResult.DRAW, "½-½", _("draw")),
    ResultKey(("+",), GameResult.WHITE_WINS_FORFEIT, "+/−", _("the player named first wins by forfeit")),
    ResultKey(("-",), GameResult.BLACK_WINS_FORFEIT, "−/+", _("the player named first loses by forfeit")),
    ResultKey(("x",), GameResult.DOUBLE_FORFEIT, "−/−", _("double forfeit: neither player scores")),
    ResultKey(("*",), GameResult.UNFINISHED, "*", _("unfinished: counts as a draw for pairing (rule 11)")),
)

# Every result the grid saves (first-named side), "" clearing a board back to pending.
GRID_CODES = frozenset({GameResult.PENDING} | {k.code for k in RESULT_KEYS})

SHORT = {GameResult.PENDING: "", **{k.code: k.short for k in RESULT_KEYS}}


def key_table() -> dict[str, str]:
    """``{key: result code}`` for the page's script."""
    return {key: k.code for k in RESULT_KEYS for key in k.keys}
