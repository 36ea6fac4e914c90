"""Admin: a user's roles in every tournament, and unlocking users locked out by failed logins.

(The failed attempts themselves are django-axes' "Access attempts"; deleting one unlocks it.)
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from accounts import services
from tournaments.models import Membership

User = get_user_model()


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    fields = ["tournament", "role", "team"]
    autocomplete_fields = ["tournament"]
    raw_id_fields = ["team"]
    verbose_name = "role in a tournament"
    verbose_name_plural = "roles in tournaments"


@admin.action(description="Unlock the selected users (forget their failed logins)")
def unlock_users(modeladmin, request, queryset):
    forgotten = sum(services.unlock_account(username=u.get_username(), by=request.user) for u in queryset)
    modeladmin.message_user(
        request,
        f"{queryset.count()} user(s) unlocked ({forgotten} failure record(s) forgotten).",
        messages.SUCCESS,
    )


admin.site.unregister(User)


@admin.register(User)
class UserWithRolesAdmin(UserAdmin):
    inlines = [*UserAdmin.inlines, MembershipInline]
    actions = [unlock_users]
