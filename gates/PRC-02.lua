-- PRC-02 accumulator precision: a long reduction of positive values near 1,
-- so long that an f16 accumulator must overflow (the sum passes 65504) and a
-- bf16 accumulator must stagnate (past 2^9 an addend of ~1 is below half an
-- ulp); an accumulator of the contract's precision stays within the bound.
local case = require "kcv.verify.case"
local specmod = require "kcv.verify.spec"

local WANT = 1 << 17     -- > 65504 / 0.5: an f16 sum of N values >= 0.5 overflows

return {
  id = "PRC-02", title = "accumulator precision", kind = "thresholded", needs = {},
  run = function(ctx)
    local spec = ctx.spec
    if spec.error_model.reduction == nil then
      return ctx:na("element-wise spec (error_model.reduction is nil): no accumulator")
    end
    local cases = {}
    local long = case.long_reduction_shape(spec, ctx.budget, WANT)
    local mid = case.long_reduction_shape(spec, ctx.budget, 4099)
    for _, item in ipairs{{"long", long}, {"mid", mid}} do
      cases[#cases + 1] = ctx:case(("%s-N%d"):format(item[1], specmod.reduction_length(spec, item[2])), item[2], "ones")
    end
    local res = ctx:threshold_cases(cases, "probabilistic", "long reductions")
    local N = specmod.reduction_length(spec, long)
    res.evidence = res.evidence or {}
    res.evidence.N = N
    res.evidence.f16_overflows = N * 0.5 > 65504
    return res
  end,
}
