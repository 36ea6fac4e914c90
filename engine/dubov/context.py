"""The working state of one Dubov round pairing: who is left, what was decided."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.common.completion import Completion
from engine.dubov.colours import allocate
from engine.dubov.limits import Limits
from engine.dubov.profile import Profile
from engine.dubov.why import colour_reason
from engine.messages import Message, Team, msg
from engine.result import Pair, RoundPairing
from engine.state import Colour, TournamentState


@dataclass
class RoundContext:
    state: TournamentState
    limits: Limits
    completion: Completion  # the whole round (Dubov 9: every choice leaves the rest pairable)
    pairing: RoundPairing
    remaining: set[int] = field(default_factory=set)
    pairs: list[Pair] = field(default_factory=list)
    # Why a participant floated down (6.4), in plain words, for his "why" line where he is paired (8.2).
    float_reasons: dict[int, Message] = field(default_factory=dict)

    @property
    def profiles(self) -> dict[int, Profile]:
        return self.limits.profiles

    @property
    def noun(self) -> str:
        return "team" if self.state.team else "player"

    @property
    def noun_message(self) -> Message:
        """:attr:`noun` in the reader's language."""
        return Message("team") if self.state.team else Message("player")

    def p(self, tpn: int) -> Profile:
        return self.limits.profiles[tpn]

    def score(self, tpn: int) -> float:
        return self.limits.profiles[tpn].score

    def label(self, tpn: int) -> str:
        pr = self.p(tpn)
        return f"{tpn}" + (f" {pr.name}" if pr.name else "")

    def team(self, tpn: int) -> Team:
        """``tpn`` as a step names him (:meth:`label`; by name and TPN where the reader's page knows names)."""
        return Team(tpn, self.label(tpn))

    def teams(self, tpns: list[int]) -> list[Team]:
        return [self.team(t) for t in tpns]

    def explain(self, article: str, topic: str, message: str | Message, **data) -> None:
        self.pairing.explain(article, topic, message, **data)

    # -- scoregroups ------------------------------------------------------------
    def scores_below(self, score: float) -> list[float]:
        """Scores of the lower scoregroups still holding unpaired participants, nearest first."""
        return sorted({self.score(t) for t in self.remaining if self.score(t) < score}, reverse=True)

    def group(self, score: float) -> list[int]:
        return sorted(t for t in self.remaining if self.score(t) == score)

    # -- decisions ----------------------------------------------------------------
    def record_pair(
        self,
        a: int,
        b: int,
        article: str,
        message: str | Message,
        why: dict[int, str | Message] | None = None,
        why_article: str = "",
        **data: Any,
    ) -> None:
        """Record the pair a-b (already fixed in the completion) and its colours (Dubov 3).

        ``data`` is added to the pairing Step (for example the rows of 6.3).
        ``why`` gives each of the two, in plain words, why this opponent
        (``RoundPairing.explain_why``, citing ``why_article`` or ``article``);
        the colour half is written here from chapter 3.
        """
        alloc = allocate(self.limits, a, b)
        self.remaining.discard(a)
        self.remaining.discard(b)
        self.pairs.append(Pair(alloc.white, alloc.black, alloc.article))
        self.explain(article, "pairing", message, white=alloc.white, black=alloc.black, **data)
        self.explain(
            alloc.article,
            "colour",
            msg(
                "{white} White, {black} Black: {reason}",
                white=self.team(alloc.white),
                black=self.team(alloc.black),
                reason=alloc.reason,
            ),
            white=alloc.white,
            black=alloc.black,
        )
        for t in (alloc.white, alloc.black):
            opponent = alloc.black if t == alloc.white else alloc.white
            self.pairing.explain_why(
                t,
                opponent=opponent,
                opponent_reason=self._with_set_aside(
                    (why or {}).get(t) or msg("You were paired with {other}.", other=opponent), t
                ),
                opponent_article=why_article or article,
                colour="w" if t == alloc.white else "b",
                colour_reason=colour_reason(self.limits, alloc, t),
                colour_article=alloc.article,
            )

    def _with_set_aside(self, reason: Message | str, t: int) -> Message | str:
        """``reason``, then the limitations set aside for ``t`` this round (engine.dubov.relaxation), in words."""
        dep = self.limits.departures
        which = [
            text
            for members, text in (
                (dep.upfloat, msg("the upfloat limit of 2.5")),
                (dep.third, msg("the rule against one colour three times running (2.4)")),
                (dep.difference, msg("the colour-difference limit of 2.3")),
            )
            if t in members
        ]
        if not which:
            return reason
        limits = which[0]
        for more in which[1:]:
            limits = msg("{first} and {second}", first=limits, second=more)
        return msg(
            "{reason} No pairing of the round keeps {limits} for everybody; it was set aside for you "
            "alone (see the relaxation step).",
            reason=reason,
            limits=limits,
        )

    def subgroup_colours(self, tpns: list[int]) -> dict[int, Colour]:
        """Dubov 1 due colours; one with no game yet joins the smaller subgroup (Dubov 9)."""
        due: dict[int, Colour] = {}
        for t in tpns:
            if self.p(t).due is not None:
                due[t] = self.p(t).due  # type: ignore[assignment]
        colourless = sorted((t for t in tpns if t not in due), key=lambda t: self.p(t).sort_black())
        for t in colourless:
            whites = sum(1 for c in due.values() if c is Colour.WHITE)
            blacks = len(due) - whites
            due[t] = Colour.WHITE if whites <= blacks else Colour.BLACK
        if colourless:
            self.explain(
                "Dubov 9",
                "colour-subgroups",
                msg(
                    "no colour played yet by {teams}: each joins the smaller colour subgroup",
                    teams=self.teams(colourless),
                ),
                tpns=colourless,
            )
        return due
