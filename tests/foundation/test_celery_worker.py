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


def _worker_log(path: Path) -> str:
    try:
        return path.read_text()[-3000:]
    except OSError:
        return "(no worker log)"


@pytest.fixture(scope="module")
def worker_queue():
    """Start ``celery -A pairing_site worker`` on a queue of its own; stop it afterwards.

    Waits until the worker answers a control ping (up to 3 minutes on a
    loaded machine) and fails with the worker's log if it never does.
    """
    if not os.environ.get("REDIS_URL"):
        pytest.skip(
            "REDIS_URL is not set: the real-worker test needs Redis (CI sets it; the quick start does not)"
        )
    from pairing_site.celery import app

    queue = f"test-{uuid.uuid4().hex[:8]}"
    node = f"{queue}@localhost"
    log_path = ROOT / f"celery-test-worker-{queue}.log"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    with open(log_path, "w") as log:
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
                "-n",
                node,
                "--without-gossip",
                "--without-mingle",
                "--loglevel",
                "INFO",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 180
        while not app.control.ping(destination=[node], timeout=1.0):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the Celery worker did not start:\n{_worker_log(log_path)}")
        yield queue
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log_path.unlink(missing_ok=True)


@pytest.mark.django_db(transaction=True)
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
