"""The contract every pairing system keeps (engine/systems.py, engine/api.py).

On the same small team event and small individual event, each of the four
systems returns a legal pairing of the next round (every available participant
exactly once, no rematch, at most one pairing-allocated bye), explains every
decision with an article of its own text, and its own pairing passes its own
checker: no absolute violation, no difference from the engine.
"""

from __future__ import annotations

import pytest

from engine import api
from engine.state import Colour, Outcome, Participant, RoundRecord, ScoreKind, Scoring, TournamentState

SYSTEMS = ["c0406", "olympiad", "dubov", "lim"]

# Each system's citations start so (engine/result.py: Step.article).
PREFIX = {"c0406": "C.04.6", "olympiad": "Olympiad", "dubov": "Dubov", "lim": "Lim"}

# Eight participants, two rounds played: (white, black, white's score 1 / 0.5 / 0) and the bye;
# No. 8 has been absent throughout and is not available for round 3, so seven are paired.
ROUNDS = [
    ([(1, 5, 1), (6, 2, 0.5), (3, 7, 0)], 4),
    ([(7, 1, 0), (2, 3, 1), (4, 6, 0.5)], 5),
]
ABSENT = 8
TEAM_POINTS = {1: (2.0, 3.0), 0.5: (1.0, 2.0), 0: (0.0, 1.0)}  # match and game points of four boards


def _state(system: str, team: bool) -> TournamentState:
    history: dict[int, list[RoundRecord]] = {t: [] for t in range(1, ABSENT + 1)}
    for rnd, (games, bye) in enumerate(ROUNDS, start=1):
        for white, black, x in games:
            for me, opp, colour, pts in (
                (white, black, Colour.WHITE, x),
                (black, white, Colour.BLACK, 1 - x),
            ):
                mp, gp = TEAM_POINTS[pts] if team else (pts, pts)
                history[me].append(RoundRecord(rnd, Outcome.PLAYED, opp, colour, mp, gp))
        mp, gp = (1.0, 2.0) if team else (1.0, 1.0)
        history[bye].append(RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp))
        history[ABSENT].append(RoundRecord(rnd, Outcome.ABSENT))
    participants = tuple(
        Participant(tpn=t, name=f"P{t}", rating=2400 - 25 * t, history=tuple(h)) for t, h in history.items()
    )
    return TournamentState(
        participants=participants,
        system=system,
        team=team,
        rounds_total=7,
        scoring=Scoring() if team else Scoring(primary=ScoreKind.GAME_POINTS),
        unavailable=frozenset({ABSENT}),
    )


@pytest.mark.parametrize("team", [True, False], ids=["team", "individual"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_pairs_legally_cites_its_own_articles_and_passes_its_own_check(system, team):
    state = _state(system, team)
    pairing = api.pair(state)

    # Legal: each available participant exactly once, no rematch, at most one bye.
    seated = [t for p in pairing.pairs for t in (p.white, p.black)]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    assert sorted(seated) == [p.tpn for p in state.to_be_paired()] == [1, 2, 3, 4, 5, 6, 7]
    assert not [p for p in pairing.pairs if state.have_met(p.white, p.black)]
    assert pairing.bye is not None  # seven to pair: exactly one bye
    assert pairing.bye not in (4, 5)  # both had the bye already

    # Explained in the system's own articles.
    assert pairing.explanation
    foreign = [s.article for s in pairing.explanation if not s.article.startswith(PREFIX[system])]
    assert foreign == []
    assert all(p.colour_article.startswith(PREFIX[system]) for p in pairing.pairs)

    # Its own pairing passes its own checker.
    report = api.check(state, pairing)
    assert not report.has_absolute_violation, report.violations
    assert report.differences == []
