"""The lineup deadline (Olympiad 1998 rule 61): the window closes and the board pairings are posted.

At a round's deadline (:func:`operations.services.lineups.lineup_deadline`)
the periodic task ``operations.close_due_lineups`` closes the window, gives
the teams that submitted nothing their default lineup and posts the board
pairings (:mod:`operations.services.board_pairings`), for the tournaments
that close their windows automatically.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from operations.lineup_window import OPEN_STATES, lineup_deadline
from operations.services.board_pairings import post_board_pairings_as_system
from operations.services.lineups import apply_default_lineups, settings_of
from tournaments.models import Round, RoundState
from tournaments.services import transition_round


def close_due_lineups(now: dt.datetime | None = None) -> list[Round]:
    """Close every lineup window whose deadline has passed and post its board pairings.

    Run by the periodic task ``operations.close_due_lineups`` (and the command
    of the same name) for tournaments with ``auto_close_lineups``; a round
    that fails (say, a team without a roster) is left open for the arbiter
    and reported in the returned list's absence, never half-closed.
    """
    now = now or timezone.now()
    done = []
    candidates = Round.objects.filter(state__in=OPEN_STATES).select_related("tournament")
    for round in candidates:
        deadline = lineup_deadline(round)
        if deadline is None or now < deadline:
            continue
        conf = settings_of(round.tournament)
        if not conf.auto_close_lineups:
            continue
        if round.state == RoundState.PUBLISHED and not round.tournament.lineups_open_on_publication:
            continue
        try:
            with transaction.atomic():
                if round.state == RoundState.PUBLISHED:
                    round = transition_round(round, RoundState.LINEUPS_OPEN)
                apply_default_lineups(round, now=now)
                round = transition_round(round, RoundState.LINEUPS_CLOSED)
                round = post_board_pairings_as_system(round)
        except ValidationError:
            continue
        done.append(round)
    return done
