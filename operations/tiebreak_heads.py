"""What the standings call each tie-break column: the name arbiters use, and the article on hover.

The engine names a tie-break by its code in the tournament's list (``BH-C1``, ``olympiad2007``)
and the columns of an Olympiad rule 12 list by the rule's letters (``12(a)``). The codes of
single tie-breaks are FIDE's own acronyms (Tie-Break Regulations C.07: BH, BH-C1, SB, DE ...)
and stay as they are; an Olympiad list's columns get the names arbiters use ("Olympiad SB (−2
lowest)", "Opp. MP (−2 lowest)", "GP"). Every head carries its article and definition, shown on
hover, in the reader's language (the engine's tie-break names through ``tournaments.engine_texts``).
Readings: docs/interpretations/standings.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from engine.standings.registry import TieBreak
from tournaments.engine_texts import translated


@dataclass(frozen=True)
class ColumnHead:
    name: str  # the tie-break's code in the tournament's list
    label: str  # the column's head
    title: str  # the article and what is counted (hover)


# (list, column) -> (head, article: definition). Texts: Olympiad Pairing Rules 1998 rule 12 and
# the 2007 amendment of rule 12 (/work/shared/rules); the 2026 Chess Olympiad's regulations
# (engine.standings.olympiad2026, docs/interpretations/standings.md).
OLYMPIAD_HEADS = {
    ("olympiad2026", "OSB-C1"): (
        gettext_lazy("Olympiad SB (−1 lowest)"),
        gettext_lazy(
            "Chess Olympiad 2026: the opponents' match points, each multiplied by the game points scored "
            "against that opponent, the opponent with the fewest match points left out"
        ),
    ),
    ("olympiad2026", "GP"): (
        gettext_lazy("GP"),
        gettext_lazy("Chess Olympiad 2026: the game points scored"),
    ),
    ("olympiad2026", "BH/MP-C1"): (
        gettext_lazy("Opp. MP (−1 lowest)"),
        gettext_lazy(
            "Chess Olympiad 2026: the opponents' match points, the opponent with the fewest left out "
            "(Buchholz Cut-1, FIDE C.07 8.1, 8.2)"
        ),
    ),
    ("olympiad2007", "12(a)"): (
        gettext_lazy("Olympiad SB (−2 lowest)"),
        gettext_lazy(
            "Olympiad rule 12(a) (2007): the opponents' match points, each multiplied by the game points "
            "scored against that opponent, the two opponents with the fewest match points left out"
        ),
    ),
    ("olympiad2007", "12(b)"): (
        gettext_lazy("Opp. MP (−2 lowest)"),
        gettext_lazy(
            "Olympiad rule 12(b) (2007): the opponents' match points, the two opponents with the fewest "
            "match points left out"
        ),
    ),
    ("olympiad2007", "12(c)"): (
        gettext_lazy("GP"),
        gettext_lazy("Olympiad rule 12(c) (2007): the game points scored"),
    ),
    ("olympiad1998", "12(a)"): (
        gettext_lazy("Opp. GP"),
        gettext_lazy("Olympiad rule 12(a) (1998): the game points of all the opponents"),
    ),
    ("olympiad1998", "12(b)"): (
        gettext_lazy("MP"),
        gettext_lazy("Olympiad rule 12(b) (1998): the match points won"),
    ),
    ("olympiad1998", "12(c)"): (
        gettext_lazy("Opp. GP (won + ½ drawn)"),
        gettext_lazy(
            "Olympiad rule 12(c) (1998): the game points of the opponents defeated plus half those of "
            "the opponents drawn"
        ),
    ),
    ("olympiad1998", "12(d)"): (
        gettext_lazy("Opp. GP (−2 highest, −2 lowest)"),
        gettext_lazy(
            "Olympiad rule 12(d) (1998): the opponents' game points, the two highest and the two lowest left out"
        ),
    ),
}

# FIDE Tie-Break Regulations (C.07, 2023), as docs/interpretations/standings.md reads them.
_ARTICLES = {"BH": "C.07 8.1", "SB": "C.07 9.1", "ESB": "C.07 9.1", "DE": "C.07 6", "WON": "C.07"}
_BH = re.compile(r"^BH(?:/(?:MP|GP))?-(C|M)\d$")


def _article(code: str) -> str:
    if _BH.match(code):
        return "C.07 8.1, 8.2"
    return _ARTICLES.get(code.split("/", 1)[0].split("-", 1)[0], "")


def column_heads(tiebreak: TieBreak) -> list[ColumnHead]:
    """The heads of ``tiebreak``'s columns, in the order of its values."""
    if len(tiebreak.columns) == 1:
        article = _article(tiebreak.name)
        label = translated(tiebreak.label)
        title = f"{label} (FIDE {article})" if article else label
        return [ColumnHead(tiebreak.name, tiebreak.name, title)]
    heads = []
    for column in tiebreak.columns:
        label, title = OLYMPIAD_HEADS.get(
            (tiebreak.name, column), (f"{tiebreak.name} {column}", f"{translated(tiebreak.label)}: {column}")
        )
        heads.append(ColumnHead(tiebreak.name, label, title))
    return heads
