"""The demo's logins: one user a role, password ``demo`` (the quick start's accounts).

The users are made (or their passwords set back to ``demo``) on every
``seed_demo``; each demo tournament gives them their roles, the captain that
of TPN 1; their e-mail addresses come once the demo is built, so building it
sends no notice.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tournaments.models import Membership, Tournament

DEMO_PASSWORD = "demo"
DEMO_USERS = {
    "admin": "superuser (Django admin)",
    "chair": "pairing committee chair, both demo tournaments",
    "member": "pairing committee member, both demo tournaments",
    "member2": "pairing committee member, both demo tournaments",
    "arbiter": "arbiter, both demo tournaments",
    "chief": "Chief Arbiter (overrides an absolute pairing criterion), both demo tournaments",
    "captain": "captain of TPN 1 in both demo tournaments",
}


def demo_users() -> dict:
    """The demo's users by name, made if need be, their passwords set to ``demo``."""
    User = get_user_model()
    out = {}
    for name in DEMO_USERS:
        user, _ = User.objects.get_or_create(username=name)
        user.is_staff = user.is_superuser = name == "admin"
        user.set_password(DEMO_PASSWORD)
        user.save()
        out[name] = user
    return out


def add_memberships(t: Tournament, users: dict) -> None:
    """The users' roles in ``t``: the committee, the arbiters, and the captain of TPN 1."""
    roles = [
        ("chair", "committee_chair"),
        ("member", "committee_member"),
        ("member2", "committee_member"),
        ("arbiter", "arbiter"),
        ("chief", "chief_arbiter"),
    ]
    for username, role in roles:
        Membership.objects.get_or_create(user=users[username], tournament=t, role=role)
    Membership.objects.get_or_create(
        user=users["captain"], tournament=t, role="team_captain", team=t.teams.get(tpn=1)
    )


def give_addresses(users: dict) -> None:
    """E-mail addresses for the demo's users, given once the demo is built (building it sends no notice):
    what they do next sends notices (printed on the console in the quick start)."""
    for name, user in users.items():
        if not user.email:
            user.email = f"{name}@example.org"
            user.save(update_fields=["email"])
