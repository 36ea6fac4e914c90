"""The engine's command line, with the JaVaFo / bbpPairings conventions (docs/engine-cli.md).

    python -m engine --team input.trf -p [output]      pair the next round
    python -m engine --team input.trf -c               re-pair every round, report differences
    python -m engine --team -g [config] -o out.trf -s SEED   generate a random tournament

Exit codes: 0 success; 1 no valid pairing (or, with -c, a round differs);
2 unexpected error; 3 invalid input; 4 over a size limit; 5 file access.
Nothing is written on failure: outputs go to temporary files renamed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from dataclasses import replace
from typing import TextIO

from engine import api, generator, snapshot, trf
from engine.result import Pair, PairingImpossible, RoundPairing
from engine.state import Colour, ColourPreferenceType, Outcome, ScoreKind, TournamentState
from engine.trf.errors import MAX_INPUT_BYTES, SizeLimitExceeded, TrfError

SUCCESS, NO_PAIRING, UNEXPECTED, INVALID_INPUT, SIZE_LIMIT, FILE_ACCESS = 0, 1, 2, 3, 4, 5

SYSTEM_FLAGS = {"team": "c0406", "olympiad": "olympiad", "dubov": "dubov", "lim": "lim"}


class UsageError(Exception):
    """Wrong command-line arguments (exit code 3)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m engine", description="Pair a round, check a tournament, or generate one.")
    systems = p.add_mutually_exclusive_group()
    systems.add_argument("--team", action="store_true", help="FIDE C.04.6 Swiss Team Pairing System")
    systems.add_argument("--olympiad", action="store_true", help="Chess Olympiad pairing rules")
    systems.add_argument("--dubov", action="store_true", help="Dubov system (individual)")
    systems.add_argument("--lim", action="store_true", help="Lim system (individual)")
    p.add_argument("input", nargs="?", help="TRF-2026 file (or JSON snapshot with --json)")
    p.add_argument("--json", action="store_true", help="the input is a JSON snapshot (docs/engine-json.md)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("-p", dest="pair", nargs="?", const="-", metavar="OUTPUT", help="pair the next round")
    mode.add_argument("-c", dest="check", action="store_true", help="re-pair every round of the file")
    mode.add_argument(
        "-g", dest="generate", nargs="?", const="", metavar="CONFIG", help="generate a tournament"
    )
    p.add_argument("-o", dest="output", metavar="TRF", help="generator output file")
    p.add_argument("-s", dest="seed", type=int, help="generator random seed")
    p.add_argument("--round", type=int, help="with -c: check only this round")
    p.add_argument("--explain", metavar="FILE", help="write the explanation (JSON if FILE ends in .json)")
    prefs = p.add_mutually_exclusive_group()
    prefs.add_argument("--type-a", action="store_true", help="Type A colour preferences (C.04.6 1.7.1)")
    prefs.add_argument("--type-b", action="store_true", help="Type B colour preferences (C.04.6 1.7.2)")
    prefs.add_argument(
        "--no-colour-preferences", action="store_true", help="no colour preferences (C.04.6 1.7)"
    )
    p.add_argument("--primary", choices=("MP", "GP"), help="primary score (C.04.6 1.2)")
    p.add_argument(
        "--no-secondary-colours", action="store_true", help="do not use the secondary score for colours"
    )
    p.add_argument("--olympiad-version", choices=("1998", "2007"), help="Olympiad rules version")
    return p


def _system(args: argparse.Namespace) -> str | None:
    return next((s for flag, s in SYSTEM_FLAGS.items() if getattr(args, flag)), None)


def _overrides(args: argparse.Namespace) -> trf.Overrides:
    prefs = None
    if args.type_a:
        prefs = ColourPreferenceType.A
    elif args.type_b:
        prefs = ColourPreferenceType.B
    elif args.no_colour_preferences:
        prefs = ColourPreferenceType.NONE
    return trf.Overrides(
        colour_preferences=prefs,
        primary=ScoreKind(args.primary) if args.primary else None,
        secondary_for_colours=False if args.no_secondary_colours else None,
        options={"version": args.olympiad_version} if args.olympiad_version else {},
    )


# -- files --------------------------------------------------------------------


def _read_text(path: str) -> str:
    if os.path.getsize(path) > MAX_INPUT_BYTES:
        raise SizeLimitExceeded(f"{path} is larger than {MAX_INPUT_BYTES} bytes")
    with open(path, "rb") as f:
        data = f.read()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _commit(outputs: dict[str, str], stdout: TextIO) -> None:
    """Write every output to a temporary file, then rename them all ("-" is standard output)."""
    done: list[tuple[str, str]] = []
    try:
        for path, text in outputs.items():
            if path == "-":
                continue
            folder = os.path.dirname(os.path.abspath(path))
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".engine-", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            done.append((tmp, path))
    except BaseException:
        for tmp, _ in done:
            os.unlink(tmp)
        raise
    for tmp, path in done:
        os.replace(tmp, path)
    if "-" in outputs:
        stdout.write(outputs["-"])


def _load(
    args: argparse.Namespace,
) -> tuple[TournamentState, dict[int, RoundPairing], trf.TrfDocument | None]:
    if not args.input:
        raise UsageError("name the input file")
    text = _read_text(args.input)
    system = _system(args)
    if args.json or args.input.lower().endswith(".json"):
        state = snapshot.loads(text)
        ov = _overrides(args)
        state = replace(
            state,
            system=system or state.system,
            colour_preferences=ov.colour_preferences or state.colour_preferences,
            scoring=replace(
                state.scoring,
                primary=ov.primary or state.scoring.primary,
                secondary_for_colours=state.scoring.secondary_for_colours and not args.no_secondary_colours,
            ),
            options={**state.options, **ov.options},
        )
        return state, pairings_from_history(state), None
    doc = trf.read(text, system, _overrides(args))
    return doc.state, doc.pairings, doc


def pairings_from_history(state: TournamentState) -> dict[int, RoundPairing]:
    """Each played round's pairing, from the history alone (JSON input).

    A forfeited match has no colour in the history (C.04.6 1.6.1): it is
    written with the lower TPN first, and :func:`check_rounds` does not
    compare its colours.
    """
    out: dict[int, RoundPairing] = {}
    for rnd in range(1, state.rounds_played + 1):
        pairing = RoundPairing(round=rnd, pairs=[])
        for p in sorted(state.participants, key=lambda p: p.tpn):
            rec = p.history[rnd - 1]
            if rec.outcome is Outcome.PAIRING_ALLOCATED_BYE:
                pairing.bye = p.tpn
            elif (
                rec.opponent is not None
                and rec.outcome.had_opponent
                and (rec.colour is Colour.WHITE or (rec.colour is None and p.tpn < rec.opponent))
            ):
                pairing.pairs.append(Pair(p.tpn, rec.opponent))
        out[rnd] = pairing
    return out


# -- modes --------------------------------------------------------------------


def _pair(args: argparse.Namespace, stdout: TextIO) -> int:
    state, _, _ = _load(args)
    if state.next_round > state.rounds_total:
        raise UsageError(f"all {state.rounds_total} rounds have been played: there is no round to pair")
    pairing = api.pair(state)
    outputs = {args.pair: trf.format_pairs(pairing)}
    if args.explain:
        if args.explain.lower().endswith(".json"):
            outputs[args.explain] = (
                json.dumps(snapshot.pairing_to_dict(pairing), indent=1, ensure_ascii=False) + "\n"
            )
        else:
            outputs[args.explain] = pairing.explanation_text() + "\n"
    _commit(outputs, stdout)
    return SUCCESS


def check_rounds(
    state: TournamentState,
    pairings: dict[int, RoundPairing],
    doc: trf.TrfDocument | None,
    only: int | None = None,
) -> dict[int, list[str]]:
    """Re-pair each played round from its own history; the differences, round by round."""
    out: dict[int, list[str]] = {}
    rounds = [only] if only else range(1, state.rounds_played + 1)
    for rnd in rounds:
        before = doc.state_before(rnd) if doc is not None else state.before_round(rnd)
        try:
            engine_pairing = api.pair(before)
        except PairingImpossible as exc:
            out[rnd] = [f"the engine finds no pairing: {exc}"]
            continue
        actual = (
            pairings[rnd]
            if doc is not None
            else _forfeits_as_engine(state, rnd, pairings[rnd], engine_pairing)
        )
        out[rnd] = api.describe_differences(engine_pairing, actual)
    return out


def _forfeits_as_engine(
    state: TournamentState, rnd: int, actual: RoundPairing, engine: RoundPairing
) -> RoundPairing:
    """Forfeited matches of a JSON history have no colours: take the engine's, so only the pairing is compared."""
    engine_pairs = {(p.white, p.black) for p in engine.pairs}
    pairs = []
    for p in actual.pairs:
        colourless = state.by_tpn[p.white].history[rnd - 1].outcome is not Outcome.PLAYED
        pairs.append(Pair(p.black, p.white) if colourless and (p.black, p.white) in engine_pairs else p)
    return replace(actual, pairs=pairs)


def _check(args: argparse.Namespace, stdout: TextIO) -> int:
    state, pairings, doc = _load(args)
    if args.round is not None and not 1 <= args.round <= state.rounds_played:
        raise UsageError(f"--round must be between 1 and {state.rounds_played}")
    report = check_rounds(state, pairings, doc, args.round)
    lines = []
    for rnd, diffs in report.items():
        lines.append(f"round {rnd}: {'differs' if diffs else 'same'}")
        lines += [f"  {d}" for d in diffs]
    differing = sum(1 for d in report.values() if d)
    lines.append(f"{len(report)} rounds checked, {differing} differ")
    stdout.write("\n".join(lines) + "\n")
    return NO_PAIRING if differing else SUCCESS


def _generate(args: argparse.Namespace, stdout: TextIO) -> int:
    if not args.output:
        raise UsageError("-g needs -o OUTPUT.trf")
    system = _system(args)
    if system is None:
        raise UsageError("say which system to generate for: --team, --olympiad, --dubov or --lim")
    config = (
        generator.parse_config(_read_text(args.generate)) if args.generate else generator.GeneratorConfig()
    )
    if args.olympiad_version:
        config = replace(config, version=args.olympiad_version)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    state, games = generator.generate(system, config, seed)
    _commit({args.output: trf.write(state, games)}, stdout)
    return SUCCESS


def main(argv: list[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line; returns the exit code (never raises)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = None
    try:
        args = build_parser().parse_args(argv)
        if args.pair is not None:
            return _pair(args, stdout)
        if args.check:
            return _check(args, stdout)
        if args.generate is not None:
            return _generate(args, stdout)
        raise UsageError("choose -p (pair), -c (check) or -g (generate)")
    except PairingImpossible as exc:
        stderr.write(f"no valid pairing: {exc}\n")
        return NO_PAIRING
    except (UsageError, TrfError, snapshot.SnapshotError, generator.ConfigError) as exc:
        name = getattr(args, "input", None)
        where = f"{name}: " if isinstance(exc, TrfError) and name else ""
        stderr.write(f"invalid input: {where}{exc}\n")
        return INVALID_INPUT
    except SizeLimitExceeded as exc:
        stderr.write(f"size limit: {exc}\n")
        return SIZE_LIMIT
    except OSError as exc:
        stderr.write(f"file access: {exc.filename or ''}: {exc.strerror or exc}\n")
        return FILE_ACCESS
    except Exception as exc:  # the promise: no traceback, exit 2
        stderr.write(f"unexpected error: {type(exc).__name__}: {exc}\n")
        return UNEXPECTED
