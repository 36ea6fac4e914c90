"""The PDF of each print page (``<page>.pdf``, ``?size=letter`` for Letter paper, A4 by default).

Each view asks the page's own view for the HTML, so permissions, 404s and redirects to the login
page are the page's; a 200 page becomes its PDF.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from operations.query_bounds import standings_round
from printing import selectors, services
from printing.documents import DOCUMENTS, Document
from printing.pdf import PdfUnavailable, paper_size
from tournaments.models import Tournament


def _pdf_view(document: Document):
    @require_GET
    def view(request, slug: str, number: int | None = None):
        round_kwargs = {} if number is None else {"number": number}
        page = document.page(request, slug=slug, **round_kwargs, **document.page_kwargs)
        if page.status_code != 200 or not page.get("Content-Type", "").startswith("text/html"):
            return page  # the page's own answer: a redirect to log in, an error page
        tournament = get_object_or_404(Tournament, slug=slug)
        if number is None and document.reads_round:
            # Checked by the page already (a round with results, else 400/404); the header names it.
            number = standings_round(tournament, request.GET.get("round"))
        size = paper_size(request.GET.get("size"))
        try:
            pdf = services.document_pdf(
                page.content.decode(page.charset or "utf-8"),
                selectors.print_header(tournament, document.title, number),
                size=size,
                landscape=document.landscape,
                path=request.path,
                shared=not request.user.is_authenticated,
            )
        except PdfUnavailable as err:
            return HttpResponse(str(err), status=503, content_type="text/plain; charset=utf-8")
        response = HttpResponse(pdf, content_type="application/pdf")
        name = "-".join(
            [slug, *([f"round-{round_kwargs['number']}"] if round_kwargs else []), document.key, size]
        )
        response["Content-Disposition"] = f'inline; filename="{name}.pdf"'
        return response

    view.__name__ = view.__qualname__ = f"{document.key}_pdf"
    view.__doc__ = f"The {document.title.lower()} as a PDF."
    return view


pairing_list_pdf = _pdf_view(DOCUMENTS["pairings"])
board_pairings_pdf = _pdf_view(DOCUMENTS["boards"])
pairing_cards_pdf = _pdf_view(DOCUMENTS["cards"])
results_summary_pdf = _pdf_view(DOCUMENTS["summary"])
standings_pdf = _pdf_view(DOCUMENTS["standings"])
crosstable_pdf = _pdf_view(DOCUMENTS["crosstable"])
