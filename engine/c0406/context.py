"""What one round's pairing needs to know, computed once (C.04.6 1.2-1.7, 2).

:class:`Context` gathers, for the teams to be paired in ``state.next_round``:
scores (1.2), colour preferences (1.7), floaters of the previous round (1.5,
for C7 and C10), the C1 conflicts (teams that met over the board, or are a
forbidden pair) and the options of the disputed readings (see
``engine.c0406`` and docs/interpretations/c0406.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from engine.c0406.colours import Preference, preference
from engine.c0406.options import OPTION_SPECS
from engine.state import ColourPreferenceType, Outcome, TournamentState

DEFAULT_OPTIONS: dict[str, object] = {s.key: s.default for s in OPTION_SPECS}
OPTION_CHOICES: dict[str, tuple[object, ...]] = {s.key: s.choices for s in OPTION_SPECS}


def read_options(state: TournamentState) -> dict[str, object]:
    """The c0406 options of ``state.options`` with defaults; unknown values are refused."""
    opts = dict(DEFAULT_OPTIONS)
    for key, value in (state.options or {}).items():
        if key not in DEFAULT_OPTIONS:
            continue  # options of other systems or of the site
        if value not in OPTION_CHOICES[key]:
            raise ValueError(
                f"option {key}={value!r} is not one of {', '.join(map(repr, OPTION_CHOICES[key]))}"
            )
        opts[key] = value
    return opts


@dataclass
class Context:
    """Facts about the teams to be paired in ``state.next_round``."""

    state: TournamentState
    options: dict[str, object]
    tpns: list[int]
    score: dict[int, float]
    secondary: dict[int, float]
    pref: dict[int, Preference]
    prev_floaters: frozenset[int]
    conflicts: dict[int, set[int]]
    c7_c10_apply: bool
    type_b: bool
    use_prefs: bool
    bye_barred: frozenset[int] = field(default_factory=frozenset)
    bye: int | None = None  # the pairing-allocated bye of this round, once 3.4 has assigned it
    played: dict[int, list] = field(
        default_factory=dict
    )  # colours of played matches, as read (colour_reasons)

    @cached_property
    def scoregroups(self) -> dict[float, frozenset[int]]:
        """The teams to be paired by score (1.3.1), the highest score first."""
        groups: dict[float, set[int]] = {}
        for t in self.tpns:
            groups.setdefault(self.score[t], set()).add(t)
        return {score: frozenset(groups[score]) for score in sorted(groups, reverse=True)}

    def compatible(self, a: int, b: int) -> bool:
        """C1: a and b may be paired."""
        return b not in self.conflicts[a]


def floaters_of_round(state: TournamentState, rnd: int, options: dict[str, object]) -> frozenset[int]:
    """Teams that were floaters in round ``rnd`` (1.5): they met an opponent whose
    score before that round differed from theirs. Options: ``float_forfeit``
    (forfeited matches count), ``float_pab`` (the PAB receiver counts)."""
    if rnd < 1 or rnd > state.rounds_played:
        return frozenset()
    kind = state.scoring.primary
    out = set()
    before = {p.tpn: p.score_after(kind, rnd - 1) for p in state.participants}
    for p in state.participants:
        rec = p.history[rnd - 1]
        if rec.outcome is Outcome.PAIRING_ALLOCATED_BYE:
            if options["float_pab"]:
                out.add(p.tpn)
            continue
        if not rec.outcome.had_opponent or rec.opponent is None or rec.opponent not in before:
            continue
        if not rec.played and not options["float_forfeit"]:
            continue
        if before[rec.opponent] != before[p.tpn]:
            out.add(p.tpn)
    return frozenset(out)


def build_context(state: TournamentState) -> Context:
    options = read_options(state)
    teams = state.to_be_paired()
    tpns = [p.tpn for p in teams]
    kind = state.scoring.primary
    score = {p.tpn: p.score(kind) for p in teams}
    secondary = {p.tpn: p.score(state.scoring.secondary) for p in teams}
    ptype = state.colour_preferences
    pref = {
        p.tpn: preference(p, ptype, state.is_last_round, options["type_b_last_round_cd0"] == "strong")
        for p in teams
    }
    present = set(tpns)
    conflicts: dict[int, set[int]] = {t: set() for t in tpns}
    for p in teams:
        for o in p.played_opponents:
            if o in present:  # both ways, should a history record only one side
                conflicts[p.tpn].add(o)
                conflicts[o].add(p.tpn)
    for pair in state.forbidden_pairs:
        a, b = tuple(pair) if len(pair) == 2 else (None, None)
        if a in present and b in present:
            conflicts[a].add(b)
            conflicts[b].add(a)
    nr = state.next_round
    c7_c10_apply = nr < state.rounds_total - 1
    prev = floaters_of_round(state, nr - 1, options)
    return Context(
        state=state,
        options=options,
        tpns=tpns,
        score=score,
        secondary=secondary,
        pref=pref,
        prev_floaters=frozenset(t for t in prev if t in present),
        conflicts=conflicts,
        c7_c10_apply=c7_c10_apply,
        type_b=ptype is ColourPreferenceType.B,
        use_prefs=ptype is not ColourPreferenceType.NONE,
        bye_barred=frozenset(p.tpn for p in teams if p.had_bye_or_forfeit_win),
    )
