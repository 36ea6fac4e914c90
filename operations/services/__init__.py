"""Services of the round's operations: they write, in transactions.

- :mod:`.lineups`: lineup window, submissions, defaults (rule 61);
- :mod:`.deadlines`: at the deadline, the window closed and the board pairings posted;
- :mod:`.board_pairings`: the pairings by players (rules 19, 62);
- :mod:`.results`: board results, absences, confirmations, round completion;
- :mod:`.summary`: the signed results summary (rule 56);
- :mod:`.trf_import` / :mod:`.exports`: TRF-2026 and CSV.
"""
