"""PDFs rendered ahead and served from storage (issue 20, item 5): nobody waits for a document.

Publishing a round, posting its board pairings and completing it render its documents in a
Celery task (``printing.receivers``, ``printing.tasks``); each is kept as a ``StoredDocument``
with the version it was rendered from. A request answers with the stored file (and its ETag) while
that version is current, and renders only when the file is missing or out of date, keeping what it
rendered for the next reader.

The version of a document is a digest of the public versions of what it shows
(``public_http.versions``: the tournament, the round, its results, bumped by every write the
public sees and after its commit), the rules of its layout (``FORMAT``), the stylesheets, and for
the rule 56 summary its signatures. It is taken before the page is read, as every cached public
page does: a file is never newer than its version, so a result corrected while a file is rendered
leaves that file out of date, never served.

One renderer at a time makes a version of a document: ``claim`` is a conditional UPDATE that
only one of the workers (or requests) asking at once wins; a claim older than
``CLAIM_SECONDS`` (a worker killed while rendering) may be taken again. A renderer whose claim was
taken over by a newer version drops what it rendered.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.files.base import ContentFile
from django.db.models import Count, Max, Q
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone, translation

from languages.selectors import languages_of
from operations import permissions
from operations.models import ResultsSummary
from operations.selectors import board_pairings_visible
from printing import selectors
from printing.documents import DOCUMENTS, Document
from printing.models import StoredDocument
from printing.pdf import DEFAULT_SIZE, render_pdf, styles_digest
from public_http import readers, versions
from tournaments.models import Membership, Round, RoundState, Tournament
from tournaments.models.membership import ARBITER_ROLES

FORMAT = "1"  # raise it when what a stored document shows changes without any version changing
CLAIM_SECONDS = 10 * 60  # a claim older than this is a renderer that died: another may take it

# What each step of the round's cycle makes out of date, and so renders ahead.
KINDS_BY_STATE: dict[str, tuple[str, ...]] = {
    RoundState.PUBLISHED: ("pairings",),
    RoundState.BOARD_PAIRINGS_POSTED: ("pairings", "boards", "cards"),
    RoundState.COMPLETE: ("pairings", "boards", "cards", "summary", "standings", "crosstable"),
}
TOURNAMENT_KINDS = ("standings", "crosstable")  # of the tournament as far as played (round_number 0)
OFFICIALS_ONLY = ("summary",)


@dataclass(frozen=True)
class Key:
    """One stored document: a document of a round (0 for the tournament's) in a language, on a paper size."""

    tournament: Tournament
    kind: str
    number: int
    language: str
    size: str = DEFAULT_SIZE

    @property
    def document(self) -> Document:
        return DOCUMENTS[self.kind]

    def rows(self):
        return StoredDocument.objects.filter(
            tournament=self.tournament,
            round_number=self.number,
            kind=self.kind,
            language=self.language,
            size=self.size,
        )


def key(
    tournament: Tournament, kind: str, number: int | None, language: str, size: str = DEFAULT_SIZE
) -> Key:
    """The stored document of ``kind`` for round ``number`` (ignored for the standings and crosstable)."""
    return Key(tournament, kind, 0 if kind in TOURNAMENT_KINDS else int(number or 0), language, size)


def languages(tournament: Tournament, read_in: bool = True) -> list[str]:
    """The languages ``tournament``'s documents are rendered ahead in.

    ``PRINTING_RENDER_AHEAD_LANGUAGES`` when set (``all``: every language of the site); else the
    event's own languages: the site's default, the languages its members (committee, arbiters,
    captains) chose, the languages its public pages are read in (``public_http.readers``) and each
    language in which a reader has asked for one of its documents (a stored row, rendered on that
    request). So a reader waits for a render only when he is the first to read the event in his
    language, and a small machine renders a quarter of the files when everyone reads the site's
    default language (issue 21: the printer's CPU under a season's load). ``read_in=False``: without
    the languages its pages are read in.
    """
    site = [code for code, _name in settings.LANGUAGES]
    chosen = [code for code in getattr(settings, "PRINTING_RENDER_AHEAD_LANGUAGES", None) or [] if code]
    if chosen:
        return site if chosen == ["all"] else [code for code in site if code in chosen]
    members = Membership.objects.filter(tournament=tournament).values_list("user_id", flat=True)
    asked = StoredDocument.objects.filter(tournament=tournament).values_list("language", flat=True)
    wanted = {settings.LANGUAGE_CODE, *languages_of(members).values(), *asked}
    if read_in:
        wanted.update(readers.read_in(tournament.slug))
    return [code for code in site if code in wanted]


# -- versions ------------------------------------------------------------------------------


def _version_names(k: Key) -> list[str]:
    slug = k.tournament.slug
    if k.kind == "pairings":
        return versions.round_and_results_names(slug, k.number)
    if k.kind in ("boards", "cards"):
        return versions.round_results_names(slug, k.number)
    if k.kind == "summary":  # its round's results, and where the next round stands (rule 56 basis)
        return [*versions.results_and_rounds_names(slug), *versions.round_results_names(slug, k.number)]
    return versions.results_names(slug)


def _signatures(k: Key) -> str:
    """The rule 56 signatures of the round (not among the public versions): their count and latest."""
    found = ResultsSummary.objects.filter(round__tournament=k.tournament, round__number=k.number).aggregate(
        n=Count("pk"), last=Max("pk")
    )
    return f"{found['n']}:{found['last']}"


def document_version(k: Key) -> str:
    """The version of what ``k`` shows now (take it before reading what the document shows)."""
    parts = [FORMAT, k.kind, str(k.number), k.language, k.size, versions.current(*_version_names(k))]
    parts.append(styles_digest())
    if k.kind == "summary":
        parts.append(_signatures(k))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:40]


# -- who may read a stored document --------------------------------------------------------


def may_read(user, k: Key) -> bool:
    """Whether the stored copy may answer ``user``: exactly when the document's page would.

    A public document is stored as the anonymous reader sees it; the summary as the arbiters see
    it (officials only). The board pairings are public once posted (officials before: their
    page answers them, not a stored copy).
    """
    if k.kind in OFFICIALS_ONLY:
        return permissions.is_official(user, k.tournament)
    if k.kind in ("boards", "cards"):
        rnd = Round.objects.filter(tournament=k.tournament, number=k.number).first()
        return rnd is not None and board_pairings_visible(rnd)
    return True


def _reader(k: Key):
    """The user a stored document is rendered for: nobody for a public one; an arbiter for the summary."""
    if k.kind not in OFFICIALS_ONLY:
        return AnonymousUser()
    membership = (
        Membership.objects.filter(tournament=k.tournament, role__in=ARBITER_ROLES)
        .select_related("user")
        .order_by("pk")
        .first()
    )
    return membership.user if membership else None


# -- rendering and storing -----------------------------------------------------------------


def _path(k: Key) -> str:
    kwargs = {"slug": k.tournament.slug}
    if k.kind not in TOURNAMENT_KINDS:
        kwargs["number"] = k.number
    return reverse(f"pdf-{k.kind}", kwargs=kwargs)


def page_html(k: Key) -> str | None:
    """The HTML of ``k``'s page as its reader sees it (its own view), or None when it answers otherwise."""
    reader = _reader(k)
    if reader is None:
        return None
    request = RequestFactory().get(_path(k), HTTP_ACCEPT_LANGUAGE=k.language)
    request.user = reader
    request.htmx = False
    request.LANGUAGE_CODE = k.language
    kwargs = {} if k.kind in TOURNAMENT_KINDS else {"number": k.number}
    page = k.document.page(request, slug=k.tournament.slug, **kwargs, **k.document.page_kwargs)
    if page.status_code != 200 or not page.get("Content-Type", "").startswith("text/html"):
        return None
    return page.content.decode(page.charset or "utf-8")


def render(k: Key, html: str | None = None) -> bytes | None:
    """The PDF of ``k`` in its language (``html``: its page, when the caller has it already)."""
    with translation.override(k.language):
        html = html if html is not None else page_html(k)
        if html is None:
            return None
        number = None if k.kind in TOURNAMENT_KINDS else k.number
        header = selectors.print_header(k.tournament, k.document.title, number)
        return render_pdf(html, header, size=k.size, landscape=k.document.landscape, path=_path(k))


def claim(k: Key, version: str) -> StoredDocument | None:
    """The row of ``k`` claimed for rendering ``version``; None when it is stored already or being
    rendered by someone else (a conditional UPDATE: of renderers asking at once, one wins)."""
    row, _created = k.rows().get_or_create(
        tournament=k.tournament, round_number=k.number, kind=k.kind, language=k.language, size=k.size
    )
    cutoff = timezone.now() - timedelta(seconds=CLAIM_SECONDS)
    won = (
        StoredDocument.objects.filter(pk=row.pk)
        .exclude(version=version, file__gt="")
        .filter(~Q(claimed_version=version) | Q(claimed_at__lt=cutoff) | Q(claimed_at__isnull=True))
        .update(claimed_version=version, claimed_at=timezone.now())
    )
    return row if won else None


def store(k: Key, version: str, pdf: bytes, seconds: float) -> StoredDocument | None:
    """Keep ``pdf`` as ``k``'s file of ``version`` if the claim is still this renderer's."""
    row = k.rows().get()
    name = f"{k.kind}-r{k.number}-{k.language}-{k.size}-{version[:16]}.pdf"
    saved = row.file.storage.save(row.file.field.generate_filename(row, name), ContentFile(pdf))
    old = row.file.name
    kept = StoredDocument.objects.filter(pk=row.pk, claimed_version=version).update(
        version=version,
        file=saved,
        rendered_at=timezone.now(),
        render_seconds=seconds,
        claimed_version="",
        claimed_at=None,
    )
    storage = row.file.storage
    if not kept:  # a newer version claimed it meanwhile: this one is out of date already
        storage.delete(saved)
        return None
    if old and old != saved:
        storage.delete(old)
    row.refresh_from_db()
    return row


def release(k: Key, version: str) -> None:
    k.rows().filter(claimed_version=version).update(claimed_version="", claimed_at=None)


def render_and_store(k: Key, html: str | None = None, version: str | None = None) -> StoredDocument | None:
    """Render ``k`` and store it, unless it is stored already at its current version or another
    renderer is at work on it; the stored row, or None.

    ``version`` (with ``html``): the version the caller took before rendering ``html``.
    """
    version = version or document_version(k)
    if claim(k, version) is None:
        return None
    started = time.perf_counter()
    try:
        pdf = render(k, html)
    except BaseException:
        release(k, version)
        raise
    if pdf is None:
        release(k, version)
        return None
    return store(k, version, pdf, time.perf_counter() - started)


def current(k: Key) -> tuple[StoredDocument, str] | None:
    """The stored row of ``k`` if its file is of the current version, and that version."""
    version = document_version(k)
    row = k.rows().filter(version=version).exclude(file="").first()
    return (row, version) if row is not None else None


def read(row: StoredDocument) -> bytes | None:
    """The stored file's bytes; None when the file has gone (a storage emptied by hand), which is then
    forgotten so that the next renderer may store it again."""
    try:
        with row.file.storage.open(row.file.name, "rb") as f:
            return f.read()
    except (FileNotFoundError, OSError):
        StoredDocument.objects.filter(pk=row.pk, file=row.file.name).update(file="")
        return None
