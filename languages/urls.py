"""/i18n/setlang/: the language switcher posts here."""

from django.urls import path

from languages import views

urlpatterns = [path("setlang/", views.set_language, name="set_language")]
