"""The user's notice switches: a small page (``/notifications/``) and its API (``/api/notifications/preferences/``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions as drf_permissions
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from languages.selectors import language_of, site_languages
from notifications import selectors
from notifications.forms import PreferencesForm
from notifications.services.preferences import SWITCHES, update_preferences
from pairing_site import api_fields


@login_required
def preferences_page(request):
    current = selectors.preferences_of(request.user)
    form = PreferencesForm(request.POST or None, instance=current)
    if request.method == "POST" and form.is_valid():
        try:
            update_preferences(request.user, **{k: form.cleaned_data[k] for k in SWITCHES})
        except ValidationError as err:
            messages.error(request, " ".join(err.messages))
        else:
            messages.success(request, _("Your notice settings are saved."))
            return redirect("notice-preferences")
    return render(
        request,
        "notifications/preferences.html",
        {
            "form": form,
            "notices": selectors.notices_of(request.user),
            "email": request.user.email,
            "email_language": site_languages().get(language_of(request.user)),
        },
    )


class PreferencesSerializer(serializers.Serializer):
    lineup_window = api_fields.BooleanField(required=False)
    lineup_reminder = api_fields.BooleanField(required=False)
    pairings = api_fields.BooleanField(required=False)
    run_failures = api_fields.BooleanField(required=False)
    email = serializers.CharField(
        source="user.email", read_only=True, help_text='Where the notices go ("" when no address is set).'
    )


class PreferencesApi(APIView):
    """GET: the user's notice switches; PUT/PATCH: change some of them (``{"pairings": false}``)."""

    permission_classes = [drf_permissions.IsAuthenticated]

    @extend_schema(responses=PreferencesSerializer)
    def get(self, request):
        return Response(PreferencesSerializer(selectors.preferences_of(request.user)).data)

    @extend_schema(request=PreferencesSerializer, responses=PreferencesSerializer)
    def patch(self, request):
        ser = PreferencesSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        unknown = sorted(set(request.data) - set(SWITCHES))
        if unknown:
            return Response(
                {
                    "detail": _("Unknown notice %(unknown)s; the notices are %(notices)s.")
                    % {"unknown": ", ".join(unknown), "notices": ", ".join(SWITCHES)}
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        try:
            pref = update_preferences(request.user, **ser.validated_data)
        except ValidationError as err:
            return Response({"detail": " ".join(err.messages)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(PreferencesSerializer(pref).data)

    put = patch
