"""The Dubov Swiss system (FIDE, 1997 text), for individual and team events.

``pair(state)`` pairs ``state.next_round`` (each decision a Step with its
cause, and one plain "why" line per participant); ``violations(state,
pairing)`` lists what a (hand-amended) pairing breaks and, where it differs
from the engine's, the decision of the procedure it does not follow;
``aro_list(state)`` is the ARO
list to publish with each round (Dubov 9). Options (``state.options``):

- ``max_upfloats``: the upfloat limit of 2.5 (default 3 if the tournament has
  fewer than 10 rounds, else 4).
"""

from engine.dubov.checker import violations
from engine.dubov.procedure import pair
from engine.dubov.profile import aro_list

__all__ = ["aro_list", "pair", "violations"]
