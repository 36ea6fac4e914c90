"""API serializers of the operations (shapes only; services decide)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from pairing_site import api_fields
from tournaments.bounded_fields import BoundedDictField, BoundedListField


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)


class BoardSerializer(serializers.Serializer):
    """One board; ``result`` reads from the first-named team's player's side, as on the pages (issue 18 item 5)."""

    board = serializers.IntegerField()
    white = PlayerRefSerializer(allow_null=True)
    black = PlayerRefSerializer(allow_null=True)
    white_team_has_white = serializers.BooleanField(
        help_text="Whether the match's first-named team (white_team) has White on this board."
    )
    result = serializers.CharField(
        source="first_named_result",
        allow_blank=True,
        help_text="The result from the side of the first-named team's player (1-0: he won); "
        "blank while pending, * unfinished.",
    )
    white_result = serializers.CharField(
        source="result",
        allow_blank=True,
        help_text="The same result from White's side, as in PGN and as results are entered.",
    )


class MatchBoardsSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    white_team = serializers.CharField(source="white_team.name")
    black_team = serializers.CharField(source="black_team.name", allow_null=True, default=None)
    is_bye = serializers.BooleanField()
    forfeit = serializers.CharField(allow_blank=True)
    white_match_points = serializers.FloatField(allow_null=True)
    black_match_points = serializers.FloatField(allow_null=True)
    white_game_points = serializers.FloatField(allow_null=True)
    black_game_points = serializers.FloatField(allow_null=True)
    boards = BoardSerializer(many=True, source="boards.all")


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    tpn = serializers.IntegerField()
    name = serializers.CharField()
    match_points = serializers.FloatField()
    game_points = serializers.FloatField()
    tiebreaks = serializers.DictField(child=serializers.ListField(child=serializers.FloatField()))


class StandingsSerializer(serializers.Serializer):
    through = serializers.IntegerField()
    provisional = serializers.BooleanField()
    problems = serializers.ListField(child=serializers.CharField())
    rows = StandingRowSerializer(many=True)


# More than any match has boards (the services check the match's own): a longer list is refused
# before its items are read (issue 18).
MAX_BOARDS = 100


class LineupInSerializer(serializers.Serializer):
    team = serializers.IntegerField(help_text="The team's TPN.")
    players = BoundedListField(
        max_length=MAX_BOARDS,
        child=serializers.IntegerField(allow_null=True),
        help_text="Player ids by board; null = empty board.",
    )
    override_reason = api_fields.CharField(required=False, allow_blank=True, default="")
    confirm_empty_boards = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=100),
        required=False,
        default=list,
        max_length=100,
        help_text=(
            "The boards left empty (null in players), confirmed as lost by forfeit. A lineup with "
            "empty boards is accepted only when this lists exactly those boards; otherwise 400 with "
            "code empty_boards_unconfirmed and the empty boards in empty_boards (issue 18, item 6)."
        ),
    )


class LineupSubmissionSerializer(serializers.Serializer):
    team = serializers.IntegerField(source="team.tpn")
    players = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    status = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    late = serializers.BooleanField()
    submitted_at = serializers.DateTimeField()


class BoardResultsField(BoundedDictField):
    """``{board: result}`` with each board a number (the keys come as JSON strings)."""

    child = api_fields.CharField(allow_blank=True)

    def to_internal_value(self, data):
        out = {}
        for key, value in super().to_internal_value(data).items():
            try:
                out[int(key)] = value
            except (TypeError, ValueError):
                raise serializers.ValidationError(
                    _("%(key)r is not a board number.") % {"key": key}
                ) from None
        return out


class ResultsInSerializer(serializers.Serializer):
    """Results to save and the results the client last saw (issue 18, item 4: no last writer wins).

    ``expected`` is required and names every board of ``results``: if one of them holds
    something else now, nothing is saved and the answer is 409 with the current results.
    """

    results = BoardResultsField(
        max_length=MAX_BOARDS,
        help_text="{board: result from White's side}: 1-0, 0-1, 1/2-1/2, +-, -+, --, *.",
    )
    expected = BoardResultsField(
        max_length=MAX_BOARDS,
        help_text=(
            "{board: result from White's side as the client last read it (a board's white_result)} "
            'for every board of `results` ("" for none yet).'
        ),
    )

    def validate(self, attrs):
        missing = sorted(set(attrs["results"]) - set(attrs["expected"]))
        if missing:
            raise serializers.ValidationError(
                {
                    "expected": _(
                        'Give the result you last saw for board %(boards)s too ("" if it had none).'
                    )
                    % {"boards": ", ".join(map(str, missing))}
                }
            )
        return attrs


class StaleResultsSerializer(serializers.Serializer):
    """409: a board changed since the client read it; nothing was saved."""

    detail = serializers.CharField()
    current = serializers.DictField(
        child=serializers.CharField(allow_blank=True), help_text="{board: result now}"
    )
