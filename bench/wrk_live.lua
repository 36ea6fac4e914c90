-- wrk driver for bench/load_pairings.py: clients that poll a live fragment as the pages do.
-- Each thread asks with the version it last saw (?v=...): an unchanged fragment answers 204,
-- a changed one 200 with the new version in its hx-get, which the thread asks with next.
-- Prints p95 latency, requests/s, non-2xx counts (as wrk_p95.lua) and the share of 200 answers.
local path
local full = 0
local total = 0

init = function(args)
  path = wrk.path
end

request = function()
  return wrk.format("GET", path)
end

response = function(status, headers, body)
  total = total + 1
  if status == 200 then
    full = full + 1
    local v = string.match(body, 'hx%-get="[^"]-%?v=([%w%-]+)"')
    if v then
      path = string.gsub(path, "v=[%w%-]+", "v=" .. v)
    end
  end
end

done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local bad = summary.errors.status + summary.errors.connect + summary.errors.read
            + summary.errors.write + summary.errors.timeout
  io.write(string.format("BENCH_P95_MS=%.3f\n", latency:percentile(95) / 1000))
  io.write(string.format("BENCH_RPS=%.1f\n", summary.requests / seconds))
  io.write(string.format("BENCH_NON2XX=%d\n", bad))
end
