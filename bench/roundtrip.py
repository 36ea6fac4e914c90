"""Generator -> TRF-2026 -> checker round trips on many random events; prints counts and timings.

    .venv/bin/python bench/roundtrip.py [--system c0406] [--events 500] [--min-teams 8] [--max-teams 60]
        [--olympiad-version 1998|2007|2022]

Every event is paired round by round by the engine, written as TRF-2026, read
back and re-paired from its own history; any round that comes out differently
is a difference (printed with its seed, so it can be reproduced with
``python -m engine --team -g CONFIG -o out.trf -s SEED``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import generator, trf  # noqa: E402
from engine.checker import check_document  # noqa: E402
from engine.result import PairingImpossible  # noqa: E402


def config_for(seed: int, args: argparse.Namespace) -> generator.GeneratorConfig:
    rng = random.Random(seed)
    teams = rng.randint(args.min_teams, args.max_teams)
    return generator.GeneratorConfig(
        participants=teams,
        rounds=rng.randint(3, max(3, min(args.max_rounds, teams // 2 + 1))),
        boards=rng.randint(1, 6),
        reserves=rng.randint(0, 2),
        forfeit_rate=0.03,
        board_forfeit_rate=0.02,
        absence_rate=0.03,
        forbidden_pairs=rng.randint(0, 2),
        colour_preferences=rng.choice(["A", "B", "none"]),
        primary=rng.choice(["MP", "GP"]),
        version=args.olympiad_version or rng.choice(["1998", "2007", "2022"]),
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--system", default="c0406", choices=["c0406", "olympiad", "dubov", "lim"])
    p.add_argument("--events", type=int, default=500)
    p.add_argument("--first-seed", type=int, default=1000)
    p.add_argument("--min-teams", type=int, default=8)
    p.add_argument("--max-teams", type=int, default=60)
    p.add_argument("--max-rounds", type=int, default=11)
    p.add_argument(
        "--olympiad-version",
        choices=["1998", "2007", "2022"],
        default=None,
        help="the Olympiad rules of every event (default: drawn per event among the three)",
    )
    args = p.parse_args()
    made = impossible = differing_events = differing_rounds = rounds = 0
    t_gen = t_io = t_check = 0.0
    for seed in range(args.first_seed, args.first_seed + args.events):
        config = config_for(seed, args)
        t0 = time.perf_counter()
        try:
            state, games = generator.generate(args.system, config, seed)
        except PairingImpossible as exc:
            impossible += 1
            print(f"seed {seed}: no valid pairing while generating ({exc})")
            continue
        t1 = time.perf_counter()
        doc = trf.read(trf.write(state, games), args.system)
        if doc.state != state:
            print(f"seed {seed}: the written file does not read back to the generated state")
        t2 = time.perf_counter()
        report = {c.round: c.differences for c in check_document(doc)}
        t3 = time.perf_counter()
        made += 1
        rounds += len(report)
        bad = {r: d for r, d in report.items() if d}
        if bad:
            differing_events += 1
            differing_rounds += len(bad)
            print(f"seed {seed} ({config.participants} participants): rounds {sorted(bad)} differ: {bad}")
        t_gen, t_io, t_check = t_gen + t1 - t0, t_io + t2 - t1, t_check + t3 - t2
    print(
        f"system {args.system}: {made} events ({rounds} rounds) checked, {impossible} not generated; "
        f"{differing_events} events / {differing_rounds} rounds differ"
    )
    if made:
        print(
            f"time: generate {t_gen:.1f}s, write+read {t_io:.1f}s, check {t_check:.1f}s "
            f"({1000 * t_check / rounds:.1f} ms per round re-paired)"
        )
    return 1 if differing_events else 0


if __name__ == "__main__":
    sys.exit(main())
