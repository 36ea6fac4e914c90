"""What the two TRF-2026 imports (teams, individual) share: the refusal and the result codes."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

CODE_PAIRS = {
    ("1", "0"): "1-0",
    ("0", "1"): "0-1",
    ("=", "="): "1/2-1/2",
    ("W", "L"): "1-0",
    ("L", "W"): "0-1",
    ("D", "D"): "1/2-1/2",
    ("+", "-"): "+-",
    ("-", "+"): "-+",
    ("-", "-"): "--",
    (" ", " "): "*",
    # A board one side left empty: the present player's F, opponent 0000 (docs/engine-cli.md).
    ("F", "-"): "+-",
    ("-", "F"): "-+",
}


class ImportRefused(ValidationError):
    """A refused TRF file; ``line`` and ``column`` say where (0 when not tied to a place)."""

    def __init__(self, message: str, line: int = 0, column: int = 0):
        self.line, self.column = line, column
        if line and column:
            message = _("line %(line)s, column %(column)s: %(message)s") % {
                "line": line,
                "column": column,
                "message": message,
            }
        elif line:
            message = _("line %(line)s: %(message)s") % {"line": line, "message": message}
        super().__init__(message)
