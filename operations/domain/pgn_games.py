"""Reading a broadcast PGN file (python-chess) and matching its players to ours.

Only the tags are read (``chess.pgn.read_headers``: the moves are skipped),
so a whole round of a big event reads in a fraction of a second. A game is
matched to a board by its two players: by FIDE ID when both the file and the
roster have one, else by the name normalised (accents, case, punctuation and
the order of the words ignored: "Carlsen, Magnus" = "Magnus CARLSEN").
"""

from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import dataclass

import chess.pgn

# PGN results (from White's side) and what the site records for them.
PGN_RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "*": "*"}


@dataclass(frozen=True)
class BroadcastGame:
    """One game of the file, by its tags (``number``: its place in the file, from 1)."""

    number: int
    white: str
    black: str
    white_fide_id: str
    black_fide_id: str
    result: str  # as in the file
    round_tag: str

    @property
    def round_number(self) -> int | None:
        """The round the ``Round`` tag names ("5", "5.3", "5.3.2" -> 5); None when it names none."""
        m = re.match(r"\s*(\d+)", self.round_tag or "")
        return int(m.group(1)) if m else None


def normalise_name(name: str) -> str:
    """``"Carlsen, Magnus"``, ``"CARLSEN Magnus"`` and ``"Magnus Carlsen"`` all give ``"carlsen magnus"``."""
    decomposed = unicodedata.normalize("NFKD", name or "")
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    words = re.sub(r"[^\w]+", " ", plain).split()
    return " ".join(sorted(words))


def _fide_id(value: str | None) -> str:
    value = (value or "").strip()
    return value if value.isdigit() and value != "0" else ""


def decode(data: bytes | str) -> str:
    """The file's text: UTF-8 (with or without BOM), else Latin-1 (older broadcast tools)."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


class TooManyGames(ValueError):
    """The file holds more games than ``read_games`` was allowed to read."""


def count_white_tags(data: bytes | str) -> int:
    """How many ``[White "..."]`` tags the file has (a game has one; a comment may hold another)."""
    return data.count(b'[White "' if isinstance(data, bytes) else '[White "')


def read_games(text: str, limit: int | None = None) -> list[BroadcastGame]:
    """Every game of ``text`` that names its two players; a game without them is left out.

    ``limit``: the most games to read; one more raises ``TooManyGames`` at once (issue 18: a
    20 MB file of tiny games took a minute).
    """
    handle = io.StringIO(text)
    games: list[BroadcastGame] = []
    number = 0
    while True:
        if limit is not None and number > limit:
            raise TooManyGames(limit)
        headers = chess.pgn.read_headers(handle)
        if headers is None:
            break
        if "White" not in headers and "Black" not in headers:
            continue  # text between games, not a game
        number += 1
        games.append(
            BroadcastGame(
                number=number,
                white=headers.get("White", "?").strip(),
                black=headers.get("Black", "?").strip(),
                white_fide_id=_fide_id(headers.get("WhiteFideId")),
                black_fide_id=_fide_id(headers.get("BlackFideId")),
                result=headers.get("Result", "*").strip(),
                round_tag=headers.get("Round", "").strip(),
            )
        )
    return games


def same_player(fide_id: str, name: str, player_fide_id: str, player_name: str) -> bool:
    """The file's player is ours: same FIDE ID when both have one, else the same normalised name."""
    fide_id, player_fide_id = _fide_id(fide_id), _fide_id(player_fide_id)
    if fide_id and player_fide_id:
        return fide_id == player_fide_id
    return bool(name) and normalise_name(name) == normalise_name(player_name)
