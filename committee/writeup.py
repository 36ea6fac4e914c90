"""The draft of a round's write-up (rule 57) for the members to edit.

What the committee changed is read from the current version against the engine's
pairing, not from the amendments made on the way: an amendment undone by another,
or by a return to an earlier version, changed nothing (issue 18 item 6). Teams are
named by name and TPN, in the engine's steps too.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from committee.selectors import current_version, team_names, with_engine_articles
from tournaments.engine_texts import with_team_names
from tournaments.models import Round
from tournaments.time_zones import format_at_venue


def _departures_in_words(pairing: dict[str, Any], engine: dict[str, Any], team) -> list[str]:
    """How ``pairing`` departs from the ``engine``'s, pair by pair, teams named by ``team(tpn)``."""
    engine_pairs = {frozenset((p["white"], p["black"])): p for p in engine.get("pairs", [])}
    pairs = {frozenset((p["white"], p["black"])): p for p in pairing.get("pairs", [])}
    out = []
    for key, p in pairs.items():
        e = engine_pairs.get(key)
        if e is None:
            out.append(
                _("paired %(white)s (White) with %(black)s")
                % {"white": team(p["white"]), "black": team(p["black"])}
            )
        elif e["white"] != p["white"]:
            out.append(
                _("swapped the colours of %(team)s's pairing: White for %(white)s")
                % {"team": team(e["white"]), "white": team(p["white"])}
            )
    dropped = [e for key, e in engine_pairs.items() if key not in pairs]
    if dropped:
        out.append(
            _("the engine's pairing had %(pairs)s")
            % {"pairs": ", ".join(f"{team(e['white'])} – {team(e['black'])}" for e in dropped)}
        )
    if pairing.get("bye") != engine.get("bye") and pairing.get("bye") is not None:
        out.append(_("gave the bye to %(team)s") % {"team": team(pairing["bye"])})
    return out


def writeup_draft(round: Round) -> str:
    """A draft of the round's write-up (rule 57) for the members to edit."""
    version = current_version(round)
    if version is None:
        return ""
    run = version.run
    names = team_names(round)

    def team(tpn) -> str:
        info = names.get(tpn)
        return f"{info['name']} ({tpn})" if info else _("TPN %(tpn)s") % {"tpn": tpn}

    lines = [
        _("Pairing of round %(number)s of %(tournament)s.")
        % {"number": round.number, "tournament": round.tournament.name},
        _("Computed with %(system)s from the results as they stood at %(when)s.")
        % {
            "system": round.tournament.system_label,
            "when": format_at_venue(run.created_at, round.tournament, "Y-m-d H:i"),
        },
    ]
    steps = run.explanation or []
    for topic, title in (("bye", _("Bye")), ("upfloaters", _("Floaters")), ("floaters", _("Floaters"))):
        picked = [s for s in steps if s.get("topic") == topic]
        if picked:
            lines.append(f"{title}:")
            lines += [f"- [{s['article']}] {with_team_names(s['message'], names)[0]}" for s in picked]
    pairs = with_engine_articles(version.pairing, run.output).get("pairs", [])
    colour_articles: dict[str, int] = {}
    for p in pairs:
        key = p.get("colour_article") or _("not stated")
        colour_articles[key] = colour_articles.get(key, 0) + 1
    if colour_articles:
        lines.append(
            _("Colours decided by: %(articles)s")
            % {
                "articles": "; ".join(
                    ngettext("%(article)s (%(count)s pairing)", "%(article)s (%(count)s pairings)", n)
                    % {"article": a, "count": n}
                    for a, n in colour_articles.items()
                )
            }
        )
    # What the committee changed is read from this version against the engine's pairing, not from
    # the amendments made on the way: one undone by another, or by a return to an earlier version,
    # changed nothing (issue 18 item 6).
    departures = _departures_in_words(version.pairing, run.output or {}, team)
    if departures:
        lines.append(_("Amendments by the committee:"))
        lines += [f"- {d}" for d in departures]
        broken = [f"{x['criterion']}" for x in version.check_report.get("violations", [])]
        if broken:
            lines.append(
                "  " + _("The amended pairing breaks %(criteria)s") % {"criteria": ", ".join(broken)}
            )
        if hasattr(version, "override"):
            lines.append(
                "  " + _("Chief Arbiter's override: %(reason)s") % {"reason": version.override.reason}
            )
    else:
        lines.append(_("The pairing is the engine's: the committee amended nothing."))
    lines.append(_("Reason for the decisions: "))
    return "\n".join(lines)
