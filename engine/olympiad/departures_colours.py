"""Board-1 colours where a proposal agrees with the engine's pairs but not its colours (rules 17-24).

Each pair whose board-1 colours the proposal swaps is reported with the
colour rule that decided the engine's (``Pair.colour_article``: rules 17,
19-24) and its reason as the team's "why" line gives it.
"""

from __future__ import annotations

from engine.messages import Message, msg
from engine.olympiad.departures_words import as_message
from engine.result import RoundPairing, Violation


def _colour_why(engine: RoundPairing) -> dict[int, Message]:
    """Each team's board-1 colour rule and reason as its "why" line says it (``colour_message``'s ``why``)."""
    out = {}
    for tpn, step in engine.why().items():
        data = step.data.get("colour_message")
        why = (data or {}).get("params", {}).get("why") if isinstance(data, dict) else None
        if why:
            out[tpn] = Message.from_dict(why) if isinstance(why, dict) else as_message(why)
    return out


def colour_reasons(proposal: RoundPairing, engine: RoundPairing) -> list[Violation]:
    by_pair = {frozenset((p.white, p.black)): p for p in engine.pairs}
    why = {
        (s.data.get("white"), s.data.get("black")): s.data.get("why", "")
        for s in engine.explanation
        if s.topic == "colour" and "white" in s.data
    }
    out = []
    said = None
    for p in proposal.pairs:
        e = by_pair.get(frozenset((p.white, p.black)))
        if e is None or e.white == p.white:
            continue
        reason = why.get((e.white, e.black), "")
        if said is None:
            said = _colour_why(engine)
        cause = said.get(e.white)
        if cause is None or str(cause) != reason:
            cause = as_message(reason) if reason else None
        out.append(
            Violation(
                e.colour_article,
                False,
                msg(
                    "{white}-{black}: {article} gives White on board 1 to {team}: {reason}"
                    if reason
                    else "{white}-{black}: {article} gives White on board 1 to {team}",
                    white=p.white,
                    black=p.black,
                    article=e.colour_article,
                    team=e.white,
                    **({"reason": cause} if reason else {}),
                ),
                (p.white, p.black),
            )
        )
    return out
