"""Fixtures of the login and token tests: the committee's 7-team event (tests/committee)."""

from tests.committee.conftest import committee_event  # noqa: F401  (the fixture, shared)
