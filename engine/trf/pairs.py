"""A round pairing in the output format of JaVaFo and bbpPairings (docs/engine-cli.md).

Not a TRF-2026 record: the pairing programs FIDE endorses answer a TRF-2026
file with the number of pairs, then one ``white black`` line a board, a
pairing-allocated bye as ``n 0``. :func:`format_pairs` writes it and
:func:`parse_pairs` reads it back.
"""

from __future__ import annotations

from engine.result import Pair, RoundPairing
from engine.trf.errors import TrfError


def format_pairs(pairing: RoundPairing) -> str:
    """JaVaFo / bbpPairings output: the number of pairs, then ``white black`` by board; a PAB is ``n 0``."""
    lines = [f"{p.white} {p.black}" for p in pairing.pairs]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "".join(f"{line}\n" for line in [str(len(lines)), *lines])


def parse_pairs(text: str) -> RoundPairing:
    """Read :func:`format_pairs` output back (round number unknown: 0); ``TrfError`` if malformed."""
    rows = [line.split() for line in text.strip().splitlines()]
    if not rows or len(rows[0]) != 1 or not rows[0][0].isdigit():
        raise TrfError("the first line must be the number of pairs", 1, 1)
    count = int(rows[0][0])
    if len(rows) != count + 1:
        raise TrfError(f"the first line announces {count} pairs, but {len(rows) - 1} follow", 1, 1)
    pairing = RoundPairing(round=0, pairs=[])
    for no, row in enumerate(rows[1:], start=2):
        if len(row) != 2 or not all(x.isdigit() for x in row):
            raise TrfError("expected 'white black' (two numbers)", no, 1)
        white, black = int(row[0]), int(row[1])
        if black == 0:
            pairing.bye = white
        else:
            pairing.pairs.append(Pair(white, black))
    return pairing
