"""Template filters of the operations pages."""

from django import template

register = template.Library()


@register.filter
def num(value) -> str:
    """A score as people write it: 3, 3.5, 12.25 (blank for None)."""
    if value is None or value == "":
        return ""
    try:
        return f"{float(value):g}"
    except (TypeError, ValueError):
        return str(value)
