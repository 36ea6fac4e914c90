"""API serializers of the operations (shapes only; services decide)."""

from __future__ import annotations

from rest_framework import serializers

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
    override_reason = serializers.CharField(required=False, allow_blank=True, default="")
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


class ResultsInSerializer(serializers.Serializer):
    results = BoundedDictField(
        max_length=MAX_BOARDS,
        child=serializers.CharField(allow_blank=True),
        help_text="{board: result from White's side}",
    )
    expected = BoundedDictField(
        max_length=MAX_BOARDS,
        child=serializers.CharField(allow_blank=True),
        required=False,
        help_text="{board: result from White's side as last read (a board's white_result)}",
    )
