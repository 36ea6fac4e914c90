"""What follows completing a round, closing its lineups and reopening it, as the confirmation says it.

Issue 18, item 6: each of these acts asks once (``tournaments.confirmation``), saying what
becomes public, who is e-mailed and, for a reopened round, which later pairing rests on its
results (the committee's answer to ``tournaments.signals.pairing_basis``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from operations.models import OperationsSettings
from operations.selectors import teams_needing_lineups
from tournaments.models import Lineup, Round, RoundState
from tournaments.selectors import rounds_resting_on


def _later_pairings(round: Round) -> list[Round]:
    return list(rounds_resting_on(round.number, tournament=round.tournament))


def complete_follows(round: Round) -> tuple[str, list[str], str]:
    lines = [
        _(
            "Round %(number)s is complete: its results count as final in the public standings, crosstable "
            "and exports."
        )
        % {"number": round.number},
    ]
    nxt = round.tournament.rounds.filter(number=round.number + 1).first()
    if nxt is not None and nxt.state in (RoundState.AWAITING_RESULTS, RoundState.PAIRING_REQUESTED):
        lines.append(_("The committee can pair round %(number)s from them.") % {"number": nxt.number})
    later = _later_pairings(round)
    if later:
        lines.append(
            _(
                "E-mailed: the committee, if the pairing of round %(numbers)s was computed from results "
                "that have changed since."
            )
            % {"numbers": ", ".join(str(r.number) for r in later)}
        )
    else:
        lines.append(_("Nobody is e-mailed."))
    return _("Complete round %(number)s?") % {"number": round.number}, lines, _("Complete the round")


def close_lineups_follows(round: Round) -> tuple[str, list[str], str]:
    submitted = set(Lineup.objects.filter(round=round).values_list("team_id", flat=True))
    missing = [t for t in teams_needing_lineups(round) if t.pk not in submitted]
    conf = OperationsSettings.objects.filter(tournament=round.tournament).first()
    policy = conf.get_default_lineup_display() if conf else OperationsSettings().get_default_lineup_display()
    lines = [
        _("The lineup window of round %(number)s closes: captains can no longer submit or change a lineup.")
        % {"number": round.number}
    ]
    if missing:
        names = ", ".join(t.name for t in missing[:12]) + (" …" if len(missing) > 12 else "")
        lines.append(
            ngettext(
                "%(count)s team has no lineup in and gets the default one (%(policy)s): %(names)s.",
                "%(count)s teams have no lineup in and get the default one (%(policy)s): %(names)s.",
                len(missing),
            )
            % {"count": len(missing), "policy": policy, "names": names}
        )
    else:
        lines.append(_("Every team has a lineup in."))
    lines.append(_("Nobody is e-mailed; the lineups become public when the board pairings are posted."))
    return (
        _("Close the lineups of round %(number)s?") % {"number": round.number},
        lines,
        _("Close the lineups"),
    )


def reopen_follows(round: Round) -> tuple[str, list[str], str]:
    lines = [
        _(
            "Round %(number)s goes back in play: its results can be corrected; the public standings show it "
            "as not final until it is completed again."
        )
        % {"number": round.number}
    ]
    later = _later_pairings(round)
    for r in later:
        lines.append(
            _(
                "The pairing of round %(number)s (%(state)s) was computed from these results: a corrected "
                "result leaves it resting on the old ones. The committee's pages and the public round page "
                "will say so, and the committee is e-mailed when the round is completed again."
            )
            % {"number": r.number, "state": r.get_state_display().lower()}
        )
    lines.append(_("Nobody is e-mailed now."))
    title = (
        _("Reopen round %(number)s? A later pairing rests on its results.")
        if later
        else _("Reopen round %(number)s?")
    )
    return title % {"number": round.number}, lines, _("Reopen the round")
