"""Admin for the operations records (settings editable; logs read-mostly)."""

from django.contrib import admin

from .models import (
    CaptainLink,
    LineupSubmission,
    MatchConfirmation,
    OperationsSettings,
    ResultEntry,
    ResultsSummary,
)


@admin.register(OperationsSettings)
class OperationsSettingsAdmin(admin.ModelAdmin):
    list_display = [
        "tournament",
        "default_lineup",
        "min_players",
        "allow_empty_boards",
        "captains_confirm_results",
    ]


@admin.register(LineupSubmission)
class LineupSubmissionAdmin(admin.ModelAdmin):
    list_display = ["round", "team", "status", "late", "submitted_by", "submitted_at"]
    list_filter = ["status", "late"]


@admin.register(ResultEntry)
class ResultEntryAdmin(admin.ModelAdmin):
    list_display = ["game", "previous", "result", "entered_by", "entered_at"]


@admin.register(ResultsSummary)
class ResultsSummaryAdmin(admin.ModelAdmin):
    list_display = ["round", "signed_by", "signed_at", "complete", "digest"]


admin.site.register(CaptainLink)
admin.site.register(MatchConfirmation)
