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


def describe(pref: Preference) -> Message:
    """:meth:`Preference.describe` in words the reader's language writes ("strong White", "none")."""
    if pref.colour is None:
        return msg("none")
    colour = words.colour_name(pref.colour)
    if pref.strong:
        return msg("strong {colour}", colour=colour)
    if pref.mild:
        return msg("mild {colour}", colour=colour)
    return msg("{colour}", colour=colour)


def colour_reason(ctx: Context, p: Pair) -> tuple[Message, dict]:
    """The arbiter's reason for the colours of ``p`` and its facts."""
    f = _first(ctx, p)
    o = p.black if f == p.white else p.white
    fc = words.WHITE if f == p.white else words.BLACK
    art = p.colour_article.removeprefix("C.04.6 ")
    by = ctx.state.by_tpn
    pw, pb = describe(ctx.pref[p.white]), describe(ctx.pref[p.black])
    data: dict = {"first_team": f}
    if art == "4.3.6":
        rounds = deciding_rounds(ctx, p.white, p.black)
        assert rounds is not None
        data["rounds"] = {p.white: rounds[0], p.black: rounds[1]}
        rw, rb = rounds
        when = (
            msg("round {round}", round=rw)
            if rw == rb
            else msg(
                "rounds {round} ({white}) and {other} ({black})",
                round=rw,
                white=p.white,
                other=rb,
                black=p.black,
            )
        )
        return msg(
            "colours alternate from {when}, when {white} had {white_had} and {black} {black_had}",
            when=when,
            white=p.white,
            white_had=words.colour_name(dict(played(ctx, p.white))[rw]),
            black=p.black,
            black_had=words.colour_name(dict(played(ctx, p.black))[rb]),
        ), data
    if art in ("4.3.8", "4.3.9"):
        who = f if art == "4.3.8" else o
        rnd, col = played(ctx, who)[-1]
        data["round"] = rnd
        key = (
            "first-team {team} alternates from its last played match ({colour} in round {round})"
            if art == "4.3.8"
            else "{team} alternates from its last played match ({colour} in round {round})"
        )
        return msg(key, team=who, colour=words.colour_name(col), round=rnd), data
    initial = words.colour_name(ctx.state.initial_colour)
    prefs = {"white": p.white, "white_pref": pw, "black": p.black, "black_pref": pb}
    if art == "4.3.1":
        key = (
            "neither team has played; first-team {team} gets {colour} (initial colour {initial}, odd TPN)"
            if f % 2
            else "neither team has played; first-team {team} gets {colour} (initial colour {initial}, even TPN)"
        )
        return msg(key, team=f, colour=fc, initial=initial), data
    if art == "4.3.2":
        return msg(
            "the only colour preference is granted ({white}: {white_pref}, {black}: {black_pref})", **prefs
        ), data
    if art == "4.3.3":
        return msg(
            "opposite colour preferences are granted ({white}: {white_pref}, {black}: {black_pref})", **prefs
        ), data
    if art == "4.3.4":
        return msg(
            "the strong preference is granted ({white}: {white_pref}, {black}: {black_pref})", **prefs
        ), data
    if art == "4.3.5":
        return msg(
            "White to the lower colour difference ({white}: {white_difference}, {black}: {black_difference})",
            white=p.white,
            white_difference=f"{by[p.white].colour_difference:+d}",
            black=p.black,
            black_difference=f"{by[p.black].colour_difference:+d}",
        ), data
    if art == "4.3.7":
        return msg(
            "the colour preference of first-team {team} is granted ({preference})",
            team=f,
            preference=describe(ctx.pref[f]),
        ), data
    return msg("colours"), data


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
