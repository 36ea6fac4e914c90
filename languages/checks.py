"""``manage.py check`` warns when a catalogue was changed after it was compiled."""

from __future__ import annotations

from django.core.checks import Warning, register

from languages.catalogues import catalogues


@register()
def stale_catalogues(app_configs, **kwargs):
    stale = [cat for cat in catalogues() if cat.is_stale()]
    if not stale:
        return []
    return [
        Warning(
            f"{len(stale)} translation catalogue(s) not compiled since they changed: "
            + ", ".join(str(cat.po) for cat in stale),
            hint="Run: python manage.py compilemessages",
            id="languages.W001",
        )
    ]
