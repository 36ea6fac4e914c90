"""Operations pages: they parse the request, call a selector or a service, render.

Permissions are checked by the services (writes) and here (reads of
non-public data); ``PermissionDenied`` becomes a 403.
"""

from operations.views.captains import confirm_match_view, lineup_link_page, lineup_page
from operations.views.officials import (
    close_lineups_view,
    complete_round_view,
    issue_link_view,
    lineup_status_page,
    match_result_page,
    open_lineups_view,
    post_board_pairings_view,
    reopen_round_view,
    results_page,
    round_hub,
    sign_summary_view,
    summary_page,
    trf_import_page,
)
from operations.views.public import (
    board_pairings_page,
    crosstable_page,
    pairings_csv,
    standings_csv,
    standings_page,
    tiebreak_detail_page,
    trf_download,
)

__all__ = [
    "board_pairings_page",
    "close_lineups_view",
    "complete_round_view",
    "confirm_match_view",
    "crosstable_page",
    "issue_link_view",
    "lineup_link_page",
    "lineup_page",
    "lineup_status_page",
    "match_result_page",
    "open_lineups_view",
    "pairings_csv",
    "post_board_pairings_view",
    "reopen_round_view",
    "results_page",
    "round_hub",
    "sign_summary_view",
    "standings_csv",
    "standings_page",
    "summary_page",
    "tiebreak_detail_page",
    "trf_download",
    "trf_import_page",
]
