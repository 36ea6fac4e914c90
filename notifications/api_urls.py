"""Notices API routes under ``/api/``."""

from django.urls import path

from . import views

urlpatterns = [
    path("notifications/preferences/", views.PreferencesApi.as_view(), name="api-notice-preferences"),
]
