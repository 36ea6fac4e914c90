"""The PDF of each print page (``<page>.pdf``, ``?size=letter`` for Letter paper, A4 by default).

A document rendered ahead (``printing.stored``) answers from the storage, with its ETag, while it is
of the current version and the reader may see it. Otherwise the view asks the page's own view for
the HTML, so permissions, 404s and redirects to the login page are the page's; a 200 page becomes
its PDF, which is stored for the next reader when it is one of the stored documents.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.http import parse_etags
from django.views.decorators.http import require_GET

from operations.query_bounds import standings_round
from printing import selectors, services, stored
from printing.documents import DOCUMENTS, Document
from printing.pdf import PdfUnavailable, paper_size
from public_http import versions
from tournaments.models import Tournament


def _language() -> str:
    try:
        return translation.get_supported_language_variant(translation.get_language() or "")
    except LookupError:
        return settings.LANGUAGE_CODE


def _stored_key(request, document: Document, slug: str, number: int | None, size: str) -> stored.Key | None:
    """The stored document this request asks for; None for a page not kept (standings of ``?round=``)."""
    if document.reads_round and request.GET.get("round"):
        return None
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or (number is not None and not versions.round_is_held(slug, number)):
        return None  # the page answers 404 itself, before any version is read
    return stored.key(tournament, document.key, number, _language(), size)


def _pdf_response(pdf: bytes, name: str, etag: str | None = None) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}.pdf"'
    if etag:
        response["ETag"] = etag
    return response


def _stored_answer(request, k: stored.Key, name: str) -> HttpResponse | None:
    """The stored file of ``k`` (or 304 to its ETag) if it is current and the reader may see it."""
    if not stored.may_read(request.user, k):
        return None
    found = stored.current(k)
    if found is None:
        return None
    row, version = found
    etag = f'"{version}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        not_modified = HttpResponseNotModified()
        not_modified["ETag"] = etag
        return not_modified
    pdf = stored.read(row)
    return None if pdf is None else _pdf_response(pdf, name, etag)


def _pdf_view(document: Document):
    @require_GET
    def view(request, slug: str, number: int | None = None):
        round_kwargs = {} if number is None else {"number": number}
        size = paper_size(request.GET.get("size"))
        name = "-".join([slug, *([f"round-{number}"] if number is not None else []), document.key, size])
        k = _stored_key(request, document, slug, number, size)
        version = None
        if k is not None:
            if (answer := _stored_answer(request, k, name)) is not None:
                return answer
            version = stored.document_version(k)  # before the page reads anything
        page = document.page(request, slug=slug, **round_kwargs, **document.page_kwargs)
        if page.status_code != 200 or not page.get("Content-Type", "").startswith("text/html"):
            return page  # the page's own answer: a redirect to log in, an error page
        tournament = get_object_or_404(Tournament, slug=slug)
        if number is None and document.reads_round:
            # Checked by the page already (a round with results, else 400/404); the header names it.
            number = standings_round(tournament, request.GET.get("round"))
        html = page.content.decode(page.charset or "utf-8")
        try:
            if k is not None and stored.may_read(request.user, k):
                # Missing or out of date: rendered once for this reader and kept for the next ones.
                row = stored.render_and_store(k, html, version)
                pdf = stored.read(row) if row is not None else None
                if pdf is not None:
                    return _pdf_response(pdf, name, f'"{row.version}"')
            pdf = services.document_pdf(
                html,
                selectors.print_header(tournament, document.title, number),
                size=size,
                landscape=document.landscape,
                path=request.path,
                shared=not request.user.is_authenticated,
            )
        except PdfUnavailable as err:
            return HttpResponse(str(err), status=503, content_type="text/plain; charset=utf-8")
        return _pdf_response(pdf, name)

    view.__name__ = view.__qualname__ = f"{document.key}_pdf"
    view.__doc__ = f"The {document.title.lower()} as a PDF."
    return view


pairing_list_pdf = _pdf_view(DOCUMENTS["pairings"])
board_pairings_pdf = _pdf_view(DOCUMENTS["boards"])
pairing_cards_pdf = _pdf_view(DOCUMENTS["cards"])
results_summary_pdf = _pdf_view(DOCUMENTS["summary"])
standings_pdf = _pdf_view(DOCUMENTS["standings"])
crosstable_pdf = _pdf_view(DOCUMENTS["crosstable"])
