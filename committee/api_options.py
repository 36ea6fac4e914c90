"""API of the pairing options (the committee chair's) and of the public "why" switch (the committee's).

- ``GET /api/tournaments/<slug>/options/``: every option of the system with its
  article, label, help, choices (default and FIDE's tool's reading marked) and
  the value in force; whether they are frozen; the decisions that changed them.
- ``PUT`` the same address with ``{"options": {"float_forfeit": false}}``: choose
  them before round 1 is published (409 once frozen; 400 names each bad option).
- ``POST …/options/decisions/`` with ``{"options": {...}, "reason": "..."}``: a change
  after round 1's publication, recorded as a committee decision (201).
- ``PUT /api/tournaments/<slug>/public-reasons/`` with ``{"show": false}``.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from committee import selectors
from committee.api import _require
from committee.services.options import change_options_by_decision, choose_options, set_public_reasons
from pairing_site import api_fields
from pairing_site.api_schema import conflict
from tournaments.pairing_options import OptionRow, options_frozen, options_in_force


class OptionsInput(serializers.Serializer):
    options = serializers.DictField(
        child=serializers.JSONField(), help_text="Option key to value (JSON value or its text)."
    )


class OptionsDecisionInput(OptionsInput):
    reason = api_fields.CharField(max_length=5000, allow_blank=True)


class PublicReasonsInput(serializers.Serializer):
    show = api_fields.BooleanField()


def _row(row: OptionRow) -> dict[str, Any]:
    spec = row.spec
    return {
        "key": spec.key,
        "article": spec.article,
        "label": row.label,  # in the request's language (Accept-Language), like the words of the values
        "help": row.help,
        "value": row.value,
        "value_text": row.text,
        "value_words": row.words,
        "default": spec.default,
        "is_default": row.is_default,
        "fide_tool": spec.fide_tool if row.has_fide_tool else None,
        "has_fide_tool": row.has_fide_tool,
        "choices": [
            {
                "value": c.value,
                "text": c.text,
                "words": c.words,
                "default": c.is_default,
                "fide_tool": c.is_fide_tool,
            }
            for c in row.choices
        ],
        "minimum": spec.minimum,
        "nullable": spec.nullable,
        "problem": row.problem,
    }


def options_body(tournament) -> dict[str, Any]:
    return {
        "system": tournament.pairing_system,
        "system_label": tournament.system_label,
        "frozen": options_frozen(tournament),
        "options": [_row(r) for r in options_in_force(tournament)],
        "decisions": [
            {
                "decision": c.decision_id,
                "author": c.decision.author.get_username(),
                "created_at": c.decision.created_at,
                "round": c.decision.round.number,
                "reason": c.reason,
                "changes": c.lines,
                "before": c.before,
                "after": c.after,
            }
            for c in selectors.options_changes_of(tournament)
        ],
    }


def _invalid(exc: ValidationError, code: int = status.HTTP_400_BAD_REQUEST) -> Response:
    body: dict[str, Any] = {"detail": " ".join(exc.messages)}
    if hasattr(exc, "error_dict"):
        body["errors"] = {k: " ".join(v) for k, v in exc.message_dict.items()}
    return Response(body, status=code)


def _tournament(request, slug: str, perm: str):
    """The tournament of ``slug``, once the request's user holds ``perm`` on it (else 401/403)."""
    tournament = selectors.tournament_by_slug(slug)
    _require(request, perm, tournament)
    return tournament


def _valid(serializer_class: type[serializers.Serializer], request) -> dict[str, Any]:
    """The request's body, checked by ``serializer_class`` (else 400 naming each bad field)."""
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


class TournamentOptions(APIView):
    """The pairing options of a tournament (committee chair)."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, slug: str):
        tournament = _tournament(request, slug, "committee.edit_options")
        return Response(options_body(tournament))

    @extend_schema(
        request=OptionsInput,
        responses={
            200: OpenApiTypes.OBJECT,
            409: conflict("The options are frozen (round 1 is published): change them by a decision."),
        },
    )
    def put(self, request, slug: str):
        tournament = _tournament(request, slug, "committee.edit_options")
        data = _valid(OptionsInput, request)
        try:
            choose_options(tournament=tournament, user=request.user, values=data["options"])
        except ValidationError as exc:
            frozen = getattr(exc, "code", None) == "frozen"
            return _invalid(exc, status.HTTP_409_CONFLICT if frozen else status.HTTP_400_BAD_REQUEST)
        return Response(options_body(tournament))


class OptionsDecisionCreate(APIView):
    """Change frozen pairing options by a recorded committee decision (committee chair)."""

    @extend_schema(request=OptionsDecisionInput, responses=OpenApiTypes.OBJECT)
    def post(self, request, slug: str):
        tournament = _tournament(request, slug, "committee.edit_options")
        data = _valid(OptionsDecisionInput, request)
        try:
            change = change_options_by_decision(
                tournament=tournament, user=request.user, values=data["options"], reason=data["reason"]
            )
        except ValidationError as exc:
            return _invalid(exc)
        body = {
            "decision": change.decision_id,
            "round": change.decision.round.number,
            "changes": change.lines,
            **options_body(tournament),
        }
        return Response(body, status=status.HTTP_201_CREATED)


class PublicReasons(APIView):
    """Show or hide each team's "why" line on the public pairings (committee)."""

    @extend_schema(request=PublicReasonsInput, responses=PublicReasonsInput)
    def put(self, request, slug: str):
        tournament = _tournament(request, slug, "committee.set_public_reasons")
        data = _valid(PublicReasonsInput, request)
        t = set_public_reasons(tournament=tournament, user=request.user, show=data["show"])
        return Response({"show": t.show_pairing_reasons})
