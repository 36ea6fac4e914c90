"""FIDE C.04.6 Swiss Team Pairing System (effective 1 February 2026).

``pair(state)`` pairs ``state.next_round``: the pairing-allocated bye (3.4),
then bracket after bracket the top-scoregroup with its upfloaters (3.5) and
the bracket's pairing (3.6), then colours (4) and board order. The result
is exactly the pairing the text defines; see docs/interpretations/c0406.md
for how it is computed (weighted matching, no enumeration) and the readings
chosen where the text is open.

``violations(state, pairing)`` lists what a given (hand-amended) pairing of
the round breaks: absolute criteria and quality departures from the engine.

Options (``state.options``; defaults first):

- ``c6``: ``"graded"`` -- C6 minimises the number of upfloaters the
  following scoregroup will need; ``"pass_fail"`` -- C6 only tells apart the
  sets that let that scoregroup be paired with its parity minimum (0 or 1).
- ``float_forfeit``: ``True`` -- a team paired against an opponent with a
  different score floated even if the match was forfeited; ``False``.
- ``float_pab``: ``False`` -- the PAB receiver is not a floater (1.5 needs an
  opponent); ``True`` -- it counts as a floater.
- ``initial_colour_by``: ``"tpn"`` -- 4.3.1 reads the first-team's TPN;
  ``"rank"`` -- its rank among the teams paired in the round.
- ``type_b_last_round_cd0``: ``"strong"`` -- in the last round a team with
  CD 0 whose last two played matches had the same colour keeps the strong
  preference of 1.7.2.1-2; ``"none"`` -- 1.7.2.5 gives it no preference.
"""

from engine.c0406.context import DEFAULT_OPTIONS, OPTION_CHOICES
from engine.c0406.pairing import pair
from engine.c0406.violations import violations

__all__ = ["pair", "violations", "DEFAULT_OPTIONS", "OPTION_CHOICES"]
