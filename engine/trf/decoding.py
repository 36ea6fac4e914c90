"""The text of a TRF-2026 file: one reading of its bytes for the command line and the site (issue 18, item 4).

A file saved by a Windows editor starts with a UTF-8 byte-order mark; FIDE's
TRF-2026 does not name an encoding, and older files are Latin-1. Both the
command line (``engine/cli.py``) and the web application's import
(``operations``) decode with :func:`decode`, and :func:`engine.trf.records.parse`
drops a byte-order mark left at the start of a text, so a file is read the
same way wherever it comes in.
"""

from __future__ import annotations

import re

from engine.trf.errors import TrfError

BOM = "\ufeff"

#: Control characters no TRF field may hold (tab, line and page breaks and a DOS end-of-file mark are
#: allowed: they are whitespace to the reader). A NUL byte cannot be stored by PostgreSQL either.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x19\x1b\x1f\x7f]")


def decode(data: bytes) -> str:
    """UTF-8 (a leading byte-order mark dropped), else Latin-1 (every byte is a character).

    A file with a UTF-16 byte-order mark (Windows editors' "Unicode") is read as UTF-16.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def strip_bom(text: str) -> str:
    return text[1:] if text.startswith(BOM) else text


def check_characters(text: str) -> None:
    """Refuse a control character (a NUL byte in a team name...) with its line and column."""
    found = _CONTROL.search(text)
    if found is None:
        return
    for no, line in enumerate(text.splitlines(), start=1):
        m = _CONTROL.search(line)
        if m is not None:
            char = m.group()
            what = "a NUL byte" if char == "\x00" else "a control character"
            raise TrfError(f"{what} (U+{ord(char):04X}) is not allowed in a TRF file", no, m.start() + 1)
    raise TrfError(f"a control character (U+{ord(found.group()):04X}) is not allowed in a TRF file")
