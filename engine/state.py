"""The tournament state every pairing system reads.

A :class:`TournamentState` is a frozen snapshot: the participants (teams or
individual players) with their full round-by-round history, the rules of the
competition that matter to pairing (scoring, colour preference type, initial
colour, number of rounds), and who is unavailable for the round to be paired.

It is built by the TRF reader (``engine.trf``), by the JSON snapshot reader
(``engine.snapshot``) and by the web application; the pairing systems never
see anything else. Nothing here imports Django.

Vocabulary follows C.04.6: a participant is identified by its TPN (tournament
pairing number, 1.1); "score" is the primary score and "secondary score" the
other one (1.2); a colour is only had in a match actually played, and for a
team it is the colour of its first board (1.6.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property


class Colour(str, Enum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(str, Enum):
    """What a participant's round was.

    Only ``PLAYED`` gives a colour (C.04.6 1.6.1). A forfeited match is not a
    meeting: the two participants may still be paired again (C.04.6 2.1.1 read
    with the Basic Rules), and a forfeit win bars the pairing-allocated bye
    (C.04.6 2.1.2 [C2]).
    """

    PLAYED = "played"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"
    PAIRING_ALLOCATED_BYE = "pab"
    FULL_POINT_BYE = "full_bye"  # FIDE-deprecated; bars the PAB as C2 says
    HALF_POINT_BYE = "half_bye"
    ZERO_POINT_BYE = "zero_bye"
    ABSENT = "absent"

    @property
    def had_opponent(self) -> bool:
        return self in (
            Outcome.PLAYED,
            Outcome.FORFEIT_WIN,
            Outcome.FORFEIT_LOSS,
            Outcome.DOUBLE_FORFEIT,
        )


def match_without_play(first_won_a_board: bool, second_won_a_board: bool) -> tuple[Outcome, Outcome] | None:
    """The outcomes of a team match in which no board game was played over the board
    (every board forfeited, no whole-match forfeit recorded), or None when it counts as played.

    C.04.6 1.6.1: a team has a colour in a match only "if the match was actually
    played"; a match with no game played is not, so it gives no colour and is no
    meeting (C1, Basic Rules art. 2). The team that won boards by forfeit while the
    other won none "won a match by forfeit" (C2: no pairing-allocated bye later); when
    neither won a board it is a double forfeit. When each team won a board by forfeit
    both took part, no team forfeited the match (TRF-2026 330 knows only +-, -+ and --)
    and the match counts as played, as FIDE's tool reads it
    (docs/interpretations/foundation.md, "A match with every board forfeited").
    """
    if first_won_a_board and second_won_a_board:
        return None
    if first_won_a_board:
        return Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
    if second_won_a_board:
        return Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN
    return Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT


class ScoreKind(str, Enum):
    MATCH_POINTS = "MP"
    GAME_POINTS = "GP"


class ColourPreferenceType(str, Enum):
    """C.04.6 1.7: Type A (default), Type B, or no colour preferences."""

    A = "A"
    B = "B"
    NONE = "none"


@dataclass(frozen=True)
class RoundRecord:
    """One participant's round, as it stands in the history.

    ``match_points`` and ``game_points`` are what the round earned under the
    competition's scoring (for an individual event both are the game score).
    ``colour`` is set only when the match was actually played.
    """

    round: int
    outcome: Outcome
    opponent: int | None = None
    colour: Colour | None = None
    match_points: float = 0.0
    game_points: float = 0.0

    @property
    def played(self) -> bool:
        return self.outcome is Outcome.PLAYED


@dataclass(frozen=True)
class Player:
    """A member of a team's roster (or the individual participant itself)."""

    number: int  # starting rank in the TRF (001 record), or roster id
    name: str = ""
    rating: int = 0  # 0 = unrated
    fide_id: str = ""
    title: str = ""
    federation: str = ""
    sex: str = ""
    birth_date: str = ""


@dataclass(frozen=True)
class Participant:
    """A team (or an individual player) with its whole history.

    ``tpn`` is the tournament pairing number (C.04.6 1.1). ``rating`` is the
    strength used by systems that pair on it (team strength for teams).
    ``history`` has exactly one record per round already played, in order.
    """

    tpn: int
    name: str = ""
    rating: float = 0.0
    federation: str = ""
    history: tuple[RoundRecord, ...] = ()
    roster: tuple[Player, ...] = ()
    withdrawn: bool = False
    # The organiser's extra team of the 1998 Olympiad text (rules 2-3):
    # paired and scored against, but not ranked.
    unranked: bool = False

    # -- scores -----------------------------------------------------------
    @cached_property
    def match_points(self) -> float:
        return sum(r.match_points for r in self.history)

    @cached_property
    def game_points(self) -> float:
        return sum(r.game_points for r in self.history)

    def score(self, kind: ScoreKind) -> float:
        return self.match_points if kind is ScoreKind.MATCH_POINTS else self.game_points

    def score_after(self, kind: ScoreKind, rounds: int) -> float:
        """The score after the first ``rounds`` rounds (0 gives 0)."""
        recs = self.history[:rounds]
        if kind is ScoreKind.MATCH_POINTS:
            return sum(r.match_points for r in recs)
        return sum(r.game_points for r in recs)

    # -- meetings, byes ---------------------------------------------------
    @cached_property
    def played_opponents(self) -> frozenset[int]:
        """Opponents actually met over the board (forfeits excluded)."""
        return frozenset(r.opponent for r in self.history if r.played and r.opponent is not None)

    @cached_property
    def matches_played(self) -> int:
        return sum(1 for r in self.history if r.played)

    @cached_property
    def had_pairing_allocated_bye(self) -> bool:
        return any(r.outcome is Outcome.PAIRING_ALLOCATED_BYE for r in self.history)

    @cached_property
    def had_bye_or_forfeit_win(self) -> bool:
        """C.04.6 2.1.2 [C2]: PAB, forfeit win or full-point bye received."""
        return any(
            r.outcome in (Outcome.PAIRING_ALLOCATED_BYE, Outcome.FORFEIT_WIN, Outcome.FULL_POINT_BYE)
            for r in self.history
        )

    # -- colours ----------------------------------------------------------
    @cached_property
    def colours(self) -> tuple[Colour, ...]:
        """Colours had in matches actually played, oldest first (1.6.1)."""
        return tuple(r.colour for r in self.history if r.played and r.colour is not None)

    @cached_property
    def colour_difference(self) -> int:
        """C.04.6 1.6.2: whites minus blacks."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)


@dataclass(frozen=True)
class Scoring:
    """How rounds are scored and which score pairs (C.04.6 1.2, 1.4).

    ``bye_match_points`` / ``bye_game_points`` of ``None`` mean "as for a
    draw" (C.04.6 1.4 default): the match-point draw value and half the boards.
    """

    primary: ScoreKind = ScoreKind.MATCH_POINTS
    secondary_for_colours: bool = True  # C.04.6 1.2.1 / 4.2.2
    match_win: float = 2.0
    match_draw: float = 1.0
    match_loss: float = 0.0
    game_win: float = 1.0
    game_draw: float = 0.5
    game_loss: float = 0.0
    bye_match_points: float | None = None
    bye_game_points: float | None = None

    @property
    def secondary(self) -> ScoreKind:
        return ScoreKind.GAME_POINTS if self.primary is ScoreKind.MATCH_POINTS else ScoreKind.MATCH_POINTS

    def pab_points(self, boards: int) -> tuple[float, float]:
        """(match points, game points) of a pairing-allocated bye (1.4)."""
        mp = self.match_draw if self.bye_match_points is None else self.bye_match_points
        gp = boards * self.game_draw if self.bye_game_points is None else self.bye_game_points
        return mp, gp


@dataclass(frozen=True)
class TournamentState:
    """Everything a pairing system needs to pair round ``next_round``.

    ``system`` names the pairing system (see ``engine.systems``) and
    ``options`` carries its system-specific settings (documented by each
    system, for example ``{"version": "2007"}`` for the Olympiad rules).
    ``unavailable`` are the TPNs not to be paired in ``next_round`` (absent,
    or granted a bye that is not pairing-allocated); withdrawn participants
    are never paired.
    """

    participants: tuple[Participant, ...]
    system: str = "c0406"
    team: bool = True
    name: str = ""
    rounds_total: int = 9
    boards: int = 4
    board_colour_sequence: str = "WBWB"  # colours of the first-listed team by board
    initial_colour: Colour = Colour.WHITE  # C.04.6 4.1, drawn by lot
    colour_preferences: ColourPreferenceType = ColourPreferenceType.A
    scoring: Scoring = field(default_factory=Scoring)
    unavailable: frozenset[int] = frozenset()
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    options: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        tpns = [p.tpn for p in self.participants]
        if len(set(tpns)) != len(tpns):
            raise ValueError("two participants share a TPN (C.04.6 1.1.1)")
        lengths = {len(p.history) for p in self.participants}
        if len(lengths) > 1:
            raise ValueError("participants' histories have different lengths")

    # -- derived ------------------------------------------------------------
    @cached_property
    def by_tpn(self) -> dict[int, Participant]:
        return {p.tpn: p for p in self.participants}

    @property
    def rounds_played(self) -> int:
        return len(self.participants[0].history) if self.participants else 0

    @property
    def next_round(self) -> int:
        return self.rounds_played + 1

    @property
    def is_last_round(self) -> bool:
        return self.next_round >= self.rounds_total

    def to_be_paired(self) -> list[Participant]:
        """Participants in the round to be paired, in TPN order."""
        return sorted(
            (p for p in self.participants if not p.withdrawn and p.tpn not in self.unavailable),
            key=lambda p: p.tpn,
        )

    def score(self, tpn: int) -> float:
        return self.by_tpn[tpn].score(self.scoring.primary)

    def secondary_score(self, tpn: int) -> float:
        return self.by_tpn[tpn].score(self.scoring.secondary)

    def have_met(self, a: int, b: int) -> bool:
        """C1: met over the board, or a forbidden pair."""
        return b in self.by_tpn[a].played_opponents or frozenset((a, b)) in self.forbidden_pairs

    def before_round(self, rnd: int) -> TournamentState:
        """The state as it was when round ``rnd`` was to be paired.

        Histories are cut to rounds ``1 .. rnd-1``; whoever did not get a
        pairing in round ``rnd`` other than a pairing-allocated bye (absent,
        non-PAB byes) is unavailable. Used by the checker (``-c``).
        """
        if not 1 <= rnd <= self.rounds_played + 1:
            raise ValueError(f"round {rnd} is outside 1..{self.rounds_played + 1}")
        if rnd == self.rounds_played + 1:
            return self
        unavailable = set()
        for p in self.participants:
            rec = p.history[rnd - 1]
            if not rec.outcome.had_opponent and rec.outcome is not Outcome.PAIRING_ALLOCATED_BYE:
                unavailable.add(p.tpn)
        # A withdrawal is recorded as absences in the rounds after it.
        cut = tuple(replace(p, history=p.history[: rnd - 1], withdrawn=False) for p in self.participants)
        # cached_property values live in __dict__ and are not copied by replace().
        return replace(self, participants=cut, unavailable=frozenset(unavailable))

    def with_round(self, records: dict[int, RoundRecord]) -> TournamentState:
        """A new state with one more round appended (one record per TPN)."""
        missing = {p.tpn for p in self.participants} - records.keys()
        if missing:
            raise ValueError(f"no record for TPNs {sorted(missing)}")
        parts = tuple(replace(p, history=p.history + (records[p.tpn],)) for p in self.participants)
        return replace(self, participants=parts, unavailable=frozenset())
