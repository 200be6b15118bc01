-- PRC-01 precision regime: low-precision storage (f16/bf16) with a large
-- dynamic range inside each row (magnitudes over many binades, a large
-- common offset, wide logits), where the contract demands f32 (or wider)
-- intermediates: within the probabilistic bound with u_acc of the contract.
local case = require "kcv.verify.case"
local specmod = require "kcv.verify.spec"

return {
  id = "PRC-01", title = "precision regime", kind = "thresholded", needs = {},
  run = function(ctx)
    local spec = ctx.spec
    local low
    for _, list in ipairs{spec.inputs, spec.outputs} do
      for _, t in ipairs(list) do
        if specmod.is_low_precision(t.dtype) then low = t.dtype end
      end
    end
    if not low then
      return ctx:na("no low-precision (f16/bf16) storage in the spec's inputs or outputs")
    end
    if specmod.is_low_precision(spec.error_model.accumulator) then
      return ctx:na(("the contract itself accumulates in %s"):format(spec.error_model.accumulator))
    end
    local cases = {}
    for _, item in ipairs{{"benchmark", case.benchmark(spec, ctx.budget)}, {"odd", case.odd(spec, ctx.budget)}} do
      for _, d in ipairs{"wide", "offset", "large"} do
        cases[#cases + 1] = ctx:case(item[1] .. "-" .. d, item[2], d)
      end
    end
    return ctx:threshold_cases(cases, "probabilistic", ("%s dynamic-range cases"):format(low))
  end,
}
