from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from engine.standings import get

from .engine_texts import translated
from .models import (
    BoardGame,
    Lineup,
    LineupEntry,
    Match,
    Membership,
    Player,
    Round,
    Team,
    TeamRoundStatus,
    Tournament,
)
from .models.tournament import rules_primary_score
from .pairing_options import changed_keys, options_frozen, values_in_force
from .services.tournament import new_olympiad_defaults
from .time_zones import available_time_zones

# The tie-break lists a tournament may be ranked by as a whole (engine.standings.registry).
TIEBREAK_PRESETS = ("olympiad2026", "olympiad2007", "olympiad1998")


def _preset_choices():
    return [("", _("— the list below —"))] + [
        (name, translated(get(name).label)) for name in TIEBREAK_PRESETS
    ]


class TournamentAdminForm(forms.ModelForm):
    """Takes the primary score the rules fix (Olympiad rule 1) unless the user changed it;
    a changed, contradicting one is refused by ``Tournament.clean``. A new Olympiad takes the
    rules in force, their bye and tie-breaks unless the user changed them
    (``services.tournament.new_olympiad_defaults``); a tie-break preset replaces the list."""

    tiebreak_preset = forms.ChoiceField(
        label=_("Tie-break preset"),
        choices=_preset_choices,
        required=False,
        help_text=_(
            "Rank by a whole list at once, e.g. the 2026 Chess Olympiad's; blank keeps the list below."
        ),
    )

    class Meta:
        model = Tournament
        fields = "__all__"  # noqa: DJ007 -- the admin's own field list applies
        # the venue's time zone, chosen from the zones the system knows (issue 18, item 6)
        widgets = {"time_zone": forms.Select(choices=lambda: [(z, z) for z in available_time_zones()])}

    def clean_tiebreaks(self):
        names = self.cleaned_data.get("tiebreaks") or []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise forms.ValidationError(_('Give the tie-breaks as a list of names, e.g. ["MP", "SB", "GP"].'))
        for name in names:
            try:
                get(name)
            except ValueError as err:
                raise forms.ValidationError(str(err)) from None
        return names

    def clean(self):
        data = super().clean()
        if data.get("tiebreak_preset"):
            data["tiebreaks"] = [data["tiebreak_preset"]]
        if self.instance.pk is None and data.get("pairing_system") == "olympiad":
            chosen = {k: data[k] for k in self.changed_data if k in data}
            if data.get("tiebreak_preset"):
                chosen["tiebreaks"] = data["tiebreaks"]
            data.update(new_olympiad_defaults({**chosen, "pairing_system": "olympiad"}))
        fixed = rules_primary_score(data.get("pairing_system", ""), data.get("olympiad_version", ""))
        if fixed and "primary_score" not in self.changed_data:
            data["primary_score"] = fixed
            self.instance.primary_score = fixed
        self._keep_frozen_options(data)
        return data

    def _keep_frozen_options(self, data) -> None:
        """Once round 1 is published the pairing options change only by a committee decision."""
        if self.instance.pk is None or "engine_options" not in self.changed_data:
            return
        saved = Tournament.objects.get(pk=self.instance.pk)
        if not options_frozen(saved):
            return
        new = Tournament(pairing_system=saved.pairing_system, engine_options=data.get("engine_options") or {})
        if changed_keys(values_in_force(saved), values_in_force(new)):
            self.add_error(
                "engine_options",
                _(
                    "Round 1's pairing is published: the pairing options change only by a committee decision (the committee's pairing options page)."
                ),
            )


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentAdminForm
    list_display = [
        "name",
        "slug",
        "pairing_system",
        "olympiad_version",
        "rounds_total",
        "start_date",
        "time_zone",
    ]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["tpn", "name", "federation", "strength", "tournament", "is_extra", "withdrawn_from_round"]
    list_filter = ["tournament"]
    search_fields = ["name", "short_name", "federation"]
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "team", "board_order", "rating", "title", "federation"]
    search_fields = ["name", "fide_id"]
    list_select_related = ["team"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "date", "state"]
    list_filter = ["tournament", "state"]


class BoardGameInline(admin.TabularInline):
    model = BoardGame
    extra = 0
    raw_id_fields = ["white", "black"]


@admin.register(Match)
class MatchAdmin(SimpleHistoryAdmin):
    list_display = ["round", "table", "white_team", "black_team", "white_match_points", "black_match_points"]
    list_filter = ["round__tournament"]
    raw_id_fields = ["white_team", "black_team"]
    inlines = [BoardGameInline]


@admin.register(BoardGame)
class BoardGameAdmin(SimpleHistoryAdmin):
    list_display = ["match", "board", "white", "black", "result"]
    raw_id_fields = ["match", "white", "black"]


class LineupEntryInline(admin.TabularInline):
    model = LineupEntry
    extra = 0


@admin.register(Lineup)
class LineupAdmin(SimpleHistoryAdmin):
    list_display = ["team", "round", "submitted_by", "submitted_at", "locked", "default_applied"]
    inlines = [LineupEntryInline]


@admin.register(TeamRoundStatus)
class TeamRoundStatusAdmin(admin.ModelAdmin):
    list_display = ["team", "round", "status", "note"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    """Who holds which role in which tournament: filter by tournament or role, search by name."""

    list_display = ["user", "role", "tournament", "team"]
    list_filter = ["role", "tournament"]
    search_fields = [
        "user__username",
        "user__first_name",
        "user__last_name",
        "user__email",
        "tournament__name",
    ]
    list_select_related = ["user", "tournament", "team"]
    ordering = ["tournament__name", "role", "user__username"]
    raw_id_fields = ["user", "team"]
