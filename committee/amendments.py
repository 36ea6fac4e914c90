"""Hand amendments of a draft pairing: swap opponents, swap colours, move the bye.

Rule 58 of the 1998 Olympiad rules lets the committee depart from the
computer's pairing; C.04.6 3.3.3 leaves an impossible pairing to the Chief
Arbiter. These functions only rearrange a :class:`RoundPairing`; whether the
result is acceptable is for ``engine.api.check`` to say. Pairs keep their board
order; a changed pair cites the committee instead of an article for its colours.
"""

from __future__ import annotations

from dataclasses import replace

from engine.result import Pair, RoundPairing

AMENDED = "committee amendment"


def gettext_noop(message: str) -> str:
    """Marks a message for the site's catalogue (``makemessages``); this module stays free of Django."""
    return message


# (the site shows the labels translated: committee.models.draft, committee.forms)
OPERATIONS = {
    "swap_opponents": gettext_noop("Swap two teams' places"),
    "swap_colours": gettext_noop("Swap the colours of a pairing"),
    "move_bye": gettext_noop("Move the pairing-allocated bye"),
}

# A version that returns to an earlier one (issue 18 item 6): not an operation on a pairing,
# so not offered among the amendments; a draft version records it with the number returned to.
REVERT = "revert"
REVERT_LABEL = gettext_noop("Return to an earlier version")


class AmendmentError(ValueError):
    """The amendment cannot be applied to this pairing (the message says why).

    ``template`` and ``params`` let the site say it in the reader's language.
    """

    def __init__(self, template: str, **params):
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


def _copy(pairing: RoundPairing) -> RoundPairing:
    return RoundPairing(
        round=pairing.round,
        pairs=list(pairing.pairs),
        bye=pairing.bye,
        explanation=list(pairing.explanation),
        system=pairing.system,
    )


def _find(pairing: RoundPairing, tpn: int) -> int | None:
    """Index of the pair ``tpn`` plays in, or None for the bye."""
    for i, p in enumerate(pairing.pairs):
        if tpn in (p.white, p.black):
            return i
    if pairing.bye == tpn:
        return None
    raise AmendmentError(
        gettext_noop("team %(tpn)s is not in the pairing of round %(round)s"), tpn=tpn, round=pairing.round
    )


def _put(pair: Pair, old: int, new: int) -> Pair:
    if pair.white == old:
        return Pair(new, pair.black, AMENDED)
    return Pair(pair.white, new, AMENDED)


def swap_opponents(pairing: RoundPairing, a: int, b: int) -> RoundPairing:
    """Team ``a`` takes ``b``'s place and ``b`` takes ``a``'s (colour slots kept).

    When one of them has the bye, the bye moves to the other.
    """
    if a == b:
        raise AmendmentError(gettext_noop("choose two different teams to swap"))
    out = _copy(pairing)
    ia, ib = _find(out, a), _find(out, b)
    if ia is not None and ia == ib:
        raise AmendmentError(
            gettext_noop("teams %(a)s and %(b)s already play each other; swap their colours instead"),
            a=a,
            b=b,
        )
    if ia is None:
        out.pairs[ib] = _put(out.pairs[ib], b, a)
        out.bye = b
    elif ib is None:
        out.pairs[ia] = _put(out.pairs[ia], a, b)
        out.bye = a
    else:
        out.pairs[ia] = _put(out.pairs[ia], a, b)
        out.pairs[ib] = _put(out.pairs[ib], b, a)
    return out


def swap_colours(pairing: RoundPairing, tpn: int) -> RoundPairing:
    """Give the team colour (board 1 White) to the other team of ``tpn``'s pairing."""
    out = _copy(pairing)
    i = _find(out, tpn)
    if i is None:
        raise AmendmentError(gettext_noop("team %(tpn)s has the bye; it has no colour to swap"), tpn=tpn)
    p = out.pairs[i]
    out.pairs[i] = replace(p, white=p.black, black=p.white, colour_article=AMENDED)
    return out


def move_bye(pairing: RoundPairing, tpn: int) -> RoundPairing:
    """Give the pairing-allocated bye to ``tpn``; the old bye team takes its place."""
    if pairing.bye is None:
        raise AmendmentError(gettext_noop("this round has no pairing-allocated bye to move"))
    if pairing.bye == tpn:
        raise AmendmentError(gettext_noop("team %(tpn)s already has the bye"), tpn=tpn)
    return swap_opponents(pairing, tpn, pairing.bye)


def restore_engine_articles(pairing: RoundPairing, engine: RoundPairing) -> RoundPairing:
    """``pairing`` with each pair the engine made itself (same teams, same colours) citing the engine's article.

    An amendment undone by a second one (colours swapped back, two teams swapped back)
    leaves the engine's pair, whose colours the rules decided, not the committee
    (issue 18 item 6: "Colours by" reads from the pairing itself).
    """
    articles = {(p.white, p.black): p.colour_article for p in engine.pairs}
    out = _copy(pairing)
    out.pairs = [
        replace(p, colour_article=articles[(p.white, p.black)])
        if p.colour_article == AMENDED and (p.white, p.black) in articles
        else p
        for p in out.pairs
    ]
    return out


def apply(pairing: RoundPairing, operation: str, a: int, b: int | None = None) -> RoundPairing:
    """Apply one named amendment (see :data:`OPERATIONS`)."""
    if operation == "swap_opponents":
        if b is None:
            raise AmendmentError(gettext_noop("swapping opponents needs two teams"))
        return swap_opponents(pairing, a, b)
    if operation == "swap_colours":
        return swap_colours(pairing, a)
    if operation == "move_bye":
        return move_bye(pairing, a)
    raise AmendmentError(
        gettext_noop("unknown amendment %(operation)r; known: %(known)s"),
        operation=operation,
        known=", ".join(OPERATIONS),
    )
