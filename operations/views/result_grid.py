"""The whole-round result grid (issue 20, item 1): every board of a round on one page, typed key by key.

Each board is saved as it is typed, one request per board (``result_grid_save``, answered in
JSON), through ``results.enter_results``: the match page's service, with its checks (the
arbiter's role, the round open for results, the board and the result known, a forfeited match
taking only forfeits), its stale-form protection (the result the grid showed goes with each
save; a board changed meanwhile is refused, 409, with its result now) and its history (a
``ResultEntry`` per change, rule 56, and the board's own change history). The grid reads and
sends every result from the side of the player named first (``result_from_first_named_side``).
Each answer carries the match's score as it stands and the round's count of pending boards.
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from operations import grid_selectors, permissions, query_bounds, selectors
from operations.domain.board_colours import white_team_has_white
from operations.result_keys import GRID_CODES, RESULT_KEYS, SHORT, key_table
from operations.services import results
from operations.templatetags.ops_rows import match_score_cell
from tournaments.models import Match, Round, Tournament
from tournaments.models.match import result_from_first_named_side


def _arbiters_round(request, slug: str, number: int) -> tuple[Tournament, Round]:
    r = get_object_or_404(Round.objects.select_related("tournament"), tournament__slug=slug, number=number)
    t = r.tournament  # (the boards' colours read it through their round)
    permissions.require(permissions.is_arbiter(request.user, t), _("Only an arbiter enters results."))
    return t, r


def _arbiters_match(request, slug: str, number: int) -> tuple[Tournament, Round, Match]:
    """The match on the table a save names, with its round and tournament, in one query; refused as
    ``_arbiters_round`` and ``query_bounds.match_at`` refuse, in that order (404 no round, 403 not an
    arbiter, 400 not a table number, 404 no such table)."""
    table = query_bounds.whole_number(request.POST.get("table"))
    match = grid_selectors.match_on_table(slug, number, table) if table is not None else None
    if match is None:  # refused: which refusal comes first
        t, r = _arbiters_round(request, slug, number)
        return t, r, query_bounds.match_at(r, request.POST.get("table"))
    r = match.round
    t = r.tournament
    permissions.require(permissions.is_arbiter(request.user, t), _("Only an arbiter enters results."))
    return t, r, match


def pending_words(count: int) -> str:
    return ngettext("%(count)s board pending", "%(count)s boards pending", count) % {"count": count}


def not_a_key(value: str) -> str:
    return _("“%(key)s” is not a result key: type %(keys)s. Nothing was saved.") % {
        "key": value,
        "keys": ", ".join(key_table()),
    }


def _board_rows(match: Match) -> list[dict]:
    """A match's boards as the grid shows them: the first-named team's player first, and his result."""
    rows = []
    for g in match.boards.all():
        white_first = g.white_team_has_white
        first, second = (g.white, g.black) if white_first else (g.black, g.white)
        code = g.first_named_result
        rows.append(
            {
                "board": g.board,
                "first": first,
                "second": second,
                "first_colour": "w" if white_first else "b",
                "second_colour": "b" if white_first else "w",
                "code": code,
                "short": SHORT.get(code, code),
            }
        )
    return rows


@login_required
def result_grid_page(request, slug: str, number: int):
    """Every board of the round, table by table; the script saves each as it is typed."""
    t, r = _arbiters_round(request, slug, number)
    matches = list(selectors.matches_with_boards(r))
    for m in matches:
        m.round = r
    pending = grid_selectors.pending_board_count(r)
    return render(
        request,
        "operations/result_grid.html",
        {
            "tournament": t,
            "round": r,
            "matches": [
                {"match": m, "score": match_score_cell(m), "boards": [] if m.is_bye else _board_rows(m)}
                for m in matches
            ],
            "open": r.state in results.ENTRY_STATES,
            "pending": pending,
            "pending_text": pending_words(pending),
            "stamp": grid_selectors.results_stamp(),
            "keys": RESULT_KEYS,
            "key_json": json.dumps(key_table()),
            "short_json": json.dumps(SHORT),
            "msg_bad_key": not_a_key("%(key)s"),  # the script puts in the key
            "msg_failed": _("Not saved: the server did not answer (%(status)s). Type the result again."),
            "save_url": reverse("ops-result-grid-save", kwargs={"slug": t.slug, "number": r.number}),
        },
    )


def _answer(r: Round, match: Match, board: int, status: int = 200, **fields) -> JsonResponse:
    """The board's result now (first-named side), its match's score and the round's pending count."""
    match = grid_selectors.match_as_it_stands(r, match.pk)
    pending, stamp = match.pending, match.stamp
    game = next((g for g in match.boards.all() if g.board == board), None)
    code = game.first_named_result if game is not None else ""
    return JsonResponse(
        {
            "table": match.table,
            "board": board,
            "result": code,
            "short": SHORT.get(code, code),
            "score": match_score_cell(match),
            "pending": pending,
            "pending_text": pending_words(pending),
            "stamp": stamp,
            **fields,
        },
        status=status,
    )


def _refusal(message: str, status: int) -> JsonResponse:
    return JsonResponse({"detail": message}, status=status)


@require_POST
def result_grid_save(request, slug: str, number: int):
    """Save one board: ``table``, ``board``, ``result`` and ``expected`` (what the grid showed), both
    from the first-named player's side. 200 saved; 400 refused, nothing saved; 403 not an arbiter;
    404 no such table; 409 the board changed meanwhile (its result now in the answer)."""
    if not request.user.is_authenticated:
        return _refusal(_("Log in again: your session has ended, nothing was saved."), 403)
    try:
        t, r, match = _arbiters_match(request, slug, number)
        board = query_bounds.board_number(request.POST.get("board"))
    except PermissionDenied as err:
        return _refusal(str(err), 403)
    except query_bounds.Refused as refused:
        return _refusal(refused.message, refused.status)
    result, expected = request.POST.get("result"), request.POST.get("expected")
    for value in (result, expected):
        if value not in GRID_CODES:
            return _refusal(
                _("“%(value)s” is not a result: send one of %(codes)s. Nothing was saved.")
                % {"value": (value or "")[:12], "codes": ", ".join(sorted(c for c in GRID_CODES if c))},
                400,
            )
    white_first = white_team_has_white(t.colour_sequence, board)
    try:
        results.enter_results(
            match,
            {board: result_from_first_named_side(result, white_first)},
            by=request.user,
            expected={board: result_from_first_named_side(expected, white_first)},
        )
    except PermissionDenied as err:
        return _refusal(str(err), 403)
    except results.StaleResults as err:
        now = result_from_first_named_side(err.current.get(board, ""), white_first)
        return _answer(
            r,
            match,
            board,
            409,
            detail=_(
                "Not saved: someone changed table %(table)s board %(board)s meanwhile; it is now %(result)s. "
                "Type again to replace it."
            )
            % {"table": match.table, "board": board, "result": SHORT.get(now) or _("pending")},
        )
    except ValidationError as err:
        return _refusal(" ".join(err.messages), 400)
    return _answer(r, match, board)
