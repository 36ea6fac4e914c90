"""``{% test_perm "committee.view_draft" user tournament as is_official %}``: a role's permission in a template.

Unlike ``rules``' ``has_perm`` tag (``user.has_perm``, which Django answers yes for any
superuser), this tests the permission's predicate itself: a superuser has no role in a
tournament by being one (issue 18 item 4), so the navigation offers him only what the
pages let him do.
"""

from __future__ import annotations

import rules
from django import template

register = template.Library()


@register.simple_tag
def test_perm(name: str, user, obj=None) -> bool:
    return rules.has_perm(name, user, obj)
