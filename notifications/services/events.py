"""What each event tells whom (issue 12, section 2), and its key.

Each function builds the event's messages and hands them to the outbox, which
records one notice per (event key, recipient) and sends it once:

- ``pairings_published(publication)``: every captain of the round, with his
  team's match; a correction (publication 2, 3 ...) says what changed and why
  (rule 57). Key ``pairings:<publication id>``.

Each message is written in its recipient's language (``languages``: the one he
chose with the switcher, else the site's default).
- ``lineup_window_opened(round)``: every captain of a paired team, with the
  deadline (rule 61). Key ``lineups-open:<round id>:<opening>``; skipped when
  the window is not open any more by the time the task runs.
- ``lineup_reminders(now)``: one hour before a window closes, the captains
  whose team has no lineup in. Key ``lineups-reminder:<round id>:<deadline>:<team id>``,
  so a moved deadline reminds again.
- ``run_failed(run)``: the committee's members and chair, with the reason.
  Key ``run-failed:<run id>:<time it failed>`` (a run asked for again after a failure
  counts its attempts afresh, so the time tells one failure from the next).
- ``results_changed(round)``: ``round`` was completed and a later round's pairing rests on
  results that changed since it was computed (issue 18, item 6): the committee's members
  and chair, with the changes. Key ``results-changed:<later round id>:<results fingerprint>``,
  so each new state of the results is told once.
"""

from __future__ import annotations

import datetime as dt
from urllib.parse import urljoin

from django.conf import settings
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from languages.activation import in_language_of
from languages.selectors import languages_of
from notifications import selectors
from notifications.models import Kind
from notifications.services import outbox
from notifications.services.outbox import Message
from operations.lineup_window import OPEN_STATES, lineup_deadline, window_is_open
from tournaments.models import Match, Round
from tournaments.selectors import rounds_resting_on

REMINDER_BEFORE = dt.timedelta(hours=1)


def site_url(path: str) -> str:
    return urljoin(getattr(settings, "SITE_URL", "http://127.0.0.1:8000").rstrip("/") + "/", path.lstrip("/"))


def _render(kind: str, context: dict, language: str | None = None) -> tuple[str, str]:
    """Subject and body of the notice, in ``language`` (else the recipient's, ``context["user"]``)."""
    context = {**context, "preferences_url": site_url(reverse("notice-preferences"))}
    with in_language_of(context.get("user"), language):
        subject = render_to_string(f"notifications/email/{kind}_subject.txt", context)
        body = render_to_string(f"notifications/email/{kind}.txt", context)
    return " ".join(subject.split()), body.strip() + "\n"


def _deliver(event_key: str, kind: str, messages: list[Message]) -> int:
    ids = outbox.record(event_key, kind, messages)
    return outbox.send(ids) if ids else 0


def _match_line(match: Match, team_id: int) -> dict:
    """The team's match as a captain reads it."""
    if match.is_bye:
        return {"table": match.table, "bye": True, "colour": "", "opponent": ""}
    own_white = match.white_team_id == team_id
    opponent = match.black_team if own_white else match.white_team
    return {
        "table": match.table,
        "bye": False,
        "colour": "White" if own_white else "Black",
        "opponent": opponent.name,
    }


def _matches_by_team(round: Round) -> dict[int, Match]:
    out = {}
    for m in round.matches.select_related("white_team", "black_team"):
        out[m.white_team_id] = m
        if m.black_team_id:
            out[m.black_team_id] = m
    return out


def _pairs(pairing: dict, names: dict) -> dict[frozenset, str]:
    """{frozenset of TPNs: 'A – B'} of a stored pairing (the bye as 'A – bye')."""

    def name(tpn) -> str:
        return (names.get(str(tpn)) or {}).get("name") or f"TPN {tpn}"

    out = {
        frozenset((p["white"], p["black"])): f"{name(p['white'])} – {name(p['black'])}"
        for p in pairing.get("pairs", [])
    }
    if pairing.get("bye") is not None:
        out[frozenset((pairing["bye"], None))] = _("%(team)s: pairing-allocated bye") % {
            "team": name(pairing["bye"])
        }
    return out


def correction_changes(previous, publication) -> list[str]:
    """The pairings a correction removed and added, by team name (colours included), in the active language."""
    before = _pairs(previous.pairing, previous.teams)
    after = _pairs(publication.pairing, publication.teams)
    removed = [
        _("withdrawn: %(pairing)s") % {"pairing": before[k]}
        for k in before
        if k not in after or before[k] != after[k]
    ]
    added = [
        _("now: %(pairing)s") % {"pairing": after[k]}
        for k in after
        if k not in before or before[k] != after[k]
    ]
    return removed + added


def pairings_published(publication) -> int:
    """Tell every captain of the round that its pairing is published (or corrected)."""
    rnd = publication.round
    t = rnd.tournament
    previous = rnd.publications.filter(number__lt=publication.number).order_by("-number").first()
    by_team = _matches_by_team(rnd)
    url = site_url(reverse("public-round-pairings", args=[t.slug, rnd.number]))
    messages = []
    captains = selectors.captains_of_round(rnd)
    language = languages_of(c.user.pk for c in captains)
    for c in captains:
        match = by_team.get(c.team.pk)
        with in_language_of(c.user, language[c.user.pk]):
            changes = correction_changes(previous, publication) if previous else []
        subject, body = _render(
            Kind.PAIRINGS,
            {
                "tournament": t,
                "round": rnd,
                "team": c.team,
                "user": c.user,
                "publication": publication,
                "corrected": previous is not None,
                "changes": changes,
                "match": _match_line(match, c.team.pk) if match else None,
                "url": url,
            },
            language[c.user.pk],
        )
        messages.append(Message(c.user, subject, body, t.pk))
    return _deliver(f"pairings:{publication.pk}", Kind.PAIRINGS, messages)


def lineup_window_opened(round: Round, opening: str) -> int:
    """Tell the captains that the lineup window of ``round`` is open (if it still is)."""
    t = round.tournament
    if not t.is_team_event or not window_is_open(round):
        return 0
    deadline = lineup_deadline(round)
    by_team = _matches_by_team(round)
    messages = []
    captains = selectors.captains_of_round(round)
    language = languages_of(c.user.pk for c in captains)
    for c in captains:
        match = by_team.get(c.team.pk)
        if match is None or match.is_bye:
            continue
        subject, body = _render(
            Kind.LINEUP_WINDOW,
            {
                "tournament": t,
                "round": round,
                "team": c.team,
                "user": c.user,
                "deadline": timezone.localtime(deadline) if deadline else None,
                "match": _match_line(match, c.team.pk),
                "url": site_url(reverse("ops-lineup", args=[t.slug, round.number]) + f"?team={c.team.tpn}"),
            },
            language[c.user.pk],
        )
        messages.append(Message(c.user, subject, body, t.pk))
    return _deliver(f"lineups-open:{round.pk}:{opening}", Kind.LINEUP_WINDOW, messages)


def lineup_reminders(now: dt.datetime | None = None) -> int:
    """One hour before a window closes, remind the captains whose team has no lineup in."""
    now = now or timezone.now()
    sent = 0
    rounds = (
        Round.objects.filter(state__in=OPEN_STATES, tournament__is_team_event=True)
        .filter(Q(lineups_close_at__isnull=False) | Q(tournament__lineup_close_time__isnull=False))
        .select_related("tournament")
    )
    for rnd in rounds:
        deadline = lineup_deadline(rnd)
        if deadline is None or not (deadline - REMINDER_BEFORE <= now < deadline):
            continue
        if not window_is_open(rnd, now):
            continue
        for c in selectors.captains_without_lineup(rnd):
            subject, body = _render(
                Kind.LINEUP_REMINDER,
                {
                    "tournament": rnd.tournament,
                    "round": rnd,
                    "team": c.team,
                    "user": c.user,
                    "deadline": timezone.localtime(deadline),
                    "minutes": max(1, int((deadline - now).total_seconds() // 60)),
                    "url": site_url(
                        reverse("ops-lineup", args=[rnd.tournament.slug, rnd.number]) + f"?team={c.team.tpn}"
                    ),
                },
            )
            key = f"lineups-reminder:{rnd.pk}:{deadline.isoformat()}:{c.team.pk}"
            sent += _deliver(key, Kind.LINEUP_REMINDER, [Message(c.user, subject, body, rnd.tournament_id)])
    return sent


def run_failed(run) -> int:
    """Tell the committee that a pairing run failed, and why."""
    rnd = run.round
    t = rnd.tournament
    url = site_url(reverse("committee-round", args=[t.slug, rnd.number]))
    messages = []
    committee = selectors.committee_of(t)
    language = languages_of(user.pk for user in committee)
    for user in committee:
        subject, body = _render(
            Kind.RUN_FAILED,
            {"tournament": t, "round": rnd, "run": run, "user": user, "url": url},
            language[user.pk],
        )
        messages.append(Message(user, subject, body, t.pk))
    when = run.finished_at.isoformat() if run.finished_at else run.attempts
    return _deliver(f"run-failed:{run.pk}:{when}", Kind.RUN_FAILED, messages)


def results_changed(round: Round) -> int:
    """Tell the committee which later pairings rest on results of ``round`` that changed since."""
    from committee.basis import basis_of

    t = round.tournament
    sent = 0
    for later in rounds_resting_on(round.number, tournament=t):
        later.tournament = t
        found = basis_of(later)
        if found is None or not found.stale:
            continue
        url = site_url(reverse("committee-round", args=[t.slug, later.number]))
        committee = selectors.committee_of(t)
        language = languages_of(user.pk for user in committee)
        messages = []
        for user in committee:
            with in_language_of(user, language[user.pk]):
                changes = found.changes_text
            subject, body = _render(
                Kind.RESULTS_CHANGED,
                {
                    "tournament": t,
                    "round": round,
                    "later": later,
                    "published": found.published,
                    "changes": changes,
                    "user": user,
                    "url": url,
                },
                language[user.pk],
            )
            messages.append(Message(user, subject, body, t.pk))
        key = f"results-changed:{later.pk}:{found.now or 'unreadable'}"
        sent += _deliver(key, Kind.RESULTS_CHANGED, messages)
    return sent
