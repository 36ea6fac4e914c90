"""A demo round paired and published the way the committee does it (run, approvals, publication).

The pairing comes from the engine's run through ``committee.services``; when
the run fails, from the engine directly (``engine.api.pair`` on
``engine_state``) or, while a system is not in the engine yet, from a plainly
labelled stand-in pairing, so the pages still have data; the round's states
are then walked with ``transition_round``.
"""

from __future__ import annotations

import importlib
import importlib.util

from committee.models import PairingRun
from committee.services.approvals import approvals_needed, approve, publish
from committee.services.drafts import current_version
from committee.services.runs import execute_run, request_pairing
from engine import api as engine_api
from engine.result import Pair, RoundPairing
from tournaments.models import Match, Round
from tournaments.models import RoundState as S
from tournaments.selectors import engine_state
from tournaments.services import save_pairing, transition_round


def system_ready(name: str) -> bool:
    """True when the engine has this system (the module and its ``pair``)."""
    if importlib.util.find_spec(f"engine.{name}") is None:
        return False
    try:
        module = importlib.import_module(f"engine.{name}")
    except Exception:  # a system being written may not import yet
        return False
    return hasattr(module, "pair")


def pair_round(rnd: Round, log) -> RoundPairing:
    state = engine_state(rnd)
    try:
        if system_ready(state.system):
            return engine_api.pair(state)
        reason = f"the engine has no {state.system!r} system yet"
    except Exception as exc:  # the demo must build even while an engine is unfinished
        reason = f"the engine failed: {exc}"
    log(f"  round {rnd.number}: stand-in pairing used ({reason})")
    return stand_in_pairing(state)


def stand_in_pairing(state) -> RoundPairing:
    """Demo-only stand-in: score order, no rematch, alternate colours. Not a pairing system."""
    players = sorted(state.to_be_paired(), key=lambda p: (-state.score(p.tpn), p.tpn))
    pairing = RoundPairing(round=state.next_round, pairs=[])
    if len(players) % 2:
        bye = next((p for p in reversed(players) if not p.had_pairing_allocated_bye), players[-1])
        players.remove(bye)
        pairing.bye = bye.tpn
    while players:
        a = players.pop(0)
        b = next((p for p in players if not state.have_met(a.tpn, p.tpn)), players[0])
        players.remove(b)
        white, black = (a, b) if a.colour_difference <= b.colour_difference else (b, a)
        pairing.pairs.append(Pair(white.tpn, black.tpn, "demo stand-in"))
    pairing.explain("demo", "pairing", "Stand-in pairing for the demo (engine system not available).")
    return pairing


def publish_round(
    rnd: Round, log, users: dict, *, unfinished_as_draws: bool = False
) -> tuple[Round, list[Match]]:
    """Pair and publish ``rnd`` the way the committee does (run, approvals, publication).

    ``unfinished_as_draws``: Olympiad rule 11, the previous round is still in play.

    Uses the committee's services so the demo has runs, drafts, approvals and
    publications to show; falls back to the engine (or the stand-in) and
    ``save_pairing`` if the run fails.
    """
    run = request_pairing(round=rnd, user=users["chair"], unfinished_as_draws=unfinished_as_draws)
    execute_run(run.pk, worker="seed_demo")  # here and now; the queued message then finds it done
    run = PairingRun.objects.get(pk=run.pk)
    if run.status == PairingRun.Status.SUCCEEDED:
        version = current_version(rnd)
        approve(version=version, user=users["chair"])
        if approvals_needed(version):
            approve(version=version, user=users["member"])
        publish(version=version, user=users["chair"])
        rnd.refresh_from_db()
        return rnd, list(rnd.matches.select_related("white_team", "black_team").order_by("table"))
    log(f"  round {rnd.number}: the pairing run failed ({run.error}); pairing directly")
    rnd.refresh_from_db()
    if rnd.state == S.AWAITING_RESULTS:
        rnd = transition_round(rnd, S.PAIRING_REQUESTED, unfinished_as_draws=unfinished_as_draws)
    pairing = pair_round(rnd, log)
    rnd = walk(rnd, S.DRAFT_COMPUTED, S.UNDER_REVIEW, S.APPROVED)
    matches = save_pairing(rnd, pairing)
    return walk(rnd, S.PUBLISHED), matches


def walk(rnd: Round, *targets: str) -> Round:
    for target in targets:
        rnd = transition_round(rnd, target)
    return rnd
