"""The committee's decision notes (Olympiad 1998 rule 57), append-only and signed.

A note is attached to the round, and optionally to draft pairings (by the
two teams' TPNs) or to published matches. Notes are never edited or deleted:
the model refuses it; a correction is a new note.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from committee import permissions
from committee.models import Decision, DecisionSubject
from committee.public_cache import public_cache_keys
from tournaments.models import Round

NOTE_MAX_CHARS = 20000


def max_note_pairings(teams: int) -> int:
    """The pairings a round of ``teams`` teams has at most (one per two teams, and the bye)."""
    return (teams + 1) // 2


def note_text(text: str | None, *, empty: str) -> str:
    """A note's text, stripped; refused when empty (with ``empty``, the message) or too long."""
    text = (text or "").strip()
    if not text:
        raise ValidationError(empty)
    if len(text) > NOTE_MAX_CHARS:
        raise ValidationError(_("A note is limited to 20,000 characters."))
    return text


@transaction.atomic
def add_note(*, round: Round, user, text: str, pairings: Iterable[tuple[int, int | None]] = ()) -> Decision:
    """Record a signed note; ``pairings`` are (TPN, TPN or None for the bye) it concerns."""
    permissions.require(user, "committee.write_note", round)
    text = note_text(text, empty=_("A note needs some text."))
    pairings = list(pairings)
    known = set(round.tournament.teams.filter(tpn__isnull=False).values_list("tpn", flat=True))
    most = max_note_pairings(len(known))
    if len(pairings) > most:  # issue 18: a list the client chose, bounded before any work
        raise ValidationError(
            _(
                "A note concerns at most %(most)s pairings: a round of %(tournament)s has no more (%(count)s given)."
            )
            % {"most": most, "tournament": round.tournament, "count": len(pairings)}
        )
    pairs = list(dict.fromkeys((int(a), int(b) if b is not None else None) for a, b in pairings))
    unknown = sorted({t for pair in pairs for t in pair if t is not None} - known)
    if unknown:
        raise ValidationError(
            _("No team has TPN %(map)s in %(tournament)s.")
            % {"map": ", ".join(map(str, unknown)), "tournament": round.tournament}
        )
    decision = Decision.objects.create(tournament=round.tournament, round=round, author=user, text=text)
    for a, b in pairs:
        DecisionSubject.objects.create(decision=decision, round=round, tpn_a=a, tpn_b=b)
    matches = [
        m for m in round.matches.all() if any({a, b} - {None} == {t.tpn for t in m.teams()} for a, b in pairs)
    ]
    if matches:
        decision.matches.add(*matches)
    # The public "why" of a pairing the committee set cites the note about it (committee.why).
    keys = list(public_cache_keys(round.tournament.slug, round.number).values())
    transaction.on_commit(lambda: cache.delete_many(keys))
    return decision
