"""Read a TRF-2026 file into a :class:`~engine.state.TournamentState`.

``read(text, system=...)`` gives a :class:`TrfDocument`: the state to pair
the next round, plus what the checker needs to re-pair every past round (the
pairing each round actually had, the forbidden pairs of each round).
See docs/engine-cli.md for how each record is read.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field, replace
from itertools import combinations

from engine.result import Pair, RoundPairing
from engine.state import (
    Colour,
    ColourPreferenceType,
    Outcome,
    Participant,
    Player,
    RoundRecord,
    ScoreKind,
    Scoring,
    TournamentState,
)
from engine.trf import games, participation
from engine.trf.errors import MAX_INPUT_BYTES, MAX_PARTICIPANTS, MAX_ROUNDS, SizeLimitExceeded, TrfError
from engine.trf.games import GamePoints
from engine.trf.records import PlayerLine, TrfRecords, parse
from engine.trf.rosters import infer_boards, team_membership
from engine.trf.teams import TeamReader
from engine.trf.tournament_type import TournamentType, parse_type

TEAM_SYSTEMS = frozenset({"c0406", "olympiad"})


@dataclass(frozen=True)
class Overrides:
    """Command-line settings that win over the file's 192 record."""

    colour_preferences: ColourPreferenceType | None = None
    primary: ScoreKind | None = None
    secondary_for_colours: bool | None = None
    options: dict = field(default_factory=dict)
    boards: int | None = None  # team events: boards per match (checked against 352)


@dataclass
class TrfDocument:
    records: TrfRecords
    state: TournamentState
    pairings: dict[int, RoundPairing]  # the pairing each played round had, from the file

    @property
    def withdrawals(self) -> dict[int, int]:
        """TPN -> the first round it is not paired in (``### engine-withdrawn``)."""
        return {tpn: rnd for tpn, (rnd, _) in self.records.withdrawn.items()}

    @property
    def absences(self) -> dict[int, set[int]]:
        """Round -> the TPNs with a ``240 Z`` for it, for the rounds after the last one played."""
        out: dict[int, set[int]] = {}
        for b in self.records.byes:
            if b.kind == "Z" and b.round > self.state.rounds_played:
                out.setdefault(b.round, set()).update(b.ids)
        return out

    @property
    def tiebreaks(self) -> list[str]:
        """The event's tie-break list (``### engine-tiebreaks``; empty when the file has none)."""
        return list(self.records.tiebreaks)

    @property
    def event_settings(self) -> dict[str, object]:
        """The event's settings the engine does not use (``### engine-event KEY VALUE``)."""
        return {key: value for key, (value, _, _) in self.records.event_settings.items()}

    def forbidden_in_round(self, rnd: int) -> frozenset[frozenset[int]]:
        return forbidden_pairs(self.records, rnd)

    def state_before(self, rnd: int) -> TournamentState:
        """The state as it was when round ``rnd`` was to be paired (checker)."""
        state = self.state
        if self.records.rounds_total is None:  # a finished file that does not say how long it was
            state = replace(state, rounds_total=max(state.rounds_played, 1))
        return replace(state.before_round(rnd), forbidden_pairs=self.forbidden_in_round(rnd))


def read_state(text: str, system: str | None = None, overrides: Overrides | None = None) -> TournamentState:
    return read(text, system, overrides).state


def read(text: str, system: str | None = None, overrides: Overrides | None = None) -> TrfDocument:
    """Read a TRF-2026 text; raises :class:`TrfError` (bad file) or :class:`SizeLimitExceeded`.

    The cyclic garbage collector is paused while the file is read: the reader
    makes tens of thousands of small objects that all live on, and the
    collector's passes over them cost a sixth of the time of a large file
    (bench/bench_trf_read.py).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _read(text, system, overrides)
    finally:
        if enabled:
            gc.enable()


def _read(text: str, system: str | None, overrides: Overrides | None) -> TrfDocument:
    if len(text) > MAX_INPUT_BYTES:
        raise SizeLimitExceeded(f"the file is larger than {MAX_INPUT_BYTES} bytes")
    recs = parse(text)
    ttype = _tournament_type(recs, strict=system is None)
    system = system or ttype.system or ("c0406" if recs.teams else None)
    if system is None:
        raise TrfError(
            "say which pairing system to use (--team, --olympiad, --dubov or --lim, or a 192 record)"
        )
    if recs.rounds_total is not None and recs.rounds_total > MAX_ROUNDS:
        raise SizeLimitExceeded(
            f"{recs.rounds_total} rounds: the engine pairs at most {MAX_ROUNDS} rounds",
            recs.rounds_total_line,
            5,
        )
    if system not in TEAM_SYSTEMS and not recs.teams and not recs.players:
        raise TrfError(f"the {system} system pairs players, and the file has no 001 records")
    players = _players(recs)
    if len(players) > MAX_PARTICIPANTS * 10 or len(recs.teams) > MAX_PARTICIPANTS:
        raise SizeLimitExceeded(f"more than {MAX_PARTICIPANTS} participants")
    games.check_games(recs, players)
    ov = overrides or Overrides()
    options = {**ttype.options, **recs.engine_options, **ov.options}
    # A file with team records (310) is a team event whatever its system: the site runs
    # Dubov and Lim team events too, and their export must read back as teams.
    team = system in TEAM_SYSTEMS or bool(recs.teams)
    if team:
        if not recs.teams:
            raise TrfError(f"the {system} system pairs teams, and the file has no 310 (or 013) records")
        bye_value = _olympiad_bye(options) if system == "olympiad" else None
        parts, pairings, rounds, scoring, boards, seq = _teams(recs, players, ov.boards, bye_value)
    else:
        parts, pairings, rounds, scoring = _individuals(recs, players)
        boards, seq = 1, "W"
    if rounds > MAX_ROUNDS:
        raise SizeLimitExceeded(f"more than {MAX_ROUNDS} rounds")
    if recs.rounds_total is not None and recs.rounds_total < rounds:
        raise TrfError(
            f"142 says {recs.rounds_total} rounds, but {rounds} have been played", recs.rounds_total_line, 5
        )
    if team:
        scoring = replace(
            scoring,
            primary=ov.primary or ttype.primary,
            secondary_for_colours=(
                ttype.secondary_for_colours if ov.secondary_for_colours is None else ov.secondary_for_colours
            ),
        )
    tpns = {p.tpn for p in parts}
    if recs.unranked - tpns:
        raise TrfError(
            f"engine-unranked names {sorted(recs.unranked - tpns)}, not participants", recs.unranked_line, 20
        )
    parts = [replace(p, unranked=True) if p.tpn in recs.unranked else p for p in parts]
    withdrawn = participation.withdrawn_by(recs, tpns, rounds + 1)
    participation.check_withdrawals(recs, parts)
    parts = [replace(p, withdrawn=True) if p.tpn in withdrawn else p for p in parts]
    state = TournamentState(
        participants=tuple(sorted(parts, key=lambda p: p.tpn)),
        system=system,
        team=team,
        name=recs.name,
        rounds_total=recs.rounds_total or rounds + 1,
        boards=boards,
        board_colour_sequence=seq,
        initial_colour=_initial_colour(recs, pairings),
        colour_preferences=ov.colour_preferences or ttype.colour_preferences,
        scoring=scoring,
        unavailable=frozenset(_unavailable_next(recs, players, rounds, tpns, team) | withdrawn),
        forbidden_pairs=forbidden_pairs(recs, rounds + 1, tpns),
        options=options,
    )
    return TrfDocument(recs, state, pairings)


# -- header -------------------------------------------------------------------


def _tournament_type(recs: TrfRecords, strict: bool) -> TournamentType:
    """The 192 record. Another program's code (``FIDE_DUTCH_2025``...) is ignored when the
    command line names the system; a team or Olympiad code that does not parse is always an error."""
    if not recs.tournament_type:
        return TournamentType()
    ttype = parse_type(recs.tournament_type)
    if ttype is None and not strict and not recs.tournament_type.startswith(("FIDE_TEAM", "FIDE_OLYMPIAD")):
        return TournamentType()
    if ttype is None:
        raise TrfError(
            f"tournament type {recs.tournament_type!r} is not one the engine knows "
            "(FIDE_TEAM..., FIDE_DUBOV, FIDE_LIM, FIDE_OLYMPIAD_1998, FIDE_OLYMPIAD_2007, FIDE_OLYMPIAD_2022)",
            recs.tournament_type_line,
            5,
        )
    return ttype


def _initial_colour(recs: TrfRecords, pairings: dict[int, RoundPairing]) -> Colour:
    """152, else the colour of the first-ranked participant paired in round 1."""
    if recs.initial_colour:
        return Colour.WHITE if recs.initial_colour == "W" else Colour.BLACK
    first = pairings.get(1)
    if first and first.pairs:
        top = min(min(p.white, p.black) for p in first.pairs)
        return Colour.WHITE if any(p.white == top for p in first.pairs) else Colour.BLACK
    return Colour.WHITE


def forbidden_pairs(recs: TrfRecords, rnd: int, known: set[int] | None = None) -> frozenset[frozenset[int]]:
    """Records 260 (and XXP) in force in round ``rnd``: every two listed may not meet."""
    out = set()
    for f in recs.forbidden:
        if known is not None:
            for i in f.ids:
                if i not in known:
                    raise TrfError(f"forbidden pairing names {i}, who is not a participant", f.line, 13)
        if f.first <= rnd <= f.last:
            out.update(frozenset(p) for p in combinations(f.ids, 2) if p[0] != p[1])
    return frozenset(out)


def _unavailable_next(recs: TrfRecords, players, rounds: int, tpns: set[int], team: bool) -> set[int]:
    """Who misses the round to be paired: 240 / XXZ records, or (individuals) a bye entered for it."""
    out = set(recs.absent_next)
    for b in recs.byes:
        for i in b.ids:
            if i not in tpns:
                raise TrfError(f"bye given to {i}, who is not a participant", b.line, 11)
        if b.round == rounds + 1:
            out.update(b.ids)
    if not team:
        for p in players.values():
            if len(p.entries) > rounds and p.entries[rounds].result in "HFZ-":
                out.add(p.number)
    unknown = out - tpns
    if unknown:
        raise TrfError(f"absent participants {sorted(unknown)} are not participants")
    return out


# -- players --------------------------------------------------------------------


def _players(recs: TrfRecords) -> dict[int, PlayerLine]:
    out: dict[int, PlayerLine] = {}
    for p in recs.players:
        if p.number in out:
            raise TrfError(f"two 001 records have starting rank {p.number}", p.line, 5)
        out[p.number] = p
    return out


def _roster_player(p: PlayerLine) -> Player:
    return Player(p.number, p.name, p.rating, p.fide_id, p.title, p.federation, p.sex, p.birth_date)


def _individuals(recs: TrfRecords, players: dict[int, PlayerLine]):
    """Individual events (Dubov, Lim): every 001 record is a participant, TPN = starting rank."""
    gp = GamePoints.from_record(recs.game_scoring)
    scoring = gp.individual_scoring()
    rounds = max(
        (r for p in players.values() for r, e in enumerate(p.entries, 1) if e.opponent or e.result == "U"),
        default=0,
    )
    pairings = {r: RoundPairing(round=r, pairs=[]) for r in range(1, rounds + 1)}
    parts = []
    for p in players.values():
        history = []
        for r in range(1, rounds + 1):
            e = p.entries[r - 1] if r <= len(p.entries) else None
            if e is None:
                history.append(RoundRecord(r, Outcome.ABSENT))
                continue
            outcome = games.outcome(e, p.line)
            if outcome is Outcome.FORFEIT_LOSS and players[e.opponent].entries[r - 1].result == "-":
                outcome = Outcome.DOUBLE_FORFEIT
            mp = gpts = gp.points(e)
            if outcome is Outcome.PAIRING_ALLOCATED_BYE and r in recs.pab_values:
                mp, gpts = recs.pab_values[r][:2]
            col = games.colour(e) if outcome is Outcome.PLAYED else None
            history.append(RoundRecord(r, outcome, e.opponent or None, col, mp, gpts))
            if outcome is Outcome.PAIRING_ALLOCATED_BYE:
                pairings[r].bye = p.number
            elif e.opponent and (e.colour == "w" or (e.colour == "-" and p.number < e.opponent)):
                pairings[r].pairs.append(Pair(p.number, e.opponent))
        parts.append(
            Participant(
                tpn=p.number,
                name=p.name,
                rating=float(p.rating),
                federation=p.federation,
                history=tuple(history),
                roster=(_roster_player(p),),
            )
        )
    for rnd, (_, _, line) in sorted(recs.pab_values.items()):
        if rnd > rounds or pairings[rnd].bye is None:
            raise TrfError(f"engine-pab gives a value to round {rnd}, which had no PAB", line, 16)
    return parts, pairings, rounds, scoring


# -- teams --------------------------------------------------------------------


def _olympiad_bye(options: dict):
    """What a bye is worth by the Olympiad rules (1998 rule 10, 2007 amended rule 10), by boards."""
    from engine.olympiad.bye import bye_points
    from engine.olympiad.options import parse_options

    try:
        opts = parse_options(options)
    except ValueError as exc:
        raise TrfError(str(exc)) from None
    return lambda boards: bye_points(opts, boards)


def _teams(
    recs: TrfRecords,
    players: dict[int, PlayerLine],
    given_boards: int | None = None,
    bye_value=None,
):
    """Teams, their histories and the scoring; ``bye_value(boards)`` is the PAB's value when no 320 says it."""
    gp = GamePoints.from_record(recs.game_scoring)
    team_of = team_membership(recs.teams, players)
    for p in recs.players:
        if p.number not in team_of and any(e.opponent for e in p.entries):
            raise TrfError(f"player {p.number} has games but belongs to no team", p.line, 5)
    if recs.board_colours and given_boards is not None and given_boards != len(recs.board_colours):
        raise TrfError(
            f"{given_boards} boards were asked for, but the 352 record has {len(recs.board_colours)}",
            recs.board_colours_line,
            5,
        )
    boards = given_boards or (
        len(recs.board_colours) if recs.board_colours else infer_boards(recs, team_of, players)
    )
    seq = recs.board_colours or ("WB" * boards)[:boards]
    ts = recs.team_scoring
    scoring = Scoring(
        match_win=ts.get("TW", 2.0),
        match_draw=ts.get("TD", 1.0),
        match_loss=ts.get("TL", 0.0),
        game_win=gp.win,
        game_draw=gp.draw,
        game_loss=gp.loss,
    )
    default = scoring.pab_points(boards)
    rule_mp, rule_gp = bye_value(boards) if bye_value is not None else default
    given = recs.team_byes
    mp = given.match_points if given is not None and given.match_points is not None else rule_mp
    gpts = given.game_points if given is not None and given.game_points is not None else rule_gp
    scoring = replace(
        scoring,
        bye_match_points=None if mp == default[0] else mp,
        bye_game_points=None if gpts == default[1] else gpts,
    )
    reader = TeamReader(recs, players, gp, scoring, boards, seq)
    rounds = reader.rounds_played()
    facts = reader.read(rounds)
    next_byes = {i: b.kind for b in recs.byes if b.round == rounds + 1 for i in b.ids}
    parts = []
    for t in recs.teams:
        history = tuple(facts.histories[t.tpn])
        roster = tuple(_roster_player(players[n]) for n, _ in t.members)
        rating = t.strength
        if rating is None:
            top = [p.rating for p in roster[:boards] if p.rating]
            rating = sum(top) / len(top) if top else 0.0
        part = Participant(
            tpn=t.tpn, name=t.name, rating=rating, federation=t.nickname, history=history, roster=roster
        )
        _check_team_points(
            t, part, reader.bye_record(rounds + 1, next_byes[t.tpn]) if t.tpn in next_byes else None
        )
        parts.append(part)
    return parts, facts.pairings, rounds, scoring, boards, seq


def _check_team_points(t, part: Participant, next_bye: RoundRecord | None) -> None:
    for given, total, extra, col, what in (
        (t.match_points, part.match_points, next_bye.match_points if next_bye else 0.0, 55, "match"),
        (t.game_points, part.game_points, next_bye.game_points if next_bye else 0.0, 62, "game"),
    ):
        if given is not None and abs(given - total) > 1e-6 and abs(given - total - extra) > 1e-6:
            raise TrfError(
                f"team {t.tpn}'s {what} points {given:g} do not match its results ({total:g})", t.line, col
            )
