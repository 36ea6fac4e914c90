"""Services: every write to the domain model goes through these (in transactions).

See docs/domain-model.md for the list. Bad input raises
``django.core.exceptions.ValidationError`` with a message naming the problem;
nothing is half-saved.
"""

from .initial_order import (
    assign_initial_order,
    compute_team_strength,
    draw_initial_colour,
    initial_order,
    set_tpn_order,
)
from .pairings import save_pairing
from .participation import enter_late, mark_absent, mark_present, withdraw_team
from .results import create_board_games, recompute_match, record_board_results, record_match_forfeit
from .rounds import create_rounds, transition_round
from .tournament import create_tournament, delete_tournament, update_tournament

__all__ = [
    "assign_initial_order",
    "compute_team_strength",
    "create_board_games",
    "create_rounds",
    "create_tournament",
    "delete_tournament",
    "draw_initial_colour",
    "enter_late",
    "initial_order",
    "mark_absent",
    "mark_present",
    "record_board_results",
    "record_match_forfeit",
    "recompute_match",
    "save_pairing",
    "set_tpn_order",
    "transition_round",
    "update_tournament",
    "withdraw_team",
]
