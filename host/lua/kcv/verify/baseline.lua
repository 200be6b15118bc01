-- kcv/verify/baseline.lua — the check the benchmarks use (KernelBench v0):
-- allclose(atol=1e-2, rtol=1e-2) over 5 trials of standard-normal inputs at
-- the benchmark shape, the trials' seeds drawn from seed 42.  Reported beside
-- the gates so the rigor gap is visible; it never changes kcv's verdict.

local kcv = require "kcv"
local case = require "kcv.verify.case"
local probe = require "kcv.verify.probe"
local specmod = require "kcv.verify.spec"
local unjudged = require "kcv.verify.unjudged"

local M = {TRIALS = 5, SEED = 42, ATOL = 1e-2, RTOL = 1e-2}

-- The per-trial seeds: drawn from seed 42 with Lua's own generator
-- (xoshiro256**, the same on every platform).
function M.trial_seeds()
  local gen = math.random
  math.randomseed(M.SEED)
  local seeds = {}
  for i = 1, M.TRIALS do seeds[i] = gen(0, 2147483646) end
  math.randomseed(os.time())
  return seeds
end

-- run(spec, subject, budget) -> {status = "pass"|"fail"|"not_judged", max_abs=, trials=,
--   shape=, failed_trial=, index=, got=, expected=, message=}
function M.run(spec, subject, budget)
  local shape = case.benchmark(spec, budget)
  local ctx = probe.new{spec = spec, subject = subject, gate = {id = "baseline"}, budget = budget}
  local res = {status = "pass", max_abs = 0, trials = M.TRIALS, shape = specmod.shape_string(shape),
               atol = M.ATOL, rtol = M.RTOL, seeds = M.trial_seeds(),
               shape_is_benchmark = specmod.shape_string(shape) == specmod.shape_string(spec.benchmark)}
  for t, seed in ipairs(res.seeds) do
    local inputs = case.inputs(spec, shape, "normal", seed)
    local r = subject:run(inputs, shape)
    local cause = unjudged.outcome(r)
    if cause then   -- the check could not run here: it neither accepts nor rejects
      res.status, res.message = "not_judged", ("trial %d: not judged: %s"):format(t, cause)
      return res
    end
    if r.status ~= "ok" then
      res.status, res.failed_trial, res.message = "fail", t, ("trial %d: %s"):format(t, r.status)
      return res
    end
    local expect = ctx:oracle(inputs, shape)
    for o = 1, #spec.outputs do
      local d = kcv.cmp.max_abs_diff(r.outputs[o], expect[o].value)
      if d ~= d or d > res.max_abs then res.max_abs = d end
      local ok, info = kcv.cmp.allclose(r.outputs[o], expect[o].value, {atol = M.ATOL, rtol = M.RTOL})
      if not ok and res.status == "pass" then
        res.status, res.failed_trial = "fail", t
        res.index, res.got, res.expected = info.index, info.got, info.expected
        res.message = ("trial %d: %s[%d] = %.9g, expected %.9g (%d elements not close)"):format(
          t, spec.outputs[o].name, info.index, info.got, info.expected, info.count)
      end
    end
  end
  return res
end

return M
