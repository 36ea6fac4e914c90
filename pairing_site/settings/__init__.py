"""Settings package.

``pairing_site.settings`` is the default module (development, and the one
``manage.py``, pytest and the quick start use): everything comes from
``base`` and is switched by environment variables (see README
"Configuration"). ``pairing_site.settings.production`` hardens it for a
deployment (``manage.py check --deploy`` passes).
"""

from .base import *  # noqa: F401,F403
