"""``handler404``: under ``/api/`` a path that names nothing answers in JSON, as the schema says.

A URL no route matches (``/api/ops/t/x/rounds/abc/boards/``: a round is a number) got Django's
HTML page, while the schema promises ``{"detail": "..."}`` for a 404 (issue 18, item 4). Pages
keep Django's own 404 page.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.views import defaults
from rest_framework.exceptions import NotFound


def page_not_found(request, exception=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": str(NotFound.default_detail)}, status=404)
    return defaults.page_not_found(request, exception)
