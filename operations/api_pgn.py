"""API of the broadcast import (arbiters) and of the round's PGN (public once the boards are posted)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions as drf_permissions
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from operations.api import _round
from operations.services import pgn_import
from operations.views.pgn import round_pgn_download
from pairing_site import api_fields
from pairing_site.api_schema import conflict


class PgnPreviewInSerializer(serializers.Serializer):
    file = serializers.FileField(required=False, help_text="The broadcast PGN file (multipart).")
    pgn = api_fields.CharField(
        required=False,
        help_text="Or the PGN text itself.",
        trim_whitespace=False,
        max_length=pgn_import.MAX_BYTES,
    )


class PlannedBoardSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The game's place in the file (from 1).")
    table = serializers.IntegerField()
    board = serializers.IntegerField()
    white = serializers.CharField()
    black = serializers.CharField()
    current = serializers.CharField(allow_blank=True, help_text="The board's result now ('' pending).")
    broadcast = serializers.CharField(help_text="The file's result.")
    status = serializers.ChoiceField(choices=["enter", "same", "unfinished", "conflict"])
    note = serializers.CharField(allow_blank=True)


class UnplacedGameSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    white = serializers.CharField()
    black = serializers.CharField()
    result = serializers.CharField()
    reason = serializers.CharField()


class PgnPreviewSerializer(serializers.Serializer):
    games_read = serializers.IntegerField()
    boards = PlannedBoardSerializer(many=True)
    unplaced = UnplacedGameSerializer(many=True)
    token = serializers.CharField(help_text="Send it to .../pgn/import/ to enter the results.")


class PgnImportInSerializer(serializers.Serializer):
    token = api_fields.CharField()
    replace_conflicts = api_fields.BooleanField(default=False)


class PgnImportSerializer(serializers.Serializer):
    entered = serializers.IntegerField()
    replaced = serializers.IntegerField()
    matches = serializers.IntegerField()


class PgnPreviewApi(APIView):
    """Match a broadcast PGN to the round's boards; nothing is written (arbiters)."""

    permission_classes = [drf_permissions.IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=PgnPreviewInSerializer, responses=PgnPreviewSerializer)
    def post(self, request, slug: str, number: int):
        _tournament, r = _round(slug, number)
        ser = PgnPreviewInSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        upload = ser.validated_data.get("file")
        if upload is not None and upload.size > pgn_import.MAX_BYTES:  # refused before it is read
            return Response(
                {
                    "detail": _("The file is larger than %(max_bytes)s MB.")
                    % {"max_bytes": pgn_import.MAX_BYTES // (1024 * 1024)}
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        data = upload.read() if upload else ser.validated_data.get("pgn", "")
        if not data:
            return Response(
                {"detail": _("Send the PGN as 'file' or 'pgn'.")}, status=status.HTTP_400_BAD_REQUEST
            )
        try:
            preview = pgn_import.preview_pgn(r, data, by=request.user)
        except DjangoPermissionDenied as err:
            raise PermissionDenied(str(err)) from None
        except ValidationError as err:
            return Response({"detail": " ".join(err.messages)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(PgnPreviewSerializer(preview).data)


class PgnImportApi(APIView):
    """Enter the results of a preview (its token): all or none; 409 when the round changed since."""

    permission_classes = [drf_permissions.IsAuthenticated]

    @extend_schema(
        request=PgnImportInSerializer,
        responses={
            200: PgnImportSerializer,
            409: conflict("The round's results changed since the preview: preview again."),
        },
    )
    def post(self, request, slug: str, number: int):
        _tournament, r = _round(slug, number)
        ser = PgnImportInSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        try:
            report = pgn_import.import_pgn(
                r,
                ser.validated_data["token"],
                by=request.user,
                replace_conflicts=ser.validated_data["replace_conflicts"],
            )
        except DjangoPermissionDenied as err:
            raise PermissionDenied(str(err)) from None
        except pgn_import.StalePreview as err:
            return Response({"detail": " ".join(err.messages)}, status=status.HTTP_409_CONFLICT)
        except ValidationError as err:
            return Response({"detail": " ".join(err.messages)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(PgnImportSerializer(report).data)


class RoundPgnApi(APIView):
    """The round's games as PGN (public once the board pairings are posted)."""

    permission_classes = [drf_permissions.AllowAny]

    @extend_schema(responses={(200, "application/x-chess-pgn"): OpenApiTypes.STR})
    def get(self, request, slug: str, number: int):
        return round_pgn_download(request, slug, number)
