"""A "system" whose pairing works and whose check fails the way a bug would (the checker must still report)."""

from tests.engine.cli.fake_system import pair  # noqa: F401 - the system's pair()


def violations(state, pairing):
    raise ZeroDivisionError("a bug in the check")
