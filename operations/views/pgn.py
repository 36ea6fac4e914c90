"""Results from the broadcast (arbiters) and the round's games as PGN (public once the boards are posted)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render

from operations import permissions, selectors
from operations.services import pgn_export, pgn_import
from operations.views._common import _messages, _round, _tournament


def pgn_import_page(request, slug: str, number: int):
    """GET: the upload form; POST a file: the preview; POST its token: enter the results."""
    t = _tournament(slug)
    r = _round(t, number)
    if not request.user.is_authenticated:
        from django.contrib.auth.views import redirect_to_login

        return redirect_to_login(request.get_full_path())
    permissions.require(permissions.is_arbiter(request.user, t), "Only an arbiter imports results.")
    context = {"tournament": t, "round": r, "preview": None}
    if request.method == "POST" and "token" in request.POST:
        try:
            report = pgn_import.import_pgn(
                r,
                request.POST["token"],
                by=request.user,
                replace_conflicts=request.POST.get("replace_conflicts") == "on",
            )
        except ValidationError as err:
            messages.error(request, f"Nothing was entered: {_messages(err)}")
            return redirect("ops-pgn-import", slug=t.slug, number=r.number)
        replaced = f", {report.replaced} replaced" if report.replaced else ""
        messages.success(
            request,
            f"{report.entered + report.replaced} result{'s' if report.entered + report.replaced != 1 else ''} "
            f"entered from the PGN file ({report.matches} match{'es' if report.matches != 1 else ''}{replaced}).",
        )
        return redirect("ops-results", slug=t.slug, number=r.number)
    if request.method == "POST":
        upload = request.FILES.get("pgn")
        too_big = upload is not None and upload.size > pgn_import.MAX_BYTES
        data = upload.read() if upload and not too_big else request.POST.get("pgn_text", "")
        if too_big:
            messages.error(request, f"The file is larger than {pgn_import.MAX_BYTES // (1024 * 1024)} MB.")
        elif not data:
            messages.error(request, "Choose a PGN file (or paste its text).")
        else:
            try:
                context["preview"] = pgn_import.preview_pgn(r, data, by=request.user)
                context["filename"] = upload.name if upload else "pasted text"
            except ValidationError as err:
                messages.error(request, _messages(err))
    return render(request, "operations/pgn_import.html", context)


def round_pgn_download(request, slug: str, number: int):
    t = _tournament(slug)
    r = _round(t, number)
    if not (selectors.board_pairings_visible(r) or permissions.is_official(request.user, t)):
        raise Http404("The games of this round are not public yet.")
    response = HttpResponse(pgn_export.round_pgn(r), content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{t.slug}-round-{r.number}.pgn"'
    return response
