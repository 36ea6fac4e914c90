"""API serializers of the committee: runs, drafts, amendments, notes, publications."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from committee.amendments import OPERATIONS
from committee.models import Decision, DraftVersion, PairingRun, Publication
from pairing_site import api_fields
from tournaments.bounded_fields import BoundedListField
from tournaments.models import Player, Round, Team


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "title", "fide_id", "federation", "rating", "board_order", "is_withdrawn"]


class TeamSerializer(serializers.ModelSerializer):
    roster = PlayerSerializer(source="players", many=True, read_only=True)

    class Meta:
        model = Team
        fields = [
            "id",
            "tpn",
            "name",
            "short_name",
            "federation",
            "strength",
            "is_extra",
            "withdrawn_from_round",
            "roster",
        ]


class RoundSerializer(serializers.ModelSerializer):
    published = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "date", "state", "published_at", "published"]

    def get_published(self, obj) -> bool:
        return obj.publications.exists()


class WhySerializer(serializers.Serializer):
    """Why this opponent, why this colour, in plain words with the articles (committee.why)."""

    text = serializers.CharField(
        help_text="The whole line, each reason followed by its [article], in the language of Accept-Language "
        "(English where the stored run has only the English)."
    )
    opponent_reason = serializers.CharField()
    opponent_article = serializers.CharField(allow_blank=True)
    colour_reason = serializers.CharField(allow_blank=True)
    colour_article = serializers.CharField(allow_blank=True)
    by_committee = serializers.BooleanField(
        help_text="Set by a committee decision (it departed from the engine's pairing), not by the rules."
    )
    decision = serializers.CharField(allow_blank=True, help_text="The committee decision cited.")


class SideSerializer(serializers.Serializer):
    tpn = serializers.IntegerField()
    name = serializers.CharField()
    federation = serializers.CharField(allow_blank=True)
    why = WhySerializer(
        allow_null=True,
        help_text="Null when the tournament hides the reasons or none was given for this team.",
    )


class RowSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    white = SideSerializer(help_text="The team with White on board 1 (rule 60).")
    black = SideSerializer()


class ByeSerializer(serializers.Serializer):
    team = SideSerializer()


class PublicationSerializer(serializers.ModelSerializer):
    pairings = serializers.SerializerMethodField()
    bye = serializers.SerializerMethodField()

    class Meta:
        model = Publication
        fields = ["number", "published_at", "reason", "changes", "pairings", "bye"]

    def _view(self, obj):
        from committee.selectors import publication_view

        cache = self.context.setdefault("_views", {})
        if obj.pk not in cache:
            cache[obj.pk] = publication_view(obj)
        return cache[obj.pk]

    @extend_schema_field(RowSerializer(many=True))
    def get_pairings(self, obj):
        return [
            {"table": r["table"], "white": _side(r["white"]), "black": _side(r["black"])}
            for r in self._view(obj)["rows"]
        ]

    @extend_schema_field(ByeSerializer(allow_null=True))
    def get_bye(self, obj):
        bye = self._view(obj)["bye"]
        return {"team": _side(bye["team"])} if bye else None


def _side(side: dict) -> dict:
    why = side.get("why")
    return {
        "tpn": side["tpn"],
        "name": side["name"],
        "federation": side["federation"],
        "why": why.to_dict() if why is not None else None,
    }


class PublicationHistorySerializer(serializers.ModelSerializer):
    class Meta:
        model = Publication
        fields = ["number", "published_at", "reason", "changes"]


class RoundPairingsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    latest = PublicationSerializer(allow_null=True)
    history = PublicationHistorySerializer(many=True)


class RunSerializer(serializers.ModelSerializer):
    requested_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    error = serializers.CharField(
        source="failure", read_only=True, help_text="Why the run failed, in the request's language."
    )
    round = serializers.IntegerField(source="round.number", read_only=True)
    max_attempts = serializers.IntegerField(
        read_only=True,
        help_text="Attempts a run gets before it fails plainly (its worker stopped each time): "
        '"attempts of max_attempts" (issue 18 item 2).',
    )

    class Meta:
        model = PairingRun
        fields = [
            "id",
            "round",
            "status",
            "error",
            "input_hash",
            "attempts",
            "max_attempts",
            "requested_by",
            "created_at",
            "started_at",
            "finished_at",
        ]


class DraftVersionSerializer(serializers.ModelSerializer):
    author = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True, help_text="Null for the engine's own draft."
    )
    approvals = serializers.SerializerMethodField()
    override_reason = serializers.SerializerMethodField()

    class Meta:
        model = DraftVersion
        fields = [
            "id",
            "number",
            "run",
            "operation",
            "team_a",
            "team_b",
            "reverts_to",
            "pairing",
            "check_report",
            "author",
            "created_at",
            "approvals",
            "override_reason",
        ]

    def get_approvals(self, obj) -> list[str]:
        return [a.user.get_username() for a in obj.approvals.all()]

    def get_override_reason(self, obj) -> str | None:
        override = getattr(obj, "override", None)
        return override.reason if override else None


class NoteSerializer(serializers.ModelSerializer):
    author = serializers.SlugRelatedField(slug_field="username", read_only=True)
    pairings = serializers.SerializerMethodField()

    class Meta:
        model = Decision
        fields = ["id", "text", "author", "created_at", "pairings"]

    def get_pairings(self, obj) -> list[list[int | None]]:
        return [[s.tpn_a, s.tpn_b] for s in obj.subjects.all()]


# -- inputs -----------------------------------------------------------------------


class RequestRunInput(serializers.Serializer):
    unfinished_as_draws = api_fields.BooleanField(
        default=False, help_text="Rule 11: go ahead with unfinished games as draws."
    )


class VersionInput(serializers.Serializer):
    version = serializers.IntegerField(
        min_value=1, help_text="Id of the draft version acted on (it must be current)."
    )


class AmendInput(VersionInput):
    operation = serializers.ChoiceField(choices=list(OPERATIONS.items()))
    team_a = serializers.IntegerField(min_value=1, help_text="TPN")
    team_b = serializers.IntegerField(min_value=1, required=False, allow_null=True, help_text="TPN")


class RevertInput(VersionInput):
    to = serializers.IntegerField(
        min_value=1, help_text="Id of the earlier draft version of the same run to return to."
    )


class OverrideInput(VersionInput):
    reason = api_fields.CharField(max_length=5000)


class PublishInput(VersionInput):
    reason = api_fields.CharField(max_length=5000, required=False, allow_blank=True, default="")


class CorrectionInput(serializers.Serializer):
    reason = api_fields.CharField(max_length=5000)


# No round has more pairings (the service bounds a note by its own round's: teams / 2, rounded up).
MAX_NOTE_PAIRINGS = 1000


class NoteInput(serializers.Serializer):
    text = api_fields.CharField(max_length=20000)
    pairings = BoundedListField(
        max_length=MAX_NOTE_PAIRINGS,
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=1, allow_null=True), min_length=1, max_length=2
        ),
        required=False,
        default=list,
        help_text="Pairings the note concerns: [tpn, tpn] or [tpn, null] for the bye.",
    )
