"""FIDE TRF-2026 files: read them into a TournamentState, write them back.

- :func:`read` / :func:`read_state`: TRF-2026 text -> state (``TrfError`` with line and column on bad input);
- :func:`write`: state (+ optional player-level detail) -> TRF-2026 text;
- :func:`decode`: a file's bytes -> its text (UTF-8 with or without a byte-order mark, else Latin-1);
- :func:`format_pairs`: a round pairing in the JaVaFo / bbpPairings output format.
"""

from engine.trf.decoding import decode
from engine.trf.errors import SizeLimitExceeded, TrfError
from engine.trf.pairs import format_pairs, parse_pairs
from engine.trf.reader import Overrides, TrfDocument, read, read_state
from engine.trf.writer import write

__all__ = [
    "Overrides",
    "SizeLimitExceeded",
    "TrfDocument",
    "TrfError",
    "decode",
    "format_pairs",
    "parse_pairs",
    "read",
    "read_state",
    "write",
]
