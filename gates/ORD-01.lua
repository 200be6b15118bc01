-- ORD-01 summation-order bound: inputs whose result depends strongly on the
-- order of summation (mixed signs over many binades, alternating cancelling
-- terms), at the benchmark shape and the longest reduction the budget allows;
-- the error must stay within the worst-case bound c*gamma_N*mag + u_out*|y*|.
local case = require "kcv.verify.case"

return {
  id = "ORD-01", title = "summation-order bound", kind = "thresholded", needs = {},
  run = function(ctx)
    local spec = ctx.spec
    if spec.error_model.reduction == nil then
      return ctx:na("the spec has no reduction (error_model.reduction is nil): no summation order")
    end
    local cases = {}
    local long = case.long_reduction_shape(spec, ctx.budget, 1 << 16)
    for _, item in ipairs{{"benchmark", case.benchmark(spec, ctx.budget)}, {"long", long}} do
      for _, d in ipairs{"order", "cancel"} do
        cases[#cases + 1] = ctx:case(item[1] .. "-" .. d, item[2], d)
      end
    end
    return ctx:threshold_cases(cases, "worst", "order-sensitive cases")
  end,
}
