"""``may_unlock`` for the navigation: whether the user sees the "Lockouts" link (issue 18 item 3).

Lazy: asked only where a logged-in page's navigation shows it (one query), never for the public.
"""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from accounts import selectors


def lockouts_link(request) -> dict:
    user = getattr(request, "user", None)
    return {"may_unlock": SimpleLazyObject(lambda: bool(user is not None and selectors.may_unlock(user)))}
