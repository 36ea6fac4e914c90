"""The season benchmark's report (``bench/season.py``): the figures against the targets.

Public pages p95 <= 100 ms, no public request over 1 s, every compute -> draft
<= 2 s, no run done twice and nothing lost; through the proxy, how it answered
the public clients (its X-Cache-Status counts, from ``bench/wrk_season.lua``).
"""

from __future__ import annotations

import statistics

from _season_load import Log


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def cache_line(f: dict) -> str:
    """How the proxy answered the clients' requests (X-Cache-Status counts from wrk_season.lua)."""
    count = {k.removeprefix("cache_").upper(): int(v) for k, v in f.items() if k.startswith("cache_")}
    total = sum(count.values()) or 1
    copy = count.get("HIT", 0) + count.get("UPDATING", 0) + count.get("STALE", 0)
    revalidated = count.get("REVALIDATED", 0)
    site = count.get("MISS", 0) + count.get("EXPIRED", 0) + count.get("BYPASS", 0) + count.get("NONE", 0)
    return (
        f"hit rate {100 * copy / total:.1f}% (served from its copy, the site not asked), "
        f"{100 * revalidated / total:.1f}% revalidated (a 304 from the site), "
        f"{100 * site / total:.1f}% rendered or passed by the site; "
        + ", ".join(f"{k} {v}" for k, v in sorted(count.items()) if v)
    )


def report(args, work, page_figures, api_figures, log: Log, outcome: dict, load_after) -> None:
    def line(name: str, f: dict) -> str:
        return (
            f"  {name:6} {int(f['requests']):>7,} requests, {f['rps']:.0f} req/s: p50 {f['p50_ms']:.1f} ms, "
            f"p95 {f['p95_ms']:.1f} ms, p99 {f['p99_ms']:.1f} ms, max {f['max_ms']:.0f} ms; "
            f"HTTP errors {int(f['status_errors'])}, socket errors {int(f['socket_errors'])}, "
            f"timeouts {int(f['timeouts'])}"
        )

    print(f"public clients ({'through the proxy' if args.via == 'proxy' else 'straight to gunicorn'}):")
    print(line("pages", page_figures))
    print(line("API", api_figures))
    if args.via == "proxy":
        for name, f in (("pages", page_figures), ("API", api_figures)):
            print(f"  {name:6} proxy: {cache_line(f)}")
    computes = log.computes
    print(
        f"compute -> draft ({len(work.compute)} committees at once, {args.celery_workers} workers): "
        + (
            f"{len(computes)} runs ({min(log.compute_sizes)}-{max(log.compute_sizes)} teams), median "
            f"{statistics.median(computes):.2f} s, max {max(computes):.2f} s"
            if computes
            else "no run"
        )
    )
    if log.committee_calls:
        print(
            f"committee API calls (request, approve, publish): {len(log.committee_calls)}, "
            f"p95 {pct(log.committee_calls, 95) * 1000:.0f} ms, max {max(log.committee_calls) * 1000:.0f} ms"
        )
    if log.result_calls:
        print(
            f"results entered through the API: {len(log.result_calls)} calls, p95 "
            f"{pct(log.result_calls, 95) * 1000:.0f} ms, max {max(log.result_calls) * 1000:.0f} ms"
        )
    print(f"runs: {outcome['runs']}")
    print(f"publications: {outcome['publications']}")
    print(f"results: {outcome['results']}")
    for message in log.errors[:20]:
        print(f"  error: {message}")
    worst_p95 = max(page_figures["p95_ms"], api_figures["p95_ms"])
    worst_max = max(page_figures["max_ms"], api_figures["max_ms"])
    failures = sum(
        int(f["status_errors"] + f["socket_errors"] + f["timeouts"]) for f in (page_figures, api_figures)
    )
    targets = [
        ("public p95 <= 100 ms", worst_p95 <= 100, f"{worst_p95:.1f} ms"),
        (
            "no public request over 1 s",
            worst_max <= 1000 and failures == 0,
            f"max {worst_max:.0f} ms, {failures} failed",
        ),
        (
            "every compute -> draft <= 2 s",
            bool(computes) and max(computes) <= 2.0,
            f"max {max(computes):.2f} s" if computes else "no run",
        ),
        ("no run done twice", outcome["runs_ok"] == "yes", outcome["runs_ok"]),
        ("nothing lost", outcome["lost_ok"] == "yes", outcome["lost_ok"]),
    ]
    print(f"load average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    if args.crowd_only:
        targets = targets[:2] + [targets[4]]
    print("targets:")
    for name, ok, figure in targets:
        print(f"  {'met ' if ok else 'MISSED'} {name}: {figure}")
