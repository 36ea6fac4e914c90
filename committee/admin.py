from django.contrib import admin

from .models import Decision, PairingRun


@admin.register(PairingRun)
class PairingRunAdmin(admin.ModelAdmin):
    list_display = ["pk", "round", "status", "engine_version", "created_at", "requested_by"]
    list_filter = ["status", "tournament"]
    readonly_fields = ["input_hash", "created_at", "started_at", "finished_at"]


@admin.register(Decision)
class DecisionAdmin(admin.ModelAdmin):
    list_display = ["pk", "round", "author", "created_at"]
    readonly_fields = ["created_at"]

    def has_change_permission(self, request, obj=None):
        return obj is None

    def has_delete_permission(self, request, obj=None):
        return False
