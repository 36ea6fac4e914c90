"""With a real Celery worker on Redis and PostgreSQL: completing a round has its PDFs rendered and stored
by the worker, and the next reader is served the stored file (issue 20, item 5).

Skipped without REDIS_URL and a PostgreSQL DATABASE_URL (the worker is another process and must see
the test database, the cache's versions and the stored files: ``DJANGO_MEDIA_ROOT`` is the run's).
"""

from __future__ import annotations

import uuid

from printing import stored
from tests.workers import WITH_REAL_WORKERS, wait_for, workers

from .conftest import build_print_event

pytestmark = WITH_REAL_WORKERS

KINDS = {
    "pairings": "/t/{slug}/round/1/pairings.pdf",
    "boards": "/ops/t/{slug}/r/1/boards/print.pdf",
    "cards": "/ops/t/{slug}/r/1/boards/cards.pdf",
    "summary": "/ops/t/{slug}/r/1/summary.pdf",
    "standings": "/ops/t/{slug}/standings.pdf",
    "crosstable": "/ops/t/{slug}/crosstable.pdf",
}


def test_a_worker_renders_and_stores_the_documents_of_a_completed_round_and_readers_get_the_stored_files(
    client, settings
):
    from operations.services import results

    event = build_print_event(f"stored-{uuid.uuid4().hex[:6]}", 7, 2)
    settings.PRINTING_RENDER_AHEAD = True
    settings.PRINTING_RENDER_AHEAD_LANGUAGES = ["en"]
    env = {"DJANGO_MEDIA_ROOT": str(settings.MEDIA_ROOT), "PRINTING_RENDER_AHEAD_LANGUAGES": "en"}
    with workers(stop_timeout=30) as start:
        start(f"printing-{uuid.uuid4().hex[:8]}@test", env=env, without=("DJANGO_ALLOW_ASYNC_UNSAFE",))
        results.complete_round(event.round(1), by=event.users["arbiter"])  # commits: the task is queued

        def all_stored():
            rows = {kind: stored.current(stored.key(event.tournament, kind, 1, "en")) for kind in KINDS}
            return rows if all(rows.values()) else None

        rows = wait_for(all_stored, timeout=180, every=0.5)
    client.force_login(event.users["arbiter"])
    for kind, path in KINDS.items():
        row, version = rows[kind]
        answer = client.get(path.format(slug=event.slug))
        assert answer.status_code == 200 and answer["ETag"] == f'"{version}"', kind
        assert answer.content == stored.read(row), kind
        assert stored.key(event.tournament, kind, 1, "en").rows().get().rendered_at == row.rendered_at
