"""Random tournament generator (``python -m engine --team -g [config] -o out.trf -s SEED``).

Builds a field of teams (or players, for the individual systems), pairs it
round by round with the engine (``engine.api.pair``) and draws every game's
result from the rating difference, board by board for teams. The result is a
TRF-2026 file whose every round the checker (``-c``) must reproduce.

The configuration is a small ``key=value`` (or JSON) file; every key is
optional, see :class:`GeneratorConfig` and docs/engine-cli.md.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, fields, replace

from engine import api
from engine import generator_field as field
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
    match_without_play,
)
from engine.trf.errors import (
    MAX_PARTICIPANTS,
    MAX_PLAYER_NUMBER,
    MAX_ROUNDS,
    MAX_TEAMS,
    PLAYER_LIMIT,
    TEAM_LIMIT,
    SizeLimitExceeded,
)
from engine.trf.fields import NO_GAME, Game
from engine.trf.games import OPPOSITE, GamePoints

TEAM_SYSTEMS = ("c0406", "olympiad")


class ConfigError(ValueError):
    """A generator configuration that cannot be used (exit code 3)."""


@dataclass(frozen=True)
class GeneratorConfig:
    participants: int = 12  # teams, or players for Dubov / Lim ("teams" and "players" are aliases)
    rounds: int = 7
    boards: int = 4
    reserves: int = 0  # players per team beyond the boards; a random one sits out each round
    rating_mean: float = 2000.0
    rating_spread: float = 250.0  # standard deviation of team (or player) strength
    board_step: float = 40.0  # rating drop from one board to the next within a team
    draw_rate: float = 0.3  # probability of a draw between equally rated players
    forfeit_rate: float = 0.01  # probability that a whole match (or game) is forfeited
    board_forfeit_rate: float = 0.01  # teams: probability that one board's game is forfeited
    absence_rate: float = 0.02  # probability that a participant misses a round
    forbidden_pairs: int = 0  # random pairs that may never meet (record 260)
    colour_preferences: str = "A"  # A, B or none (C.04.6 1.7)
    primary: str = "MP"  # MP or GP (C.04.6 1.2)
    secondary_for_colours: bool = True
    initial_colour: str = "random"  # W, B or random (drawn with the seed)
    version: str = "2007"  # Olympiad rules: 1998, 2007 or 2022 (D.02)
    events: str = (
        "auto"  # team, individual, or auto: teams for C.04.6 and the Olympiad, players for Dubov / Lim
    )
    name: str = "Generated tournament"


ALIASES = {"teams": "participants", "players": "participants"}


def parse_config(text: str) -> GeneratorConfig:
    """A configuration from ``key=value`` lines (``#`` comments) or a JSON object."""
    text = text.strip()
    raw: dict[str, object]
    if text.startswith("{"):
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"configuration is not valid JSON: {exc.msg} (line {exc.lineno})") from None
    else:
        raw = {}
        for no, line in enumerate(text.splitlines(), start=1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if "=" not in line:
                raise ConfigError(f"configuration line {no}: expected key=value, got {line!r}")
            key, value = (part.strip() for part in line.split("=", 1))
            raw[key] = value
    known = {f.name: f for f in fields(GeneratorConfig)}
    values: dict[str, object] = {}
    for key, value in raw.items():
        name = ALIASES.get(key, key)
        if name not in known:
            raise ConfigError(f"unknown configuration key {key!r}; known: {', '.join(sorted(known))}")
        kind = type(getattr(GeneratorConfig(), name))
        try:
            if kind is bool:
                values[name] = (
                    value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
                )
            else:
                values[name] = kind(value)
        except (TypeError, ValueError):
            raise ConfigError(f"configuration key {key!r}: {value!r} is not a {kind.__name__}") from None
    return validate(GeneratorConfig(**values))


def validate(config: GeneratorConfig) -> GeneratorConfig:
    if config.participants > MAX_PARTICIPANTS or config.rounds > MAX_ROUNDS:
        raise SizeLimitExceeded(f"at most {MAX_PARTICIPANTS} participants and {MAX_ROUNDS} rounds")
    if config.participants < 2 or config.rounds < 1 or not 1 <= config.boards <= 14:
        raise ConfigError("need at least 2 participants, 1 round and 1 to 14 boards")
    if config.boards + config.reserves > 14:
        raise ConfigError("a team has at most 14 players (record 310)")
    for key in ("draw_rate", "forfeit_rate", "board_forfeit_rate", "absence_rate"):
        if not 0 <= getattr(config, key) <= 1:
            raise ConfigError(f"{key} must be between 0 and 1")
    if config.colour_preferences.upper() not in ("A", "B", "NONE"):
        raise ConfigError("colour_preferences must be A, B or none")
    if config.primary.upper() not in ("MP", "GP") or config.initial_colour.upper() not in (
        "W",
        "B",
        "RANDOM",
    ):
        raise ConfigError("primary must be MP or GP; initial_colour W, B or random")
    if config.events not in ("auto", "team", "individual"):
        raise ConfigError("events must be team, individual or auto")
    return config


def check_format_limits(config: GeneratorConfig, team: bool) -> None:
    """Refuse an event TRF-2026 cannot hold (``SizeLimitExceeded``, exit 4), before any round is paired:
    three columns for a team pairing number (310: 5-7), four for a player's starting rank (001: 5-8)."""
    if team and config.participants > MAX_TEAMS:
        raise SizeLimitExceeded(f"{config.participants} teams do not fit in a TRF-2026 file: {TEAM_LIMIT}")
    players = config.participants * (config.boards + config.reserves) if team else config.participants
    if players > MAX_PLAYER_NUMBER:
        raise SizeLimitExceeded(f"{players} players do not fit in a TRF-2026 file: {PLAYER_LIMIT}")


def is_team_event(config: GeneratorConfig, system: str) -> bool:
    """Teams for the team systems; Dubov and Lim pair players unless ``events=team``
    (individual systems apply to teams mutatis mutandis, C.04.6 preface)."""
    if system in TEAM_SYSTEMS:
        if config.events == "individual":
            raise ConfigError(f"the {system} system pairs teams only: events=individual is not possible")
        return True
    return config.events == "team"


def _olympiad_scoring(options: dict, boards: int) -> Scoring:
    """The bye's value by the version and section (Olympiad 1998 rule 10, 2007 amended rule 10)."""
    from engine.olympiad.bye import bye_points
    from engine.olympiad.options import parse_options

    mp, gp = bye_points(parse_options(options), boards)
    default_mp, default_gp = Scoring().pab_points(boards)
    return Scoring(
        bye_match_points=None if mp == default_mp else mp,
        bye_game_points=None if gp == default_gp else gp,
    )


def _state(
    config: GeneratorConfig, system: str, rng: random.Random, extra: dict | None = None
) -> TournamentState:
    team = is_team_event(config, system)
    check_format_limits(config, team)
    parts = field.field(config, team, rng)
    options = {"version": config.version, **(extra or {})} if system == "olympiad" else dict(extra or {})
    if system == "olympiad":
        parts = field.olympiad_numbering(parts, options)
    host = options.get("host_team")
    if host is not None:
        if not any(p.tpn == host for p in parts):
            raise ConfigError(f"host team {host} is not one of the {len(parts)} teams")
        parts = [replace(p, unranked=True) if p.tpn == host else p for p in parts]
    if system == "c0406":
        scoring = Scoring(
            primary=ScoreKind(config.primary.upper()), secondary_for_colours=config.secondary_for_colours
        )
    elif system == "olympiad":
        scoring = _olympiad_scoring(options, config.boards)
    elif team:
        scoring = Scoring()  # match points primary, a drawn match for the bye (C.04.6 1.2.2, 1.4)
    else:
        scoring = GamePoints().individual_scoring()
    initial = config.initial_colour.upper()
    if initial == "RANDOM":
        initial = rng.choice("WB")
    forbidden = set()
    tpns = [p.tpn for p in parts]
    while len(forbidden) < min(config.forbidden_pairs, len(tpns) * (len(tpns) - 1) // 2):
        forbidden.add(frozenset(rng.sample(tpns, 2)))
    # Only C.04.6 takes its colour preferences and scores from the configuration
    # (C.04.6 1.2, 1.7); the other systems' rules fix their own.
    prefs = config.colour_preferences.upper() if system == "c0406" else "A"
    boards = config.boards if team else 1
    return TournamentState(
        participants=tuple(parts),
        system=system,
        team=team,
        name=config.name,
        rounds_total=config.rounds,
        boards=boards,
        board_colour_sequence=("WB" * boards)[:boards] if team else "W",
        initial_colour=Colour.WHITE if initial == "W" else Colour.BLACK,
        colour_preferences=ColourPreferenceType.NONE if prefs == "NONE" else ColourPreferenceType(prefs),
        scoring=scoring,
        forbidden_pairs=frozenset(forbidden),
        options=options,
    )


# -- results ------------------------------------------------------------------


def _game(white: int, black: int, config: GeneratorConfig, rng: random.Random) -> str:
    """White's result (TRF code) of one game, drawn from the rating difference."""
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    draw = config.draw_rate * (1 - abs(2 * expected - 1))
    x = rng.random()
    if x < expected - draw / 2:
        return "1"
    if x < expected + draw / 2:
        return "="
    return "0"


class _Round:
    """One round's results: the team records and every player's game."""

    def __init__(self, state: TournamentState, config: GeneratorConfig, rng: random.Random) -> None:
        self.state, self.config, self.rng = state, config, rng
        self.points = GamePoints.from_scoring(state.scoring)
        self.records: dict[int, RoundRecord] = {}
        self.games: dict[int, Game] = {}

    def value(self, code: str) -> float:
        return self.points.code_points(code)

    def individual(self, rnd: int, w: Participant, b: Participant) -> None:
        if self.rng.random() < self.config.forfeit_rate:
            code = self.rng.choice("+-")
            outcome = Outcome.FORFEIT_WIN if code == "+" else Outcome.FORFEIT_LOSS
            colour = None
        else:
            code = _game(int(w.rating), int(b.rating), self.config, self.rng)
            outcome, colour = Outcome.PLAYED, Colour.WHITE
        other = Outcome.FORFEIT_LOSS if outcome is Outcome.FORFEIT_WIN else Outcome.FORFEIT_WIN
        other = Outcome.PLAYED if outcome is Outcome.PLAYED else other
        mine, theirs = self.value(code), self.value(OPPOSITE[code])
        self.records[w.tpn] = RoundRecord(rnd, outcome, b.tpn, colour, mine, mine)
        self.records[b.tpn] = RoundRecord(rnd, other, w.tpn, colour and Colour.BLACK, theirs, theirs)
        self.games[w.tpn] = (b.tpn, "w", code)
        self.games[b.tpn] = (w.tpn, "b", OPPOSITE[code])

    def match(self, rnd: int, w: Participant, b: Participant) -> None:
        """A team match: ``w`` has White on board 1 (C.04.6 1.6.1)."""
        s, boards, seq = self.state.scoring, self.state.boards, self.state.board_colour_sequence
        forfeit = self.rng.random() < self.config.forfeit_rate
        winner = self.rng.choice((w, b)) if forfeit else None
        lineup_w, lineup_b = self.lineup(w), self.lineup(b)
        gp = {w.tpn: 0.0, b.tpn: 0.0}
        codes = []  # w's result on each board
        for board in range(boards):
            pw, pb = lineup_w[board], lineup_b[board]
            white_first = seq[board] == seq[0]  # is w's player White on this board?
            if forfeit:
                code = "+" if winner is w else "-"
            elif self.rng.random() < self.config.board_forfeit_rate:
                code = self.rng.choice("+-")
            else:
                wr, br = (pw.rating, pb.rating) if white_first else (pb.rating, pw.rating)
                code = _game(wr, br, self.config, self.rng)
                code = code if white_first else OPPOSITE[code]
            codes.append(code)
            gp[w.tpn] += self.value(code)
            gp[b.tpn] += self.value(OPPOSITE[code])
            cw = "w" if white_first else "b"
            self.games[pw.number] = (pb.number, cw, code)
            self.games[pb.number] = (pw.number, "b" if cw == "w" else "w", OPPOSITE[code])
        # A whole-match forfeit, or every board forfeited: the match was not played (C.04.6 1.6.1);
        # recorded as a forfeit, it is written with a 330 record, which every reader reads so.
        unplayed = match_without_play("+" in codes, "-" in codes) if set(codes) <= {"+", "-"} else None
        if unplayed is not None:
            for me, opp, outcome in ((w, b, unplayed[0]), (b, w, unplayed[1])):
                mp = s.match_win if outcome is Outcome.FORFEIT_WIN else s.match_loss
                self.records[me.tpn] = RoundRecord(rnd, outcome, opp.tpn, None, mp, gp[me.tpn])
            return
        for me, opp, colour in ((w, b, Colour.WHITE), (b, w, Colour.BLACK)):
            mine, theirs = gp[me.tpn], gp[opp.tpn]
            mp = s.match_win if mine > theirs else s.match_draw if mine == theirs else s.match_loss
            self.records[me.tpn] = RoundRecord(rnd, Outcome.PLAYED, opp.tpn, colour, mp, mine)

    def lineup(self, team: Participant) -> list[Player]:
        """The players on boards 1..n: the roster in order, a random reserve sitting out."""
        roster = list(team.roster)
        while len(roster) > self.state.boards:
            roster.pop(self.rng.randrange(len(roster)))
        return roster

    def others(self, rnd: int, pairing_bye: int | None, absent: set[int]) -> None:
        s = self.state.scoring
        for p in self.state.participants:
            if p.tpn == pairing_bye:
                mp, gp = s.pab_points(self.state.boards)
                self.records[p.tpn] = RoundRecord(rnd, Outcome.PAIRING_ALLOCATED_BYE, None, None, mp, gp)
                if not self.state.team:
                    self.games[p.tpn] = (0, "-", "U")
            elif p.tpn in absent:
                self.records[p.tpn] = RoundRecord(rnd, Outcome.ZERO_POINT_BYE)
                if not self.state.team:
                    self.games[p.tpn] = (0, "-", "Z")


def generate(
    system: str, config: GeneratorConfig, seed: int, options: dict | None = None
) -> tuple[TournamentState, dict[int, list[Game]]]:
    """A random tournament paired by the engine: the final state and every player's games.

    ``options`` are more ``state.options`` for the system (Olympiad
    ``section``, ``host_team`` (that team is also marked unranked)...; Lim
    ``maxi``; Dubov ``max_upfloats``). Raises ``PairingImpossible`` when the
    engine finds no pairing for a round.
    """
    rng = random.Random(seed)
    state = _state(validate(config), system, rng, options)
    players = (
        [pl.number for p in state.participants for pl in p.roster]
        if state.team
        else [p.tpn for p in state.participants]
    )
    games: dict[int, list[Game]] = {n: [] for n in players}
    for rnd in range(1, config.rounds + 1):
        absent = {p.tpn for p in state.participants if rng.random() < config.absence_rate}
        if len(state.participants) - len(absent) < 2:
            absent = set()
        current = replace(state, unavailable=frozenset(absent))
        pairing = api.pair(current)
        played = _Round(current, config, rng)
        for pair in pairing.pairs:
            w, b = current.by_tpn[pair.white], current.by_tpn[pair.black]
            (played.match if state.team else played.individual)(rnd, w, b)
        played.others(rnd, pairing.bye, absent)
        for n in players:
            games[n].append(played.games.get(n, NO_GAME))
        state = current.with_round(played.records)
    return state, games
