"""The engine's command line, with the JaVaFo / bbpPairings conventions (docs/engine-cli.md).

    python -m engine --team input.trf -p [output]      pair the next round
    python -m engine --team input.trf -c               re-pair every round, report differences
    python -m engine --team -g [config] -o out.trf -s SEED   generate a random tournament

Every option of every system is a flag too (``engine/cli_options.py``,
generated from the systems' ``OPTION_SPECS``); ``-c`` says why each
differing round differs (``engine.checker``).

Exit codes: 0 success; 1 no valid pairing (or, with -c, a round differs);
2 unexpected error; 3 invalid input; 4 over a size limit; 5 file access.
Nothing is written on failure: outputs go to temporary files renamed at the end.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TextIO

from engine import api, cli_options, trf
from engine.messages import LANGUAGES
from engine.result import PairingImpossible
from engine.state import ColourPreferenceType, ScoreKind, TournamentState
from engine.trf.errors import MAX_INPUT_BYTES, MAX_PARTICIPANTS, MAX_ROUNDS, SizeLimitExceeded, TrfError

SUCCESS, NO_PAIRING, UNEXPECTED, INVALID_INPUT, SIZE_LIMIT, FILE_ACCESS = 0, 1, 2, 3, 4, 5

SYSTEM_FLAGS = cli_options.SYSTEM_FLAGS


class UsageError(Exception):
    """Wrong command-line arguments (exit code 3)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser(option_systems: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser, with the option flags of every system (of
    ``option_systems`` only, when given: see :func:`parse_args`)."""
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
    p.add_argument(
        "--language",
        choices=LANGUAGES,
        default="en",
        help="language of the explanation and of the checker's report (default en; the TRF and JSON stay English)",
    )
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
    cli_options.add_arguments(p, option_systems)
    return p


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The arguments, read with the option flags of the system the command line names only
    (its package alone is imported), or of none when it names none.

    ``--help``, several systems, or arguments that parser refuses (an option of
    another system, a mistake) are read again with every system's flags, so the
    help lists every option and a refusal says what it always said.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    named = cli_options.systems_in(argv)
    asks_help = any(a == "-h" or (len(a) > 2 and "--help".startswith(a.split("=")[0])) for a in argv)
    if len(named) <= 1 and not asks_help:
        try:
            return build_parser(named).parse_args(argv)
        except UsageError:
            pass
    return build_parser().parse_args(argv)


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
        options=cli_options.options_from_args(args, _system(args)),
        boards=args.boards,
    )


# -- files --------------------------------------------------------------------


def _read_text(path: str) -> str:
    if os.path.getsize(path) > MAX_INPUT_BYTES:
        raise SizeLimitExceeded(f"{path} is larger than {MAX_INPUT_BYTES} bytes")
    with open(path, "rb") as f:
        return trf.decode(f.read())


def _write_beside(path: str, text: str) -> str:
    """``text`` written to a new temporary file in ``path``'s folder; its name."""
    import tempfile  # only here: printing to standard output needs none

    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), prefix=".engine-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return tmp


def _commit(outputs: dict[str, str], stdout: TextIO) -> None:
    """Write every output to a temporary file, then rename them all ("-" is standard output)."""
    done: list[tuple[str, str]] = []
    try:
        for path, text in outputs.items():
            if path == "-":
                continue
            done.append((_write_beside(path, text), path))
    except BaseException:
        for tmp, _ in done:
            os.unlink(tmp)
        raise
    for tmp, path in done:
        os.replace(tmp, path)
    if "-" in outputs:
        stdout.write(outputs["-"])


def _check_size(state: TournamentState) -> None:
    """The documented limits (exit 4) for a JSON snapshot; ``engine.trf.read`` checks a TRF file's."""
    if state.rounds_total > MAX_ROUNDS:
        raise SizeLimitExceeded(f"{state.rounds_total} rounds: the engine pairs at most {MAX_ROUNDS} rounds")
    if len(state.participants) > MAX_PARTICIPANTS:
        raise SizeLimitExceeded(f"more than {MAX_PARTICIPANTS} participants")


def load(args: argparse.Namespace) -> tuple[TournamentState, trf.TrfDocument | None]:
    """The input's state with the command line's settings (and the TRF document, for the checker)."""
    if not args.input:
        raise UsageError("name the input file")
    text = _read_text(args.input)
    system = _system(args)
    if args.json or args.input.lower().endswith(".json"):
        from engine import snapshot

        state = snapshot.loads(text)
        _check_size(state)
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
        )
        return cli_options.apply(state, args), None
    if system is not None:
        cli_options.check_fits(system, args)
    doc = trf.read(text, system, _overrides(args))
    doc.state = cli_options.apply(doc.state, args)
    return doc.state, doc


# -- modes --------------------------------------------------------------------


def _pair(args: argparse.Namespace, stdout: TextIO) -> int:
    state, _ = load(args)
    if state.next_round > state.rounds_total:
        raise UsageError(f"all {state.rounds_total} rounds have been played: there is no round to pair")
    pairing = api.pair(state)
    outputs = {args.pair: trf.format_pairs(pairing)}
    if args.explain:
        if args.explain.lower().endswith(".json"):
            import json

            from engine import snapshot

            outputs[args.explain] = (
                json.dumps(snapshot.pairing_to_dict(pairing), indent=1, ensure_ascii=False) + "\n"
            )
        else:
            outputs[args.explain] = pairing.explanation_text(args.language) + "\n"
    _commit(outputs, stdout)
    return SUCCESS


def _check(args: argparse.Namespace, stdout: TextIO) -> int:
    state, doc = load(args)
    if args.round is not None and not 1 <= args.round <= state.rounds_played:
        raise UsageError(f"--round must be between 1 and {state.rounds_played}")
    rounds = [args.round] if args.round is not None else None
    from engine import checker

    if doc is not None:
        checks = checker.check_document(doc, rounds)
    else:
        checks = checker.check_history(state, None, rounds=rounds)
    stdout.write(checker.report_text(checks, args.language))
    return SUCCESS if all(c.same for c in checks) else NO_PAIRING


def _generate(args: argparse.Namespace, stdout: TextIO) -> int:
    if not args.output:
        raise UsageError("-g needs -o OUTPUT.trf")
    system = _system(args)
    if system is None:
        raise UsageError("say which system to generate for: --team, --olympiad, --dubov or --lim")
    cli_options.check_fits(system, args)
    from engine import generator

    config = (
        generator.parse_config(_read_text(args.generate)) if args.generate else generator.GeneratorConfig()
    )
    options = cli_options.options_from_args(args, system)
    if "version" in options:
        config = replace(config, version=options.pop("version"))
    if args.boards is not None:
        config = replace(config, boards=args.boards)
    elif options.get("section") == "women":
        config = replace(config, boards=3)  # Olympiad 1998 rules 7, 53: women's teams play 3 boards
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    state, games = generator.generate(system, config, seed, options)
    _commit({args.output: trf.write(state, games)}, stdout)
    return SUCCESS


def _loaded_errors() -> tuple[type[Exception], ...]:
    """The input errors of the modules a mode imported (a snapshot's, a generator's configuration)."""
    names = (("engine.snapshot", "SnapshotError"), ("engine.generator", "ConfigError"))
    return tuple(getattr(sys.modules[m], e) for m, e in names if m in sys.modules)


def main(argv: list[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line; returns the exit code (never raises)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = None
    try:
        args = parse_args(argv)
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
    except (UsageError, TrfError, cli_options.OptionError, *_loaded_errors()) as exc:
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
