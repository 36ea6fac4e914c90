"""The round cycle: states and the transitions allowed between them.

A round is paired, reviewed, approved, published; the teams then submit
lineups, the board pairings are posted, the round is played and its
results complete it. The diagram (also in docs/domain-model.md)::

    awaiting_results -> pairing_requested -> draft_computed -> under_review
        -> approved -> published -> lineups_open -> lineups_closed
        -> board_pairings_posted -> in_play -> complete

and the ways back:

- pairing_requested -> awaiting_results   the run failed or was cancelled
- draft_computed / under_review -> pairing_requested   pair again
- approved -> under_review                approval withdrawn before publication
- published -> under_review               pairing withdrawn for correction
                                          (before any lineup is open; rule 57
                                          requires a written decision)
- lineups_closed -> lineups_open          window reopened by the arbiter
- complete -> in_play                     a result reopened for correction
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class RoundState(models.TextChoices):
    """The round cycle's states (the diagram above); :data:`TRANSITIONS` says which follow which."""

    AWAITING_RESULTS = "awaiting_results", _("Not yet paired")
    PAIRING_REQUESTED = "pairing_requested", _("Pairing requested")
    DRAFT_COMPUTED = "draft_computed", _("Draft pairing computed")
    UNDER_REVIEW = "under_review", _("Under review by the committee")
    APPROVED = "approved", _("Pairing approved")
    PUBLISHED = "published", _("Pairing published")
    LINEUPS_OPEN = "lineups_open", _("Lineups open")
    LINEUPS_CLOSED = "lineups_closed", _("Lineups closed")
    BOARD_PAIRINGS_POSTED = "board_pairings_posted", _("Board pairings posted")
    IN_PLAY = "in_play", _("In play")
    COMPLETE = "complete", _("Complete")


S = RoundState

TRANSITIONS: dict[str, frozenset[str]] = {
    S.AWAITING_RESULTS: frozenset({S.PAIRING_REQUESTED}),
    S.PAIRING_REQUESTED: frozenset({S.DRAFT_COMPUTED, S.AWAITING_RESULTS}),
    S.DRAFT_COMPUTED: frozenset({S.UNDER_REVIEW, S.PAIRING_REQUESTED}),
    S.UNDER_REVIEW: frozenset({S.APPROVED, S.PAIRING_REQUESTED}),
    S.APPROVED: frozenset({S.PUBLISHED, S.UNDER_REVIEW}),
    S.PUBLISHED: frozenset({S.LINEUPS_OPEN, S.UNDER_REVIEW}),
    S.LINEUPS_OPEN: frozenset({S.LINEUPS_CLOSED}),
    S.LINEUPS_CLOSED: frozenset({S.BOARD_PAIRINGS_POSTED, S.LINEUPS_OPEN}),
    S.BOARD_PAIRINGS_POSTED: frozenset({S.IN_PLAY}),
    S.IN_PLAY: frozenset({S.COMPLETE}),
    S.COMPLETE: frozenset({S.IN_PLAY}),
}

# States in which the round's matches are the approved pairing.
PAIRED_STATES: frozenset[str] = frozenset(
    {
        S.APPROVED,
        S.PUBLISHED,
        S.LINEUPS_OPEN,
        S.LINEUPS_CLOSED,
        S.BOARD_PAIRINGS_POSTED,
        S.IN_PLAY,
        S.COMPLETE,
    }
)


# States in which a round's pairing (drafted, approved or published) rests on the earlier rounds'
# results and is not played yet: a result corrected then leaves it resting on old results (issue 18).
RESTING_STATES: frozenset[str] = frozenset(
    {
        S.DRAFT_COMPUTED,
        S.UNDER_REVIEW,
        S.APPROVED,
        S.PUBLISHED,
        S.LINEUPS_OPEN,
        S.LINEUPS_CLOSED,
        S.BOARD_PAIRINGS_POSTED,
    }
)


# States in which the round's results count (the standings run through the last of them).
RESULT_STATES: frozenset[str] = frozenset({S.IN_PLAY, S.COMPLETE})


def can_transition(current: str, target: str) -> bool:
    return target in TRANSITIONS.get(current, frozenset())


def allowed_targets(current: str) -> list[str]:
    return sorted(TRANSITIONS.get(current, frozenset()), key=list(S).index)
