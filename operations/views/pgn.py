"""Results from the broadcast (arbiters) and the round's games as PGN (public once the boards are posted)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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
    permissions.require(permissions.is_arbiter(request.user, t), _("Only an arbiter imports results."))
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
            messages.error(request, _("Nothing was entered: %(messages)s") % {"messages": _messages(err)})
            return redirect("ops-pgn-import", slug=t.slug, number=r.number)
        entered = report.entered + report.replaced
        results_part = ngettext(
            "%(entered)s result entered from the PGN file",
            "%(entered)s results entered from the PGN file",
            entered,
        ) % {"entered": entered}
        matches_part = ngettext("%(matches)s match", "%(matches)s matches", report.matches) % {
            "matches": report.matches
        }
        if report.replaced:
            matches_part = _("%(matches)s, %(replaced)s replaced") % {
                "matches": matches_part,
                "replaced": report.replaced,
            }
        messages.success(
            request,
            _("%(results)s (%(matches)s).") % {"results": results_part, "matches": matches_part},
        )
        return redirect("ops-results", slug=t.slug, number=r.number)
    if request.method == "POST":
        upload = request.FILES.get("pgn")
        too_big = upload is not None and upload.size > pgn_import.MAX_BYTES
        data = upload.read() if upload and not too_big else request.POST.get("pgn_text", "")
        if too_big:
            messages.error(
                request,
                _("The file is larger than %(max_bytes)s MB.")
                % {"max_bytes": pgn_import.MAX_BYTES // (1024 * 1024)},
            )
        elif not data:
            messages.error(request, _("Choose a PGN file (or paste its text)."))
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
        raise Http404(_("The games of this round are not public yet."))
    response = HttpResponse(pgn_export.round_pgn(r), content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{t.slug}-round-{r.number}.pgn"'
    return response
