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

-- The figures at the end: wrk_p95.lua's done(), read from beside this file.
dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "wrk_p95.lua")
