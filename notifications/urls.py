"""The notice switches page, under /notifications/."""

from django.urls import path

from . import views

urlpatterns = [path("", views.preferences_page, name="notice-preferences")]
