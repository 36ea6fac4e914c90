"""Asking once before an act that cannot be taken back (issue 18, item 6).

Publishing, publishing a correction, completing a round, closing the lineups and
reopening a round each ask once, saying what follows (what becomes public, who is
e-mailed). The server decides: a POST without ``confirm`` does nothing and answers
with the confirmation page, whose button posts the same fields again with
``confirm=1``. The buttons of the pages post without it, so the page works
without JavaScript and no client can skip the step by accident.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRM_FIELD = "confirm"


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get(CONFIRM_FIELD) == "1"


def confirmation_page(
    request: HttpRequest,
    *,
    title: str,
    follows: list[str],
    confirm_label: str,
    cancel_url: str,
    context: dict | None = None,
) -> HttpResponse:
    """The page that asks once: ``follows`` says what the act does; its form posts the same fields again."""
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", CONFIRM_FIELD)
        for value in values
    ]
    return render(
        request,
        "confirm_action.html",
        {
            **(context or {}),
            "title": title,
            "follows": follows,
            "confirm_label": confirm_label,
            "cancel_url": cancel_url,
            "action": request.path,
            "fields": fields,
        },
    )
