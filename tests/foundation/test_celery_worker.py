"""A real Celery worker executes tasks from Redis (skipped without REDIS_URL)."""

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.services


@pytest.fixture(scope="module")
def worker_queue():
    """Start ``celery -A pairing_site worker`` on a queue of its own; stop it afterwards."""
    if not os.environ.get("REDIS_URL"):
        pytest.skip(
            "REDIS_URL is not set: the real-worker test needs Redis (CI sets it; the quick start does not)"
        )
    queue = f"test-{uuid.uuid4().hex[:8]}"
    log = open(ROOT / f"celery-test-worker-{queue}.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "pairing_site",
            "worker",
            "--pool",
            "solo",
            "-Q",
            queue,
            "--without-gossip",
            "--without-mingle",
            "--loglevel",
            "INFO",
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        yield queue
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        Path(log.name).unlink(missing_ok=True)


def test_a_real_worker_answers_the_ping_task_through_redis(worker_queue, settings):
    from pairing_site.tasks import ping

    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    result = ping.apply_async(queue=worker_queue)
    assert result.get(timeout=90) == "pong"


@pytest.mark.django_db(transaction=True)
def test_a_task_enqueued_in_a_transaction_runs_only_after_commit(worker_queue):
    from django.db import transaction

    from pairing_site.tasks import ping

    # The worker is up (it answers), so anything sent is run within moments.
    assert ping.apply_async(queue=worker_queue).get(timeout=90) == "pong"
    task_id = uuid.uuid4().hex
    result = ping.AsyncResult(task_id)
    with transaction.atomic():
        ping.apply_async_on_commit(queue=worker_queue, task_id=task_id)
        time.sleep(1.5)
        assert result.state == "PENDING"  # not sent while the transaction is open
    assert result.get(timeout=90) == "pong"
