"""Two members acting at the same moment cannot publish twice or publish a stale draft.

Needs PostgreSQL (row locks, several connections); skipped on SQLite.
"""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from committee import services
from committee.models import Publication

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL=postgres://...): SQLite has no row locks")


def _race(*actions):
    """Run the actions in threads released at the same moment; their results or errors."""
    barrier = threading.Barrier(len(actions))
    results: list = [None] * len(actions)

    def run(i, action):
        try:
            barrier.wait()
            results[i] = action()
        except Exception as exc:  # the loser's refusal is the point
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def test_two_members_publishing_at_once_publish_once(committee_event, compute):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    version = services.current_version(rnd)
    services.approve(version=version, user=committee_event.member)
    results = _race(
        lambda: services.publish(version=version, user=committee_event.member),
        lambda: services.publish(version=version, user=committee_event.member2),
    )
    published = [r for r in results if isinstance(r, Publication)]
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(published) == 1 and len(refused) == 1, results
    assert "already published" in refused[0].messages[0]
    assert Publication.objects.filter(round=rnd).count() == 1
    assert rnd.matches.count() == 4


def test_an_amendment_racing_a_publication_never_lets_a_stale_draft_out(committee_event, compute):
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    version = services.current_version(rnd)
    services.approve(version=version, user=committee_event.member)
    results = _race(
        lambda: services.publish(version=version, user=committee_event.member),
        lambda: services.amend_draft(
            version=version, operation="swap_colours", team_a=1, user=committee_event.member2
        ),
    )
    published = [r for r in results if isinstance(r, Publication)]
    assert sum(isinstance(r, ValidationError) for r in results) == 1, results
    if published:  # the publication won: the amendment came too late
        assert published[0].version_id == version.pk
        assert services.current_version(rnd).pk == version.pk
    else:  # the amendment won: v0 is stale and unpublished
        assert not Publication.objects.filter(round=rnd).exists()
        assert services.current_version(rnd).number == 1


def test_two_members_approving_at_once_under_the_two_member_policy_approve_the_round(
    committee_event, compute
):
    t = committee_event.tournament
    t.approval_policy = "two_members"
    t.save()
    rnd = committee_event.round(1)
    compute(rnd, committee_event.member)
    version = services.current_version(rnd)
    results = _race(
        lambda: services.approve(version=version, user=committee_event.member),
        lambda: services.approve(version=version, user=committee_event.member2),
    )
    assert not any(isinstance(r, Exception) for r in results), results
    rnd.refresh_from_db()
    assert rnd.state == "approved"
