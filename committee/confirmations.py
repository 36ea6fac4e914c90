"""What follows a publication, as the confirmation says it (issue 18, item 6).

Publishing (and publishing a correction) asks once; the page says what becomes public and
who is e-mailed, from what the tournament holds now.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from committee.basis import basis_of
from committee.models import DraftVersion
from tournaments.models import Membership, Round
from tournaments.models.membership import Role


def _tpns(pairing: dict) -> set[int]:
    tpns = {t for p in pairing.get("pairs", []) for t in (p["white"], p["black"])}
    if pairing.get("bye") is not None:
        tpns.add(pairing["bye"])
    return tpns


def captains_to_email(round: Round, pairing: dict) -> int:
    """How many captains of the paired teams have an e-mail address (the pairing notice's recipients)."""
    return (
        Membership.objects.filter(
            tournament=round.tournament, role=Role.TEAM_CAPTAIN, team__tpn__in=_tpns(pairing)
        )
        .exclude(user__email="")
        .filter(user__is_active=True)
        .values("user_id", "team_id")
        .distinct()
        .count()
    )


def publication_follows(round: Round, version: DraftVersion) -> list[str]:
    """The lines of the confirmation of publishing ``version`` of ``round``."""
    t = round.tournament
    previous = round.publications.order_by("-number").first()
    teams = len(_tpns(version.pairing))
    captains = captains_to_email(round, version.pairing)
    lines = [
        _(
            "The pairing of round %(round)s (draft version %(version)s, %(teams)s teams) becomes public at once: "
            "the public pairings page, its PDF and the API."
        )
        % {"round": round.number, "version": version.number, "teams": teams}
    ]
    if previous is not None:
        lines.append(
            _(
                "It replaces publication #%(number)s; the public page keeps the history, with what changed "
                "and your reason."
            )
            % {"number": previous.number}
        )
    if t.is_team_event:
        lines.append(
            ngettext(
                "E-mailed: %(count)s team captain (of the paired teams, unless he turned pairing notices off)%(what)s.",
                "E-mailed: %(count)s team captains (of the paired teams, unless they turned pairing notices off)%(what)s.",
                captains,
            )
            % {
                "count": captains,
                "what": _(", with what changed and why") if previous is not None else "",
            }
        )
        if t.lineups_open_on_publication:
            lines.append(
                _("The lineup window opens at once; the captains are e-mailed its deadline (rule 61).")
            )
    else:
        lines.append(_("The board pairings are posted at once (no lineups in an individual event)."))
    found = basis_of(round)
    if found is not None and found.changed:
        lines.append(
            _("Warning: this pairing was computed from results that have changed since: %(changes)s.")
            % {"changes": found.changes_text}
        )
    return lines
