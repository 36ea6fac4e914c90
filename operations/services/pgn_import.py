"""Results from the broadcast: a round's PGN file previewed, then entered through ``results.enter_results``.

``preview_pgn`` reads the file (``operations.domain.pgn_games``), matches each
game to its board by the two players (FIDE ID, else the normalised name; the
colours must agree) and sorts the games into: results to enter, results
already entered the same, unfinished games, conflicts with a different result
already entered (or a forfeited match), and games it cannot place. Nothing is
written. The preview carries a signed token: the planned results and a
fingerprint of every board of the round as it was.

``import_pgn`` enters the planned results in one transaction through the
results service (same checks, same history, ``ResultEntry`` per board), or
nothing: a token whose round changed since the preview is refused.

An unfinished game (``*`` in the broadcast) is left as it is: it never gives a
board a result, and a result already entered is not turned back into
"unfinished" (Olympiad rule 11: an unfinished game is not a result; the
arbiter records an adjournment by hand). Conflicts are entered only when the
arbiter asks for it (``replace_conflicts``), each as a correction with the
previous result in the history.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field

from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from operations import permissions
from operations.domain.pgn_games import (
    PGN_RESULTS,
    BroadcastGame,
    TooManyGames,
    count_white_tags,
    decode,
    normalise_name,
    read_games,
    same_player,
)
from operations.services import results
from tournaments.models import BoardGame, Match, Round

SALT = "operations.pgn-import"
# A board forfeit already entered and the result a broadcast (or our own export) shows for it.
FORFEIT_AS_RESULT = {"+-": "1-0", "-+": "0-1"}
TOKEN_MAX_AGE = 6 * 3600  # seconds
MAX_BYTES = 20 * 1024 * 1024


class StalePreview(ValidationError):
    """The round's results changed since the preview (HTTP 409)."""


@dataclass
class PlannedBoard:
    game: int  # the game's place in the file
    table: int
    board: int
    white: str
    black: str
    current: str  # the board's result now ("" pending)
    broadcast: str  # the file's result
    status: str  # "enter", "same", "unfinished", "conflict"
    note: str = ""
    replaceable: bool = True  # a conflict the arbiter may let the file's result replace
    game_id: int = 0
    match_id: int = 0


@dataclass
class UnplacedGame:
    game: int
    white: str
    black: str
    result: str
    reason: str


@dataclass
class PgnPreview:
    round: Round
    games_read: int
    boards: list[PlannedBoard] = field(default_factory=list)
    unplaced: list[UnplacedGame] = field(default_factory=list)
    token: str = ""

    def _with(self, status: str) -> list[PlannedBoard]:
        return [b for b in self.boards if b.status == status]

    @property
    def to_enter(self) -> list[PlannedBoard]:
        return self._with("enter")

    @property
    def same(self) -> list[PlannedBoard]:
        return self._with("same")

    @property
    def unfinished(self) -> list[PlannedBoard]:
        return self._with("unfinished")

    @property
    def conflicts(self) -> list[PlannedBoard]:
        return self._with("conflict")

    @property
    def replaceable(self) -> list[PlannedBoard]:
        return [b for b in self.conflicts if b.replaceable]


@dataclass
class ImportReport:
    entered: int
    replaced: int
    matches: int


def _round_games(round: Round) -> list[BoardGame]:
    return list(
        BoardGame.objects.filter(match__round=round)
        .select_related("match", "white", "black")
        .order_by("match__table", "board", "pk")
    )


def fingerprint(round: Round) -> str:
    """A digest of every board's result (and every match's forfeit) of ``round``."""
    rows = BoardGame.objects.filter(match__round=round).values_list("pk", "result", "match__forfeit")
    text = ";".join(f"{pk}:{res}:{ff}" for pk, res, ff in sorted(rows))
    return hashlib.sha256(text.encode()).hexdigest()


def _name(player) -> str:
    return player.name if player is not None else "— empty —"


def _index(games: list[BoardGame], side: str) -> tuple[dict, dict]:
    by_id: dict[str, list[BoardGame]] = defaultdict(list)
    by_name: dict[str, list[BoardGame]] = defaultdict(list)
    for g in games:
        p = getattr(g, side)
        if p is None:
            continue
        if p.fide_id:
            by_id[p.fide_id].append(g)
        by_name[normalise_name(p.name)].append(g)
    return by_id, by_name


def _plays(p, fide_id: str, name: str) -> bool:
    return p is not None and same_player(fide_id, name, p.fide_id, p.name)


def _candidates(index, fide_id: str, name: str) -> list[BoardGame]:
    by_id, by_name = index
    seen = {g.pk: g for g in by_id.get(fide_id, [])} if fide_id else {}
    for g in by_name.get(normalise_name(name), []):
        seen.setdefault(g.pk, g)
    return list(seen.values())


def _find(bg: BroadcastGame, white_index, black_index) -> tuple[BoardGame | None, BoardGame | None]:
    """(the board with these players in these colours, or the board where they play reversed)."""
    for g in _candidates(white_index, bg.white_fide_id, bg.white):
        if _plays(g.white, bg.white_fide_id, bg.white) and _plays(g.black, bg.black_fide_id, bg.black):
            return g, None
    for g in _candidates(white_index, bg.black_fide_id, bg.black):
        if _plays(g.white, bg.black_fide_id, bg.black) and _plays(g.black, bg.white_fide_id, bg.white):
            return None, g
    return None, None


def _classify(game: BoardGame, broadcast: str, number: int) -> PlannedBoard:
    match = game.match
    planned = PlannedBoard(
        game=number,
        table=match.table,
        board=game.board,
        white=_name(game.white),
        black=_name(game.black),
        current=game.result,
        broadcast=broadcast,
        status="enter",
        game_id=game.pk,
        match_id=match.pk,
    )
    if broadcast == "*":
        planned.status = "unfinished"
        planned.note = _("unfinished in the broadcast: left as it is (rule 11)")
    elif match.forfeit:
        planned.status = "conflict"
        planned.note = _("the match is recorded as forfeited: cancel the forfeit first")
        planned.replaceable = False
    elif game.result == broadcast:
        planned.status = "same"
    elif FORFEIT_AS_RESULT.get(game.result) == broadcast:
        planned.status = "same"
        planned.note = _("entered as a forfeit (%(result)s)") % {"result": game.result}
    elif game.result not in ("", "*"):
        planned.status = "conflict"
        planned.note = _("%(result)s already entered") % {"result": game.result}
    return planned


def max_games(round: Round, boards: int) -> int:
    """The most games a file for ``round`` may hold: its boards in every round of the event (a
    broadcast's file of the whole event so far reads as well as the round's own)."""
    return boards * max(round.tournament.rounds_total, round.number)


def preview_pgn(round: Round, data: bytes | str, *, by) -> PgnPreview:
    """Match the file's games to the boards of ``round``; nothing is written."""
    permissions.require(
        permissions.is_arbiter(by, round.tournament), _("Only an arbiter may import results from a PGN file.")
    )
    results._check_round_open(round)
    if len(data) > MAX_BYTES:
        raise ValidationError(
            _("The file is larger than %(max_bytes)s MB.") % {"max_bytes": MAX_BYTES // (1024 * 1024)}
        )
    boards = _round_games(round)
    if not boards:
        raise ValidationError(
            _("Round %(round_number)s has no boards yet: post the board pairings first.")
            % {"round_number": round.number}
        )
    most = max_games(round, len(boards))
    try:
        # Counted on the raw text first (one pass in C, no copy): a file of a great many games is
        # refused before it is decoded and read game by game.
        if count_white_tags(data) > 2 * most:
            raise TooManyGames(most)
        games = read_games(decode(data), limit=most)
    except TooManyGames:
        raise ValidationError(
            _(
                "The file holds more than %(most)s games: round %(round_number)s has %(boards)s boards and "
                "the event %(rounds)s rounds. Import a file of this round's games."
            )
            % {
                "most": most,
                "round_number": round.number,
                "boards": len(boards),
                "rounds": round.tournament.rounds_total,
            }
        ) from None
    if not games:
        raise ValidationError(
            _("The file holds no PGN game: no game with [White] and [Black] tags was found.")
        )
    white_index, black_index = _index(boards, "white"), _index(boards, "black")
    preview = PgnPreview(round=round, games_read=len(games))
    placed: dict[int, int] = {}  # board game id -> the file's game number
    for bg in games:
        result = PGN_RESULTS.get(bg.result)
        if bg.round_number is not None and bg.round_number != round.number:
            reason = _("a game of round %(number)s (Round tag “%(tag)s”)") % {
                "number": bg.round_number,
                "tag": bg.round_tag,
            }
        elif result is None:
            reason = _("“%(result)s” is not a PGN result") % {"result": bg.result}
        else:
            game, reversed_game = _find(bg, white_index, black_index)
            if game is None and reversed_game is not None:
                reason = _(
                    "these players meet on table %(table)s board %(board)s with the colours the other way round"
                ) % {"table": reversed_game.match.table, "board": reversed_game.board}
            elif game is None:
                reason = _("no board of round %(number)s has White %(white)s and Black %(black)s") % {
                    "number": round.number,
                    "white": bg.white,
                    "black": bg.black,
                }
            elif game.pk in placed:
                reason = _("table %(table)s board %(board)s already has game %(game)s of this file") % {
                    "table": game.match.table,
                    "board": game.board,
                    "game": placed[game.pk],
                }
            else:
                placed[game.pk] = bg.number
                preview.boards.append(_classify(game, result, bg.number))
                continue
        preview.unplaced.append(UnplacedGame(bg.number, bg.white, bg.black, bg.result, reason))
    preview.boards.sort(key=lambda b: (b.table, b.board))
    preview.token = signing.dumps(
        {
            "round": round.pk,
            "fingerprint": fingerprint(round),
            "enter": [[b.match_id, b.board, b.broadcast, b.current] for b in preview.to_enter],
            "conflicts": [
                [b.match_id, b.board, b.broadcast, b.current] for b in preview.conflicts if b.replaceable
            ],
        },
        salt=SALT,
        compress=True,
    )
    return preview


def _plan(round: Round, token: str) -> dict:
    try:
        plan = signing.loads(token, salt=SALT, max_age=TOKEN_MAX_AGE)
    except signing.SignatureExpired:
        raise ValidationError(_("This preview is more than six hours old: upload the file again.")) from None
    except signing.BadSignature:
        raise ValidationError(_("This is not a preview of this site: upload the file again.")) from None
    if plan.get("round") != round.pk:
        raise ValidationError(
            _("This preview is of another round, not round %(round_number)s.")
            % {"round_number": round.number}
        )
    return plan


@transaction.atomic
def import_pgn(round: Round, token: str, *, by, replace_conflicts: bool = False) -> ImportReport:
    """Enter the results of a preview, all or none (``replace_conflicts``: the conflicts too)."""
    permissions.require(
        permissions.is_arbiter(by, round.tournament), _("Only an arbiter may import results from a PGN file.")
    )
    plan = _plan(round, token)
    round = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    results._check_round_open(round)
    if fingerprint(round) != plan["fingerprint"]:
        raise StalePreview(
            _(
                "The results of round %(round_number)s changed since this preview: nothing was entered. Upload the file again to see what it would change now."
            )
            % {"round_number": round.number}
        )
    rows = plan["enter"] + (plan["conflicts"] if replace_conflicts else [])
    by_match: dict[int, tuple[dict[int, str], dict[int, str]]] = defaultdict(lambda: ({}, {}))
    for match_id, board, result, previous in rows:
        entered, expected = by_match[match_id]
        entered[board] = result
        expected[board] = previous
    for match in Match.objects.filter(pk__in=by_match, round=round).order_by("table"):
        entered, expected = by_match[match.pk]
        results.enter_results(match, entered, by=by, expected=expected)
    return ImportReport(
        entered=len(plan["enter"]),
        replaced=len(plan["conflicts"]) if replace_conflicts else 0,
        matches=len(by_match),
    )
