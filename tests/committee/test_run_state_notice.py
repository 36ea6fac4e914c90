"""After "Compute", the review page says what the run really is: queued, running, done or failed,
and keeps polling until it is done (no "run N is queued" notice left behind once it is done)."""

import pytest

from committee import services
from committee.services.runs import claim_run

pytestmark = pytest.mark.django_db


def review(committee_event) -> str:
    return f"/committee/{committee_event.tournament.slug}/round/1/"


def test_asking_for_the_pairing_shows_the_run_queued_and_polling_then_done(committee_event, client):
    client.force_login(committee_event.member)
    page = client.post(review(committee_event) + "request/", follow=True).content.decode()
    run = committee_event.round(1).pairing_runs.get()
    assert run.status == "queued"  # in the test's transaction the task is not sent: no worker took it
    assert f"Pairing run {run.pk}: <strong>queued</strong>" in page
    assert 'hx-trigger="every 1s"' in page
    assert "is queued." not in page  # no notice frozen in the state it had when asked

    claim_run(run.pk, "worker-1")
    panel = client.get(review(committee_event) + "run-status/?polling=1", HTTP_HX_REQUEST="true")
    assert f"Pairing run {run.pk}: <strong>running</strong>" in panel.content.decode()
    assert "HX-Refresh" not in panel

    run.status = "queued"
    run.save(update_fields=["status"])
    services.execute_run(run.pk, "worker-1")
    panel = client.get(review(committee_event) + "run-status/?polling=1", HTTP_HX_REQUEST="true")
    assert panel["HX-Refresh"] == "true"  # the draft is ready: the whole page again
    page = client.get(review(committee_event)).content.decode()
    assert f"Pairing run {run.pk}: <strong>done</strong>, draft computed in" in page
    assert "every 1s" not in page and "queued" not in page


def test_a_run_done_before_the_page_is_shown_is_shown_done(committee_event, client, eager_celery):
    from django.test import TestCase

    client.force_login(committee_event.member)
    with TestCase.captureOnCommitCallbacks(execute=True):  # the task runs at commit, in-process
        response = client.post(review(committee_event) + "request/")
    run = committee_event.round(1).pairing_runs.get()
    assert run.status == "succeeded"
    page = client.get(response["Location"]).content.decode()
    assert f"Pairing run {run.pk}: <strong>done</strong>" in page
    assert "queued" not in page and "every 1s" not in page
