"""Record ``192`` (encoded tournament type): what it says about pairing.

Team codes (TRF-2026): ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]``.
Bare ``FIDE_TEAM`` is Type A colour preferences, match points primary and
game points for colours (C.04.6 1.2.2, 1.7). The first of MP/GP is the
primary score; a second one is the secondary score used for colours
(C.04.6 1.2.1); MP/GP without a TYPE suffix means no colour preferences.

Project codes (FIDE has none for these): ``FIDE_DUBOV`` (FIDE's own),
``FIDE_LIM``, ``FIDE_OLYMPIAD_1998``, ``FIDE_OLYMPIAD_2007`` and
``FIDE_OLYMPIAD_2022``; bare ``FIDE_OLYMPIAD`` reads as the rules in force,
the 2022 Olympiad Pairing Rules (D.02).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.state import ColourPreferenceType, ScoreKind

SYSTEM_CODES = {
    "FIDE_DUBOV": ("dubov", {}),
    "FIDE_LIM": ("lim", {}),
    "FIDE_OLYMPIAD_1998": ("olympiad", {"version": "1998"}),
    "FIDE_OLYMPIAD_2007": ("olympiad", {"version": "2007"}),
    "FIDE_OLYMPIAD_2022": ("olympiad", {"version": "2022"}),
    # The bare code names the rules in force: D.02 (2022). Written files always carry the year.
    "FIDE_OLYMPIAD": ("olympiad", {"version": "2022"}),
}


@dataclass(frozen=True)
class TournamentType:
    system: str | None = None  # None: the code names no system (the command line decides)
    colour_preferences: ColourPreferenceType = ColourPreferenceType.A
    primary: ScoreKind = ScoreKind.MATCH_POINTS
    secondary_for_colours: bool = True
    options: dict = field(default_factory=dict)


def parse_type(code: str) -> TournamentType | None:
    """The meaning of a 192 code, or None when the code is not one we know."""
    code = code.strip().upper()
    if code in SYSTEM_CODES:
        system, options = SYSTEM_CODES[code]
        return TournamentType(system=system, options=dict(options))
    if not code.startswith("FIDE_TEAM"):
        return None
    parts = [p for p in code[len("FIDE_TEAM") :].split("_") if p]
    options: dict = {}
    if parts and parts[-1] == "BAKU":
        options["acceleration"] = "baku"
        parts.pop()
    pref: ColourPreferenceType | None = None
    if parts and parts[0] in ("TYPEA", "TYPEB"):
        pref = ColourPreferenceType.A if parts[0] == "TYPEA" else ColourPreferenceType.B
        parts.pop(0)
    if len(parts) > 2 or any(p not in ("MP", "GP") for p in parts) or len(set(parts)) != len(parts):
        return None
    if not parts:  # no score given: the C.04.6 1.2.2 default
        return TournamentType("c0406", pref or ColourPreferenceType.A, options=options)
    return TournamentType(
        "c0406",
        pref if pref is not None else ColourPreferenceType.NONE,
        ScoreKind(parts[0]),
        len(parts) == 2,
        options,
    )


def format_type(
    system: str,
    colour_preferences: ColourPreferenceType,
    primary: ScoreKind,
    secondary_for_colours: bool,
    options: dict,
) -> str:
    """The 192 code that :func:`parse_type` reads back to the same settings."""
    if system == "dubov":
        return "FIDE_DUBOV"
    if system == "lim":
        return "FIDE_LIM"
    if system == "olympiad":
        return f"FIDE_OLYMPIAD_{options.get('version', '2007')}"
    scores = [primary.value]
    if secondary_for_colours:
        scores.append(ScoreKind.GAME_POINTS.value if primary is ScoreKind.MATCH_POINTS else "MP")
    parts = ["FIDE_TEAM"]
    if colour_preferences is not ColourPreferenceType.NONE:
        parts.append("TYPE" + colour_preferences.value)
    parts += scores
    if options.get("acceleration") == "baku":
        parts.append("BAKU")
    return "_".join(parts)
