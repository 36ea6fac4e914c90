"""Read-only API over the selectors."""

from rest_framework import generics, permissions, serializers

from . import selectors
from .models import Tournament


class TournamentSerializer(serializers.ModelSerializer):
    class Meta:
        model = Tournament
        fields = [
            "id",
            "slug",
            "name",
            "start_date",
            "end_date",
            "pairing_system",
            "olympiad_version",
            "is_team_event",
            "rounds_total",
            "boards",
            "time_zone",
        ]


class TournamentList(generics.ListAPIView):
    serializer_class = TournamentSerializer
    permission_classes = [permissions.AllowAny]  # public (a read-only list)

    def get_queryset(self):
        return selectors.tournament_list()
