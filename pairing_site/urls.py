"""URL layout.

- ``/`` and ``/t/...``: public pages (``tournaments.urls``)
- ``/committee/...``: the pairing committee's pages (``committee.urls``)
- ``/ops/...``: lineups, results, standings (``operations.urls``)
- ``/api/...``: the REST API; each app's ``api_urls.py`` is included here
- ``/api/schema/`` (OpenAPI) and ``/api/docs/`` (Swagger UI)
- ``/i18n/setlang/``: the language switcher (``languages``)
- ``/accounts/login/``, ``/accounts/logout/``, ``/accounts/tokens/``, ``/accounts/lockouts/``;
  ``/admin/``; ``/healthz/``; ``/metrics`` (Prometheus)
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("accounts.urls")),
    path("", include("observability.urls")),  # /healthz/, /metrics
    path("i18n/", include("languages.urls")),  # the language switcher posts to /i18n/setlang/
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("tournaments.api_urls")),
    path("api/", include("committee.api_urls")),
    path("api/", include("operations.api_urls")),
    path("api/", include("notifications.api_urls")),
    path("api/", include("accounts.api_urls")),
    path("api/", include("participants.api_urls")),
    path("committee/", include("committee.urls")),
    path("ops/", include("operations.urls")),
    path("notifications/", include("notifications.urls")),
    path("", include("printing.urls")),
    path("", include("committee.public_urls")),
    path("", include("participants.urls")),
    path("", include("tournaments.urls")),
]

handler404 = "pairing_site.not_found.page_not_found"  # JSON under /api/, as its schema says
