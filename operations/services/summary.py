"""The signed summary of a round's results (Olympiad 1998 rule 56).

The summary lists every match and board with its players and result, and for
each board who entered which result and when. Signing stores it as it stands
(content and SHA-256 digest) with the signer and time; the committee pairs
the next round from the results of the latest signed summary.
"""

from __future__ import annotations

import hashlib
import json

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from operations import permissions
from operations.models import ResultEntry, ResultsSummary
from tournaments.models import Round


def _num(x) -> float | None:
    return None if x is None else float(x)


def summary_content(round: Round) -> dict:
    """The round's results with their entries, as plain data (printable, JSON-serialisable)."""
    entries: dict[int, list[dict]] = {}
    for e in ResultEntry.objects.filter(game__match__round=round).select_related("entered_by"):
        entries.setdefault(e.game_id, []).append(
            {
                "result": e.result,
                "previous": e.previous,
                "by": e.entered_by.get_username() if e.entered_by else "",
                "at": e.entered_at.isoformat(),
            }
        )
    matches = []
    complete = True
    for m in round.matches.select_related("white_team", "black_team").prefetch_related(
        "boards__white", "boards__black"
    ):
        boards = []
        for g in m.boards.all():
            if g.result in ("", "*"):
                complete = False
            boards.append(
                {
                    "board": g.board,
                    "white": g.white.name if g.white else "",
                    "black": g.black.name if g.black else "",
                    "result": g.result,
                    "entries": entries.get(g.pk, []),
                }
            )
        if not m.has_result:
            complete = False
        matches.append(
            {
                "table": m.table,
                "white_team": m.white_team.name,
                "black_team": m.black_team.name if m.black_team else None,
                "bye": m.is_bye,
                "forfeit": m.forfeit,
                "white_match_points": _num(m.white_match_points),
                "black_match_points": _num(m.black_match_points),
                "white_game_points": _num(m.white_game_points),
                "black_game_points": _num(m.black_game_points),
                "boards": boards,
            }
        )
    return {
        "tournament": round.tournament.name,
        "round": round.number,
        "state": round.state,
        "complete": complete,
        "matches": matches,
    }


def digest_of(content: dict) -> str:
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


@transaction.atomic
def sign_results_summary(round: Round, *, by) -> ResultsSummary:
    """Sign the round's results as they stand now (an arbiter, rule 56)."""
    permissions.require(
        permissions.is_arbiter(by, round.tournament), _("Only an arbiter may sign the results summary.")
    )
    content = summary_content(round)
    return ResultsSummary.objects.create(
        round=round,
        signed_by=by,
        signed_at=timezone.now(),
        complete=content["complete"],
        content=content,
        digest=digest_of(content),
    )


def signed_summary_is_current(round: Round) -> bool | None:
    """Whether the latest signed summary still matches the results (None: never signed).

    The committee pairs the next round from the signed results (rule 56); a
    correction after signing needs a new signature.
    """
    latest = ResultsSummary.objects.filter(round=round).order_by("-signed_at", "-id").first()
    if latest is None:
        return None
    current = summary_content(round)
    current["state"] = latest.content.get("state")  # a state change alone does not void a signature
    return digest_of(current) == latest.digest
