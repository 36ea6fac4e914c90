"""One log line per Celery task, with the tournament and round it worked on where known.

``task_prerun`` binds the task's id and, from its arguments (``run_id``, ``round_id``,
``publication_id``), the tournament slug and round number to the log context; ``task_postrun``
logs ``task <name> <state>`` with its duration to the ``pairing_site.task`` logger and unbinds.
The lookup happens before the task runs: after it, Celery's Django fixup has closed the
task's database connection.
"""

from __future__ import annotations

import contextlib
import contextvars
import inspect
import logging
import time

from celery.signals import task_postrun, task_prerun
from django.apps import apps

from observability import context

log = logging.getLogger("pairing_site.task")

# argument name -> (model, lookups giving the tournament slug and the round number)
RESOLVERS: dict[str, tuple[str, str, str]] = {
    "run_id": ("committee.PairingRun", "round__tournament__slug", "round__number"),
    "round_id": ("tournaments.Round", "tournament__slug", "number"),
    "publication_id": ("committee.Publication", "round__tournament__slug", "round__number"),
}

_started: dict[str, tuple[float, contextvars.Token]] = {}


def _arguments(task, args, kwargs) -> dict:
    try:
        return dict(inspect.signature(task.run).bind_partial(*(args or ()), **(kwargs or {})).arguments)
    except (TypeError, ValueError):
        return dict(kwargs or {})


def where(task, args, kwargs) -> dict:
    """``{"tournament": slug, "round": number}`` for a task's arguments, as far as known."""
    arguments = _arguments(task, args, kwargs)
    for name, (model_name, slug_lookup, number_lookup) in RESOLVERS.items():
        pk = arguments.get(name)
        if not isinstance(pk, int):
            continue
        try:
            found = (
                apps.get_model(model_name)
                .objects.filter(pk=pk)
                .values_list(slug_lookup, number_lookup)
                .first()
            )
        except Exception:  # a log line must never stop a task
            log.debug("could not resolve %s=%s", name, pk, exc_info=True)
            return {}
        if found:
            return {"tournament": found[0], "round": found[1]}
    return {}


@task_prerun.connect
def _task_started(sender=None, task_id=None, task=None, args=None, kwargs=None, **_):
    found = where(task, args, kwargs) if task is not None else {}
    token = context.bind(task_id=task_id, **found)
    _started[task_id] = (time.monotonic(), token)


@task_postrun.connect
def _task_finished(sender=None, task_id=None, task=None, state=None, **_):
    started, token = _started.pop(task_id, (None, None))
    try:
        request = getattr(task, "request", None)
        log.info(
            "task %s %s",
            getattr(task, "name", "?"),
            state,
            extra={
                "event": "task",
                "task": getattr(task, "name", None),
                "state": state,
                "duration_ms": round((time.monotonic() - started) * 1000, 1) if started else None,
                "retries": getattr(request, "retries", None),
                "worker": getattr(request, "hostname", None),
            },
        )
    finally:
        if token is not None:
            with contextlib.suppress(ValueError):  # created in another context (should not happen)
                context.reset(token)
