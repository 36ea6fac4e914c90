"""Import a TRF-2026 team file to start or continue an event.

``engine.trf.read`` checks the file (columns, unknown players, impossible
histories: a ``TrfError`` with line and column); this module then creates
the tournament, its teams and rosters, its rounds, and for every round
played the matches and their boards with the results, all in one
transaction: a refused file saves nothing. The rounds played are complete;
the next round awaits its pairing. Withdrawals, the absences announced for
the rounds to come and the tie-break list are restored from the project's
extension lines and 240 records, and so are the line-up window rules
(``### engine-event``; docs/engine-cli.md).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from engine.state import Outcome, ScoreKind
from engine.trf import SizeLimitExceeded, TrfError, decode, read
from engine.trf.extension import OPTION
from engine.trf.teams import TeamReader
from operations import permissions
from operations.selectors import results_state
from operations.services.trf_import_base import CODE_PAIRS, ImportRefused
from operations.services.trf_import_individual import import_individual
from tournaments.models import BoardGame, Match, Player, RoundState, Team, Tournament
from tournaments.models.match import ForfeitKind
from tournaments.pairing_options import parse_site_options, site_specs
from tournaments.services import create_rounds, mark_absent, recompute_match, withdraw_team
from tournaments.services.tournament import new_olympiad_defaults
from tournaments.time_zones import available_time_zones


def _dec(x: float | None) -> Decimal | None:
    return None if x is None else Decimal(str(x))


@transaction.atomic
def import_trf(
    text: str | bytes, *, name: str = "", slug: str = "", by=None, system: str | None = None
) -> Tournament:
    """Create a tournament from a TRF-2026 team file (see the module docstring).

    ``text`` may be the file's bytes: they are decoded as the command line
    decodes them (``engine.trf.decode``: UTF-8 with or without a byte-order
    mark, else Latin-1; issue 18, item 4), and the engine's reader refuses a
    control character and a file over its limits (``142 5000``) before any work.
    """
    if by is not None and not getattr(by, "is_superuser", False) and not getattr(by, "is_staff", False):
        raise permissions.PermissionDenied(_("Only staff may import a tournament."))
    if isinstance(text, bytes):
        text = decode(text)
    try:
        doc = read(text, system)
    except TrfError as err:
        raise ImportRefused(err.message, err.line, err.column) from None
    except SizeLimitExceeded as err:
        raise ImportRefused(err.message, err.line, err.column) from None
    state, recs = doc.state, doc.records
    name = name or state.name or "Imported tournament"
    slug = slug or slugify(name)[:90] or "imported"
    if Tournament.objects.filter(slug=slug).exists():
        raise ImportRefused(
            _("a tournament with the address %(slug)r already exists; choose another") % {"slug": slug}
        )
    window = _lineup_window(doc)
    if not state.team:  # 001 records only: an individual event (docs/individual-events.md)
        return import_individual(doc, name=name, slug=slug, time_zone=window.get("time_zone"))
    s = state.scoring
    system_name = state.system if state.system in ("c0406", "olympiad", "dubov", "lim") else "c0406"
    options = dict(state.options)
    version = str(options.pop("version", "")) if system_name == "olympiad" else ""
    _check_options(text, system_name, options)
    # Record 192 has no score for the Olympiad codes: the 1998 text ranks by game points (rule 1).
    primary = ScoreKind.GAME_POINTS if version == "1998" else s.primary
    # A file without a tie-break list: a D.02 (2022) Olympiad is ranked as a new one is.
    given = {"pairing_system": system_name, "olympiad_version": version}
    if doc.tiebreaks:
        given["tiebreaks"] = doc.tiebreaks
    tiebreaks = new_olympiad_defaults(given).get("tiebreaks")
    t = Tournament.objects.create(
        name=name,
        slug=slug,
        pairing_system=system_name,
        olympiad_version=version,
        rounds_total=state.rounds_total,
        boards=state.boards,
        reserves=max(0, max((len(p.roster) for p in state.participants), default=0) - state.boards),
        primary_score=primary.value,
        match_win=_dec(s.match_win),
        match_draw=_dec(s.match_draw),
        match_loss=_dec(s.match_loss),
        bye_match_points=_dec(s.bye_match_points),
        bye_game_points=_dec(s.bye_game_points),
        colour_preference_type=state.colour_preferences.value,
        initial_colour=state.initial_colour.value,
        board_colour_sequence=state.board_colour_sequence,
        engine_options=options,
        **({"tiebreaks": tiebreaks} if tiebreaks else {}),
        **window,
    )
    create_rounds(t)
    teams: dict[int, Team] = {}
    players: dict[int, Player] = {}  # by TRF player number
    for p in state.participants:
        team = Team.objects.create(
            tournament=t,
            tpn=p.tpn,
            name=p.name or f"Team {p.tpn}",
            federation=p.federation[:3],
            strength=p.rating,
            is_extra=p.unranked,
        )
        teams[p.tpn] = team
        for order, pl in enumerate(p.roster, start=1):
            players[pl.number] = Player.objects.create(
                team=team,
                name=pl.name or f"Player {pl.number}",
                fide_id=pl.fide_id,
                title=pl.title[:5],
                federation=pl.federation[:3],
                sex=pl.sex if pl.sex in ("m", "f") else "",
                rating=pl.rating or None,
                board_order=order,
            )
    _participation(doc, teams, by)
    reader = TeamReader(
        recs, {pl.number: pl for pl in recs.players}, None, s, state.boards, state.board_colour_sequence
    )
    seq = state.board_colour_sequence
    for rnd in range(1, state.rounds_played + 1):
        round_ = t.rounds.get(number=rnd)
        pairing = doc.pairings.get(rnd)
        table = 0
        for pair in pairing.pairs if pairing else []:
            table += 1
            m = Match.objects.create(
                round=round_, table=table, white_team=teams[pair.white], black_team=teams[pair.black]
            )
            rec = state.by_tpn[pair.white].history[rnd - 1]
            if rec.outcome is Outcome.DOUBLE_FORFEIT:
                m.forfeit = ForfeitKind.DOUBLE
            elif rec.outcome is Outcome.FORFEIT_LOSS:
                m.forfeit = ForfeitKind.WHITE_TEAM
            elif rec.outcome is Outcome.FORFEIT_WIN:
                m.forfeit = ForfeitKind.BLACK_TEAM
            first = reader.board_players(pair.white, rnd)
            second = reader.board_players(pair.black, rnd)
            for board in range(1, max(len(first), len(second)) + 1):
                a = first[board - 1] if board <= len(first) else 0
                b = second[board - 1] if board <= len(second) else 0
                if not a and not b:
                    continue
                first_white = seq[(board - 1) % len(seq)] == "W"
                wn, bn = (a, b) if first_white else (b, a)
                we = reader.entry(wn, rnd) if wn else None
                be = reader.entry(bn, rnd) if bn else None
                codes = (we.result if we else "-", be.result if be else "-")
                if codes not in CODE_PAIRS:
                    line = recs.players[0].line if recs.players else 0
                    raise ImportRefused(
                        _(
                            "round %(round)s, board %(board)s of %(white)s-%(black)s: results %(codes)s do not match"
                        )
                        % {
                            "round": rnd,
                            "board": board,
                            "white": pair.white,
                            "black": pair.black,
                            "codes": codes,
                        },
                        line,
                    )
                BoardGame.objects.create(
                    match=m,
                    board=board,
                    white=players.get(wn),
                    black=players.get(bn),
                    result=CODE_PAIRS[codes],
                )
            recompute_match(m)
        if pairing and pairing.bye is not None:
            table += 1
            m = Match.objects.create(round=round_, table=table, white_team=teams[pairing.bye], is_bye=True)
            recompute_match(m)
        round_.state = RoundState.COMPLETE
        round_.save(update_fields=["state"])
    _check_points(t, state)
    return t


def _check_options(text: str, system: str, options: dict) -> None:
    """The pairing options read (``### engine-option``) are ones the system allows (``OptionSpec.parse``)."""
    site = {s.key for s in site_specs(system)}
    try:
        parse_site_options(system, {k: v for k, v in options.items() if k in site})
    except ValidationError as exc:
        key, messages = next(iter(exc.message_dict.items()))
        prefix = f"{OPTION} {key} "
        line = next((no for no, ln in enumerate(text.splitlines(), start=1) if ln.startswith(prefix)), 0)
        raise ImportRefused(" ".join(messages), line, len(prefix) + 1 if line else 0) from None


def _time(value) -> dt.time | None:
    try:
        return dt.time.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _zone(value) -> str | None:
    return value if isinstance(value, str) and value in available_time_zones() else None


LINEUP_WINDOW = {
    "time_zone": _zone,  # the venue's (issue 18, item 6)
    "lineups_open_on_publication": lambda v: v if isinstance(v, bool) else None,
    "lineup_close_days_before": lambda v: v if type(v) is int and 0 <= v <= 366 else None,
    "lineup_close_time": _time,
}


def _lineup_window(doc) -> dict:
    """The line-up window rules of ``### engine-event`` lines (the exports' ``lineup_window``)."""
    out: dict = {}
    for key, (value, line, column) in doc.records.event_settings.items():
        if key not in LINEUP_WINDOW:
            raise ImportRefused(
                _("unknown event setting %(key)r") % {"key": key}, line, column - len(key) - 1
            )
        out[key] = LINEUP_WINDOW[key](value)
        if out[key] is None:
            message = {
                "lineup_close_time": _("%(key)s: %(value)r is not a time of day (HH:MM)"),
                "time_zone": _("%(key)s: %(value)r is not a time zone (an IANA name such as Europe/Paris)"),
            }.get(key, _("%(key)s: %(value)r is not a valid value"))
            raise ImportRefused(message % {"key": key, "value": value}, line, column)
    return out


def _participation(doc, teams: dict[int, Team], by=None) -> None:
    """Withdrawals (``### engine-withdrawn``) and absences announced for the rounds to come (240 Z).

    Restored with the tournaments services while no round is paired yet; a
    round the event does not have is refused with the record's line.
    """
    recs = doc.records
    for tpn, (first, line) in sorted(recs.withdrawn.items()):
        try:
            withdraw_team(teams[tpn], from_round=first, by=by)
        except ValidationError as err:
            column = len("### engine-withdrawn ") + len(str(tpn)) + 2
            raise ImportRefused(
                _("withdrawal of team %(tpn)s: %(messages)s")
                % {"tpn": tpn, "messages": " ".join(err.messages)},
                line,
                column,
            ) from None
    played = doc.state.rounds_played
    for b in recs.byes:
        if b.kind != "Z" or b.round <= played:
            continue
        for tpn in b.ids:
            if tpn in recs.withdrawn and recs.withdrawn[tpn][0] <= b.round:
                continue  # the withdrawal says it
            try:
                mark_absent(teams[tpn], round_number=b.round)
            except ValidationError as err:
                raise ImportRefused(
                    _("absence of team %(tpn)s: %(messages)s")
                    % {"tpn": tpn, "messages": " ".join(err.messages)},
                    b.line,
                    7,
                ) from None


def _check_points(t: Tournament, state) -> None:
    """The imported results must give every team the file's points (else: refuse, nothing saved)."""
    rs = results_state(t, state.rounds_played)
    for p in state.participants:
        q = rs.state.by_tpn[p.tpn]
        if abs(q.match_points - p.match_points) > 1e-6 or abs(q.game_points - p.game_points) > 1e-6:
            raise ImportRefused(
                _(
                    "team %(p_tpn)s (%(p_name)s): the boards give %(match_points)s MP / %(game_points)s GP, the file %(match_points_2)s MP / %(game_points_2)s GP"
                )
                % {
                    "p_tpn": p.tpn,
                    "p_name": p.name,
                    "match_points": format(q.match_points, "g"),
                    "game_points": format(q.game_points, "g"),
                    "match_points_2": format(p.match_points, "g"),
                    "game_points_2": format(p.game_points, "g"),
                }
            )
