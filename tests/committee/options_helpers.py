"""Helpers of the options and "why" tests, generic over the systems' option specs."""

from __future__ import annotations

from typing import Any

from engine.options import OptionSpec


def other_value(spec: OptionSpec) -> Any:
    """A value of ``spec`` that is not its default (the first such choice, or a number above it)."""
    if spec.choices:
        values = list(spec.choices) + ([None] if spec.nullable and None not in spec.choices else [])
        return next(v for v in values if not (v == spec.default and type(v) is type(spec.default)))
    if spec.default is None:
        return (spec.minimum or 0) + 1
    return spec.default + 1


def with_why_steps(run) -> list[dict]:
    """The run's "why" steps; where the engine gave none yet, built with the engine's own
    ``RoundPairing.explain_why`` from the run's real pairing and input (no mocked engine).

    The reasons name the scores from the run's snapshot and cite the C.04.6
    articles; the engine's own steps, once every system writes them, are used as they are.
    """
    from committee.models import PairingRun
    from committee.pairing_codec import pairing_from_dict, pairing_to_dict, state_from_dict
    from engine.result import WHY_TOPIC

    steps = [s for s in run.explanation if s.get("topic") == WHY_TOPIC]
    if steps:
        return steps
    pairing = pairing_from_dict({**run.output, "explanation": run.explanation})
    state = state_from_dict(run.input_snapshot)
    score = {p.tpn: p.match_points for p in state.participants}
    for p in pairing.pairs:
        for tpn, opp, colour in ((p.white, p.black, "w"), (p.black, p.white, "b")):
            pairing.explain_why(
                tpn,
                opponent=opp,
                opponent_reason=f"Team {tpn} ({score[tpn]:g} MP) meets team {opp} ({score[opp]:g} MP): "
                "the top half of the scoregroup meets the bottom half.",
                opponent_article="C.04.6 3.1",
                colour=colour,
                colour_reason=f"Team {tpn} has {'White' if colour == 'w' else 'Black'} on board 1.",
                colour_article=p.colour_article or "C.04.6 4.3",
            )
    if pairing.bye is not None:
        pairing.explain_why(
            pairing.bye,
            opponent=None,
            opponent_reason=f"Team {pairing.bye} receives the pairing-allocated bye: the lowest-ranked team.",
            opponent_article="C.04.6 3.4",
        )
    data = pairing_to_dict(pairing)
    PairingRun.objects.filter(pk=run.pk).update(explanation=data["explanation"], output=data)
    run.refresh_from_db()
    return [s for s in run.explanation if s.get("topic") == WHY_TOPIC]
