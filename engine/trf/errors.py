"""Errors raised while reading a TRF-2026 file (exit code 3 / 4 on the command line)."""

from __future__ import annotations


class _Located(ValueError):
    """An error tied, where it can be, to a place in the input: ``line`` and ``column``, 1-based (0: none)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        self.message = message
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line and self.column:
            return f"line {self.line}, column {self.column}: {self.message}"
        if self.line:
            return f"line {self.line}: {self.message}"
        return self.message


class TrfError(_Located):
    """The file is not a TRF-2026 file the engine can read (exit code 3).

    ``line`` and ``column`` are 0 when the problem is not tied to one place, for example a
    missing record; the message names the problem.
    """


class SizeLimitExceeded(_Located):
    """The input is larger than the engine accepts (exit code 4).

    ``line`` and ``column`` say where, when the limit is read from one record
    (``142 5000``: line of the 142 record, column 5); 0 otherwise.
    """


#: Limits checked by the reader and the generator (format limits are TrfErrors).
MAX_INPUT_BYTES = 20 * 1024 * 1024
MAX_PARTICIPANTS = 2000
MAX_ROUNDS = 50

#: TRF-2026's own limits: a team pairing number has three columns (310: 5-7; 320, 330 and 300 have
#: three as well), a player's starting rank four (001: 5-8; the 310 members, 300, 240, 260 four).
MAX_TEAMS = 999
MAX_PLAYER_NUMBER = 9999
TEAM_LIMIT = f"TRF-2026 holds at most {MAX_TEAMS} teams (team pairing numbers 1 to {MAX_TEAMS}, record 310 columns 5-7)"
PLAYER_LIMIT = (
    f"TRF-2026 holds at most {MAX_PLAYER_NUMBER} players "
    f"(starting ranks 1 to {MAX_PLAYER_NUMBER}, record 001 columns 5-8)"
)
