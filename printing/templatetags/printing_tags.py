"""``{% pdf_links "pdf-boards" tournament.slug round.number %}``: the "PDF" link (A4) and its Letter twin."""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.urls import reverse

register = template.Library()


@register.inclusion_tag("printing/_pdf_links.html")
def pdf_links(url_name: str, *args, **query) -> dict[str, str]:
    url = reverse(url_name, args=args)
    query = {k: v for k, v in query.items() if v not in (None, "")}
    return {
        "a4": url + (f"?{urlencode(query)}" if query else ""),
        "letter": f"{url}?{urlencode({**query, 'size': 'letter'})}",
    }
