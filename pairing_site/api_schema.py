"""The API schema says every answer an operation can give, errors included (issue 18, item 4).

drf-spectacular documents the success answers of each operation; this ``AutoSchema`` (the
``DEFAULT_SCHEMA_CLASS``) adds the error answers that DRF and the views give, with their body:

- 400 when the operation reads a request body or a query parameter (other than ``page``):
  ``{"detail": "..."}`` for a refusal of the services, or each bad field with its messages;
- 401 on every operation: a missing (where needed), unknown or revoked token;
- 403 unless the operation is public for reading (``AllowAny`` and a safe method): a role
  without the right, or a session call without its CSRF token;
- 404 when the path names something (a tournament, a round, a run, ...) or the list is paged;
- 409 where a view declares it with :func:`conflict` (a stale draft, stale results, ...);
- 415 when the operation reads a request body sent in a type it does not take (JSON).

An operation's own ``@extend_schema(responses=...)`` for a code wins over these.
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema as BaseAutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions, serializers

SAFE_METHODS = frozenset(permissions.SAFE_METHODS)
PAGE_PARAMETERS = frozenset({"page"})


class ErrorSerializer(serializers.Serializer):
    """An error: what is wrong, in words (other keys may add to it, e.g. ``current``)."""

    detail = serializers.CharField()

    class Meta:
        ref_name = "Error"


class BadRequestSerializer(serializers.Serializer):
    """A refused request: ``detail`` says why, or each bad field of the request has its messages."""

    detail = serializers.CharField(required=False)

    class Meta:
        ref_name = "BadRequest"


ERRORS = {
    "400": OpenApiResponse(
        BadRequestSerializer, "The request is refused: `detail`, or each bad field with its messages."
    ),
    "401": OpenApiResponse(ErrorSerializer, "No valid credentials: send 'Authorization: Token <key>'."),
    "403": OpenApiResponse(
        ErrorSerializer, "Your role does not allow this (or a session call lacks its CSRF token)."
    ),
    "404": OpenApiResponse(ErrorSerializer, "Not found (or not public yet)."),
    "415": OpenApiResponse(ErrorSerializer, "The body is not in a type the operation takes (JSON)."),
}


def conflict(description: str) -> OpenApiResponse:
    """A view's 409 answer, for its ``@extend_schema(responses={..., 409: conflict("...")})``."""
    return OpenApiResponse(ErrorSerializer, description)


class AutoSchema(BaseAutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation.setdefault("responses", {})
        for code in self._error_codes(operation):
            if code not in responses:
                responses[code] = self._get_response_for_code(ERRORS[code], code, ["application/json"])
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def _error_codes(self, operation: dict) -> list[str]:
        parameters = operation.get("parameters", [])
        query = {p["name"] for p in parameters if p.get("in") == "query"} - PAGE_PARAMETERS
        codes = ["401"] if self.view.get_authenticators() else []
        if "requestBody" in operation or query:
            codes.append("400")
        if "requestBody" in operation:
            codes.append("415")
        if not (self.method in SAFE_METHODS and self._public()):
            codes.append("403")
        if any(p.get("in") == "path" for p in parameters) or self._get_paginator() is not None:
            codes.append("404")
        return codes

    def _public(self) -> bool:
        return all(isinstance(p, permissions.AllowAny) for p in self.view.get_permissions())
