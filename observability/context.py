"""What a log line is about: the tournament and round of the request or task being handled.

The request middleware and the Celery task signals ``bind()`` what they know (the URL's
tournament slug and round number; the task's run, round or publication) and ``reset()`` it when
done. ``ContextFilter`` (a logging filter on the console handler) adds the bound values to every
record logged meanwhile, so a service's own log lines carry them too.
"""

from __future__ import annotations

import contextvars
import logging

_context: contextvars.ContextVar[dict | None] = contextvars.ContextVar(
    "pairing_site_log_context", default=None
)

FIELDS = ("request_id", "task_id", "tournament", "round")


def bind(**values) -> contextvars.Token:
    """Add ``values`` (None values are left out) to the context; ``reset(token)`` undoes it."""
    merged = dict(_context.get() or {})
    merged.update({k: v for k, v in values.items() if v is not None})
    return _context.set(merged)


def reset(token: contextvars.Token) -> None:
    _context.reset(token)


def current() -> dict:
    return dict(_context.get() or {})


class ContextFilter(logging.Filter):
    """Adds the bound context to each record (a field given in ``extra=`` wins)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for key, value in (_context.get() or {}).items():
            if not hasattr(record, key):
                setattr(record, key, value)
        return True
