"""Standings and tie-breaks of a team competition, computed from a TournamentState.

Pure Python, no Django. Entry points:

- :func:`engine.standings.table.standings` ranks the participants by primary
  score then an ordered list of tie-break names (see :mod:`.registry`);
- :func:`engine.standings.registry.get` resolves one tie-break name;
- :func:`engine.standings.crosstable.crosstable` gives the results grid.

The tie-break definitions follow the FIDE Tie-Break Regulations (C.07, 2023)
as read for team events; the readings chosen where the text leaves a choice
are written in ``docs/interpretations/standings.md``.
"""

from engine.standings.registry import TieBreak, get, known_names
from engine.standings.table import StandingRow, standings

__all__ = ["StandingRow", "TieBreak", "get", "known_names", "standings"]
