"""What each round of a participant contributes to opponent-based tie-breaks.

C.07 (2023) separates played rounds (a game, here a match, actually played
over the board) from unplayed rounds (byes, forfeits either side, absence).
A played round contributes the opponent's score; an unplayed round's
contribution depends on the policy (see ``docs/interpretations/standings.md``):

- ``"dummy"`` (default, C.07 2023 art. 16 as read here): a dummy opponent whose
  score equals the participant's own final score;
- ``"zero"``: the round contributes 0 (an absent opponent has no score);
- ``"skip"``: the round contributes nothing and is not a value that can be cut.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.state import Outcome, Participant, ScoreKind, TournamentState

UNPLAYED_POLICIES = ("dummy", "zero", "skip")

# Rounds a participant chose not to play (C.07 2023 16.x "VUR"): requested
# byes, absences and forfeit losses; a PAB or a forfeit win is not chosen.
VOLUNTARY = frozenset(
    {
        Outcome.HALF_POINT_BYE,
        Outcome.ZERO_POINT_BYE,
        Outcome.FULL_POINT_BYE,
        Outcome.ABSENT,
        Outcome.FORFEIT_LOSS,
        Outcome.DOUBLE_FORFEIT,
    }
)


@dataclass(frozen=True)
class Contribution:
    """One round's value for an opponent-based tie-break."""

    round: int
    value: float
    played: bool
    opponent: int | None = None
    voluntary: bool = False  # a voluntary unplayed round (VUR): cut first


def unplayed_policy(state: TournamentState) -> str:
    policy = state.options.get("tiebreak_unplayed", "dummy")
    if policy not in UNPLAYED_POLICIES:
        raise ValueError(
            f"unknown tiebreak_unplayed policy {policy!r}; known: {', '.join(UNPLAYED_POLICIES)}"
        )
    return policy


def opponent_scores(state: TournamentState, participant: Participant, kind: ScoreKind) -> list[Contribution]:
    """The opponents' scores, one per round, under the state's unplayed-round policy."""
    policy = unplayed_policy(state)
    out: list[Contribution] = []
    for rec in participant.history:
        if rec.played and rec.opponent is not None and rec.opponent in state.by_tpn:
            out.append(Contribution(rec.round, state.by_tpn[rec.opponent].score(kind), True, rec.opponent))
        elif policy != "skip":
            value = participant.score(kind) if policy == "dummy" else 0.0
            out.append(Contribution(rec.round, value, False, voluntary=rec.outcome in VOLUNTARY))
    return out


def cut(values: list[Contribution], lowest: int = 0, highest: int = 0) -> list[Contribution]:
    """Remove the ``lowest`` least and ``highest`` greatest contributions (C.07 8.2 modifiers).

    The contributions of voluntary unplayed rounds are cut first, whatever
    their value (C.07 2023, rule for VURs as read here); then the lowest
    values. The highest are cut by value only. Cutting more values than there
    are leaves none.
    """
    if lowest + highest >= len(values):
        return []
    low_first = sorted(values, key=lambda c: (not c.voluntary, c.value, c.round))
    rest = low_first[lowest:]
    rest.sort(key=lambda c: (c.value, c.round))
    return rest[: len(rest) - highest]
