"""The outbox: one row per (event, recipient), claimed before it is sent, so nothing goes out twice.

``record`` inserts the rows of an event (``INSERT ... ON CONFLICT DO NOTHING``):
whoever dispatches the event first creates them, a second dispatch (a
redelivered task, a second worker, the beat's sweep) creates nothing. A
sender then claims each row with a conditional UPDATE (``pending`` or a
``failed`` row due for a retry -> ``sending``, with a token); only the
claimant sends, and it marks the row ``sent`` only if the token is still
its own. A send that raises marks the row ``failed``: the sweep retries it
(``MAX_ATTEMPTS`` in all). A row left ``sending`` by a worker that died
mid-send is not retried automatically: the message may have left, and a
second copy is worse than a late one; the admin shows such rows.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db.models import Q
from django.utils import timezone

from notifications.models import Notice
from notifications.selectors import off_for
from pairing_site import metrics

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 5
RETRY_AFTER = timedelta(minutes=1)  # times the attempts made so far

S = Notice.Status


@dataclass(frozen=True)
class Message:
    recipient: object  # a User with an e-mail address
    subject: str
    body: str
    tournament_id: int | None = None


def record(event_key: str, kind: str, messages: Iterable[Message]) -> list[int]:
    """Insert the event's notices (once per recipient, ever); the ids of the event's rows still to send.

    Recipients who switched this kind of notice off get no row.
    """
    messages = [m for m in messages if m.recipient.email]
    switched_off = off_for(kind, {m.recipient.pk for m in messages})
    rows = [
        Notice(
            event_key=event_key,
            recipient=m.recipient,
            kind=kind,
            tournament_id=m.tournament_id,
            email=m.recipient.email,
            subject=m.subject[:250],
            body=m.body,
        )
        for m in messages
        if m.recipient.pk not in switched_off
    ]
    if rows:
        Notice.objects.bulk_create(rows, ignore_conflicts=True)
    return list(
        Notice.objects.filter(event_key=event_key, status=S.PENDING)
        .order_by("id")
        .values_list("id", flat=True)
    )


def _due_for_retry(now) -> Q:
    q = Q()
    for attempts in range(1, MAX_ATTEMPTS):
        q |= Q(attempts=attempts, claimed_at__lt=now - RETRY_AFTER * attempts)
    return Q(status=S.FAILED) & q


def claim(notice_id: int, now=None) -> str | None:
    """Claim a notice to send it; the claim token, or None when it is not (or no longer) to send."""
    now = now or timezone.now()
    token = uuid.uuid4().hex
    claimed = (
        Notice.objects.filter(pk=notice_id)
        .filter(Q(status=S.PENDING) | _due_for_retry(now))
        .update(status=S.SENDING, claim_token=token, claimed_at=now)
    )
    return token if claimed else None


def send(notice_ids: Sequence[int], *, now=None) -> int:
    """Send the notices this process can claim; how many were sent."""
    sent = 0
    connection = None
    try:
        for notice_id in notice_ids:
            token = claim(notice_id, now)
            if token is None:
                continue
            notice = Notice.objects.get(pk=notice_id)
            if connection is None:
                connection = get_connection(fail_silently=False)
                try:
                    connection.open()  # one SMTP session for the batch
                except Exception as exc:
                    _failed(notice, token, exc)
                    connection = None
                    continue
            message = EmailMessage(
                subject=notice.subject,
                body=notice.body,
                from_email=settings.DEFAULT_FROM_EMAIL,
                to=[notice.email],
                connection=connection,
                headers={"X-Pairing-Site-Notice": notice.event_key},
            )
            try:
                message.send()
            except Exception as exc:  # SMTP refused, server down: retried by the sweep
                _failed(notice, token, exc)
                _close(connection)
                connection = None  # a broken connection is not reused
                continue
            Notice.objects.filter(pk=notice.pk, claim_token=token).update(
                status=S.SENT, sent_at=timezone.now(), attempts=notice.attempts + 1, error=""
            )
            sent += 1
            metrics.email_sent()
    finally:
        _close(connection)
    return sent


def _failed(notice: Notice, token: str, exc: Exception) -> None:
    log.warning("notice %s to %s failed: %s", notice.pk, notice.email, exc)
    metrics.email_failed()
    attempts = notice.attempts + 1
    Notice.objects.filter(pk=notice.pk, claim_token=token).update(
        status=S.FAILED if attempts < MAX_ATTEMPTS else S.GAVE_UP,
        attempts=attempts,
        error=f"{type(exc).__name__}: {exc}"[:2000],
    )


def _close(connection) -> None:
    if connection is None:
        return
    try:
        connection.close()
    except Exception:  # closing a dead SMTP connection must not lose the count
        log.debug("closing the mail connection failed", exc_info=True)


def retry_due(now=None) -> int:
    """Send the pending notices older than a minute (a lost task) and the failed ones due for a retry."""
    now = now or timezone.now()
    ids = list(
        Notice.objects.filter(
            Q(status=S.PENDING, created_at__lt=now - timedelta(minutes=1)) | _due_for_retry(now)
        )
        .order_by("id")
        .values_list("id", flat=True)[:500]
    )
    return send(ids, now=now) if ids else 0
