"""Building Lim test states: players with histories, and whole simulated events."""

from __future__ import annotations

import random

from engine.api import pair
from engine.state import Colour, Outcome, Participant, RoundRecord, ScoreKind, Scoring, TournamentState

W, B = Colour.WHITE, Colour.BLACK


def player(tpn: int, *games: tuple, rating: float = 0.0) -> Participant:
    """``games``: (opponent, colour, points) per round; opponent None = bye (1 point)."""
    recs = []
    for r, (opp, col, pts) in enumerate(games, start=1):
        if opp is None:
            recs.append(RoundRecord(r, Outcome.PAIRING_ALLOCATED_BYE, None, None, pts, pts))
        else:
            recs.append(RoundRecord(r, Outcome.PLAYED, opp, col, pts, pts))
    return Participant(tpn=tpn, rating=rating or 2600 - 10 * tpn, history=tuple(recs))


def individual(*participants: Participant, rounds: int = 9, **kw) -> TournamentState:
    return TournamentState(
        participants=tuple(participants),
        system="lim",
        team=False,
        rounds_total=rounds,
        scoring=Scoring(primary=ScoreKind.GAME_POINTS),
        **kw,
    )


def fresh(n: int, *, team: bool = False, rounds: int = 9, **kw) -> TournamentState:
    parts = tuple(Participant(tpn=i, rating=2600 - 7 * i) for i in range(1, n + 1))
    scoring = Scoring() if team else Scoring(primary=ScoreKind.GAME_POINTS)
    return TournamentState(
        participants=parts, system="lim", team=team, rounds_total=rounds, scoring=scoring, **kw
    )


def play_round(state: TournamentState, rng: random.Random) -> TournamentState:
    """Pair the next round with the engine and append random results."""
    rp = pair(state)
    records: dict[int, RoundRecord] = {}
    rnd = state.next_round
    sc = state.scoring
    for p in rp.pairs:
        x = rng.random()
        if state.team:
            w_mp, b_mp = (
                (sc.match_win, sc.match_loss)
                if x < 0.4
                else ((sc.match_draw, sc.match_draw) if x < 0.6 else (sc.match_loss, sc.match_win))
            )
            w_gp = {sc.match_win: 3.0, sc.match_draw: 2.0, sc.match_loss: 1.0}[w_mp]
            b_gp = state.boards - w_gp
        else:
            w_mp = 1.0 if x < 0.4 else (0.5 if x < 0.6 else 0.0)
            b_mp = 1.0 - w_mp
            w_gp, b_gp = w_mp, b_mp
        records[p.white] = RoundRecord(rnd, Outcome.PLAYED, p.black, W, w_mp, w_gp)
        records[p.black] = RoundRecord(rnd, Outcome.PLAYED, p.white, B, b_mp, b_gp)
    if rp.bye is not None:
        mp, gp = sc.pab_points(state.boards) if state.team else (1.0, 1.0)
        records[rp.bye] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp)
    for p in state.participants:
        if p.tpn not in records:
            records[p.tpn] = RoundRecord(rnd, Outcome.ABSENT)
    return state.with_round(records)


class Event:
    """A hand-written event: round by round games, byes and forfeits.

    ``game(w, b, x)``: White ``w`` scores ``x`` (1, 0.5, 0) against ``b``; in a
    team event ``x`` is read the same way and converted to match points
    (2/1/0) and game points (of 4 boards).
    """

    def __init__(self, n: int, *, team: bool = False, ratings: dict[int, float] | None = None):
        self.n = n
        self.team = team
        self.ratings = ratings or {}
        self.history: dict[int, list[RoundRecord]] = {t: [] for t in range(1, n + 1)}

    def round(self, *games, byes=(), forfeits=(), absent=()) -> Event:
        r = len(self.history[1]) + 1
        done = set()
        for w, b, x in games:
            for me, opp, col, pts in ((w, b, W, x), (b, w, B, 1 - x)):
                mp, gp = (pts * 2, pts * 4) if self.team else (pts, pts)
                self.history[me].append(RoundRecord(r, Outcome.PLAYED, opp, col, mp, gp))
                done.add(me)
        for t in byes:
            mp, gp = (1.0, 2.0) if self.team else (1.0, 1.0)
            self.history[t].append(RoundRecord(r, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp))
            done.add(t)
        for winner, loser in forfeits:
            mp, gp = (2.0, 4.0) if self.team else (1.0, 1.0)
            self.history[winner].append(RoundRecord(r, Outcome.FORFEIT_WIN, loser, None, mp, gp))
            self.history[loser].append(RoundRecord(r, Outcome.FORFEIT_LOSS, winner, None, 0, 0))
            done |= {winner, loser}
        for t in self.history:
            if t not in done:
                self.history[t].append(RoundRecord(r, Outcome.ABSENT))
        return self

    def state(self, *, rounds: int = 9, **kw) -> TournamentState:
        parts = tuple(
            Participant(tpn=t, rating=self.ratings.get(t, 2600 - 10 * t), history=tuple(h))
            for t, h in self.history.items()
        )
        scoring = Scoring() if self.team else Scoring(primary=ScoreKind.GAME_POINTS)
        return TournamentState(
            participants=parts, system="lim", team=self.team, rounds_total=rounds, scoring=scoring, **kw
        )


def pairs_of(rp) -> set[frozenset[int]]:
    return {frozenset((p.white, p.black)) for p in rp.pairs}


def colours_of(rp) -> dict[int, Colour]:
    out = {}
    for p in rp.pairs:
        out[p.white] = W
        out[p.black] = B
    return out


def articles(rp) -> list[str]:
    return [s.article for s in rp.explanation]


def against_standins(scripts: dict[int, list[tuple[Colour, float]]], *, rounds: int = 9) -> TournamentState:
    """Players who each met only withdrawn stand-ins: ``scripts[tpn]`` = [(colour, points), ...] per round.

    Colour histories and scores can so be set freely; no two scripted players have met.
    """
    n_rounds = len(next(iter(scripts.values())))
    absent = tuple(RoundRecord(r, Outcome.ABSENT) for r in range(1, n_rounds + 1))
    parts: list[Participant] = []
    standins: list[Participant] = []
    for tpn, games in sorted(scripts.items()):
        recs = []
        for r, (col, pts) in enumerate(games, start=1):
            standin = 1000 + len(standins)
            standins.append(Participant(tpn=standin, withdrawn=True, history=absent))
            recs.append(RoundRecord(r, Outcome.PLAYED, standin, col, pts, pts))
        parts.append(Participant(tpn=tpn, rating=2600 - 10 * tpn, history=tuple(recs)))
    return individual(*parts, *standins, rounds=rounds)


def scripted(rounds: list[list[tuple]], *, rounds_total: int = 9, **kw) -> TournamentState:
    """Individual players with exactly the games given, round by round.

    A game is ``(white, black, x)``: White's score ``x`` (1, 0.5, 0). ``None`` for a
    player is a fresh withdrawn stand-in (TPN 100 up), so meetings, colours and
    scores can be set freely. Players with no game in a round are absent.
    """
    real = sorted({t for games in rounds for w, b, _ in games for t in (w, b) if t is not None})
    history: dict[int, list[RoundRecord]] = {t: [] for t in real}
    standins: list[int] = []
    for r, games in enumerate(rounds, start=1):
        for w, b, x in games:
            if w is None:
                w = 100 + len(standins)
                standins.append(w)
            if b is None:
                b = 100 + len(standins)
                standins.append(b)
            for me, opp, col, pts in ((w, b, W, x), (b, w, B, 1 - x)):
                if me in history:
                    history[me].append(RoundRecord(r, Outcome.PLAYED, opp, col, pts, pts))
        for h in history.values():
            if len(h) < r:
                h.append(RoundRecord(r, Outcome.ABSENT))
    absent = tuple(RoundRecord(r, Outcome.ABSENT) for r in range(1, len(rounds) + 1))
    parts = [Participant(tpn=t, rating=2600 - 10 * t, history=tuple(h)) for t, h in history.items()]
    parts += [Participant(tpn=s, rating=2000, history=absent, withdrawn=True) for s in standins]
    return individual(*parts, rounds=rounds_total, **kw)


def facts(step) -> dict:
    """A step's data without its message (``message_data``, the step in the reader's language)."""
    return {k: v for k, v in step.data.items() if k != "message_data"}
