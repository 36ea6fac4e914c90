"""Reads of the whole-round result grid (issue 20, item 1): what each save answers with."""

from __future__ import annotations

from django.db.models import Count, Max, OuterRef, Subquery
from django.db.models.functions import Coalesce

from operations.models import ResultEntry
from tournaments.models import BoardGame, Match, Round


def pending_board_count(round: Round) -> int:
    """Boards of the round still without a result (a forfeited match's boards are decided): the results
    page's "pending" (``results.unfinished_or_pending``), counted by the database."""
    return BoardGame.objects.filter(match__round=round, match__forfeit="", result="").count()


def results_stamp() -> int:
    """The last result entry of any round (0 before any): a later answer about a round's results carries
    a greater or equal stamp, so a page applies only the newest of answers that cross (the result grid)."""
    return ResultEntry.objects.aggregate(last=Max("pk"))["last"] or 0


def match_as_it_stands(round: Round, pk: int) -> Match:
    """A match of ``round`` with its boards, read with the round's ``pending`` board count and the
    ``stamp`` of ``results_stamp`` in one query (the result grid's answer to each save)."""
    pending = (
        BoardGame.objects.filter(match__round=OuterRef("round"), match__forfeit="", result="")
        .order_by()
        .values("match__round")
        .annotate(count=Count("pk"))
        .values("count")
    )
    stamp = ResultEntry.objects.order_by("-pk").values("pk")[:1]
    match = (
        Match.objects.annotate(pending=Coalesce(Subquery(pending), 0), stamp=Coalesce(Subquery(stamp), 0))
        .prefetch_related("boards")
        .get(round=round, pk=pk)
    )
    match.round = round
    return match
