"""Errors of the committee's services; each message names the problem."""

from __future__ import annotations

from django.core.exceptions import ValidationError


class StaleDraft(ValidationError):
    """The draft version acted on is no longer the current one (someone saved a newer one)."""


class ApprovalBlocked(ValidationError):
    """The draft breaks an absolute criterion and no Chief Arbiter's override covers it."""
