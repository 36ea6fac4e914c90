from django.contrib import admin

from languages.models import LanguagePreference


@admin.register(LanguagePreference)
class LanguagePreferenceAdmin(admin.ModelAdmin):
    list_display = ["user", "language", "updated_at"]
    list_filter = ["language"]
    search_fields = ["user__username", "user__email"]
