-- CMP-03 shape polymorphism: every dim across its range (min to max by
-- factors of about 8, the others at the benchmark value, fitted to the
-- budget), plus spec.shapes: not just the benchmark shape.
local case = require "kcv.verify.case"

return {
  id = "CMP-03", title = "shape polymorphism", kind = "thresholded", needs = {},
  run = function(ctx)
    local cases = {}
    for _, item in ipairs(case.range_shapes(ctx.spec, ctx.budget)) do
      cases[#cases + 1] = ctx:case(item.label, item.shape, "normal")
    end
    return ctx:threshold_cases(cases, "probabilistic", "shapes")
  end,
}
