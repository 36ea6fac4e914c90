"""Template filters of the operations pages."""

from django import template
from django.utils import formats

register = template.Library()


@register.filter
def num(value) -> str:
    """A score as people write it: 3, 3.5, 12.25 (blank for None); 3,5 where the language writes a comma."""
    return score_text(value, formats.get_format("DECIMAL_SEPARATOR"))


def score_text(value, separator: str) -> str:
    """``num`` with the language's decimal separator given (looked up once for a whole table)."""
    if value is None or value == "":
        return ""
    try:
        text = f"{float(value):g}"
    except (TypeError, ValueError):
        return str(value)
    return text.replace(".", separator)
