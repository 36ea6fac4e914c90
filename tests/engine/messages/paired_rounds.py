"""Every round of a generated event as the engine paired it, and a round's rule-by-rule steps (the
language tests of the explanations share them)."""

from __future__ import annotations

from engine import generator
from engine.result import OPTIONS_TOPIC, WHY_TOPIC, RoundPairing


def generated_rounds(system: str, seed: int, config: generator.GeneratorConfig, options: dict | None = None):
    """Every round of the event ``generator.generate`` makes, each as the engine paired it."""
    seen: list[RoundPairing] = []
    original = generator.api.pair

    def keep(state):
        pairing = original(state)
        seen.append(pairing)
        return pairing

    generator.api.pair = keep
    try:
        generator.generate(system, config, seed, options)
    finally:
        generator.api.pair = original
    return seen


def rule_steps(pairing: RoundPairing):
    """The steps of the rules: neither the options in force nor the per-participant "why"."""
    return [s for s in pairing.explanation if s.topic not in (OPTIONS_TOPIC, WHY_TOPIC)]
