"""``/healthz/`` and ``/metrics`` (included at the site's root)."""

from django.urls import path

from . import views

urlpatterns = [
    path("healthz/", views.healthz, name="healthz"),
    path("metrics", views.metrics, name="metrics"),
]
