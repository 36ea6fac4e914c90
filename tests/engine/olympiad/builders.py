"""Small builders for the Olympiad tests: team views, states, searches."""

from __future__ import annotations

from engine.olympiad.model import TeamView
from engine.olympiad.options import parse_options
from engine.olympiad.search import GroupSearch
from engine.state import Colour, Outcome, Participant, RoundRecord, ScoreKind, Scoring, TournamentState


def tv(
    tpn: int,
    score: float = 0.0,
    *,
    name: str = "",
    eb: float | None = None,
    colours: str = "",
    swp: bool = False,
) -> TeamView:
    """A team view; ``colours`` like "wbw" (board-1 colours, oldest first)."""
    return TeamView(
        tpn=tpn,
        name=name,
        score=score,
        real_score=score,
        eb=score if eb is None else eb,
        met=frozenset(),
        colours=tuple(Colour(c) for c in colours.lower()),
        scored_without_playing=swp,
    )


def met(teams: list[TeamView], *pairs: tuple) -> list[TeamView]:
    """The same teams with the given meetings (by TPN or name) recorded both ways."""
    key = {t.tpn: t for t in teams} | {t.name: t for t in teams if t.name}
    extra: dict[int, set[int]] = {t.tpn: set(t.met) for t in teams}
    for a, b in pairs:
        ta, tb = key[a], key[b]
        extra[ta.tpn].add(tb.tpn)
        extra[tb.tpn].add(ta.tpn)
    from dataclasses import replace

    return [replace(t, met=frozenset(extra[t.tpn])) for t in teams]


def search(
    teams: list[TeamView], *, version: str = "1998", section_j: bool = False, **options
) -> tuple[set[frozenset], GroupSearch]:
    gs = GroupSearch(teams, parse_options({"version": version, **options}), section_j)
    pairs = gs.run()
    return {frozenset((a.name or a.tpn, b.name or b.tpn)) for a, b in pairs}, gs


def pairs_of(*names) -> set[frozenset]:
    return {frozenset(p) for p in names}


def tournament(
    n: int,
    rounds: list[list[tuple[int, int, float]]] = (),
    *,
    version: str = "1998",
    boards: int = 4,
    byes: dict[int, int] | None = None,
    names: dict[int, str] | None = None,
    options: dict | None = None,
    unavailable: frozenset[int] = frozenset(),
) -> TournamentState:
    """A state of ``n`` teams after ``rounds``: each pair is (white, black, white's game points)."""
    byes = byes or {}
    hist: dict[int, list[RoundRecord]] = {t: [] for t in range(1, n + 1)}
    for r, pairs in enumerate(rounds, 1):
        done = set()
        for w, b, gw in pairs:
            gb = boards - gw
            mw = 2.0 if gw > gb else 1.0 if gw == gb else 0.0
            hist[w].append(RoundRecord(r, Outcome.PLAYED, b, Colour.WHITE, mw, gw))
            hist[b].append(RoundRecord(r, Outcome.PLAYED, w, Colour.BLACK, 2.0 - mw, gb))
            done |= {w, b}
        if r in byes:
            t = byes[r]
            gp = 2.0 if version == "2007" else boards / 2
            hist[t].append(RoundRecord(r, Outcome.PAIRING_ALLOCATED_BYE, None, None, 1.0, gp))
            done.add(t)
        for t in hist:
            if t not in done:
                hist[t].append(RoundRecord(r, Outcome.ABSENT))
    parts = tuple(
        Participant(tpn=t, name=(names or {}).get(t, f"T{t}"), history=tuple(h)) for t, h in hist.items()
    )
    primary = ScoreKind.GAME_POINTS if version == "1998" else ScoreKind.MATCH_POINTS
    return TournamentState(
        participants=parts,
        system="olympiad",
        boards=boards,
        rounds_total=14 if version == "1998" else 11,
        scoring=Scoring(primary=primary),
        options={"version": version, **(options or {})},
        unavailable=unavailable,
    )


def pairs_by_tpn(pairing) -> set[frozenset]:
    return {frozenset((p.white, p.black)) for p in pairing.pairs}
