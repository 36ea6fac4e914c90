"""The key pages and e-mails of the issue (section 4), fetched in a language, with the strings they used."""

from __future__ import annotations

import re
import uuid
from html.parser import HTMLParser

from .conftest import recorded

# name: (who looks, URL name, URL arguments: "slug", "draft-slug" (the event awaiting approval), "first-player"
# (the id of the first player of TPN 1), or a number)
PAGES = {
    "home": (None, "home", ()),
    "home-with-roles": ("captain", "home", ()),
    "tournament": (None, "tournament-detail", ("slug",)),
    "round-pairings": (None, "public-round-pairings", ("slug", 1)),
    "standings": (None, "ops-standings", ("slug",)),
    "crosstable": (None, "ops-crosstable", ("slug",)),
    "results": ("arbiter", "ops-results", ("slug", 1)),
    "result-grid": ("arbiter", "ops-result-grid", ("slug", 1)),
    "board-pairings": (None, "ops-board-pairings", ("slug", 1)),
    "results-summary": ("arbiter", "ops-summary", ("slug", 1)),
    "lineup-form": ("captain", "ops-lineup", ("slug", 2)),
    "committee-dashboard": ("chair", "committee-dashboard", ("slug",)),
    "committee-review": ("chair", "committee-round", ("slug", 2)),
    "options": ("chair", "committee-options", ("slug",)),
    "notice-preferences": ("captain", "notice-preferences", ()),
    "login": (None, "login", ()),
    # and a few more of the round cycle's pages
    "tournament-pairings": (None, "public-tournament-pairings", ("slug",)),
    "rounds": ("arbiter", "ops-hub", ("slug",)),
    "lineup-status": ("arbiter", "ops-lineup-status", ("slug", 2)),
    "pairing-cards": (None, "ops-pairing-cards", ("slug", 1)),
    "tie-breaks": (None, "ops-tiebreaks", ("slug", 1)),
    "team-page": (None, "team-page", ("slug", 1)),
    "player-page": (None, "player-page", ("slug", "first-player")),
    "board-prizes": (None, "board-prizes", ("slug",)),
    "api-token": ("captain", "account-tokens", ()),
    # a draft awaiting a second approval (with the explanation's options in force), options not frozen yet
    "committee-review-draft": ("chair", "committee-round", ("draft-slug", 1)),
    "options-before-round-1": ("chair", "committee-options", ("draft-slug",)),
}
KEY_PAGES = [*PAGES, "e-mails"]


def fetch(event, name: str, language: str):
    """(visible text, recorded msgids) of page ``name`` in ``language`` (the switcher's cookie)."""
    from django.conf import settings
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    cache.clear()  # the page rendered now, not a copy kept from another test (its strings are recorded)
    if name == "e-mails":
        return emails(event, language)
    role, url_name, args = PAGES[name]
    client = Client()
    if role:
        client.force_login(event.users[role])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    slugs = {"slug": event.slug, "draft-slug": event.draft_slug}
    if "first-player" in args:
        from tournaments.models import Player

        first = Player.objects.filter(team__tournament__slug=event.slug, team__tpn=1).order_by("board_order")
        slugs["first-player"] = first.values_list("pk", flat=True)[0]
    url = reverse(url_name, args=[slugs.get(a, a) if isinstance(a, str) else a for a in args])
    with recorded() as seen:
        response = client.get(url)
    assert response.status_code == 200, (name, url, response.status_code)
    return visible_text(response.content.decode(), language), seen


def emails(event, language: str):
    """(subjects and bodies, recorded msgids) of every kind of notice, to recipients who chose ``language``."""
    from django.core import mail
    from django.utils import timezone

    from committee.models import PairingRun
    from languages.services import remember_language
    from notifications.services import events

    t = event.tournament
    for key in ("captain", "chair", "member"):
        remember_language(event.users[key], language)
    round2, round3 = t.rounds.get(number=2), t.rounds.get(number=3)
    failed = PairingRun.objects.create(
        tournament=t,
        round=round3,
        input_snapshot={},
        input_hash=uuid.uuid4().hex,
        status=PairingRun.Status.FAILED,
        error="engine: no pairing",
        finished_at=timezone.now(),
        attempts=1,
    )
    mail.outbox = []
    with recorded() as seen:
        events.pairings_published(round2.publications.order_by("-number").first())
        events.lineup_window_opened(round2, f"i18n-{uuid.uuid4().hex}")
        events.run_failed(failed)
    assert len(mail.outbox) >= 3, [m.subject for m in mail.outbox]
    text = "\n".join(f"{m.subject}\n{m.body}" for m in mail.outbox)
    return " ".join(text.split()), seen


class _Text(HTMLParser):
    """The text a reader sees or hears: text nodes, and title / aria-label / placeholder / alt attributes.

    Left out: scripts, styles, and every element marked as written in another language
    (``lang="en"`` on a French page: the engine's explanations, which stay in English).
    """

    VOID = {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }

    def __init__(self, language: str):
        super().__init__(convert_charrefs=True)
        self.language = language
        self.parts: list[str] = []
        self.stack: list[bool] = []  # per open element: is it left out?

    def _skipped(self) -> bool:
        return any(self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        lang = (attrs.get("lang") or "").split("-")[0]
        skip = tag in ("script", "style") or (bool(lang) and lang != self.language and tag != "html")
        if not (skip or self._skipped()):
            for name in ("title", "aria-label", "placeholder", "alt"):
                if attrs.get(name):
                    self.parts.append(attrs[name])
        if tag not in self.VOID:
            self.stack.append(skip)

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not self._skipped():
            self.parts.append(data)


def visible_text(html: str, language: str) -> str:
    parser = _Text(language)
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


_PLACEHOLDER = re.compile(r"%\(\w+\)[sdrf]|%[sdrf]|\{\w*\}|<[^>]*>|&\w+;")


def english_chunks(msgid: str) -> list[str]:
    """The stretches of plain English in ``msgid`` between its placeholders and tags, of three words or more."""
    chunks = [" ".join(c.split()) for c in _PLACEHOLDER.split(msgid)]
    return [c for c in chunks if len(re.findall(r"[A-Za-z]{2,}", c)) >= 3]
