-- wrk driver for bench/season.py: every request takes a path at random from the file named by
-- WRK_PATHS (one path a line; a path listed twice is asked twice as often), and each connection
-- waits a think time drawn between 0 and 2 x WRK_THINK_MS before its next request (0: none).
-- Prints latency percentiles and the maximum, requests, and every kind of failure, and how the
-- proxy in front answered (its X-Cache-Status header: HIT, MISS, REVALIDATED, ...; none: no proxy).
local counter = 0
local threads = {}
local STATUSES = {"HIT", "UPDATING", "STALE", "REVALIDATED", "EXPIRED", "MISS", "BYPASS", "NONE"}

setup = function(thread)
  counter = counter + 1
  thread:set("id", counter)
  threads[#threads + 1] = thread
end

cache = {}
response = function(status, headers, body)
  local s = headers["X-Cache-Status"] or headers["x-cache-status"] or "NONE"
  cache[s] = (cache[s] or 0) + 1
end

init = function(args)
  paths = {}
  for line in io.lines(os.getenv("WRK_PATHS")) do
    if line ~= "" then paths[#paths + 1] = line end
  end
  think_ms = tonumber(os.getenv("WRK_THINK_MS") or "0")
  connections = tonumber(os.getenv("WRK_CONNECTIONS") or "0")
  math.randomseed(1000 + (id or 1))
end

request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end

-- wrk pauses after connecting too, before a connection's first request; a browser does not,
-- and gunicorn's gthread worker holds a thread waiting for the first bytes of a new connection
-- (up to 5 s). So the first request of each connection goes out at once.
delay = function()
  calls = (calls or 0) + 1
  if think_ms <= 0 or calls <= connections then return 0 end
  return math.random(0, 2 * think_ms)
end

done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format("BENCH_REQUESTS=%d\n", summary.requests))
  io.write(string.format("BENCH_RPS=%.1f\n", summary.requests / seconds))
  for _, p in ipairs({50, 95, 99}) do
    io.write(string.format("BENCH_P%d_MS=%.3f\n", p, latency:percentile(p) / 1000))
  end
  io.write(string.format("BENCH_MAX_MS=%.3f\n", latency.max / 1000))
  io.write(string.format("BENCH_STATUS_ERRORS=%d\n", summary.errors.status))
  io.write(string.format("BENCH_SOCKET_ERRORS=%d\n",
    summary.errors.connect + summary.errors.read + summary.errors.write))
  io.write(string.format("BENCH_TIMEOUTS=%d\n", summary.errors.timeout))
  for _, name in ipairs(STATUSES) do
    local n = 0
    for _, thread in ipairs(threads) do
      local counts = thread:get("cache")
      n = n + ((counts and counts[name]) or 0)
    end
    io.write(string.format("BENCH_CACHE_%s=%d\n", name, n))
  end
end
