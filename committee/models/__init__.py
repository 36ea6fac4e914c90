"""Committee models (written by the foundation; see docs/domain-model.md)."""

from .decision import Decision, DecisionQuerySet
from .draft import Approval, ArbiterOverride, DecisionSubject, DraftVersion, Publication
from .options_change import OptionsChange
from .pairing_run import PairingRun

__all__ = [
    "Approval",
    "ArbiterOverride",
    "Decision",
    "DecisionQuerySet",
    "DecisionSubject",
    "DraftVersion",
    "OptionsChange",
    "PairingRun",
    "Publication",
]
