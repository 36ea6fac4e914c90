"""The Chess Olympiad pairing rules (Annex D, 1998; amendments of 2007).

System name ``"olympiad"`` (see ``engine.systems``). Options are read from
``TournamentState.options`` (``engine.olympiad.options`` documents them:
``version``, ``section``, ``unrated_rating``, ``section_j_from_round``,
``imaginary_points``, ``host_team``). Reading choices are recorded in
``docs/interpretations/olympiad.md``.
"""

from engine.olympiad.pairing import pair
from engine.olympiad.violations import violations

__all__ = ["pair", "violations"]
