"""The domain model; see docs/domain-model.md."""

from .lineup import Lineup, LineupEntry
from .match import BoardGame, Match
from .membership import Membership
from .round import Round, RoundState, TeamRoundStatus
from .team import Player, Team
from .tournament import Tournament

__all__ = [
    "BoardGame",
    "Lineup",
    "LineupEntry",
    "Match",
    "Membership",
    "Player",
    "Round",
    "RoundState",
    "Team",
    "TeamRoundStatus",
    "Tournament",
]
