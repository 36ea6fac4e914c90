"""Template filters for the engine's texts a person reads (issue 18 item 6)."""

from django import template

from tournaments.engine_texts import with_team_names

register = template.Library()


@register.filter
def team_names(text: str, names) -> str:
    """``text`` with the teams it names by TPN named by name too (``names``: TPN → name or {"name": ...})."""
    return with_team_names(str(text), names or {})[0]
