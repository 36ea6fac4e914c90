"""Helpers shared by the operations views."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render

from operations.query_bounds import Refused
from tournaments.models import Round, Tournament


def _messages(err: ValidationError) -> str:
    return " ".join(err.messages)


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _round(t: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=t, number=number)


def refusal(request, refused: Refused) -> HttpResponse:
    """A value the client chose, refused (issue 18): its message on the 404 or 400 page."""
    if refused.status == 404:
        raise Http404(refused.message)
    return render(request, "400.html", {"exception": refused.message}, status=refused.status)
