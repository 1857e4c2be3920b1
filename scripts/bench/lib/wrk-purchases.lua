-- wrk's script for the closed-loop purchase runs (scripts/bench/lib/wrk.ts): every request is a purchase of one
-- account with a new Idempotency-Key, by the buyers and of the groups listed in the file given as the first
-- argument ("O <origin>", "B <cookie>", "G <group id>" lines, and "P <promo code>" when each carries that code). Each of wrk's threads takes its own share of the
-- buyers, so two threads never send the same buyer's purchases at once (they would queue on the wallet row).
-- setup() runs in wrk's main Lua state, once per thread: number the threads and keep them for done().
local threads = {}
function setup(thread)
  thread:set("thread_index", #threads)
  threads[#threads + 1] = thread
end

-- Answers by status and a few bodies of failed ones, per thread: globals, so that done() can read them.
counts, samples = {}, {}
local origin, buyers, groups, promo = nil, {}, {}, nil
local sent, prefix = 0, nil
function init(args)
  local thread_count = tonumber(args[2])
  local b = 0
  for line in io.lines(args[1]) do
    local kind, value = line:match("^(%a) (.*)$")
    if kind == "O" then origin = value
    elseif kind == "G" then groups[#groups + 1] = value
    elseif kind == "P" then promo = value
    elseif kind == "B" then
      if b % thread_count == thread_index then buyers[#buyers + 1] = value end
      b = b + 1
    end
  end
  prefix = args[3] .. "-" .. thread_index .. "-"
end

function request()
  sent = sent + 1
  return wrk.format("POST", "/api/orders", {
    ["Origin"] = origin,
    ["Cookie"] = buyers[(sent - 1) % #buyers + 1],
    ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = prefix .. sent,
  }, '{"productGroupId":"' .. groups[(sent - 1) % #groups + 1] .. '","quantity":1'
     .. (promo and (',"promoCode":"' .. promo .. '"') or '') .. '}')
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
  if status ~= 201 and #samples < 3 then samples[#samples + 1] = status .. ": " .. body:sub(1, 300) end
end

local function json_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
end

function done(summary, latency)
  local statuses, failed = {}, {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("counts")) do
      statuses[#statuses + 1] = string.format('[%d,%d]', status, n)
    end
    for _, sample in ipairs(thread:get("samples")) do failed[#failed + 1] = json_string(sample) end
  end
  local stat = io.open("/proc/self/stat"):read("*a")
  local after = stat:match("%) (.*)$")
  local fields = {}
  for f in after:gmatch("%S+") do fields[#fields + 1] = f end
  -- utime and stime are fields 14 and 15 of /proc/<pid>/stat, 12 and 13 after the command name.
  local ticks = tonumber(fields[12]) + tonumber(fields[13])
  local p = function(q) return latency:percentile(q) / 1000 end
  io.write(string.format(
    'WRK_RESULT {"durationUs":%d,"statuses":[%s],"errors":%d,"samples":[%s],"cpuTicks":%d,' ..
    '"p50":%.3f,"p90":%.3f,"p99":%.3f,"max":%.3f,"mean":%.3f}\n',
    summary.duration, table.concat(statuses, ","),
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    table.concat(failed, ","), ticks, p(50), p(90), p(99), latency.max / 1000, latency.mean / 1000))
end
