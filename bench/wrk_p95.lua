-- wrk driver for bench/load_pairings.py: prints p95 latency, requests/s and non-2xx counts.
done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local bad = summary.errors.status + summary.errors.connect + summary.errors.read
            + summary.errors.write + summary.errors.timeout
  io.write(string.format("BENCH_P95_MS=%.3f\n", latency:percentile(95) / 1000))
  io.write(string.format("BENCH_RPS=%.1f\n", summary.requests / seconds))
  io.write(string.format("BENCH_NON2XX=%d\n", bad))
end
