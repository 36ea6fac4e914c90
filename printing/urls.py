"""PDF of the print pages, each beside its page (included at the site root by pairing_site/urls.py)."""

from django.urls import path

from . import views

ops_round = "ops/t/<slug:slug>/r/<int:number>/"

urlpatterns = [
    path("t/<slug:slug>/round/<int:number>/pairings.pdf", views.pairing_list_pdf, name="pdf-pairings"),
    path(ops_round + "boards/print.pdf", views.board_pairings_pdf, name="pdf-boards"),
    path(ops_round + "boards/cards.pdf", views.pairing_cards_pdf, name="pdf-cards"),
    path(ops_round + "summary.pdf", views.results_summary_pdf, name="pdf-summary"),
    path("ops/t/<slug:slug>/standings.pdf", views.standings_pdf, name="pdf-standings"),
    path("ops/t/<slug:slug>/crosstable.pdf", views.crosstable_pdf, name="pdf-crosstable"),
]
