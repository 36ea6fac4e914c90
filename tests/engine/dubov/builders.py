"""Small builders of Dubov tournament states for the tests.

A round is a list of games ``(white, black, result)`` with result "1", "=",
"0" (White's score), "+" / "-" (White wins / loses by forfeit), or
``("bye", tpn)`` for a pairing-allocated bye. Whoever has no game in a round
is recorded absent. For a team event a win is 2 match points (3-1 on four
boards), a draw 1 (2-2); the primary score is match points.
"""

from __future__ import annotations

from engine.state import (
    Colour,
    Outcome,
    Participant,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)

WHITE_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}


def _records(rnd: int, games, team: bool) -> dict[int, RoundRecord]:
    recs: dict[int, RoundRecord] = {}
    for game in games:
        if game[0] == "bye":
            mp, gp = (1.0, 2.0) if team else (1.0, 1.0)
            recs[game[1]] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, match_points=mp, game_points=gp)
            continue
        w, b, res = game
        pw = WHITE_POINTS[res]
        if team:
            mw, mb = {1.0: (2.0, 0.0), 0.5: (1.0, 1.0), 0.0: (0.0, 2.0)}[pw]
            gw, gb = {1.0: (3.0, 1.0), 0.5: (2.0, 2.0), 0.0: (1.0, 3.0)}[pw]
        else:
            mw, mb, gw, gb = pw, 1 - pw, pw, 1 - pw
        if res in "+-":
            ow = Outcome.FORFEIT_WIN if res == "+" else Outcome.FORFEIT_LOSS
            ob = Outcome.FORFEIT_LOSS if res == "+" else Outcome.FORFEIT_WIN
            recs[w] = RoundRecord(rnd, ow, b, None, mw, gw)
            recs[b] = RoundRecord(rnd, ob, w, None, mb, gb)
        else:
            recs[w] = RoundRecord(rnd, Outcome.PLAYED, b, Colour.WHITE, mw, gw)
            recs[b] = RoundRecord(rnd, Outcome.PLAYED, w, Colour.BLACK, mb, gb)
    return recs


def make_state(
    ratings: dict[int, float],
    rounds: list[list] = (),  # type: ignore[assignment]
    *,
    team: bool = False,
    names: dict[int, str] | None = None,
    withdrawn: set[int] = frozenset(),  # type: ignore[assignment]
    rounds_total: int = 9,
    **kwargs,
) -> TournamentState:
    """A Dubov state after ``rounds``; ``withdrawn`` participants are history only."""
    history: dict[int, list[RoundRecord]] = {t: [] for t in ratings}
    for i, games in enumerate(rounds, start=1):
        recs = _records(i, games, team)
        for t in ratings:
            history[t].append(recs.get(t, RoundRecord(i, Outcome.ABSENT)))
    names = names or {}
    parts = tuple(
        Participant(
            tpn=t,
            name=names.get(t, f"{'Team' if team else 'Player'} {t:03d}"),
            rating=r,
            history=tuple(history[t]),
            withdrawn=t in withdrawn,
        )
        for t, r in sorted(ratings.items())
    )
    scoring = Scoring() if team else Scoring(primary=ScoreKind.GAME_POINTS)
    return TournamentState(
        participants=parts,
        system="dubov",
        team=team,
        rounds_total=rounds_total,
        scoring=scoring,
        **kwargs,
    )


def pairs_of(pairing) -> set[tuple[int, int]]:
    """The pairs as (white, black)."""
    return {(p.white, p.black) for p in pairing.pairs}


def steps(pairing, topic: str | None = None, article: str | None = None):
    return [
        s
        for s in pairing.explanation
        if (topic is None or s.topic == topic) and (article is None or s.article == article)
    ]


def facts(step) -> dict:
    """A step's data without its message (``message_data``, the step in the reader's language)."""
    return {k: v for k, v in step.data.items() if k != "message_data"}


def scripted(
    ratings: dict[int, float],
    scripts: dict[int, list[tuple]],
    *,
    team: bool = False,
    dummy_rating: float = 2000,
    **kwargs,
) -> TournamentState:
    """A state where each scripted participant played only withdrawn stand-ins.

    ``scripts[tpn]`` lists, per round, ``(colour, opponent_score, result)`` or
    ``(colour, opponent_score, result, opponent_rating)``: colour "W"/"B"
    ("-" absent, "U" pairing-allocated bye), the stand-in's score before that round (whole points,
    reached with byes; match points for teams), and the scripted
    participant's result ("1", "=", "0", "+" forfeit win, "-" forfeit loss).
    Scores and float histories can so be set exactly.
    """
    n_rounds = max((len(s) for s in scripts.values()), default=0)
    all_ratings = dict(ratings)
    rounds: list[list] = [[] for _ in range(n_rounds)]
    next_dummy = 1000
    for tpn, script in sorted(scripts.items()):
        for r, entry in enumerate(script):
            colour, opp_score, result = entry[:3]
            if colour == "-":
                continue
            if colour == "U":
                rounds[r].append(("bye", tpn))
                continue
            d = next_dummy
            next_dummy += 1
            all_ratings[d] = entry[3] if len(entry) > 3 else dummy_rating
            for k in range(int(opp_score)):
                rounds[k].append(("bye", d))
            flip = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
            if colour == "W":
                rounds[r].append((tpn, d, result))
            else:
                rounds[r].append((d, tpn, flip[result]))
    withdrawn = set(all_ratings) - set(ratings) | set(kwargs.pop("withdrawn", set()))
    return make_state(all_ratings, rounds, team=team, withdrawn=withdrawn, **kwargs)
