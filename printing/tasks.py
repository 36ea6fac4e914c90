"""Celery task of the printed documents: render a round's documents ahead of the readers (issue 20, item 5)."""

from __future__ import annotations

from celery import shared_task

from printing import stored
from tournaments.models import Round, Tournament


@shared_task(name="printing.render_documents")
def render_documents(
    tournament_id: int, number: int, kinds: list[str], state: str | None = None
) -> list[str]:
    """Render and store ``kinds`` of round ``number`` in each of the event's languages (``stored.languages``, A4).

    A document stored at its current version already, or being rendered by another worker, is
    skipped (``stored.claim``); the documents rendered are returned ("boards r3 fr"). ``state``: the
    round's state the render was asked for; a round no longer in it is skipped (its new step asked
    for its own render).
    """
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return []
    if (
        state is not None
        and not Round.objects.filter(tournament=tournament, number=number, state=state).exists()
    ):
        # The round has moved on since (``state``: the step this render was asked for): the step it is at
        # asked for its own render, which covers these documents at their newer versions. On a busy
        # printer (a season's committees publishing, posting and completing rounds every few seconds) the
        # renders of steps already passed are skipped instead of rendered and thrown away.
        return []
    done = []
    for kind in kinds:
        for language in stored.languages(tournament):
            k = stored.key(tournament, kind, number, language)
            if stored.render_and_store(k) is not None:
                done.append(f"{kind} r{number} {language}")
    return done
