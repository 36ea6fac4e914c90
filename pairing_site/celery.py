"""The Celery application: ``celery -A pairing_site worker``.

Configured from Django settings (``CELERY_*``): late acknowledgement,
tasks re-queued when a worker dies, one task prefetched at a time. Without
``REDIS_URL`` tasks run eagerly in-process (development). Enqueue work only
after the transaction commits: ``some_task.delay_on_commit(...)`` or
``transaction.on_commit(lambda: some_task.delay(...))``.
"""

import os

from celery import Celery

from observability.heartbeat import Heartbeat

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pairing_site.settings")

app = Celery("pairing_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Each worker writes a heartbeat to Redis that /healthz/ and /metrics read (observability.heartbeat).
app.steps["consumer"].add(Heartbeat)
app.autodiscover_tasks()
app.autodiscover_tasks(["pairing_site"])
