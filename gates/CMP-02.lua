-- CMP-02 edge shapes and layout: sizes 1, primes, one past a power-of-two
-- tile, non-multiples of the block size (each dim in turn), and inputs that
-- start one element past a 16-byte boundary.
local case = require "kcv.verify.case"

return {
  id = "CMP-02", title = "edge shapes and layout", kind = "thresholded", needs = {},
  run = function(ctx)
    local spec = ctx.spec
    local cases = {}
    for _, item in ipairs(case.edge_shapes(spec, ctx.budget)) do
      cases[#cases + 1] = ctx:case(item.label, item.shape, "normal")
    end
    if (ctx.subject.caps or {}).offset then
      for _, item in ipairs{{"offset-odd", case.odd(spec, ctx.budget)}, {"offset-benchmark", case.benchmark(spec, ctx.budget)}} do
        cases[#cases + 1] = ctx:case(item[1], item[2], "normal", {opts = {offset = 1}})
      end
    end
    return ctx:threshold_cases(cases, "probabilistic", "edge shapes")
  end,
}
