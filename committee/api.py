"""REST API of the pairing cycle (DRF; schema by drf-spectacular).

Public: rounds, teams with rosters, published pairings. Committee (object
level, by role in the tournament): runs, drafts, amendments, notes,
approvals, overrides, publications, corrections. Views only call selectors
and services; a refused action answers 400 with the service's message, a
stale draft 409, a missing role 403 (401 when not logged in).
"""

from __future__ import annotations

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from committee import permissions, selectors, serializers, services
from committee.errors import StaleDraft
from committee.models import DraftVersion, PairingRun
from committee.public_cache import TIMEOUT, public_cache_keys
from pairing_site.api_schema import conflict
from tournaments.models import Round


def _round(view) -> Round:
    tournament = selectors.tournament_by_slug(view.kwargs["slug"])
    return selectors.round_of(tournament, view.kwargs["number"])


def _require(request, perm: str, obj) -> None:
    if not permissions.has(request.user, perm, obj):
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        raise PermissionDenied(
            _("Your role in %(tournament_of)s does not allow this.")
            % {"tournament_of": permissions.tournament_of(obj)}
        )


def _refused(exc: ValidationError) -> Response:
    code = status.HTTP_409_CONFLICT if isinstance(exc, StaleDraft) else status.HTTP_400_BAD_REQUEST
    return Response({"detail": " ".join(exc.messages)}, status=code)


def _version(rnd: Round, pk: int) -> DraftVersion:
    return get_object_or_404(
        DraftVersion.objects.select_related("round__tournament", "run"), pk=pk, round=rnd
    )


class RoundList(generics.ListAPIView):
    """The rounds of a tournament and whether each is published (public)."""

    serializer_class = serializers.RoundSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):
        tournament = selectors.tournament_by_slug(self.kwargs["slug"])
        return tournament.rounds.order_by("number").prefetch_related("publications")


class TeamList(generics.ListAPIView):
    """The teams of a tournament with their rosters in board order (public)."""

    serializer_class = serializers.TeamSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):
        tournament = selectors.tournament_by_slug(self.kwargs["slug"])
        return tournament.teams.order_by("tpn", "name").prefetch_related("players")


class RoundPairings(APIView):
    """The published pairing of a round (rule 60) and its history of corrections (public)."""

    permission_classes = [AllowAny]

    @extend_schema(responses=serializers.RoundPairingsSerializer)
    def get(self, request, slug: str, number: int):
        key = public_cache_keys(slug, number)["api"]
        body = cache.get(key)
        if body is None:
            rnd = _round(self)
            publications = selectors.public_publications(rnd)
            latest = publications[0] if publications else None
            data = serializers.RoundPairingsSerializer(
                {"round": rnd.number, "latest": latest, "history": publications}
            ).data
            body = JSONRenderer().render(data)
            if publications:
                cache.set(key, body, TIMEOUT)
        # Published pairings change only by a new publication: the JSON is kept as bytes.
        return HttpResponse(body, content_type="application/json")


class DraftDetail(APIView):
    """The current draft version of a round with its checker's report (committee, arbiters)."""

    @extend_schema(responses=serializers.DraftVersionSerializer)
    def get(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.view_draft", rnd)
        version = selectors.current_version(rnd)
        if version is None:
            return Response(
                {"detail": _("Round %(rnd_number)s has no draft yet.") % {"rnd_number": rnd.number}},
                status=status.HTTP_404_NOT_FOUND,
            )
        return Response(serializers.DraftVersionSerializer(version).data)


class RunList(APIView):
    """Pairing runs of a round; POST asks for the pairing (joins a run already under way)."""

    @extend_schema(responses=serializers.RunSerializer(many=True))
    def get(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.view_draft", rnd)
        return Response(serializers.RunSerializer(selectors.runs_of(rnd), many=True).data)

    @extend_schema(request=serializers.RequestRunInput, responses={202: serializers.RunSerializer})
    def post(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.request_pairing", rnd)
        data = _valid(serializers.RequestRunInput, request)
        try:
            run = services.request_pairing(round=rnd, user=request.user, **data)
        except ValidationError as exc:
            return _refused(exc)
        run.refresh_from_db()
        return Response(serializers.RunSerializer(run).data, status=status.HTTP_202_ACCEPTED)


class RunDetail(APIView):
    """One pairing run: its status, and why it failed (committee, arbiters)."""

    @extend_schema(responses=serializers.RunSerializer)
    def get(self, request, pk: int):
        run = get_object_or_404(
            PairingRun.objects.select_related("round__tournament").defer("input_snapshot"), pk=pk
        )
        _require(request, "committee.view_draft", run.round)
        return Response(serializers.RunSerializer(run).data)


def _valid(serializer_class, request) -> dict:
    s = serializer_class(data=request.data)
    s.is_valid(raise_exception=True)
    return dict(s.validated_data)


class AmendmentList(APIView):
    """Draft versions of a round; POST amends the current one and checks it at once."""

    @extend_schema(responses=serializers.DraftVersionSerializer(many=True))
    def get(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.view_draft", rnd)
        versions = selectors.versions_of(rnd).prefetch_related("approvals__user")
        return Response(serializers.DraftVersionSerializer(versions, many=True).data)

    @extend_schema(
        request=serializers.AmendInput,
        responses={
            201: serializers.DraftVersionSerializer,
            409: conflict(
                "The draft version is no longer current (another member saved a newer one): reload."
            ),
        },
    )
    def post(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.amend_draft", rnd)
        data = _valid(serializers.AmendInput, request)
        try:
            new = services.amend_draft(
                version=_version(rnd, data["version"]),
                operation=data["operation"],
                team_a=data["team_a"],
                team_b=data.get("team_b"),
                user=request.user,
            )
        except ValidationError as exc:
            return _refused(exc)
        return Response(serializers.DraftVersionSerializer(new).data, status=status.HTTP_201_CREATED)


class RevertCreate(APIView):
    """Return the draft to an earlier version of the same run: a new version equal to it (issue 18 item 6)."""

    @extend_schema(request=serializers.RevertInput, responses={201: serializers.DraftVersionSerializer})
    def post(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.amend_draft", rnd)
        data = _valid(serializers.RevertInput, request)
        try:
            new = services.revert_draft(
                version=_version(rnd, data["version"]), to=_version(rnd, data["to"]), user=request.user
            )
        except ValidationError as exc:
            return _refused(exc)
        return Response(serializers.DraftVersionSerializer(new).data, status=status.HTTP_201_CREATED)


class NoteList(APIView):
    """Decision notes of a round (rule 57); POST adds a signed, append-only note."""

    @extend_schema(responses=serializers.NoteSerializer(many=True))
    def get(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.view_draft", rnd)
        return Response(serializers.NoteSerializer(selectors.notes_of(rnd), many=True).data)

    @extend_schema(request=serializers.NoteInput, responses={201: serializers.NoteSerializer})
    def post(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.write_note", rnd)
        data = _valid(serializers.NoteInput, request)
        pairings = []
        for pair in data["pairings"]:
            if pair[0] is None:
                return Response(
                    {"detail": _("A pairing starts with a team's TPN.")}, status=status.HTTP_400_BAD_REQUEST
                )
            pairings.append((pair[0], pair[1] if len(pair) > 1 else None))
        try:
            note = services.add_note(round=rnd, user=request.user, text=data["text"], pairings=pairings)
        except ValidationError as exc:
            return _refused(exc)
        return Response(serializers.NoteSerializer(note).data, status=status.HTTP_201_CREATED)


class ApprovalCreate(APIView):
    """Approve the current draft version (the tournament's policy says how many approvals)."""

    @extend_schema(
        request=serializers.VersionInput,
        responses={
            201: serializers.DraftVersionSerializer,
            409: conflict(
                "The draft version is no longer current (another member saved a newer one): reload."
            ),
        },
    )
    def post(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.approve", rnd)
        data = _valid(serializers.VersionInput, request)
        try:
            approval = services.approve(version=_version(rnd, data["version"]), user=request.user)
        except ValidationError as exc:
            return _refused(exc)
        return Response(
            serializers.DraftVersionSerializer(approval.version).data, status=status.HTTP_201_CREATED
        )


class OverrideCreate(APIView):
    """The Chief Arbiter lets a draft breaking an absolute criterion be approved (C.04.6 3.3.3)."""

    @extend_schema(
        request=serializers.OverrideInput,
        responses={
            201: serializers.DraftVersionSerializer,
            409: conflict(
                "The draft version is no longer current (another member saved a newer one): reload."
            ),
        },
    )
    def post(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.override", rnd)
        data = _valid(serializers.OverrideInput, request)
        try:
            override = services.override_absolute(
                version=_version(rnd, data["version"]), user=request.user, reason=data["reason"]
            )
        except ValidationError as exc:
            return _refused(exc)
        return Response(
            serializers.DraftVersionSerializer(override.version).data, status=status.HTTP_201_CREATED
        )


class PublicationCreate(APIView):
    """Publish the approved current draft version (rule 60); a correction needs a reason."""

    @extend_schema(
        request=serializers.PublishInput,
        responses={
            201: serializers.PublicationSerializer,
            409: conflict(
                "The draft version is no longer current (another member saved a newer one): reload."
            ),
        },
    )
    def post(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.publish", rnd)
        data = _valid(serializers.PublishInput, request)
        try:
            publication = services.publish(
                version=_version(rnd, data["version"]), user=request.user, reason=data["reason"]
            )
        except ValidationError as exc:
            return _refused(exc)
        return Response(serializers.PublicationSerializer(publication).data, status=status.HTTP_201_CREATED)


class CorrectionCreate(APIView):
    """Reopen a published pairing for correction, with the reason (rule 57)."""

    @extend_schema(request=serializers.CorrectionInput, responses={201: serializers.NoteSerializer})
    def post(self, request, slug: str, number: int):
        rnd = _round(self)
        _require(request, "committee.start_correction", rnd)
        data = _valid(serializers.CorrectionInput, request)
        try:
            decision = services.start_correction(round=rnd, user=request.user, reason=data["reason"])
        except ValidationError as exc:
            return _refused(exc)
        return Response(serializers.NoteSerializer(decision).data, status=status.HTTP_201_CREATED)
