"""The pairing engine: a pure-Python library (no Django) that pairs a round.

A :class:`~engine.state.TournamentState` goes in; a
:class:`~engine.result.RoundPairing` with a rule-cited explanation comes out.
See ``docs/engine.md``.
"""

__version__ = "0.1.0"
