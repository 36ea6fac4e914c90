"""FIDE C.04.6 Swiss Team Pairing System (effective 1 February 2026).

``pair(state)`` pairs ``state.next_round``: the pairing-allocated bye (3.4),
then bracket after bracket the top-scoregroup with its upfloaters (3.5) and
the bracket's pairing (3.6), then colours (4) and board order. The result
is exactly the pairing the text defines; see docs/interpretations/c0406.md
for how it is computed (weighted matching, no enumeration) and the readings
chosen where the text is open.

``violations(state, pairing)`` lists what a given (hand-amended) pairing of
the round breaks: the absolute criteria, else the first rule (3.4, C4-C10, or
the 3.5.4 / 3.6.2-3.6.3 order) on which the engine's pairing is better.

Options (``state.options``): the readings where the text is open, declared
once in ``engine/c0406/options.py`` (``OPTION_SPECS``); each default is the
reading FIDE's own team-pairing tool takes (docs/interpretations/c0406.md):
``c6`` (pass/fail), ``c6_emptied`` and ``c6_bye_only`` (which scoregroup C6
measures), ``float_forfeit`` and ``float_pab`` (1.5), ``initial_colour_by``
(4.3.1), ``type_b_last_round_cd0`` (1.7.2), and the comparison aid
``top_member`` (3.6.1; not a reading, not a tournament setting).
"""

from engine.c0406.context import DEFAULT_OPTIONS, OPTION_CHOICES
from engine.c0406.pairing import pair
from engine.c0406.violations import violations

__all__ = ["pair", "violations", "DEFAULT_OPTIONS", "OPTION_CHOICES"]
