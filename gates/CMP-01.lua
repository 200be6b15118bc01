-- CMP-01 input distributions: normal, uniform, large and tiny magnitudes,
-- mixed signs with heavy cancellation, Pareto tails, constant and sorted
-- rows, and a large common offset (mean >> spread: what one-pass variances
-- and E[x^2] - E[x]^2 shortcuts get wrong), at the benchmark shape; each
-- within the probabilistic bound.
local case = require "kcv.verify.case"

local DISTS = {"normal", "uniform", "large", "tiny", "cancel", "pareto", "constant", "sorted", "offset"}

return {
  id = "CMP-01", title = "input distributions", kind = "thresholded", needs = {},
  run = function(ctx)
    local shape = case.benchmark(ctx.spec, ctx.budget)
    local cases = {}
    for _, d in ipairs(DISTS) do cases[#cases + 1] = ctx:case(d, shape, d) end
    return ctx:threshold_cases(cases, "probabilistic", "distributions")
  end,
}
