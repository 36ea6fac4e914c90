"""The engine's public entry points: pair a round, check a given pairing."""

from __future__ import annotations

from engine import departures, options, systems
from engine.result import OPTIONS_TOPIC, CheckReport, RoundPairing, Step
from engine.state import TournamentState


def pair(state: TournamentState) -> RoundPairing:
    """Pair ``state.next_round`` with the state's system.

    The explanation starts with the options in force (:func:`options_step`).
    It is written when first read (``RoundPairing.explain_later``): pairing
    alone costs nothing for it.
    """
    pairing = systems.get(state.system).pair(state)
    pairing.system = state.system
    pairing.explain_later(lambda: _options_first(pairing, state))
    return pairing


def _options_first(pairing: RoundPairing, state: TournamentState) -> None:
    if not any(s.topic == OPTIONS_TOPIC for s in pairing.explanation):
        pairing.explanation.insert(0, options_step(state))


def options_step(state: TournamentState) -> Step:
    """The first step of every explanation: every option of the system and its value.

    Cites the options' articles; ``data["options"]`` lists each option
    (``engine.options.OptionInForce.to_dict``: key, article, value, meaning,
    default, ``differs``, ``fide_tool``), ``data["differ"]`` the keys whose
    value is not the default, ``data["unread"]`` the keys of ``state.options``
    the system declares no option for (another system's, or a setting such as
    C.04.6's ``acceleration`` that no spec declares), so they show too.
    """
    rows = options.listing(state.system, state.options)
    articles = list(dict.fromkeys(r.spec.article for r in rows))
    differ = [r.spec.key for r in rows if r.differs]
    if rows:
        listed = "; ".join(
            f"{r.spec.key} = {options.format_value(r.value)}"
            + (f" (default {options.format_value(r.spec.default)})" if r.differs else "")
            for r in rows
        )
        message = f"Options in force: {listed}."
        message += (
            f" Not the default: {', '.join(differ)}." if differ else " Every option has its default value."
        )
    else:
        message = "The system has no options."
    declared = {r.spec.key for r in rows}
    unread = {k: v for k, v in sorted((state.options or {}).items()) if k not in declared}
    if unread:
        listed = ", ".join(f"{k} = {options.format_value(v)}" for k, v in unread.items())
        message += f" Given but not an option of this system (not read): {listed}."
    return Step(
        "; ".join(articles) or systems.LABELS.get(state.system, state.system),
        OPTIONS_TOPIC,
        message,
        {
            "system": state.system,
            "team": state.team,
            "options": [r.to_dict() for r in rows],
            "differ": differ,
            "unread": unread,
        },
    )


def check(
    state: TournamentState, proposed: RoundPairing, engine_pairing: RoundPairing | None = None
) -> CheckReport:
    """Compare a proposed pairing of ``state.next_round`` with the engine's.

    Reports the criteria the proposal breaks (absolute ones block approval)
    and, pair by pair, where it departs from the engine's pairing; each
    departure with its reason (``report.departures``, ``engine.departures``).
    ``engine_pairing``, when given, is the engine's pairing of this same
    state computed before (``pair(state)``), so it is not computed again.
    """
    system = systems.get(state.system)
    report = CheckReport(round=proposed.round)
    report.violations = list(system.violations(state, proposed))
    if engine_pairing is None:
        try:
            engine_pairing = pair(state)
        except Exception as exc:  # the engine may find no pairing at all
            report.differences.append(f"the engine found no pairing: {exc}")
            return report
    report.engine_pairing = engine_pairing
    said = departures.differences(engine_pairing, proposed)
    report.differences = [str(d) for d in said]
    report.differences_said = said
    report.departures = departures.with_reasons(
        engine_pairing, proposed, report.violations, lambda other: list(system.violations(state, other))
    )
    return report


def describe_differences(expected: RoundPairing, proposed: RoundPairing) -> list[str]:
    """Human-readable differences between two pairings of the same round (the English of
    ``engine.departures.differences``)."""
    return [str(d) for d in departures.differences(expected, proposed)]
