"""System options on the command line (docs/engine-cli.md, "System options").

Each option becomes a key of ``TournamentState.options`` read by one system:

- Olympiad (engine/olympiad/options.py): ``--version`` (``--olympiad-version``),
  ``--section``, ``--unrated-rating``, ``--section-j-from``,
  ``--no-imaginary-points``, ``--host-team``; ``--boards`` sets
  ``TournamentState.boards``;
- Lim (engine/lim/context.py): ``--maxi``, ``--maxi-limit``;
- Dubov (engine/dubov/limits.py): ``--max-upfloats``.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from types import SimpleNamespace

from engine.state import TournamentState

# option key -> (argparse dest, system)
SYSTEM_OPTIONS: dict[str, tuple[str, str]] = {
    "version": ("version", "olympiad"),
    "section": ("section", "olympiad"),
    "unrated_rating": ("unrated_rating", "olympiad"),
    "section_j_from_round": ("section_j_from", "olympiad"),
    "imaginary_points": ("no_imaginary_points", "olympiad"),
    "host_team": ("host_team", "olympiad"),
    "maxi": ("maxi", "lim"),
    "maxi_limit": ("maxi_limit", "lim"),
    "max_upfloats": ("max_upfloats", "dubov"),
}
FLAGS = {
    "version": "--version",
    "section": "--section",
    "unrated_rating": "--unrated-rating",
    "section_j_from_round": "--section-j-from",
    "imaginary_points": "--no-imaginary-points",
    "host_team": "--host-team",
    "maxi": "--maxi",
    "maxi_limit": "--maxi-limit",
    "max_upfloats": "--max-upfloats",
}


class OptionError(ValueError):
    """A system option that does not fit the system or the tournament (exit code 3)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    olympiad = p.add_argument_group("Olympiad options (--olympiad)")
    olympiad.add_argument(
        "--version", "--olympiad-version", dest="version", choices=("1998", "2007"), help="rules version"
    )
    olympiad.add_argument("--section", choices=("open", "women"), help="open or women's section (rule 7)")
    olympiad.add_argument("--boards", type=int, metavar="N", help="boards per match")
    olympiad.add_argument(
        "--unrated-rating", type=int, metavar="R", help="rating counted for an unrated player (rule 6)"
    )
    olympiad.add_argument(
        "--section-j-from", type=int, metavar="N", help="first round paired by Section J (rule 45)"
    )
    olympiad.add_argument(
        "--no-imaginary-points", action="store_true", help="no imaginary points (2007 amended rule 25)"
    )
    olympiad.add_argument(
        "--host-team", type=int, metavar="TPN", help="the organiser's extra team: paired, not ranked (rule 2)"
    )
    lim = p.add_argument_group("Lim options (--lim)")
    lim.add_argument("--maxi", action="store_true", help="a Maxi-tournament (Lim 10.2, 10.8, 12.7)")
    lim.add_argument("--maxi-limit", type=int, metavar="N", help="the Maxi rating limit (default 100)")
    dubov = p.add_argument_group("Dubov options (--dubov)")
    dubov.add_argument("--max-upfloats", type=int, metavar="N", help="the upfloat limit of Dubov 2.5")


def options_from_args(args: argparse.Namespace) -> dict:
    """The ``state.options`` keys the command line sets (only those given)."""
    out: dict = {}
    for key, (dest, _) in SYSTEM_OPTIONS.items():
        value = getattr(args, dest, None)
        if key == "imaginary_points":
            if value:
                out[key] = False
        elif key == "maxi":
            if value:
                out[key] = True
        elif value is not None:
            out[key] = value
    return out


def check_fits(system: str, args: argparse.Namespace) -> None:
    """Refuse an option of another system (``--maxi`` with ``--dubov``...)."""
    for key in options_from_args(args):
        owner = SYSTEM_OPTIONS[key][1]
        if owner != system:
            raise OptionError(f"{FLAGS[key]} is an option of the {owner} system, not of {system}")
    if args.boards is not None and system != "olympiad":
        raise OptionError(f"--boards is an option of the olympiad system, not of {system}")
    if args.boards is not None and not 1 <= args.boards <= 14:
        raise OptionError("--boards must be between 1 and 14")
    if args.maxi_limit is not None and not args.maxi:
        raise OptionError("--maxi-limit needs --maxi")
    validate(system, options_from_args(args))


def apply(state: TournamentState, args: argparse.Namespace) -> TournamentState:
    """The state with the command line's options, validated by the system's own option reader."""
    check_fits(state.system, args)
    state = replace(state, options={**state.options, **options_from_args(args)})
    if args.boards is not None and args.boards != state.boards:
        seq = state.board_colour_sequence
        seq = seq if len(seq) == args.boards else ("WB" * args.boards)[: args.boards]
        state = replace(state, boards=args.boards, board_colour_sequence=seq)
    if args.host_team is not None:
        if args.host_team not in state.by_tpn:
            raise OptionError(f"--host-team {args.host_team}: no team has that TPN")
        state = replace(
            state,
            participants=tuple(
                replace(p, unranked=True) if p.tpn == args.host_team else p for p in state.participants
            ),
        )
    validate(state.system, state.options)
    return state


def validate(system: str, options: dict) -> None:
    """The system's own reading of its options; a bad value raises :class:`OptionError`."""
    try:
        if system == "olympiad":
            from engine.olympiad.options import parse_options

            parse_options(options)
        elif system == "lim":
            from engine.lim.context import LimOptions

            LimOptions.from_state(SimpleNamespace(options=options))  # type: ignore[arg-type]
        elif system == "dubov" and "max_upfloats" in options:
            value = options["max_upfloats"]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"Dubov option 'max_upfloats' must be a whole number, not {value!r}")
    except ValueError as exc:
        raise OptionError(str(exc)) from None
