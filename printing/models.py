"""Printed documents rendered ahead of the readers, kept in the site's storage (issue 20, item 5).

A ``StoredDocument`` is one PDF of one document (``printing.documents``) of one round (0: the
tournament as far as played: standings, crosstable), in one language, on one paper size. It is
rendered by a Celery task when the round is published, its board pairings posted, or it is
completed (``printing.receivers``), and on a request that finds it missing or out of date.
``version`` says what it was rendered from (``printing.stored.document_version``: the public
versions of the round and its results, the stylesheets and the document): a request serves the
file only while that is still the current version, so a correction is never answered with the
old file. ``claimed_version``/``claimed_at`` let one renderer at a time make a version (a
conditional UPDATE: ``printing.stored.claim``).
"""

from __future__ import annotations

from django.db import models


def stored_path(instance: StoredDocument, filename: str) -> str:
    return f"printing/{instance.tournament_id}/{filename}"


class StoredDocument(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="stored_documents"
    )
    round_number = models.PositiveSmallIntegerField(default=0)  # 0: the tournament as far as played
    kind = models.CharField(max_length=20)  # printing.documents.DOCUMENTS' key
    language = models.CharField(max_length=10)
    size = models.CharField(max_length=10)  # printing.pdf.PAGE_SIZES' key
    version = models.CharField(max_length=64, blank=True)  # what ``file`` was rendered from; also its ETag
    file = models.FileField(upload_to=stored_path, blank=True, max_length=200)
    rendered_at = models.DateTimeField(null=True, blank=True)
    render_seconds = models.FloatField(null=True, blank=True)
    claimed_version = models.CharField(max_length=64, blank=True)  # being rendered now, by whoever claimed it
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round_number", "kind", "language", "size"], name="one_stored_document"
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} r{self.round_number} {self.language} {self.size} ({self.version[:12]})"
