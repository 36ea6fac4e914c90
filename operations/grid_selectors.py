"""Reads of the whole-round result grid (issue 20, item 1): what each save answers with."""

from __future__ import annotations

from django.db.models import Count, Max, Subquery
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


def match_on_table(slug: str, number: int, table: int) -> Match | None:
    """The match on ``table`` of round ``number`` of the tournament ``slug``, with its round and
    tournament: one query (a save's first read); None when there is none."""
    return (
        Match.objects.select_related("round__tournament")
        .filter(round__tournament__slug=slug, round__number=number, table=table)
        .first()
    )


def match_as_it_stands(round: Round, pk: int) -> Match:
    """A match of ``round`` with its boards, read with the round's ``pending`` board count and the
    ``stamp`` of ``results_stamp`` (the result grid's answer to each save, read after its commit).

    One query, from the match's boards (each row with its match, the count and the stamp): the
    score, the count and the stamp come from one snapshot, so an answer carrying a stamp shows
    every result committed up to it. A match without boards (a bye) is read as before."""
    pending = (
        BoardGame.objects.filter(match__round=round.pk, match__forfeit="", result="")
        .order_by()
        .values("match__round")
        .annotate(count=Count("pk"))
        .values("count")
    )
    stamp = ResultEntry.objects.order_by("-pk").values("pk")[:1]
    games = list(
        BoardGame.objects.filter(match__round=round, match_id=pk)
        .select_related("match")
        .annotate(pending=Coalesce(Subquery(pending), 0), stamp=Coalesce(Subquery(stamp), 0))
        .order_by("board")
    )
    if not games:
        return _boardless_match(round, pk, pending, stamp)
    match = games[0].match
    match.round = round
    match.pending, match.stamp = games[0].pending, games[0].stamp
    for game in games:
        game.match = match
    _hold_boards(match, games)
    return match


def _hold_boards(match: Match, games: list[BoardGame]) -> None:
    """``match.boards.all()`` is then ``games``, read already, as ``prefetch_related`` leaves it."""
    cache = match.__dict__.setdefault("_prefetched_objects_cache", {})
    cache.pop("boards", None)
    boards = match.boards.get_queryset()
    boards._result_cache, boards._prefetch_done = games, True
    cache["boards"] = boards


def _boardless_match(round: Round, pk: int, pending, stamp) -> Match:
    match = (
        Match.objects.annotate(pending=Coalesce(Subquery(pending), 0), stamp=Coalesce(Subquery(stamp), 0))
        .prefetch_related("boards")
        .get(round=round, pk=pk)
    )
    match.round = round
    return match
