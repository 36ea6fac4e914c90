"""Operations API: board pairings, standings (public once published); lineups
(captains, arbiters) and results (arbiters). Views call selectors and services."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions as drf_permissions
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from operations import permissions, query_bounds, selectors
from operations.serializers import (
    LineupInSerializer,
    LineupSubmissionSerializer,
    MatchBoardsSerializer,
    ResultsInSerializer,
    StaleResultsSerializer,
    StandingsSerializer,
)
from operations.services import lineups, results
from pairing_site.api_schema import ErrorSerializer
from tournaments.models import Match, Round, Team, Tournament

# Issue 18: the standings after a round that has results (1 to the latest such round).
ROUND_PARAMETER = OpenApiParameter(
    "round",
    {"type": "integer", "minimum": 1},
    OpenApiParameter.QUERY,
    required=False,
    description=(
        "The standings after this round (ASCII digits, 1 to the latest round with results); "
        "omitted: after the latest. 400 when it is not a whole number, 404 when that round has no results."
    ),
)


def _round(slug: str, number: int) -> tuple[Tournament, Round]:
    t = get_object_or_404(Tournament, slug=slug)
    return t, get_object_or_404(t.rounds, number=number)  # (the round knows its tournament: no query)


def _error(err: ValidationError) -> Response:
    return Response({"detail": " ".join(err.messages)}, status=status.HTTP_400_BAD_REQUEST)


class BoardPairingsApi(APIView):
    permission_classes = [drf_permissions.AllowAny]

    @extend_schema(responses=MatchBoardsSerializer(many=True))
    def get(self, request, slug: str, number: int):
        t, r = _round(slug, number)
        if not (selectors.board_pairings_visible(r) or permissions.is_official(request.user, t)):
            raise Http404(_("The board pairings of this round are not posted yet."))
        # One serializer for the list: its fields are built once, not once per match.
        return Response(MatchBoardsSerializer(selectors.shared_matches_with_boards(r), many=True).data)


class StandingsApi(APIView):
    permission_classes = [drf_permissions.AllowAny]

    @extend_schema(
        parameters=[ROUND_PARAMETER],
        responses={
            200: StandingsSerializer,
            400: OpenApiResponse(ErrorSerializer, description="``round`` is not a whole number."),
            404: OpenApiResponse(
                ErrorSerializer, description="No such tournament, or ``round`` is not a round with results."
            ),
        },
    )
    def get(self, request, slug: str):
        t = get_object_or_404(Tournament, slug=slug)
        try:
            through = query_bounds.standings_round(t, request.query_params.get("round"))
        except query_bounds.Refused as refused:
            return Response({"detail": refused.message}, status=refused.status)
        st = selectors.standings_table(t, through)
        return Response(StandingsSerializer(st).data)


class LineupsApi(APIView):
    """GET: the submissions the user may see; POST: submit a lineup."""

    permission_classes = [drf_permissions.IsAuthenticated]

    @extend_schema(responses=LineupSubmissionSerializer(many=True))
    def get(self, request, slug: str, number: int):
        t, r = _round(slug, number)
        qs = r.lineup_submissions.select_related("team").order_by("submitted_at", "id")
        if not permissions.is_official(request.user, t):
            qs = qs.filter(team_id__in=permissions.captain_team_ids(request.user, t))
        return Response(LineupSubmissionSerializer(qs, many=True).data)

    @extend_schema(request=LineupInSerializer, responses={201: LineupSubmissionSerializer})
    def post(self, request, slug: str, number: int):
        t, r = _round(slug, number)
        ser = LineupInSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        team = get_object_or_404(Team, tournament=t, tpn=ser.validated_data["team"])
        try:
            sub = lineups.submit_lineup(
                team,
                r,
                ser.validated_data["players"],
                by=request.user,
                override_reason=ser.validated_data.get("override_reason", ""),
                confirm_empty_boards=ser.validated_data.get("confirm_empty_boards", []),
            )
        except DjangoPermissionDenied as err:
            raise PermissionDenied(str(err)) from None
        except lineups.EmptyBoardsUnconfirmed as err:
            return Response(
                {"detail": " ".join(err.messages), "code": err.code, "empty_boards": err.boards},
                status=status.HTTP_400_BAD_REQUEST,
            )
        except ValidationError as err:
            return _error(err)
        return Response(LineupSubmissionSerializer(sub).data, status=status.HTTP_201_CREATED)


class MatchResultsApi(APIView):
    """POST: an arbiter saves board results; ``expected`` (what he last saw) is required, a stale
    write answers 409 with the current results and saves nothing (issue 18, item 4)."""

    permission_classes = [drf_permissions.IsAuthenticated]

    @extend_schema(
        request=ResultsInSerializer, responses={200: MatchBoardsSerializer, 409: StaleResultsSerializer}
    )
    def post(self, request, slug: str, number: int, table: int):
        t, r = _round(slug, number)
        match = get_object_or_404(Match, round=r, table=table)
        if not permissions.is_arbiter(request.user, t):  # a role without the right: 403 whatever it sent
            raise PermissionDenied(_("Only an arbiter may enter results."))
        ser = ResultsInSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        try:
            m = results.enter_results(
                match, ser.validated_data["results"], by=request.user, expected=ser.validated_data["expected"]
            )
        except DjangoPermissionDenied as err:
            raise PermissionDenied(str(err)) from None
        except results.StaleResults as err:
            current = {str(b): result for b, result in sorted(err.current.items())}
            return Response(
                {"detail": " ".join(err.messages), "current": current}, status=status.HTTP_409_CONFLICT
            )
        except ValidationError as err:
            return _error(err)
        m = selectors.matches_with_boards(r).get(pk=m.pk)
        return Response(MatchBoardsSerializer(m).data)
