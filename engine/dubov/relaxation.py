"""Dubov 2 with 9: which limitations give way, for whom, when no pairing keeps them all.

Chapter 2 says "shall not", yet at times no pairing of the round keeps every
limitation (a lone last-placed player who floated up last round; two players
who both must have White). 2.1 and 2.2 never give way. Of the others the
lowest in priority gives way first, 2.5 before 2.4 before 2.3, and each for
as few participants as possible (docs/interpretations/dubov.md, "Relaxation"):

1. the fewest departures from 2.3 (a colour difference beyond two);
2. then the fewest from 2.4 (a colour three times running);
3. then the fewest from 2.5 (an upfloat twice running or beyond the limit);
4. among equal counts, departures by participants placed lower (lower score,
   then lower R, then higher TPN), whom the procedure reaches last.

This is a minimum-cost perfect matching of the round (a maximum-weight one
with weights ``base - cost``, ``engine.common.pairable``), the bye as one more
vertex joined to whoever 2.2 allows it, a later one in the order of Dubov 4
costing more than any departures from 2.5 but less than one from 2.4 (the
bye order yields to the colour limitations, the upfloat limits yield to it).
Its departures are the participants for whom the procedure then sets that
limitation aside, and only them; the procedure (4, 6-8) still makes every
choice, within the limitations left.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.common.colours import beyond_difference, third_in_a_row
from engine.common.pairable import maximum_matching
from engine.dubov.profile import Profile
from engine.messages import Message, msg, msgn
from engine.messages.words import colour_lower
from engine.state import Colour, TournamentState

ART_DIFFERENCE, ART_THIRD, ART_UPFLOAT = "Dubov 2.3", "Dubov 2.4", "Dubov 2.5"
BYE = -1  # the bye as a vertex of the matching


@dataclass(frozen=True)
class Departures:
    """The participants for whom a limitation is set aside this round."""

    difference: frozenset[int] = frozenset()  # 2.3
    third: frozenset[int] = frozenset()  # 2.4
    upfloat: frozenset[int] = frozenset()  # 2.5

    def by_article(self) -> list[tuple[str, frozenset[int]]]:
        """The limitations that give way, lowest priority first (2.5, 2.4, 2.3)."""
        out = [(ART_UPFLOAT, self.upfloat), (ART_THIRD, self.third), (ART_DIFFERENCE, self.difference)]
        return [(a, s) for a, s in out if s]

    def __bool__(self) -> bool:
        return bool(self.difference or self.third or self.upfloat)


def upfloat_barred(state: TournamentState, p: Profile, limit: int) -> bool:
    """Dubov 2.5: ``p`` may not be transferred up this round."""
    return not state.is_last_round and (p.upfloated_last_round or p.upfloats >= limit)


def why(state: TournamentState, article: str, p: Profile, limit: int) -> Message:
    """Why ``p`` cannot keep ``article`` in the pairing that departs least."""
    if article == ART_UPFLOAT:
        if p.upfloated_last_round:
            return msg(
                "floated up in round {round}, and 2.5 forbids two rounds running", round=state.rounds_played
            )
        return msgn(
            "has floated up {count} times (limit {limit})",
            "has floated up {count} times (limit {limit})",
            count=p.upfloats,
            limit=limit,
        )
    if article == ART_THIRD:
        return msg(
            "has had {colour} twice running and no opponent is left for the other colour",
            colour=colour_lower(p.colours[-1]) if p.colours else "?",
        )
    return msg(
        "colour difference {difference}: only one colour keeps it within 2",
        difference=f"{p.colour_difference:+d}",
    )


def fewest_departures(
    state: TournamentState,
    profiles: dict[int, Profile],
    tpns: list[int],
    limit: int,
    bye_order: list[int] | None = None,
) -> Departures | None:
    """The departures of the pairing of ``tpns`` that breaks the limitations least; None if 2.1/2.2 forbid all.

    ``bye_order`` (with an odd number) lists who may have the bye, in Dubov 4
    order: a later candidate is taken only to spare a departure from 2.3 or
    2.4, never one from 2.5 (point 3 comes after the bye).
    """
    n = len(tpns)
    u25 = 3 * (n + 1) ** 2  # outweighs every sum of ranks
    u_bye = u25 * (n + 1)  # outweighs every count of 2.5 departures
    u24 = u_bye * (n + 1)  # outweighs every place in the bye order
    u23 = u24 * (2 * n + 2)
    cost_of = {ART_DIFFERENCE: u23, ART_THIRD: u24, ART_UPFLOAT: u25}
    base = 4 * u23 * (n + 1)
    # Rank 0 is placed lowest: its departures cost least (point 4 above).
    order = sorted(tpns, key=lambda t: (profiles[t].score, profiles[t].rating, -t))
    rank = {t: i for i, t in enumerate(order)}
    facts = {}
    for t in tpns:
        p = profiles[t]
        per_colour = {}
        for c in (Colour.WHITE, Colour.BLACK):
            arts = []
            if beyond_difference(p.colours, c):
                arts.append(ART_DIFFERENCE)
            if third_in_a_row(p.colours, c):
                arts.append(ART_THIRD)
            per_colour[c] = (sum(cost_of[a] + rank[t] for a in arts), tuple((a, t) for a in arts))
        facts[t] = (per_colour, p.score, upfloat_barred(state, p, limit))
    edges: list[tuple[int, int, int]] = []
    chosen: dict[tuple[int, int], tuple] = {}
    for i, a in enumerate(tpns):
        fa = facts[a]
        met = state.by_tpn[a].played_opponents
        for b in tpns[i + 1 :]:
            if b in met or state.have_met(a, b):
                continue
            fb = facts[b]
            up: tuple = ()
            up_cost = 0
            if fa[1] != fb[1]:
                lower, fl = (a, fa) if fa[1] < fb[1] else (b, fb)
                if fl[2]:
                    up, up_cost = ((ART_UPFLOAT, lower),), cost_of[ART_UPFLOAT] + rank[lower]
            ca_w, da_w = fa[0][Colour.WHITE]
            cb_b, db_b = fb[0][Colour.BLACK]
            ca_b, da_b = fa[0][Colour.BLACK]
            cb_w, db_w = fb[0][Colour.WHITE]
            if ca_w + cb_b <= ca_b + cb_w:
                cost, deps = ca_w + cb_b, da_w + db_b
            else:
                cost, deps = ca_b + cb_w, da_b + db_w
            cost += up_cost
            if cost:
                chosen[(a, b)] = deps + up
            edges.append((a, b, base - cost))
    nodes: list[int] = list(tpns)
    if n % 2:
        nodes.append(BYE)
        candidates = (
            bye_order if bye_order is not None else [t for t in tpns if not profiles[t].had_unplayed_point]
        )
        edges.extend((t, BYE, base - i * u_bye) for i, t in enumerate(candidates))
    mate = maximum_matching(nodes, edges)
    if len(mate) < len(nodes):
        return None
    found: dict[str, set[int]] = {ART_DIFFERENCE: set(), ART_THIRD: set(), ART_UPFLOAT: set()}
    for a, b in mate.items():
        for art, t in chosen.get((a, b), ()):
            found[art].add(t)
    return Departures(
        frozenset(found[ART_DIFFERENCE]), frozenset(found[ART_THIRD]), frozenset(found[ART_UPFLOAT])
    )
