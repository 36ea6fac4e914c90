"""Account pages under ``/accounts/`` (login and logout are in ``pairing_site.urls``)."""

from django.urls import path

from . import views

urlpatterns = [
    path("tokens/", views.tokens_page, name="account-tokens"),
    path("lockouts/", views.lockouts_page, name="account-lockouts"),
    path("unlock/", views.unlock_request_page, name="account-unlock"),
    path("unlock/<str:token>/", views.unlock_link_page, name="account-unlock-link"),
]
