from django.contrib import admin

from notifications.models import Notice, NoticePreference


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "email", "subject", "status", "attempts", "sent_at")
    list_filter = ("status", "kind")
    search_fields = ("event_key", "email", "subject")
    readonly_fields = [f.name for f in Notice._meta.fields]


@admin.register(NoticePreference)
class NoticePreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "lineup_window", "lineup_reminder", "pairings", "run_failures", "updated_at")
