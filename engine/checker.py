"""The checker: re-pair every played round from its own history and compare.

For each round ``r`` the engine pairs the state as it was before that round
(:meth:`TournamentState.before_round`: histories cut to rounds ``1..r-1``,
whoever had no opponent and no pairing-allocated bye in ``r`` unavailable)
and the result is compared, pair by pair, with the pairing the round actually
had (:func:`engine.api.describe_differences`). Where they differ, the
system's own check of the actual pairing (:func:`engine.api.check`, the
system's ``violations``) says why: the absolute criterion it breaks ("C1: 4
and 2 have already met"), else the first criterion on which the engine's
pairing is better, or the order that prefers the engine's (C.04.6 3.5/3.6).

Used by the command line (``python -m engine ... -c``, docs/engine-cli.md)
and reusable by the web application: :func:`check_history` takes a state
with its history and, optionally, the actual pairings with their colours
(as a TRF file gives them, ``TrfDocument.pairings``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from engine import api, departures
from engine.messages import English, Message, msg, render
from engine.result import (
    NO_REASON,
    Departure,
    Pair,
    PairingImpossible,
    RoundPairing,
    Violation,
    reason_text,
    violation_text,
)
from engine.state import Colour, Outcome, TournamentState

__all__ = ["NO_REASON", "RoundCheck", "check_document", "check_history", "report_text", "violation_text"]


@dataclass(frozen=True)
class RoundCheck:
    """One round of the checker's report.

    ``violations`` is what the system's own check finds in the actual pairing
    (``system.violations(state, actual)``), for a round that differs;
    ``departures`` are the differences one per departure, each with its reason
    (``engine.departures``); :attr:`reasons` says from them why the engine's
    pairing is preferred.
    """

    round: int
    actual: RoundPairing  # the pairing the round had
    engine_pairing: RoundPairing | None  # None when the engine found no pairing
    differences: list[str]  # empty: the engine pairs the round the same way
    violations: list[Violation] = field(default_factory=list)
    check_error: str = ""  # the system's check could not run (its message)
    departures: list[Departure] = field(default_factory=list)
    differences_said: list[Message] = field(default_factory=list)  # ``differences`` as messages

    @property
    def same(self) -> bool:
        return not self.differences

    @property
    def reasons(self) -> list[str]:
        """Why the round differs: the reasons of every departure, absolute criteria first (each once).

        Without departures (a report made without them): every absolute criterion the actual
        pairing breaks, else the first other criterion the system reports, else :data:`NO_REASON`.
        """
        return self.reasons_in("en")

    def reasons_in(self, language: str) -> list[str]:
        """:attr:`reasons` in ``language`` (the reasons the engine keeps as messages rendered)."""
        if self.same or self.engine_pairing is None:
            return []
        if self.check_error:
            return [
                render(
                    msg("the system's check could not run: {error}", error=English(self.check_error)),
                    language,
                )
            ]
        no_reason = render(Message(NO_REASON), language)
        if self.departures:
            found = [(v.absolute, reason_text(v, language)) for d in self.departures for v in d.reasons]
            texts = [t for _, t in sorted(found, key=lambda f: not f[0])]
            if any(not d.reasons for d in self.departures):
                texts.append(no_reason)
            return list(dict.fromkeys(texts))
        absolute = [v for v in self.violations if v.absolute]
        if absolute:
            return [reason_text(v, language) for v in absolute]
        if self.violations:
            return [violation_text(self.violations[0], language)]
        return [no_reason]

    def differences_in(self, language: str) -> list[str]:
        """:attr:`differences` in ``language`` where the engine keeps them as messages, else as written."""
        if len(self.differences_said) != len(self.differences):
            return list(self.differences)
        return [render(d, language) for d in self.differences_said]


def pairings_from_history(state: TournamentState) -> dict[int, RoundPairing]:
    """Each played round's pairing, from the history alone.

    A forfeited match has no colour in the history (C.04.6 1.6.1): it is
    listed with the lower TPN first, and :func:`check_history` compares its
    pair but not its colours.
    """
    out: dict[int, RoundPairing] = {}
    for rnd in range(1, state.rounds_played + 1):
        pairing = RoundPairing(round=rnd, pairs=[])
        for p in sorted(state.participants, key=lambda p: p.tpn):
            rec = p.history[rnd - 1]
            if rec.outcome is Outcome.PAIRING_ALLOCATED_BYE:
                pairing.bye = p.tpn
            elif (
                rec.opponent is not None
                and rec.outcome.had_opponent
                and (rec.colour is Colour.WHITE or (rec.colour is None and p.tpn < rec.opponent))
            ):
                pairing.pairs.append(Pair(p.tpn, rec.opponent))
        out[rnd] = pairing
    return out


def _colourless_as_engine(
    state: TournamentState, rnd: int, actual: RoundPairing, engine: RoundPairing
) -> RoundPairing:
    """Matches without colours in the history (forfeits) take the engine's colours: only the pair is compared."""
    engine_pairs = {(p.white, p.black) for p in engine.pairs}
    pairs = []
    for p in actual.pairs:
        colourless = state.by_tpn[p.white].history[rnd - 1].colour is None
        pairs.append(Pair(p.black, p.white) if colourless and (p.black, p.white) in engine_pairs else p)
    return replace(actual, pairs=pairs)


def check_history(
    state: TournamentState,
    actual: dict[int, RoundPairing] | None = None,
    *,
    rounds: Iterable[int] | None = None,
    state_before: Callable[[int], TournamentState] | None = None,
) -> list[RoundCheck]:
    """Re-pair rounds of ``state``'s history and report the differences, round by round.

    ``actual`` maps a round to the pairing it had, colours included (a TRF
    file's ``TrfDocument.pairings``); without it the pairings are taken from
    the history, whose forfeited matches have no colours (only their pairs
    are compared). ``rounds`` limits the check (default: every played round).
    ``state_before(r)`` gives the state to re-pair round ``r`` from (default
    ``state.before_round``; a TRF document passes its own, which puts the
    round's ``260`` forbidden pairs in force).
    """
    before = state_before or state.before_round
    from_history = actual is None
    played = actual if actual is not None else pairings_from_history(state)
    wanted = list(rounds) if rounds is not None else list(range(1, state.rounds_played + 1))
    out: list[RoundCheck] = []
    for rnd in wanted:
        if not 1 <= rnd <= state.rounds_played:
            raise ValueError(f"round {rnd} has not been played (1..{state.rounds_played})")
        had = played.get(rnd) or RoundPairing(round=rnd, pairs=[])
        state_r = before(rnd)
        try:
            engine_pairing = api.pair(state_r)
        except PairingImpossible as exc:
            said = msg("the engine finds no pairing: {reason}", reason=exc.said)
            out.append(RoundCheck(rnd, had, None, [str(said)], differences_said=[said]))
            continue
        if from_history:
            had = _colourless_as_engine(state, rnd, had, engine_pairing)
        differences_said = departures.differences(engine_pairing, had)
        differences = [str(d) for d in differences_said]
        violations: list[Violation] = []
        found: list[Departure] = []
        error = ""
        if differences:
            try:
                report = api.check(state_r, had, engine_pairing)
                violations, found = report.violations, report.departures
            except Exception as exc:  # a system's check that fails must not hide the differences
                error = f"{type(exc).__name__}: {exc}"
        out.append(
            RoundCheck(rnd, had, engine_pairing, differences, violations, error, found, differences_said)
        )
    return out


def check_document(doc, rounds: Iterable[int] | None = None) -> list[RoundCheck]:
    """:func:`check_history` of a TRF file read with ``engine.trf.read`` (its own colours and 260 records)."""
    return check_history(doc.state, doc.pairings, rounds=rounds, state_before=doc.state_before)


def report_text(checks: list[RoundCheck], language: str = "en") -> str:
    """The command line's report: one line per round, then each departure's differences with its
    reasons under them (``    why: ...``), then a summary; in ``language`` (``--language``), each
    reason the engine keeps as a message rendered, a reason it still writes in English as written."""

    def why(reason: str) -> str:
        return render(msg("why: {reason}", reason=reason), language)

    lines = []
    for c in checks:
        lines.append(
            render(
                msg("round {round}: same" if c.same else "round {round}: differs", round=c.round), language
            )
        )
        if c.departures and not c.check_error:
            for d in c.departures:
                lines += [f"  {text}" for text in d.differences_in(language)]
                lines += [f"    {why(r)}" for r in d.reason_texts_in(language)]
            continue
        lines += [f"  {d}" for d in c.differences_in(language)]
        lines += [f"  {why(r)}" for r in c.reasons_in(language)]
    differing = sum(1 for c in checks if not c.same)
    lines.append(
        render(msg("{count} rounds checked, {differ} differ", count=len(checks), differ=differing), language)
    )
    return "\n".join(lines) + "\n"
