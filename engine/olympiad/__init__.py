"""The Chess Olympiad pairing rules (Annex D, 1998; amendments of 2007; D.02 of 2022).

``options["version"] == "2022"`` hands the round to ``engine.olympiad.d02``,
the Olympiad Pairing Rules in force since 1 January 2022 (its own procedure,
explanation and checks; docs/interpretations/olympiad2022.md).

System name ``"olympiad"`` (see ``engine.systems``): :func:`pair` and
:func:`violations`. Options are read from ``TournamentState.options``
(``engine.olympiad.options`` documents them: ``version``, ``section``,
``unrated_rating``, ``section_j_from_round``, ``imaginary_points``,
``host_team``, ``middle_group_all_met``). Each pairing explains its causes
and gives every team a plain-language "why" line (``engine.olympiad.why``);
:func:`violations` gives, for a proposal that differs from the engine's,
the rule that prefers the engine's (``engine.olympiad.departures``). For the web application: :func:`initial_order` (rules 4-8,
pairing numbers), :func:`standings` (rule 12), :func:`no_show_records`
(rules 52-53) and :func:`bye_points` (rule 10). Reading choices are recorded
in ``docs/interpretations/olympiad.md``.
"""

from engine.olympiad.absence import no_show_records
from engine.olympiad.bye import bye_points
from engine.olympiad.pairing import pair
from engine.olympiad.ranking import initial_order
from engine.olympiad.tiebreaks import standings
from engine.olympiad.violations import violations

__all__ = ["bye_points", "initial_order", "no_show_records", "pair", "standings", "violations"]
