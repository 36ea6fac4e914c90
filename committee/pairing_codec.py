"""Engine snapshots and pairings as stored by the committee, and the input hash.

The JSON forms are the engine's own (``engine.snapshot``, docs/engine-json.md):
a run keeps ``state_to_dict`` of its frozen input and pairings are kept as
``pairing_to_dict``. The input hash is the SHA-256 of the canonical JSON of
the snapshot, so two requests for the same round with the same results share
one run (rule 56: the pairing is made from the results as they stand).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.result import CheckReport
from engine.snapshot import pairing_from_dict, pairing_to_dict, state_from_dict, state_to_dict
from engine.state import TournamentState

__all__ = [
    "input_hash",
    "pairing_from_dict",
    "pairing_to_dict",
    "state_from_dict",
    "state_to_dict",
    "stored_report",
]


def input_hash(snapshot: dict[str, Any] | TournamentState) -> str:
    """SHA-256 (hex) of the canonical JSON of a state: same results, same hash, same run."""
    data = state_to_dict(snapshot) if isinstance(snapshot, TournamentState) else snapshot
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def stored_report(report: CheckReport) -> dict[str, Any]:
    """A checker's report as kept with a draft version: the engine's pairing is the run's output."""
    data = report.to_dict()
    data.pop("engine_pairing", None)
    return data
