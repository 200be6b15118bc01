-- EXC-02 subnormals and signed zero: subnormal and +-0 inputs, and inputs
-- of a wide spread (std 48) whose outputs fall in the subnormal band.  No
-- flush to zero where the contract does not allow it (an output the oracle
-- rounds to a nonzero value must not come back zero), non-finite classes
-- exact, and where spec.zero_sign the sign of every zero as the oracle says.
local kcv = require "kcv"
local case = require "kcv.verify.case"

local C = kcv.cmp.CLASS

-- First element violating the rules, or nil.  flush_only (the spread
-- cases): only a zero where the oracle, rounded to the output's dtype, is a
-- subnormal of at least 4 of its smallest: a flush.  A normal value that
-- comes back 0 there is cancellation, which an honest log_softmax does
-- (-log(1 + 5e-16) = 0 in f32) and the thresholded gates judge; the other
-- classes are EXC-01's and EXC-03's concern.
local function first_violation(got, expected, zero_sign, flush_only)
  -- every class equal (zero signs too): nothing to look for, element by element
  if kcv.cmp.masks_equal(got, expected, {zero_sign = true, finite_detail = true}) then return nil end
  local want = expected:cast(got.dtype)
  local gc, ec = kcv.cmp.classes(got), kcv.cmp.classes(want)
  local zero = {[C.pzero] = true, [C.nzero] = true}
  local finite = {[C.pzero] = true, [C.nzero] = true, [C.normal] = true, [C.subnormal] = true}
  local least = 4 * kcv.dtype(got.dtype).min_subnormal
  for i = 0, gc.numel - 1 do
    local g, e = gc:get(i), ec:get(i)
    if g ~= e then
      if flush_only then
        if zero[g] and e == C.subnormal and math.abs(want:get(i)) >= least then return i, g, e, "flushed to zero" end
      else
        if not finite[e] or not finite[g] then return i, g, e, "non-finite class differs" end
        if zero[g] and not zero[e] then return i, g, e, "flushed to zero" end
        if zero[g] and zero[e] and zero_sign then return i, g, e, "wrong sign of zero" end
      end
    end
  end
end

local function fill_subnormal(b, seed, stream)
  local d = kcv.dtype(b.dtype)
  b:fill_loguniform{seed = seed, stream = stream, lo = d.min_subnormal, hi = d.min_normal * 0.999, signs = "mixed"}
end

-- The case's subnormals or signed zeros into its inputs (also what
-- `rerun` in the REPL calls).
local function prepare(spec, c, inputs)
  for k, i in ipairs(case.float_inputs(spec)) do
    local b = inputs[i]
    if c.kind == "all-subnormal" then
      fill_subnormal(b, c.seed, k)
    elseif c.kind == "some-subnormal" then
      local count = math.max(1, b.numel // 8)
      kcv.inject(b, "min_subnormal", {count = count, seed = c.seed + k, signs = "mixed"})
      kcv.inject(b, "max_subnormal", {count = count, seed = c.seed + 100 + k, signs = "mixed"})
    elseif c.kind == "signed-zeros" then
      local count = math.max(1, b.numel // 4)
      kcv.inject(b, "zero", {count = count, seed = c.seed + k})
      kcv.inject(b, "-zero", {count = count, seed = c.seed + 100 + k})
    end
  end
end

return {
  id = "EXC-02", title = "subnormals and signed zero", kind = "tolerance-free", needs = {},
  prepare = prepare,
  run = function(ctx)
    local spec = ctx.spec
    local floats = case.float_inputs(spec)
    if #floats == 0 then return ctx:na("the spec has no float inputs") end
    local cases = {}
    for si, shape in ipairs{case.small(spec, ctx.budget), case.odd(spec, ctx.budget)} do
      for _, kind in ipairs{"all-subnormal", "some-subnormal", "signed-zeros"} do
        cases[#cases + 1] = ctx:case(("%s-%d"):format(kind, si), shape, "normal", {kind = kind})
      end
      -- subnormal outputs from normal inputs: a flush of results (fast
      -- math's __expf, an early-out below some exponent) shows only there
      cases[#cases + 1] = ctx:case(("subnormal-outputs-%d"):format(si), shape, "spread", {kind = "spread"})
    end
    local n = 0
    for _, c in ipairs(cases) do
      n = n + 1
      ctx:progress("case " .. c.name)
      local inputs = ctx:inputs(c)
      prepare(spec, c, inputs)
      local r = ctx:run(inputs, c.shape)
      local f = ctx:outcome(c, r)
      if f then return f end
      local expect = ctx:oracle(inputs, c.shape)
      for o, out in ipairs(spec.outputs) do
        local at, g, e, why = first_violation(r.outputs[o], expect[o].value, spec.zero_sign, c.kind == "spread")
        if at then
          local got, exp = r.outputs[o]:get(at), expect[o].value:get(at)
          return ctx:fail(c, ("%s[%d] is %s (%.9g), the oracle says %s (%.9g): %s"):format(
            out.name, at, kcv.cmp.class_name(g), got, kcv.cmp.class_name(e), exp, why), {
            output = out.name, index = at, got = got, expected = exp,
            class = ("got %s, expected %s"):format(kcv.cmp.class_name(g), kcv.cmp.class_name(e))})
        end
      end
    end
    if n == 0 then return ctx:na("no case selected") end
    return ctx:pass(("%d cases: no flush to zero%s"):format(n, spec.zero_sign and ", zero signs exact" or ""), {cases = n})
  end,
}
