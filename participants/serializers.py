"""API shapes of the team and player pages and the board prizes (issue 20, item 2): the pages' data."""

from __future__ import annotations

from rest_framework import serializers


class PerformanceSerializer(serializers.Serializer):
    """Rp = Ra + dp (FIDE table 8.1a), with what it is made of."""

    games = serializers.IntegerField(help_text="The games counted (played over the board).")
    points = serializers.FloatField()
    average = serializers.IntegerField(help_text="Ra: the opponents' average rating, rounded.")
    p = serializers.IntegerField(help_text="The share of the points, in hundredths.")
    dp = serializers.IntegerField()
    rating = serializers.IntegerField(help_text="Rp = Ra + dp.")


class PlayerRefSerializer(serializers.Serializer):
    class Meta:
        ref_name = "PlayerOfTeam"

    id = serializers.IntegerField()
    name = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    federation = serializers.CharField(allow_blank=True)
    rating = serializers.IntegerField(allow_null=True)
    fide_id = serializers.CharField(allow_blank=True)


class RecordSerializer(serializers.Serializer):
    """A player's sums over the games played over the board (forfeits and unfinished games apart)."""

    played = serializers.IntegerField(help_text="Games played over the board with a final result.")
    points = serializers.FloatField()
    percentage = serializers.FloatField(allow_null=True)
    performance = PerformanceSerializer(allow_null=True)


class RosterLineSerializer(serializers.Serializer):
    board = serializers.IntegerField(allow_null=True, help_text="The roster's board; null for a reserve.")
    player = PlayerRefSerializer()
    record = RecordSerializer()


class TeamRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    opponent_tpn = serializers.IntegerField(allow_null=True, help_text="null: the pairing-allocated bye.")
    opponent_name = serializers.CharField(allow_blank=True)
    colour = serializers.CharField(
        allow_blank=True, help_text="The team's colour on board 1: w, b, or blank (bye)."
    )
    points_for = serializers.FloatField(allow_null=True, help_text="Game points; null before any result.")
    points_against = serializers.FloatField(allow_null=True)
    match_points = serializers.FloatField(allow_null=True, help_text="null until the match has its result.")
    partial = serializers.BooleanField(help_text="Some boards are still pending.")
    provisional = serializers.BooleanField(help_text="The score counts an unfinished game (as a draw).")


class WhySerializer(serializers.Serializer):
    class Meta:
        ref_name = "NextPairingWhy"

    text = serializers.CharField(help_text="The public reason, with its articles.")
    by_committee = serializers.BooleanField()


class NextPairingSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="round.round")
    table = serializers.IntegerField(source="round.table")
    bye = serializers.BooleanField()
    colour = serializers.CharField(source="round.colour", allow_blank=True)
    opponent_tpn = serializers.IntegerField(source="round.opponent_tpn", allow_null=True)
    opponent_name = serializers.CharField(source="round.opponent_name", allow_blank=True)
    why = WhySerializer(source="own.why", allow_null=True, default=None)


class PartSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    opponent = serializers.CharField(allow_blank=True)
    how = serializers.CharField()
    value = serializers.FloatField()
    counted = serializers.BooleanField()
    note = serializers.CharField(allow_blank=True)


class BreakdownSerializer(serializers.Serializer):
    name = serializers.CharField(source="head.name")
    label = serializers.CharField(source="head.label")
    value = serializers.FloatField()
    total = serializers.FloatField(help_text="The sum of the parts counted (equals value).")
    parts = PartSerializer(many=True)


class TeamPageSerializer(serializers.Serializer):
    tpn = serializers.IntegerField(source="team.tpn")
    name = serializers.CharField(source="team.name")
    federation = serializers.CharField(source="team.federation", allow_blank=True)
    through = serializers.IntegerField(source="tiebreaks.through", help_text="Results through this round.")
    provisional = serializers.BooleanField(source="tiebreaks.provisional")
    match_points = serializers.FloatField(source="tiebreaks.participant.match_points")
    game_points = serializers.FloatField(source="tiebreaks.participant.game_points")
    roster = RosterLineSerializer(many=True)
    rounds = TeamRoundSerializer(many=True)
    next = NextPairingSerializer(allow_null=True, help_text="The next published pairing; null when none is.")
    tiebreaks = BreakdownSerializer(many=True, source="tiebreaks.breakdowns")


class PlayerGameSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    board = serializers.IntegerField()
    colour = serializers.CharField(help_text="The player's colour: w or b.")
    opponent_id = serializers.IntegerField(allow_null=True, help_text="null: an empty board.")
    opponent_name = serializers.CharField(allow_blank=True)
    opponent_rating = serializers.IntegerField(allow_null=True)
    opponent_team_tpn = serializers.IntegerField(allow_null=True)
    result = serializers.CharField(
        allow_blank=True, help_text="From this player's side (1-0: the player won); blank while pending."
    )
    points = serializers.FloatField(allow_null=True)
    played = serializers.BooleanField(help_text="Played over the board with a final result (counted).")


class PlayerPageSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    team_tpn = serializers.IntegerField(source="player.team.tpn")
    team_name = serializers.CharField(source="player.team.name")
    board = serializers.IntegerField(allow_null=True, help_text="The roster's board; null for a reserve.")
    record = RecordSerializer()
    games = PlayerGameSerializer(many=True, source="record.games")


class PrizeLineSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="null: fewer games than the minimum.")
    tied = serializers.BooleanField(help_text="The rank is shared.")
    player = PlayerRefSerializer()
    team_tpn = serializers.IntegerField(source="player.team.tpn")
    record = RecordSerializer()


class BoardTableSerializer(serializers.Serializer):
    board = serializers.IntegerField(allow_null=True, help_text="null: the reserves.")
    lines = PrizeLineSerializer(many=True)


class BoardPrizesSerializer(serializers.Serializer):
    ranking = serializers.CharField(help_text="performance or percentage.")
    min_games = serializers.IntegerField(help_text="The tournament's minimum, in min_games_of rounds.")
    min_games_of = serializers.IntegerField()
    minimum = serializers.IntegerField(help_text="The games needed after the rounds played so far.")
    rounds_played = serializers.IntegerField()
    tables = BoardTableSerializer(many=True)
