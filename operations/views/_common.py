"""Helpers shared by the operations views."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404

from tournaments.models import Round, Tournament


def _messages(err: ValidationError) -> str:
    return " ".join(err.messages)


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def _round(t: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=t, number=number)
