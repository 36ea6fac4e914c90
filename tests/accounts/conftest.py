"""Fixtures of the login, token and security tests: the committee's 7-team event (tests/committee)
and the operations' published round (tests/operations)."""

from tests.committee.conftest import committee_event  # noqa: F401  (the fixture, shared)
from tests.operations.conftest import event, posted  # noqa: F401  (the fixtures, shared)
