-- wrk script of `npm run bench:api`. Arguments after `--`: <mode> <file>.
--  cycle: <file> holds one request per line, "METHOD<TAB>PATH<TAB>COOKIE<TAB>BODY" (BODY may be empty);
--         the requests are sent in turn, so every line (e.g. every student's session) gets its share.
--  times: <file> holds one student session cookie per line; each request saves that student's times
--         (PUT /api/me/available-times) with a counter encoded in the Monday slots, so the last write of
--         every student can be checked afterwards (done() prints the highest counter sent per student).
-- done() prints one line "BENCH_JSON {...}" with the figures.
local entries, n, i = {}, 0, 0
mode = nil -- global, like counters
counters = {} -- global: done() reads it from the thread
local threads = {}

local function split(line)
  local out, start = {}, 1
  while true do
    local s, e = string.find(line, "\t", start, true)
    if not s then out[#out + 1] = string.sub(line, start); break end
    out[#out + 1] = string.sub(line, start, s - 1)
    start = e + 1
  end
  return out
end

function setup(thread) threads[#threads + 1] = thread end

function init(args)
  mode = args[1]
  for line in io.lines(args[2]) do
    if #line > 0 then entries[#entries + 1] = split(line) end
  end
  n = #entries
  for k = 1, n do counters[k] = 0 end
end

-- Monday 8.00 + 15 min per bit of c (20 bits), plus a fixed Wednesday and Thursday block.
local function label(q) -- q: quarter hour of the day
  return string.format("%d.%02d", math.floor(q / 4), (q % 4) * 15)
end
local FIXED = '"2":["10.00","10.15","10.30","10.45","11.00","11.15","11.30","11.45"],"3":["14.00","14.15","14.30","14.45"]'
local function timesBody(c)
  local slots = {}
  for b = 0, 19 do
    if math.floor(c / 2 ^ b) % 2 == 1 then slots[#slots + 1] = '"' .. label(32 + b) .. '"' end
  end
  return '{"available_times":{"0":[' .. table.concat(slots, ",") .. '],' .. FIXED .. '}}'
end

function request()
  i = i % n + 1
  local e = entries[i]
  if mode == "times" then
    counters[i] = counters[i] + 1
    return wrk.format("PUT", "/api/me/available-times", { ["Cookie"] = e[1], ["Content-Type"] = "application/json" }, timesBody(counters[i]))
  end
  local headers = { ["Cookie"] = e[3] }
  local body = e[4]
  if body ~= nil and #body > 0 then headers["Content-Type"] = "application/json" else body = nil end
  return wrk.format(e[1], e[2], headers, body)
end

function done(summary, latency, requests)
  local err = summary.errors
  local parts = {
    string.format('"requests":%d', summary.requests),
    string.format('"duration_us":%d', summary.duration),
    string.format('"p50_us":%d', latency:percentile(50)),
    string.format('"p99_us":%d', latency:percentile(99)),
    string.format('"max_us":%d', latency.max),
    string.format('"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}', err.connect, err.read, err.write, err.status, err.timeout),
  }
  if threads[1] and threads[1]:get("mode") == "times" then
    local t = threads[1]
    local c = t:get("counters")
    local list = {}
    for k = 1, #c do list[k] = tostring(c[k]) end
    parts[#parts + 1] = '"counters":[' .. table.concat(list, ",") .. ']'
  end
  io.write("BENCH_JSON {" .. table.concat(parts, ",") .. "}\n")
end
