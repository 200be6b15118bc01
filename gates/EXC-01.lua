-- EXC-01 non-finite propagation: NaN, +Inf and -Inf injected into the
-- inputs at chosen positions; the kernel's per-element class mask must equal
-- the oracle's exactly (no NaN turned finite, no Inf turned NaN or finite).
-- A spec with nonfinite_class = "merged" (docs/SPECS.md) makes NaN, +Inf
-- and -Inf one class here: finite must stay finite and non-finite
-- non-finite, but which non-finite is the association order's (a chain of
-- products and sums that an Inf meets ends Inf or NaN depending on which
-- Inf - Inf or 0 * Inf it forms first).
local kcv = require "kcv"
local case = require "kcv.verify.case"

local SPECIALS = {"nan", "inf", "-inf"}

-- The case's special values into its inputs (also what `rerun` in the
-- REPL calls): a list of "name[indices]=what" for the evidence.
local function prepare(spec, c, inputs)
  local where = {}
  for k, i in ipairs(case.float_inputs(spec)) do
    local b = inputs[i]
    local count = c.density == "dense" and math.max(1, b.numel // 16) or math.min(b.numel, 2)
    -- "ends": NaN first, +Inf last, -Inf in the middle (tails and heads)
    local ends = {{0}, {b.numel - 1}, {b.numel // 2}}
    for w, what in ipairs(c.inject or {}) do
      local opts = c.density == "ends" and {at = ends[w]} or {count = count, seed = c.seed + 7 * k + w}
      local idx = kcv.inject(b, what, opts)
      where[#where + 1] = ("%s[%s]=%s"):format(spec.inputs[i].name, table.concat(idx, ",", 1, math.min(#idx, 4)), what)
    end
  end
  return where
end

return {
  id = "EXC-01", title = "non-finite propagation", kind = "tolerance-free", needs = {},
  prepare = prepare,
  run = function(ctx)
    local spec = ctx.spec
    local floats = case.float_inputs(spec)
    if #floats == 0 then return ctx:na("the spec has no float inputs to inject NaN or Inf into") end
    local cases, k = {}, 0
    local function add(c) k = k + 1; cases[#cases + 1] = c end
    for si, shape in ipairs{case.small(spec, ctx.budget), case.odd(spec, ctx.budget)} do
      for _, what in ipairs(SPECIALS) do
        for _, density in ipairs{"sparse", "dense"} do
          add(ctx:case(("%s-%s-%d"):format(what, density, si), shape, "normal",
                       {inject = {what}, density = density}))
        end
      end
      add(ctx:case(("mixed-%d"):format(si), shape, "normal", {inject = SPECIALS, density = "sparse"}))
      add(ctx:case(("ends-%d"):format(si), shape, "normal", {inject = SPECIALS, density = "ends"}))
    end
    local n = 0
    for _, c in ipairs(cases) do
      n = n + 1
      ctx:progress("case " .. c.name)
      local inputs = ctx:inputs(c)
      local where = prepare(spec, c, inputs)
      local r = ctx:run(inputs, c.shape)
      local f = ctx:outcome(c, r)
      if f then return f end
      f = ctx:masks(c, r, ctx:oracle(inputs, c.shape),
                    {zero_sign = false, nan_sign = false, merge_nonfinite = spec.nonfinite_class == "merged"})
      if f then
        f.evidence.injected = table.concat(where, " ")
        return f
      end
    end
    if n == 0 then return ctx:na("no case selected") end
    local merged = spec.nonfinite_class == "merged" and " (NaN and Inf one class, as the spec declares)" or ""
    return ctx:pass(("%d cases: class masks equal the oracle's%s"):format(n, merged), {cases = n})
  end,
}
