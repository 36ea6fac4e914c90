"""API token routes under ``/api/``."""

from django.urls import path

from . import views

urlpatterns = [
    path("tokens/", views.TokenListApi.as_view(), name="api-tokens"),
    path("tokens/<str:prefix>/", views.TokenDetailApi.as_view(), name="api-token"),
]
