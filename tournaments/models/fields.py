"""Field and constraint shapes the models share."""

from __future__ import annotations

from decimal import Decimal

from django.db import models


def points_field(default: str | None = None) -> models.DecimalField:
    """Match or game points (2, 1.5, 0.25 ...); NULL allowed (not yet known) when ``default`` is None."""
    if default is None:
        return models.DecimalField(max_digits=5, decimal_places=2, null=True, blank=True)
    return models.DecimalField(max_digits=5, decimal_places=2, default=Decimal(default))


def numbered_within(parent: str, number: str, *, unique: str, positive: str) -> list[models.BaseConstraint]:
    """``number`` counts from 1 and is unique within ``parent`` (a round in its tournament, a board in its match)."""
    return [
        models.UniqueConstraint(fields=[parent, number], name=unique),
        models.CheckConstraint(condition=models.Q(**{f"{number}__gte": 1}), name=positive),
    ]
