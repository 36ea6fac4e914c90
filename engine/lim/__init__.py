"""The Lim system ("General Pairing Rules", FIDE Handbook C.04.2 B), for individual and team events.

``pair(state)`` pairs ``state.next_round`` (each decision a Step with its
cause, one plain "why" line per player); ``violations(state, pairing)``
lists what a (hand-amended) pairing breaks and, where it differs from the
engine's, the first decision of the procedure it does not follow. Options in ``state.options``:
``maxi`` (bool) and ``maxi_limit`` (rating points, default 100), see
:class:`engine.lim.context.LimOptions`. Readings of the text are recorded in
``docs/interpretations/lim.md``.
"""

from engine.lim.pairing import pair
from engine.lim.violations import violations

__all__ = ["pair", "violations"]
