"""Why the Dubov procedure prefers the engine's pairing to a given one that differs.

The Dubov text is a procedure, not a set of criteria: the pairing it gives
is the one its decisions, in their order, lead to. So the reason a given
pairing is not the text's is the first decision of the procedure it does
not follow, in the order the engine took them (bye, then each scoregroup
from the top: floaters from above (8.2), transfers (7.1, 7.2), floaters
down (6.4), the rows of 6.2/6.3), with the engine's own cause for that
decision. Two counts back it where the given pairing is worse: pairs of
participants due the same colour (6.3 pairs White against White only when no
change of rows avoids it) and participants paired outside their scoregroup
(6.4: "the aim ... is to pair all players within a score group").
"""

from __future__ import annotations

from engine.common.departures import given_instead, pair_keys, pair_not_followed, step_said, step_violation
from engine.dubov.profile import Profile
from engine.messages import Team, msg, msgn
from engine.result import RoundPairing, Violation
from engine.state import TournamentState


def preference(
    state: TournamentState, profs: dict[int, Profile], engine: RoundPairing, given: RoundPairing
) -> list[Violation]:
    """The reasons the procedure prefers ``engine`` to ``given`` (both complete, legal pairings)."""
    out = []
    first = first_departure(profs, engine, given)
    if first is not None:
        out.append(first)
    out += _counts(profs, engine, given)
    return out


def first_departure(profs: dict[int, Profile], engine: RoundPairing, given: RoundPairing) -> Violation | None:
    """The first decision of the engine's procedure ``given`` does not follow, citing its Step."""
    mine, theirs = pair_keys(given), pair_keys(engine)
    e_opp, g_opp = engine.opponents(), given.opponents()

    def score(t: int | None) -> float | None:
        return None if t is None or t not in profs else profs[t].score

    for s in engine.explanation:
        if s.topic == "bye" and s.data.get("tpn") == engine.bye and given.bye != engine.bye:
            return step_violation(
                s,
                msg(
                    "the bye goes to {team} ({step}); this pairing gives it to {other}",
                    team=Team(engine.bye),
                    step=step_said(s),
                    other=str(given.bye),
                ),
                (engine.bye,),
            )
        if s.topic == "pairing" and "white" in s.data:
            departure = pair_not_followed(s, s.data["white"], s.data["black"], theirs, mine, given)
            if departure is not None:
                return departure
        if s.topic == "floater" and "tpn" in s.data and "score" in s.data:
            t, group = s.data["tpn"], s.data["score"]
            if score(t) is not None and score(t) < group:
                continue  # a 7.2 transfer going back to his own scoregroup
            ge, gg = score(e_opp.get(t)), score(g_opp.get(t))
            if ge is not None and gg is not None and ge < group <= gg:
                return step_violation(
                    s,
                    msg(
                        "{team} floats down from scoregroup {score} ({step}); this pairing keeps him there "
                        "({instead})",
                        team=Team(t),
                        score=float(group),
                        step=step_said(s),
                        instead=given_instead(given, t),
                    ),
                    (t,),
                )
        if s.topic == "transfer" and "transferred" in s.data and "score" in s.data:
            q, group = s.data["transferred"], s.data["score"]
            ge, gg = score(e_opp.get(q)), score(g_opp.get(q))
            if ge is not None and ge >= group and (gg is None or gg < group):
                return step_violation(
                    s,
                    msg(
                        "{team} is transferred up to scoregroup {score} ({step}); this pairing leaves him below "
                        "({instead})",
                        team=Team(q),
                        score=float(group),
                        step=step_said(s),
                        instead=given_instead(given, q),
                    ),
                    (q,),
                )
    return None


def _counts(profs: dict[int, Profile], engine: RoundPairing, given: RoundPairing) -> list[Violation]:
    def same_due(p: RoundPairing) -> int:
        return sum(
            1 for x in p.pairs if profs[x.white].due is not None and profs[x.white].due is profs[x.black].due
        )

    def outside(p: RoundPairing) -> int:
        return sum(2 for x in p.pairs if profs[x.white].score != profs[x.black].score)

    out = []
    mine, theirs = same_due(given), same_due(engine)
    if mine > theirs:
        out.append(
            Violation(
                "Dubov 6.3",
                False,
                msgn(
                    "Dubov 6.3: {count} pair(s) of participants due the same colour, the engine's pairing has "
                    "{theirs} (6.3 pairs White against White only when no change of rows gives every White a "
                    "Black)",
                    "Dubov 6.3: {count} pair(s) of participants due the same colour, the engine's pairing has "
                    "{theirs} (6.3 pairs White against White only when no change of rows gives every White a "
                    "Black)",
                    count=mine,
                    theirs=theirs,
                ),
            )
        )
    mine, theirs = outside(given), outside(engine)
    if mine > theirs:
        out.append(
            Violation(
                "Dubov 6.4",
                False,
                msgn(
                    "Dubov 6.4: {count} participants paired outside their scoregroup, the engine's pairing has "
                    "{theirs} (6.4: the aim is to pair all players within a score group)",
                    "Dubov 6.4: {count} participants paired outside their scoregroup, the engine's pairing has "
                    "{theirs} (6.4: the aim is to pair all players within a score group)",
                    count=mine,
                    theirs=theirs,
                ),
            )
        )
    return out
