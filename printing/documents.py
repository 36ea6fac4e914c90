"""The printed documents: each is the PDF of one print page, answered by that page's own view.

Reusing the page's view keeps one template, one selector and one permission check per document:
a PDF is public exactly when its page is, and restricted to the same roles otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.http import HttpResponse
from django.utils.translation import gettext_lazy

from committee import public_views
from operations import views as ops_views


@dataclass(frozen=True)
class Document:
    key: str  # in URL names ("pdf-<key>") and file names
    title: str  # the header's document name (translated when shown)
    page: Callable[..., HttpResponse]  # the HTML page's view
    page_kwargs: dict = field(default_factory=dict)
    landscape: bool = False
    reads_round: bool = False  # the page shows the tournament after ``?round=`` (issue 18)


DOCUMENTS = {
    d.key: d
    for d in (
        # Rule 60: the pairings by team, with the colours of board 1 (public once published).
        Document("pairings", gettext_lazy("Pairing list"), public_views.round_pairings),
        # Rule 19: the board pairings by players (public once posted; officials before).
        Document(
            "boards", gettext_lazy("Board pairings"), ops_views.board_pairings_page, {"layout": "print"}
        ),
        Document("cards", gettext_lazy("Pairing cards"), ops_views.board_pairings_page, {"layout": "cards"}),
        # Rule 56: the signed summary of results (arbiters and the committee).
        Document("summary", gettext_lazy("Results summary (rule 56)"), ops_views.summary_page),
        Document("standings", gettext_lazy("Standings"), ops_views.standings_page, reads_round=True),
        Document("crosstable", gettext_lazy("Crosstable"), ops_views.crosstable_page, landscape=True),
    )
}
