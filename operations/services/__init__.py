"""Services of the round's operations: they write, in transactions.

- :mod:`.lineups`: lineup window, submissions, defaults, closing (rule 61);
- :mod:`.board_pairings`: the pairings by players (rules 19, 62);
- :mod:`.results`: board results, absences, confirmations, round completion;
- :mod:`.summary`: the signed results summary (rule 56);
- :mod:`.trf_import` / :mod:`.exports`: TRF-2026 and CSV.
"""
