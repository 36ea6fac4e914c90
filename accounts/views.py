"""Pages ``/accounts/tokens/`` (your API token) and ``/accounts/lockouts/`` (unlock), and the token API."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods
from drf_spectacular.utils import extend_schema
from rest_framework import permissions as drf_permissions
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors, services, unlock_links
from accounts.throttle import cool_off_minutes
from pairing_site.api_schema import conflict


def _error(err: ValidationError) -> str:
    return " ".join(err.messages)


@login_required
@require_http_methods(["GET", "POST"])
def tokens_page(request):
    """Your API token: see it (its first 8 characters), create one, revoke it."""
    new_key = None
    if request.method == "POST":
        try:
            if request.POST.get("action") == "create":
                new_key = services.create_token(request.user).key
            elif request.POST.get("action") == "revoke":
                services.revoke_token(request.user, request.POST.get("prefix", ""))
                messages.success(
                    request, _("The token is revoked: requests with it are refused from now on.")
                )
                return redirect("account-tokens")
        except ValidationError as err:
            messages.error(request, _error(err))
    tokens = [
        {"prefix": selectors.token_prefix(t), "created": t.created} for t in selectors.tokens_of(request.user)
    ]
    return render(request, "accounts/tokens.html", {"tokens": tokens, "new_key": new_key})


@login_required
@require_http_methods(["GET", "POST"])
def lockouts_page(request):
    """Accounts and addresses locked by repeated failures; staff, committee members and arbiters unlock them.

    Issue 18 item 3: a locked-out official is let back in by a colleague of the same tournament.
    """
    if not selectors.may_unlock(request.user):
        raise PermissionDenied(
            _("Only an administrator, a committee member or an arbiter sees the lockouts.")
        )
    if request.method == "POST":
        kind, value = request.POST.get("kind"), request.POST.get("value", "")
        if kind == "account":
            services.unlock_account(username=value, by=request.user)
        elif kind == "address":
            services.unlock_address(ip_address=value, by=request.user)
        else:
            messages.error(request, _("Say what to unlock: an account or an address."))
            return redirect("account-lockouts")
        messages.success(request, _("%(value)s is unlocked.") % {"value": value})
        return redirect("account-lockouts")
    return render(
        request,
        "accounts/lockouts.html",
        {
            "lockouts": selectors.lockouts_for(request.user),
            "limit": settings.AXES_FAILURE_LIMIT,
            "address_limit": settings.AXES_ADDRESS_FAILURE_LIMIT,
            "cool_off_minutes": cool_off_minutes(),
        },
    )


@require_http_methods(["GET", "POST"])
def unlock_request_page(request):
    """Ask for a one-time sign-in link by e-mail (issue 18 item 3: a way back no attacker blocks)."""
    sent = False
    if request.method == "POST":
        unlock_links.send_link(
            request.POST.get("username", ""),
            lambda token: request.build_absolute_uri(reverse("account-unlock-link", args=[token])),
        )
        sent = True  # the same answer either way: nobody learns which accounts exist
    return render(
        request,
        "accounts/unlock_request.html",
        {"sent": sent, "minutes": unlock_links.minutes(), "username": request.GET.get("username", "")},
    )


@require_http_methods(["GET", "POST"])
def unlock_link_page(request, token: str):
    """The e-mailed link: a button (mail scanners only GET), which lifts the lock and logs the user in."""
    try:
        if request.method == "POST":
            user = unlock_links.spend(token)
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("You are logged in, and the lock on your account is lifted."))
            return redirect("home")
        user = unlock_links.user_of(token)
    except unlock_links.LinkRefused as err:
        return render(request, "accounts/unlock_confirm.html", {"error": str(err)}, status=400)
    return render(request, "accounts/unlock_confirm.html", {"name": user.get_username()})


class TokenSerializer(serializers.Serializer):
    prefix = serializers.CharField(read_only=True, help_text=_("The token's first 8 characters."))
    created = serializers.DateTimeField(read_only=True)


class NewTokenSerializer(TokenSerializer):
    key = serializers.CharField(
        read_only=True, help_text=_("The whole token: send it as 'Authorization: Token <key>'.")
    )


def _described(token, with_key: bool = False) -> dict:
    data = {"prefix": selectors.token_prefix(token), "created": token.created}
    if with_key:
        data["key"] = token.key
    return data


class TokenListApi(APIView):
    """GET: your API tokens (first 8 characters and creation time). POST: create one (the key is shown once)."""

    permission_classes = [drf_permissions.IsAuthenticated]

    @extend_schema(responses=TokenSerializer(many=True))
    def get(self, request):
        return Response([_described(t) for t in selectors.tokens_of(request.user)])

    @extend_schema(
        request=None,
        responses={201: NewTokenSerializer, 409: conflict("You already have a token: revoke it first.")},
    )
    def post(self, request):
        try:
            token = services.create_token(request.user)
        except ValidationError as err:
            return Response({"detail": _error(err)}, status=status.HTTP_409_CONFLICT)
        return Response(_described(token, with_key=True), status=status.HTTP_201_CREATED)


class TokenDetailApi(APIView):
    """DELETE: revoke your token whose key starts with ``prefix`` (8 characters)."""

    permission_classes = [drf_permissions.IsAuthenticated]

    @extend_schema(responses={204: None})
    def delete(self, request, prefix: str):
        try:
            services.revoke_token(request.user, prefix)
        except ValidationError as err:
            return Response({"detail": _error(err)}, status=status.HTTP_404_NOT_FOUND)
        return Response(status=status.HTTP_204_NO_CONTENT)
