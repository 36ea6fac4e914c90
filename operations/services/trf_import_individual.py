"""Import an individual TRF-2026 file (``001`` records only) as an individual event.

Called by :func:`operations.services.trf_import.import_trf` when the file has
no team records: the file's state is individual (Dubov, Lim). Each ``001``
record becomes an entrant (a one-player ``Team``, TPN = starting rank, see
docs/individual-events.md); every round played becomes its matches with the
one board and its result, in one transaction with the caller. The rounds
played are complete; the next round awaits its pairing, the players the file
marks unavailable for it absent.

Refused (nothing saved): two players with the same name (entrants are named
after their player), and half- or full-point byes, which the site has no
place for (it records a pairing-allocated bye, forfeits and absences).
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _

from engine.state import Outcome
from engine.trf import TrfDocument
from operations.selectors import results_state
from operations.services.trf_import_base import CODE_PAIRS, ImportRefused
from tournaments.models import BoardGame, Match, Player, RoundState, Team, Tournament
from tournaments.services import recompute_match
from tournaments.services.individual import create_individual_event
from tournaments.services.participation import mark_absent

UNSUPPORTED_BYES = {
    Outcome.HALF_POINT_BYE: "a half-point bye",
    Outcome.FULL_POINT_BYE: "a full-point bye",
}


def _dec(x: float | None, default: str) -> Decimal:
    return Decimal(default) if x is None else Decimal(str(x))


def import_individual(doc: TrfDocument, *, name: str, slug: str, time_zone: str | None = None) -> Tournament:
    """Create the individual event of ``doc`` (the caller holds the transaction and checked the slug)."""
    state, recs = doc.state, doc.records
    if state.system not in ("dubov", "lim"):
        raise ImportRefused(
            _("an individual file is paired by Dubov or Lim here, not %(system)r") % {"system": state.system}
        )
    names: dict[str, int] = {}
    for p in state.participants:
        key = (p.name or f"Player {p.tpn}").strip()
        if key in names:
            raise ImportRefused(
                _("players %(names)s and %(p_tpn)s have the same name %(key)r: rename one")
                % {"names": names[key], "p_tpn": p.tpn, "key": key}
            )
        names[key] = p.tpn
        for rec in p.history:
            if rec.outcome in UNSUPPORTED_BYES:
                raise ImportRefused(
                    _(
                        "player %(p_tpn)s (%(p_name)s) has %(unsupported_byes)s in round %(round)s: the site records only the pairing-allocated bye, forfeits and absences"
                    )
                    % {
                        "p_tpn": p.tpn,
                        "p_name": p.name,
                        "unsupported_byes": UNSUPPORTED_BYES[rec.outcome],
                        "round": rec.round,
                    }
                )
    s = state.scoring
    t = create_individual_event(
        name=name,
        slug=slug,
        pairing_system=state.system,
        rounds_total=state.rounds_total,
        match_win=_dec(s.game_win, "1"),
        match_draw=_dec(s.game_draw, "0.5"),
        match_loss=_dec(s.game_loss, "0"),
        bye_match_points=_dec(s.bye_game_points, "1"),
        bye_game_points=_dec(s.bye_game_points, "1"),
        colour_preference_type=state.colour_preferences.value,
        initial_colour=state.initial_colour.value,
        engine_options=dict(state.options),
        **({"time_zone": time_zone} if time_zone else {}),  # the venue's (issue 18, item 6)
    )
    entrants: dict[int, Team] = {}
    players: dict[int, Player] = {}
    for p in state.participants:
        pl = p.roster[0] if p.roster else None
        label = (p.name or f"Player {p.tpn}").strip()
        team = Team.objects.create(
            tournament=t,
            tpn=p.tpn,
            name=label,
            federation=p.federation[:3],
            strength=p.rating,
            is_extra=p.unranked,
        )
        entrants[p.tpn] = team
        players[p.tpn] = Player.objects.create(
            team=team,
            name=label,
            fide_id=pl.fide_id if pl else "",
            title=(pl.title if pl else "")[:5],
            federation=p.federation[:3],
            sex=pl.sex if pl and pl.sex in ("m", "f") else "",
            rating=(pl.rating if pl else int(p.rating)) or None,
            board_order=1,
        )
    entries = {pl.number: pl.entries for pl in recs.players}
    for rnd in range(1, state.rounds_played + 1):
        round_ = t.rounds.get(number=rnd)
        pairing = doc.pairings.get(rnd)
        table = 0
        for pair in pairing.pairs if pairing else []:
            table += 1
            m = Match.objects.create(
                round=round_, table=table, white_team=entrants[pair.white], black_team=entrants[pair.black]
            )
            codes = (entries[pair.white][rnd - 1].result, entries[pair.black][rnd - 1].result)
            if codes not in CODE_PAIRS:
                raise ImportRefused(
                    _("round %(round)s, %(white)s-%(black)s: results %(codes)s do not match")
                    % {"round": rnd, "white": pair.white, "black": pair.black, "codes": codes}
                )
            BoardGame.objects.create(
                match=m,
                board=1,
                white=players[pair.white],
                black=players[pair.black],
                result=CODE_PAIRS[codes],
            )
            recompute_match(m)
        if pairing and pairing.bye is not None:
            table += 1
            recompute_match(
                Match.objects.create(round=round_, table=table, white_team=entrants[pairing.bye], is_bye=True)
            )
        round_.state = RoundState.COMPLETE
        round_.save(update_fields=["state"])
    nxt = state.rounds_played + 1
    if nxt <= t.rounds_total:
        for tpn in sorted(state.unavailable):
            mark_absent(entrants[tpn], round_number=nxt, note="unavailable in the imported file")
    _check_points(t, state, ImportRefused)
    return t


def _check_points(t: Tournament, state, refused) -> None:
    """Every player's points from the imported games must be the file's (else refuse: nothing saved)."""
    rs = results_state(t, state.rounds_played)
    for p in state.participants:
        got = rs.state.by_tpn[p.tpn].game_points
        if abs(got - p.game_points) > 1e-6:
            raise refused(
                f"player {p.tpn} ({p.name}): the games give {got:g} points, the file {p.game_points:g}"
            )


__all__ = ["import_individual"]
