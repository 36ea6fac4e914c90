"""Why a pair got its colours (C.04.6 1.7, 4.2, 4.3), for the arbiter and for each team.

:func:`colour_reason` gives the arbiter's line of a pair (the deciding article
of 4.3 with the facts it read, e.g. the round whose colours decided 4.3.6);
:func:`colour_why` gives one team's plain-language line ("White: it had Black
in its last two matches (colour preference)").
"""

from __future__ import annotations

from engine.c0406.colours import Preference, first_team
from engine.c0406.context import Context
from engine.messages import Message, Team, msg, words
from engine.result import Pair
from engine.state import Colour, Participant


def colour_name(c: Colour | None) -> str:
    return "White" if c is Colour.WHITE else "Black"


def played_colours(team: Participant) -> list[tuple[int, Colour]]:
    """(round, colour) of the matches actually played (1.6.1), oldest first."""
    return [(r.round, r.colour) for r in team.history if r.played and r.colour is not None]


def played(ctx: Context, t: int) -> list[tuple[int, Colour]]:
    """:func:`played_colours` of team ``t``, read once per round (``Context.played``)."""
    got = ctx.played.get(t)
    if got is None:
        got = ctx.played[t] = played_colours(ctx.state.by_tpn[t])
    return got


def deciding_rounds(ctx: Context, a: int, b: int) -> tuple[int, int] | None:
    """4.3.6: the rounds of the most recent matches (counted back over played matches,
    General Handling Rules 3.4) in which one of the two had White and the other Black."""
    ha, hb = played(ctx, a), played(ctx, b)
    for i in range(1, min(len(ha), len(hb)) + 1):
        if ha[-i][1] != hb[-i][1]:
            return ha[-i][0], hb[-i][0]
    return None


def preference_reason(team: Participant, pref: Preference) -> Message:
    """Why ``team`` prefers its colour (1.7), in words."""
    if pref.colour is None:
        return msg("it has no colour preference")
    cd = team.colour_difference
    want_white = pref.colour is Colour.WHITE
    had = Colour.BLACK if want_white else Colour.WHITE
    mine, other = words.colour_name(had), words.colour_name(had.opposite)
    if abs(cd) > 1:
        return msg(
            "it has had {colour} {times} times more than {other}", colour=mine, times=abs(cd), other=other
        )
    if team.colours[-2:] == (had, had):
        return msg("it had {colour} in its last two matches", colour=mine)
    if cd != 0:
        return msg("it has had {colour} once more than {other}", colour=mine, other=other)
    return msg("it had {colour} in its last match", colour=mine)


def _first(ctx: Context, p: Pair) -> int:
    sec = ctx.secondary if ctx.state.scoring.secondary_for_colours else None
    return first_team(p.white, p.black, ctx.score, sec)


def colour_reason(ctx: Context, p: Pair) -> tuple[str, dict]:
    """The arbiter's reason for the colours of ``p`` and its facts."""
    f = _first(ctx, p)
    o = p.black if f == p.white else p.white
    fc = "White" if f == p.white else "Black"
    art = p.colour_article.removeprefix("C.04.6 ")
    by = ctx.state.by_tpn
    pw, pb = ctx.pref[p.white].describe(), ctx.pref[p.black].describe()
    data: dict = {"first_team": f}
    if art == "4.3.6":
        rounds = deciding_rounds(ctx, p.white, p.black)
        assert rounds is not None
        data["rounds"] = {p.white: rounds[0], p.black: rounds[1]}
        rw, rb = rounds
        when = f"round {rw}" if rw == rb else f"rounds {rw} ({p.white}) and {rb} ({p.black})"
        col_w = colour_name(dict(played(ctx, p.white))[rw])
        col_b = colour_name(dict(played(ctx, p.black))[rb])
        return f"colours alternate from {when}, when {p.white} had {col_w} and {p.black} {col_b}", data
    if art in ("4.3.8", "4.3.9"):
        who = f if art == "4.3.8" else o
        rnd, col = played(ctx, who)[-1]
        data["round"] = rnd
        label = f"first-team {who}" if art == "4.3.8" else str(who)
        return f"{label} alternates from its last played match ({colour_name(col)} in round {rnd})", data
    initial = colour_name(ctx.state.initial_colour)
    text = {
        "4.3.1": f"neither team has played; first-team {f} gets {fc} (initial colour {initial}, "
        f"{'odd' if f % 2 else 'even'} TPN)",
        "4.3.2": f"the only colour preference is granted ({p.white}: {pw}, {p.black}: {pb})",
        "4.3.3": f"opposite colour preferences are granted ({p.white}: {pw}, {p.black}: {pb})",
        "4.3.4": f"the strong preference is granted ({p.white}: {pw}, {p.black}: {pb})",
        "4.3.5": f"White to the lower colour difference ({p.white}: {by[p.white].colour_difference:+d}, "
        f"{p.black}: {by[p.black].colour_difference:+d})",
        "4.3.7": f"the colour preference of first-team {f} is granted ({ctx.pref[f].describe()})",
    }.get(art, "colours")
    return text, data


def colour_why(ctx: Context, p: Pair, t: int) -> Message:
    """One team's plain-language reason for its colour in ``p``."""
    by = ctx.state.by_tpn
    o = p.black if t == p.white else p.white
    mine = words.WHITE if t == p.white else words.BLACK
    f = _first(ctx, p)
    art = p.colour_article.removeprefix("C.04.6 ")
    pref_t, pref_o = ctx.pref[t], ctx.pref[o]

    def own(key: str) -> Message:  # the team's own preference, in words, decided
        return msg(key, colour=mine, reason=preference_reason(by[t], pref_t))

    def opponents(key: str) -> Message:  # the opponent's preference decided
        return msg(key, colour=mine, team=Team(o), reason=preference_reason(by[o], pref_o))

    if art == "4.3.1":
        return msg(
            "{colour}: neither team has played a match yet, so the drawing of lots decides "
            "(initial colour {initial} for the odd-numbered first-team)",
            colour=mine,
            initial=words.colour_name(ctx.state.initial_colour),
        )
    if art == "4.3.2":
        if pref_t.colour is not None:
            return own("{colour}: {reason} (colour preference)")
        return opponents("{colour}: team {team} has the only colour preference ({reason})")
    if art == "4.3.3":
        return own("{colour}: {reason} (colour preference; the opponent wants the other)")
    if art == "4.3.4":
        if pref_t.strong:
            return own("{colour}: {reason} (strong colour preference)")
        return opponents("{colour}: team {team} has the strong colour preference ({reason})")
    if art == "4.3.5":
        return msg(
            "{colour}: White goes to the team with the lower colour difference ({mine} against {theirs})",
            colour=mine,
            mine=f"{by[t].colour_difference:+d}",
            theirs=f"{by[o].colour_difference:+d}",
        )
    if art == "4.3.6":
        rounds = deciding_rounds(ctx, t, o)
        assert rounds is not None
        had = words.colour_name(dict(played(ctx, t))[rounds[0]])
        when = (
            msg("round {round}", round=rounds[0])
            if rounds[0] == rounds[1]
            else msg("its round {round}", round=rounds[0])
        )
        return msg(
            "{colour}: the colours alternate from the most recent time they differed ({when}, when it had {had})",
            colour=mine,
            when=when,
            had=had,
        )
    if art == "4.3.7":
        if f == t:
            return own("{colour}: as first-team, its colour preference is granted ({reason})")
        return msg(
            "{colour}: the colour preference of the first-team, team {team}, is granted",
            colour=mine,
            team=Team(f),
        )
    who = f if art == "4.3.8" else (o if f == t else t)
    rnd, col = played(ctx, who)[-1]
    last = words.colour_name(col)
    if who == t:
        return msg(
            "{colour}: it alternates from its last match ({had} in round {round})",
            colour=mine,
            had=last,
            round=rnd,
        )
    return msg(
        "{colour}: team {team} alternates from its last match ({had} in round {round})",
        colour=mine,
        team=Team(who),
        had=last,
        round=rnd,
    )
