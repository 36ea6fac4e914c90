"""WSGI entry point (gunicorn pairing_site.wsgi).

The proxy's revalidations of public answers still current are answered before Django's middleware
(``public_http.revalidation``, issue 21).
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pairing_site.settings")
django_application = get_wsgi_application()

from public_http.revalidation import RevalidationApp  # noqa: E402  (after Django is set up)

application = RevalidationApp(django_application)
