"""Keeping a pairing whose results changed after it was computed (issue 18, item 6; rule 57).

When a result behind a drafted, approved or published pairing is corrected, the committee
decides: it corrects the pairing (compute again; for a published one, the correction of
``committee.services.corrections``) or keeps it with a written decision. The decision
records the fingerprint of the results it was kept on (``Decision.kept_results``), so the
pages stop saying the pairing rests on changed results until they change again.
"""

from __future__ import annotations

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from committee import permissions
from committee.basis import basis_of
from committee.models import Decision
from committee.public_cache import public_cache_keys
from committee.services.notes import note_text
from tournaments.models import Round


def keep_pairing(*, round: Round, user, note: str) -> Decision:
    """Keep the round's pairing on the changed results; ``note`` says why (recorded, shown publicly)."""
    permissions.require(user, "committee.write_note", round)
    note = note_text(note, empty=_("Say why the pairing is kept on the changed results (rule 57)."))
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
        basis = basis_of(rnd)
        if basis is None or not basis.changed:
            raise ValidationError(
                _("The results behind the pairing of round %(number)s have not changed: nothing to keep.")
                % {"number": rnd.number}
            )
        if basis.unreadable:
            raise ValidationError(
                _("The results cannot be read now (%(reason)s): enter them before deciding.")
                % {"reason": basis.unreadable}
            )
        if basis.kept is not None:
            raise ValidationError(
                _("The pairing of round %(number)s is already kept on these results.")
                % {"number": rnd.number}
            )
        with translation.override("en"):  # decisions are written in English, as the corrections are
            changes = basis.changes_text
        decision = Decision.objects.create(
            tournament=rnd.tournament,
            round=rnd,
            author=user,
            text=f"Pairing kept on the changed results ({changes}): {note}",
            kept_results=basis.now,
        )
    keys = list(public_cache_keys(rnd.tournament.slug, rnd.number).values())
    transaction.on_commit(lambda: cache.delete_many(keys))
    return decision
