"""A throwaway pairing "system" for testing file plumbing only (never rules).

It pairs the available participants in TPN order, refuses rematches, and
gives the PAB to the highest TPN; with no rematch-free pairing it raises
PairingImpossible, which lets the command line's exit code 1 be tested.
"""

from engine.result import Pair, PairingImpossible, RoundPairing


def pair(state):
    left = [p.tpn for p in state.to_be_paired()]
    bye = left.pop() if len(left) % 2 else None
    pairs = []
    while left:
        a = left.pop(0)
        b = next((x for x in left if not state.have_met(a, x)), None)
        if b is None:
            raise PairingImpossible(f"{a} has met everyone left")
        left.remove(b)
        pairs.append(Pair(a, b))
    pairing = RoundPairing(round=state.next_round, pairs=pairs, bye=bye)
    pairing.explain("fake 1", "pairing", "paired in TPN order")
    return pairing


def violations(state, pairing):
    return []
