"""System options on the command line (docs/engine-cli.md, "System options").

Every option every system declares (``OPTION_SPECS`` in
``engine/<system>/options.py``, gathered by :mod:`engine.options`) is one
flag, generated here from its spec: ``--help`` gives its article, what it
decides, its values, its default and the value that gives FIDE's tool's
reading. A yes/no option is ``--key`` / ``--no-key``; any other takes a value
(``--c6 pass_fail``, ``--max-upfloats 4``, ``--section-j-from none``). Each
sets one key of ``TournamentState.options``, read by its own system.

An option of another system than the one paired is refused, and so is a
value the spec does not allow or the system's own option reader refuses
(exit 3). ``--boards`` (Olympiad) sets ``TournamentState.boards``, not an
option; ``--host-team`` also marks the team ``Participant.unranked``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from engine import options as engine_options
from engine import systems
from engine.options import OptionSpec
from engine.state import TournamentState

# command-line flag -> the system it selects
SYSTEM_FLAGS = {"team": "c0406", "olympiad": "olympiad", "dubov": "dubov", "lim": "lim"}
SYSTEM_FLAG = {system: f"--{flag}" for flag, system in SYSTEM_FLAGS.items()}

# Spellings kept from before the flags were generated: (system, key) -> more flags.
ALIASES: dict[tuple[str, str], tuple[str, ...]] = {("olympiad", "version"): ("--version",)}

# Options that only mean something with another: (system, key) -> (key, value it needs).
REQUIRES: dict[tuple[str, str], tuple[str, Any]] = {("lim", "maxi_limit"): ("maxi", True)}


class OptionError(ValueError):
    """A system option that does not fit the system or the tournament (exit code 3)."""


def _dest(flag: str) -> str:
    return "option_" + flag.lstrip("-").replace("-", "_")


def system_specs(names: Iterable[str] | None = None) -> dict[str, tuple[OptionSpec, ...] | Exception]:
    """Each system's options (of ``names`` only, when given), or the error that stops its
    package from loading.

    A system whose package cannot be imported (a bug) loses its flags, not
    the command line: pairing with it fails on its own (exit 2). Loading a
    system's options imports its package: the command line loads only the
    system it runs (:func:`systems_in`), every system for ``--help``.
    """
    out: dict[str, tuple[OptionSpec, ...] | Exception] = {}
    for system in engine_options.SYSTEM_NAMES if names is None else names:
        try:
            out[system] = engine_options.specs(system)
        except Exception as exc:
            out[system] = exc
    return out


def systems_in(argv: Sequence[str]) -> set[str]:
    """The systems whose flag (``--team``, ``--olympiad``, ...) ``argv`` gives, as written."""
    return {system for flag, system in SYSTEM_FLAGS.items() if f"--{flag}" in argv}


def flags(found: dict[str, tuple[OptionSpec, ...] | Exception] | None = None) -> dict[str, list[OptionSpec]]:
    """Each option flag with the option(s) it sets, one per system at most (in declaration order).

    Two systems may declare the same key: the flag is then one argument,
    read with the spec of the system paired.
    """
    out: dict[str, list[OptionSpec]] = {}
    for declared in (system_specs() if found is None else found).values():
        for s in declared if isinstance(declared, tuple) else ():
            out.setdefault(s.cli_flag, []).append(s)
    return out


def spellings(spec: OptionSpec) -> list[str]:
    """The flags that set ``spec`` (yes/no options: also ``--no-...``)."""
    names = [spec.cli_flag, *ALIASES.get((spec.system, spec.key), ())]
    if spec.is_bool:
        names += ["--no-" + n[2:] for n in names]
    return names


def _metavar(spec: OptionSpec) -> str:
    if spec.choices:
        return "{" + ",".join(engine_options.format_value(c) for c in spec.choices) + "}"
    return "N|none" if spec.nullable else "N"


def _help(specs: list[OptionSpec]) -> str:
    text = " ".join((f"[{s.system}] " if len(specs) > 1 else "") + s.describe() for s in specs)
    return text.replace("%", "%%")


def add_arguments(p: argparse.ArgumentParser, names: Iterable[str] | None = None) -> None:
    """One flag per option of every system (of ``names`` only, when given), in a group per
    system (``--help``). ``args.option_systems`` says which systems' flags were read."""
    every = system_specs(names)
    by_flag = flags(every)
    done: set[str] = set()
    p.set_defaults(option_systems=tuple(every), boards=None)
    for system, found in every.items():
        title = f"{systems.LABELS[system]} options (with {SYSTEM_FLAG[system]})"
        broken = f"unavailable: {type(found).__name__}: {found}" if isinstance(found, Exception) else None
        group = p.add_argument_group(title, broken)
        if system == "olympiad":
            group.add_argument(
                "--boards",
                type=int,
                metavar="N",
                help="Olympiad 1998 rule 7: boards per match (TournamentState.boards); must agree with a "
                "352 record. Default: the file's, 4 for a generated event (3 for the 1998 women's section).",
            )
        for s in found if isinstance(found, tuple) else ():
            if s.cli_flag in done:  # the same flag declared by another system: one argument, both helps
                continue
            names = [s.cli_flag, *ALIASES.get((s.system, s.key), ())]
            done.update(names)
            owners = by_flag[s.cli_flag]
            if s.is_bool:
                group.add_argument(
                    *names,
                    dest=_dest(s.cli_flag),
                    action=argparse.BooleanOptionalAction,
                    default=None,
                    help=_help(owners),
                )
            else:
                group.add_argument(
                    *names, dest=_dest(s.cli_flag), default=None, metavar=_metavar(s), help=_help(owners)
                )


def _spelled(spec: OptionSpec, value: Any) -> str:
    if spec.is_bool and value is False:
        return "--no-" + spec.cli_flag[2:]
    return spec.cli_flag


def options_from_args(args: argparse.Namespace, system: str | None = None) -> dict:
    """The ``state.options`` keys the command line sets (only those given), checked by their specs.

    With ``system`` known, a flag of another system is refused; without it
    (the file's ``192`` record will say), a flag must name one option only.
    """
    out: dict = {}
    for flag, owners in flags(system_specs(getattr(args, "option_systems", None))).items():
        raw = getattr(args, _dest(flag), None)
        if raw is None:
            continue
        if system is not None:
            spec = next((o for o in owners if o.system == system), None)
            if spec is None:
                where = " and ".join(o.system for o in owners)
                raise OptionError(
                    f"{_spelled(owners[0], raw)} is an option of the {where} system, not of {system}"
                )
        elif len(owners) == 1:
            spec = owners[0]
        else:
            named = " or ".join(SYSTEM_FLAG[o.system] for o in owners)
            raise OptionError(f"{flag} is an option of several systems: name the system ({named})")
        try:
            out[spec.key] = spec.parse(raw)
        except ValueError as exc:
            raise OptionError(f"{_spelled(spec, raw)} {_word(raw)}: {exc}") from None
    return out


def _word(raw: Any) -> str:
    return "" if isinstance(raw, bool) else str(raw)


def check_fits(system: str, args: argparse.Namespace) -> None:
    """Refuse an option of another system (``--maxi`` with ``--dubov``...) and a bad value."""
    given = options_from_args(args, system)
    if args.boards is not None and system != "olympiad":
        raise OptionError(f"--boards is an option of the olympiad system, not of {system}")
    if args.boards is not None and not 1 <= args.boards <= 14:
        raise OptionError("--boards must be between 1 and 14")
    _check_requires(system, given, given)
    validate(system, given)


def _check_requires(system: str, given: dict, in_force: dict) -> None:
    for (owner, key), (needed, value) in REQUIRES.items():
        if owner == system and key in given and in_force.get(needed) != value:
            spec, other = engine_options.spec(owner, key), engine_options.spec(owner, needed)
            assert spec is not None and other is not None
            raise OptionError(f"{spec.cli_flag} needs {_spelled(other, value)}")


def apply(state: TournamentState, args: argparse.Namespace) -> TournamentState:
    """The state with the command line's options, validated by the system's own option reader."""
    if args.boards is not None and state.system != "olympiad":
        raise OptionError(f"--boards is an option of the olympiad system, not of {state.system}")
    given = options_from_args(args, state.system)
    state = replace(state, options={**state.options, **given})
    _check_requires(state.system, given, state.options)
    if args.boards is not None and args.boards != state.boards:
        if not 1 <= args.boards <= 14:
            raise OptionError("--boards must be between 1 and 14")
        seq = state.board_colour_sequence
        seq = seq if len(seq) == args.boards else ("WB" * args.boards)[: args.boards]
        state = replace(state, boards=args.boards, board_colour_sequence=seq)
    host = given.get("host_team") if state.system == "olympiad" else None
    if host is not None:
        if host not in state.by_tpn:
            raise OptionError(f"--host-team {host}: no team has that TPN")
        state = replace(
            state,
            participants=tuple(replace(p, unranked=True) if p.tpn == host else p for p in state.participants),
        )
    validate(state.system, state.options)
    return state


def validate(system: str, options: dict) -> None:
    """Every option of ``system`` checked by its spec, then by the system's own reader.

    The system's reading stays authoritative (the Olympiad reads ``"men"`` as
    the open section, say): a value is refused only when the system's reader
    refuses it or, for a value the command line gave, its spec does.
    """
    try:
        if system == "olympiad":
            from engine.olympiad.options import parse_options

            parse_options(options)
        elif system == "lim":
            from engine.lim.context import LimOptions

            LimOptions.from_state(SimpleNamespace(options=options))  # type: ignore[arg-type]
        else:
            engine_options.in_force(system, options)
    except ValueError as exc:
        raise OptionError(str(exc)) from None


def flags_table() -> str:
    """The Markdown table of every option flag, as docs/engine-cli.md prints it (a test keeps them equal)."""
    rows = [
        "| flag | system | article | what it decides | values | default | FIDE's tool |",
        "|---|---|---|---|---|---|---|",
    ]
    for found in system_specs().values():
        for s in found if isinstance(found, tuple) else ():
            names = " / ".join(f"`{n}`" for n in spellings(s))
            if s.choices:
                values = " / ".join(f"`{engine_options.format_value(c)}`" for c in s.choices)
            else:
                values = s.allowed()
            fide = (
                "" if s.fide_tool is engine_options.UNSET else f"`{engine_options.format_value(s.fide_tool)}`"
            )
            cells = [
                names,
                s.system,
                s.article,
                f"{s.help} (`{s.key}`)",
                values,
                f"`{engine_options.format_value(s.default)}`",
                fide,
            ]
            rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(rows)


DOCS = "docs/engine-cli.md"
BEGIN = "<!-- option flags: generated from the specs by `python -m engine.cli_options --update-docs` -->"
END = "<!-- end of the option flags -->"


def docs_with_table(text: str) -> str:
    """``text`` (docs/engine-cli.md) with the generated table between its markers."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + flags_table() + "\n" + text[end:]


if __name__ == "__main__":  # python -m engine.cli_options [--update-docs]
    import sys
    from pathlib import Path

    if sys.argv[1:] == ["--update-docs"]:
        path = Path(__file__).resolve().parents[1] / DOCS
        path.write_text(docs_with_table(path.read_text()))
        print(f"updated the option flags table of {path}")
    else:
        print(flags_table())
