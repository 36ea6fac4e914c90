"""Fixtures of the observability tests: the committee's event, and log lines captured as JSON."""

from __future__ import annotations

import io
import json
import logging

import pytest

from tests.committee.conftest import committee_event, compute  # noqa: F401  (the fixtures, shared)


class JsonLines:
    """Records logged to the given loggers, formatted by the site's JSON formatter (settings.LOGGING)."""

    def __init__(self, stream: io.StringIO):
        self.stream = stream

    def lines(self) -> list[dict]:
        return [json.loads(line) for line in self.stream.getvalue().splitlines() if line.strip()]


@pytest.fixture
def json_log(settings):
    from pythonjsonlogger.json import JsonFormatter

    from observability.context import ContextFilter

    conf = settings.LOGGING["formatters"]["json"]
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter(fmt=conf["fmt"], rename_fields=conf["rename_fields"]))
    handler.addFilter(ContextFilter())
    handler.setLevel(logging.DEBUG)
    loggers = [logging.getLogger(name) for name in ("pairing_site", "committee", "observability")]
    before = [(lg.level, lg.propagate) for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        lg.setLevel(logging.DEBUG)
    yield JsonLines(stream)
    for lg, (level, _) in zip(loggers, before, strict=True):
        lg.removeHandler(handler)
        lg.setLevel(level)
