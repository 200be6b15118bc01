-- kcv/tune/time.lua — how long a config takes on a shape.
--
-- Two timers with one method, timer:measure(config, shape_index, effort)
-- -> {ms=, noise=, samples = {...}} | nil, err:
--
--   time.kernel{spec=, make = fn(config) -> subject, shapes = {...},
--               warmup = 3, reps = 20, rounds = 3}
--     runs the subject (kcv.verify.subject) with kcv.kernel.run's timing:
--     on cuda CUDA events around each repeat, 2 x L2 (at least 256 MB)
--     of flush buffer written before each, the median of `reps` after
--     `warmup` launches, with the repeats' quartiles (worker.c,
--     backend_cuda.c).  That is done `rounds` times on freshly uploaded
--     inputs; the time is the median of the round medians.  The noise
--     (time.estimate) is the largest of: half the repeats' interquartile
--     range (the median over the rounds; about their median absolute
--     deviation), half the range of the round medians, and RESOLUTION,
--     the timer's tick.  On the cpu backend the same with the host clock:
--     for tests, never for a claim.  effort < 1 (successive halving's
--     early rounds) scales reps down and times one round.
--
--   time.stub(times [, knobs_def])
--     fixed timings, for tests: times[label] = ms | {ms=, noise=} |
--     {[shape_index] = ms, ...}, label as kcv.verify.knobs.label gives it
--     ("default", "ACC=f16,BLOCK=128").  A config without an entry is an
--     error.  timer.calls counts measurements.

local case = require "kcv.verify.case"
local knobs = require "kcv.verify.knobs"

local M = {}

-- The floor of the noise, in ms: the timer's tick.  CUDA events on the
-- H200 gave times in steps of 16 ns (issue 15's first run); two of them.
M.RESOLUTION = 0.000032

local function median(list)
  local t = {}
  for i, v in ipairs(list) do t[i] = v end
  table.sort(t)
  local n = #t
  if n % 2 == 1 then return t[(n + 1) // 2] end
  return (t[n // 2] + t[n // 2 + 1]) / 2
end
M.median = median

local Kernel = {}
Kernel.__index = Kernel

-- Inputs of a shape, made once: normal values from a fixed seed.
function Kernel:inputs(i)
  if not self.cache[i] then self.cache[i] = case.inputs(self.spec, self.shapes[i], "normal", 12345) end
  return self.cache[i]
end

function Kernel:subject(config)
  local key = knobs.key(self.def, config)
  if not self.subjects[key] then self.subjects[key] = self.make(config) end
  return self.subjects[key]
end

-- A time and its noise from rounds = {{ms=, q1=, q3=}, ...} (each a
-- round's median and its repeats' quartiles; q1 and q3 may be absent).
function M.estimate(rounds)
  local medians, halves = {}, {}
  local lo, hi = math.huge, -math.huge
  for r, one in ipairs(rounds) do
    medians[r] = one.ms
    halves[r] = ((one.q3 or one.ms) - (one.q1 or one.ms)) / 2
    lo, hi = math.min(lo, one.ms), math.max(hi, one.ms)
  end
  local within, between = median(halves), (hi - lo) / 2
  local quartiles = {}
  for r, one in ipairs(rounds) do quartiles[r] = {one.q1 or one.ms, one.q3 or one.ms} end
  return {ms = median(medians), noise = math.max(within, between, M.RESOLUTION), samples = medians,
          quartiles = quartiles, within = within, between = between}
end

function Kernel:measure(config, i, effort)
  local subj = self:subject(config)
  local ok, perr = subj:prepare(self.shapes[i])
  if not ok then return nil, "does not compile: " .. tostring(perr) end
  local reps = math.max(3, math.ceil(self.reps * (effort or 1)))
  local rounds = (effort or 1) < 1 and 1 or self.rounds
  local got = {}
  for r = 1, rounds do
    local res = subj:run(self:inputs(i), self.shapes[i], {time = {warmup = self.warmup, reps = reps, flush = true}})
    if res.status ~= "ok" then return nil, ("%s: %s"):format(res.status, tostring(res.message)) end
    if not res.ms then return nil, "no time: " .. tostring(res.message) end
    got[r] = {ms = res.ms, q1 = res.ms_q1, q3 = res.ms_q3}
  end
  return M.estimate(got)
end

function M.kernel(t)
  return setmetatable({spec = t.spec, def = t.def, make = t.make, shapes = t.shapes,
                       warmup = t.warmup or 3, reps = t.reps or 20, rounds = t.rounds or 3,
                       cache = {}, subjects = {}}, Kernel)
end

local Stub = {}
Stub.__index = Stub

function Stub:measure(config, i)
  self.calls = self.calls + 1
  local label = knobs.label(self.def, config)
  local v = self.times[label]
  if v == nil then v = self.times[knobs.key(self.def, config)] end
  if v == nil then return nil, "no stub timing for " .. label end
  if type(v) == "table" and v.ms == nil then v = v[i] or v[1] end
  if type(v) == "number" then return {ms = v, noise = self.noise, samples = {v}} end
  return {ms = v.ms, noise = v.noise or self.noise, samples = {v.ms}}
end

function M.stub(times, def, noise)
  return setmetatable({times = times, def = def, noise = noise or 0, calls = 0}, Stub)
end

return M
