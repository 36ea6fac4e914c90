"""Lineup validation (Olympiad 1998 rule 61 with the roster order of rule 4).

A lineup lists the players of one team for one round, board 1 first. It is
legal when

- every player is on the team's roster and not withdrawn;
- no player appears twice;
- the players keep their relative roster order (a reserve moves up, nobody
  jumps ahead of a player listed above him on the roster: rule 4 "the order
  of the players can be changed only with the approval of the President");
- it fills the number of boards; a team short of players may leave boards
  empty only at the bottom, and must field at least ``min_players``
  (the reading of rule 52's "two or more players present", recorded in
  ``docs/interpretations/operations.md``).

The functions take plain values so they can be tested without a database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


def gettext_noop(message: str) -> str:
    """Marks a message for the site's catalogue (``makemessages``) without importing Django.

    The site translates a problem from its ``template`` and ``params``
    (``operations.services.lineups``); ``message`` is the English text.
    """
    return message


@dataclass(frozen=True)
class RosterEntry:
    player_id: int
    board_order: int  # 1 = first board of the roster
    name: str = ""
    withdrawn: bool = False


@dataclass(frozen=True)
class LineupProblem:
    code: str
    message: str  # in English
    board: int | None = None
    template: str = field(default="", compare=False)  # the message before its values: "Board %(board)s ..."
    params: Mapping[str, object] | None = field(default=None, compare=False, hash=False)


def _problem(code: str, template: str, board: int | None = None, /, **params) -> LineupProblem:
    return LineupProblem(code, template % params, board, template, params)


class IllegalLineup(ValueError):
    """A refused lineup; ``problems`` say why, board by board."""

    def __init__(self, problems: Sequence[LineupProblem]):
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message for p in self.problems))


def lineup_problems(
    roster: Sequence[RosterEntry],
    lineup: Sequence[int | None],
    boards: int,
    min_players: int = 1,
    allow_empty_boards: bool = True,
) -> list[LineupProblem]:
    """Everything wrong with ``lineup`` (player ids by board, ``None`` = empty board)."""
    by_id = {r.player_id: r for r in roster}
    problems: list[LineupProblem] = []
    if len(lineup) > boards:
        problems.append(
            _problem(
                "too_many",
                gettext_noop("%(given)s players given for %(boards)s boards."),
                given=len(lineup),
                boards=boards,
            )
        )
    slots = list(lineup[:boards]) + [None] * max(0, boards - len(lineup))

    seen: dict[int, int] = {}
    for board, pid in enumerate(slots, start=1):
        if pid is None:
            continue
        entry = by_id.get(pid)
        if entry is None:
            problems.append(
                _problem(
                    "not_on_roster",
                    gettext_noop("Board %(board)s: player #%(player)s is not on the team's roster."),
                    board,
                    board=board,
                    player=pid,
                )
            )
            continue
        if entry.withdrawn:
            problems.append(
                _problem(
                    "withdrawn",
                    gettext_noop("Board %(board)s: %(player)s has withdrawn."),
                    board,
                    board=board,
                    player=entry.name or pid,
                )
            )
        if pid in seen:
            problems.append(
                _problem(
                    "duplicate",
                    gettext_noop("Board %(board)s: %(player)s is already on board %(other)s."),
                    board,
                    board=board,
                    player=entry.name or pid,
                    other=seen[pid],
                )
            )
        else:
            seen[pid] = board

    # Fixed board order: roster positions strictly increase down the boards.
    last_board, last_order = None, 0
    for board, pid in enumerate(slots, start=1):
        entry = by_id.get(pid) if pid is not None else None
        if entry is None:
            continue
        if entry.board_order < last_order:
            above = next(r for r in roster if r.board_order == last_order)
            problems.append(
                _problem(
                    "board_order",
                    gettext_noop(
                        "Board %(board)s: %(player)s (roster no. %(order)s) cannot play below %(above)s "
                        "(roster no. %(above_order)s) on board %(above_board)s: the roster's board order is fixed."
                    ),
                    board,
                    board=board,
                    player=entry.name or pid,
                    order=entry.board_order,
                    above=above.name or above.player_id,
                    above_order=last_order,
                    above_board=last_board,
                )
            )
        else:
            last_board, last_order = board, entry.board_order

    fielded = [b for b, pid in enumerate(slots, start=1) if pid is not None]
    empty = [b for b, pid in enumerate(slots, start=1) if pid is None]
    if empty and not allow_empty_boards:
        problems.append(
            _problem(
                "empty_board",
                gettext_noop("Board %(board)s is empty; every board must be filled."),
                empty[0],
                board=empty[0],
            )
        )
    elif empty and fielded and min(empty) < max(fielded):
        problems.append(
            _problem(
                "empty_board_above_player",
                gettext_noop(
                    "Board %(board)s is empty while board %(other)s has a player: empty boards go at the bottom."
                ),
                min(empty),
                board=min(empty),
                other=max(fielded),
            )
        )
    if len(fielded) < min_players:
        problems.append(
            _problem(
                "too_few",
                gettext_noop("%(fielded)s players fielded; at least %(needed)s are needed."),
                fielded=len(fielded),
                needed=min_players,
            )
        )
    return problems


def validate_lineup(
    roster: Sequence[RosterEntry],
    lineup: Sequence[int | None],
    boards: int,
    min_players: int = 1,
    allow_empty_boards: bool = True,
) -> list[int | None]:
    """The lineup padded to ``boards`` entries, or ``IllegalLineup`` with the reasons."""
    problems = lineup_problems(roster, lineup, boards, min_players, allow_empty_boards)
    if problems:
        raise IllegalLineup(problems)
    return list(lineup) + [None] * (boards - len(lineup))


def top_boards(roster: Sequence[RosterEntry], boards: int) -> list[int | None]:
    """Default lineup: the first ``boards`` available players of the roster, in order."""
    ids = [r.player_id for r in sorted(roster, key=lambda r: r.board_order) if not r.withdrawn][:boards]
    return ids + [None] * (boards - len(ids))


def default_lineup(
    roster: Sequence[RosterEntry],
    boards: int,
    policy: str = "previous",
    previous: Sequence[int | None] | None = None,
) -> list[int | None]:
    """The lineup that applies when a captain submits none (rule 61 read with the
    tournament's setting): ``"previous"`` round's lineup when it is still legal,
    else (or with ``"top_boards"``) the roster's top boards."""
    if policy not in ("previous", "top_boards"):
        raise ValueError(f"unknown default lineup policy {policy!r}; use 'previous' or 'top_boards'")
    if (
        policy == "previous"
        and previous
        and any(p is not None for p in previous)
        and not lineup_problems(roster, previous, boards)
    ):
        return list(previous) + [None] * (boards - len(previous))
    return top_boards(roster, boards)
