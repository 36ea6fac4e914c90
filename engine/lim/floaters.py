"""Floater selection (Lim 10.2-10.10) and the order floaters are paired in (Lim 10.6, 10.7).

A score-group with an odd number of players floats one of them (Lim 9.3(d)).
The candidate is chosen by these keys, in order (interpretation Lim-10-keys):

1. it must not cost the score-group a pairing (Lim 10.10, second proviso; the
   effect of Lim 11.4(a));
2. the least disadvantaged floater type (Lim 10.9: avoid a, then b, then c);
3. not a player who floated in the round just before (Lim 10.10);
4. a player due the colour more players are due, which tends to equalise
   the colours (Lim 10.2), in a Maxi-tournament only within the rating limit
   of the player chosen otherwise;
5. the lowest numbered player pairing downward, the highest numbered pairing
   upward (Lim 10.2, 10.3, 10.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.common.bipartite import matches_every
from engine.lim import matching
from engine.lim.context import LimContext
from engine.lim.exchange import Member
from engine.messages import Message, joined, msg
from engine.messages.words import colour_name

TYPE_RANK = {"d": 0, "c": 1, "b": 2, "a": 3}  # Lim 10.9: avoid a, then b, then c
TYPE_TEXT = {
    "a": "already floated into this score-group, no compatible opponent in the adjacent one",
    "b": "already floated into this score-group, has a compatible opponent in the adjacent one",
    "c": "no compatible opponent in the adjacent score-group",
    "d": "has a compatible opponent in the adjacent score-group",
}


def floater_order(ctx: LimContext, members: list[Member], downward: bool) -> list[Member]:
    """Floaters first, in the order of Lim 10.6-10.6.3 (downward) or 10.7-10.7.3 (upward)."""
    dfs = sorted((m for m in members if m.floater == "DF"), key=lambda m: (-ctx.score(m.tpn), m.tpn))
    ufs = sorted((m for m in members if m.floater == "UF"), key=lambda m: (ctx.score(m.tpn), -m.tpn))
    return dfs + ufs if downward else ufs + dfs


def has_opponent_in_adjacent(
    ctx: LimContext, cand: int, adjacent: list[int], others: list[int], downward: bool
) -> bool:
    """Lim 10.3 / 10.4: a compatible opponent in the adjacent score-group, after
    the opponents of the other floaters ranking before ``cand`` are set aside
    (read as: those floaters and ``cand`` can all be given distinct opponents)."""
    me = ctx.players[cand]

    def before(o: int) -> bool:
        s = ctx.players[o].score
        if downward:
            return s > me.score or (s == me.score and o < cand)
        return s < me.score or (s == me.score and o > cand)

    ahead = [o for o in others if o != cand and before(o)]
    return matches_every(ahead + [cand], adjacent, ctx.compatible)


def floater_type(
    ctx: LimContext, cand: int, incoming: bool, adjacent: list[int], others: list[int], downward: bool
) -> str:
    """Lim 10.9: the four floater types a-d."""
    ok = has_opponent_in_adjacent(ctx, cand, adjacent, others, downward)
    if incoming:
        return "b" if ok else "a"
    return "d" if ok else "c"


@dataclass
class ParityChoice:
    tpn: int
    kind: str
    due_counts: dict[str, int]
    reasons: list[Message]  # why him, for the step (``str()``: the English)
    passed: dict[int, str] = field(default_factory=dict)  # players preferred by position, and why not
    plain: Message | str = ""  # why him, for a captain


def choose_parity_floater(
    ctx: LimContext,
    group: list[int],
    incoming: set[int],
    adjacent: list[int],
    others: list[int],
    downward: bool,
) -> ParityChoice:
    """Lim 9.3(d), 10.2-10.5, 10.9, 10.10: the player floated to make the group even."""
    whites = sum(1 for t in group if ctx.players[t].due is not None and ctx.players[t].due.value == "w")
    blacks = sum(1 for t in group if ctx.players[t].due is not None and ctx.players[t].due.value == "b")
    majority = None if whites == blacks else ("w" if whites > blacks else "b")
    types = {t: floater_type(ctx, t, t in incoming, adjacent, others, downward) for t in group}

    mate = matching.maximum(group, ctx.compatible)
    best = len(mate) // 2
    valid_cache: dict[int, bool] = {}

    def keeps_pairings(t: int) -> bool:
        if t not in valid_cache:
            if t not in mate:
                valid_cache[t] = True
            else:
                freed = mate[t]
                quick = any(u not in mate and u != t and ctx.compatible(freed, u) for u in group)
                valid_cache[t] = quick or matching.size([u for u in group if u != t], ctx.compatible) == best
        return valid_cache[t]

    def position(t: int) -> int:
        return -t if downward else t

    base = sorted(group, key=lambda t: (TYPE_RANK[types[t]], ctx.players[t].floated_last_round, position(t)))
    ref = next((t for t in base if keeps_pairings(t)), base[0])

    def colour_key(t: int) -> int:
        due = ctx.players[t].due
        fits = majority is None or (due is not None and due.value == majority)
        return 0 if fits and (t == ref or ctx.within_limit(t, ref)) else 1

    ordered = sorted(
        group,
        key=lambda t: (TYPE_RANK[types[t]], ctx.players[t].floated_last_round, colour_key(t), position(t)),
    )
    chosen = next((t for t in ordered if keeps_pairings(t)), ordered[0])

    def key(t: int) -> tuple:
        return (TYPE_RANK[types[t]], ctx.players[t].floated_last_round, colour_key(t), position(t))

    def due_message(t: int) -> Message:
        due = ctx.players[t].due
        return msg("no colour yet") if due is None else msg("due {colour}", colour=colour_name(due))

    # Who would float before him, by position (10.2-10.4) or by the keys, and why each does not.
    passed: dict[int, Message] = {}
    plain_passed: dict[int, Message] = {}  # the same, for a captain
    for t in sorted(group, key=position):
        if t == chosen or not (position(t) < position(chosen) or key(t) < key(chosen)):
            continue
        if key(t) <= key(chosen) or not keeps_pairings(t):
            passed[t] = msg("the score-group would lose a pairing (Lim 10.10, 11.4)")
            plain_passed[t] = msg("the score-group would lose a pairing")
        elif TYPE_RANK[types[t]] > TYPE_RANK[types[chosen]]:
            passed[t] = msg(
                "{type}, a more disadvantaged floater (Lim 10.3-10.5, 10.9)",
                type=Message(TYPE_TEXT[types[t]]),
            )
            plain_passed[t] = msg("{type}, a more disadvantaged floater", type=Message(TYPE_TEXT[types[t]]))
        elif ctx.players[t].floated_last_round:
            passed[t] = msg("floated in the round just before (Lim 10.10)")
            plain_passed[t] = msg("floated in the round just before")
        elif majority is not None and not (t == ref or ctx.within_limit(t, ref)):
            passed[t] = msg("beyond the Maxi rating limit (Lim 10.2)")
            plain_passed[t] = msg("beyond the Maxi rating limit")
        else:
            passed[t] = msg(
                "{due}: floating him would not equalise the colours (Lim 10.2)", due=due_message(t)
            )
            plain_passed[t] = msg("{due}: floating him would not equalise the colours", due=due_message(t))
    reasons = [msg("type {type} ({text})", type=types[chosen], text=Message(TYPE_TEXT[types[chosen]]))]
    if majority is not None:
        reasons.append(
            msg(
                "{whites} due White, {blacks} due Black; {team} is {due}{tends}",
                whites=whites,
                blacks=blacks,
                team=chosen,
                due=due_message(chosen),
                tends=msg(" (tends to equalise the colours)") if colour_key(chosen) == 0 else "",
            )
        )
    if not passed:
        reasons.append(
            msg(
                "the lowest numbered player of those left (Lim 10.2-10.4)"
                if downward
                else "the highest numbered player of those left (Lim 10.2-10.4)"
            )
        )
    else:
        reasons.append(
            msg(
                "before him in the order of 10.2 (lowest numbered first): {passed}"
                if downward
                else "before him in the order of 10.2 (highest numbered first): {passed}",
                passed=joined(
                    [
                        msg("{team} (type {type}): {why}", team=t, type=types[t], why=why)
                        for t, why in passed.items()
                    ]
                ),
            )
        )
    if ctx.options.maxi and majority is not None and colour_key(chosen) == 1 and chosen == ref:
        reasons.append(msg("a player due the majority colour is beyond the Maxi rating limit (Lim 10.2)"))
    plain = msg(
        "you are {due}, like most of the group" if majority and colour_key(chosen) == 0 else "you are {due}",
        due=due_message(chosen),
    )
    if passed:
        for t, why in plain_passed.items():
            plain = msg(
                "{first}; {second}",
                first=plain,
                second=msg("{other} could not float ({why})", other=t, why=why),
            )
    else:
        plain = msg(
            "{first}; you are the lowest-ranked player"
            if downward
            else "{first}; you are the highest-ranked player",
            first=plain,
        )
    return ParityChoice(
        chosen,
        types[chosen],
        {"w": whites, "b": blacks},
        reasons,
        {t: str(why) for t, why in passed.items()},
        plain,
    )
