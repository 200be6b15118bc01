-- CMP-03 shape polymorphism: every dim across its range (min to max by
-- factors of about 8, the others at the benchmark value, fitted to the
-- budget), plus spec.shapes: not just the benchmark shape.
--
-- On the cuda budget an element-wise spec (`elementwise = true`) whose range
-- reaches past 2^31 elements also gets a large-index probe: one run at
-- 2^31 + 4099 elements (inputs repeat a random head of prime length),
-- compared at both ends, around 2^31 and at random sampled elements, where
-- an index computed in 32 bits has wrapped.
local case = require "kcv.verify.case"
local specmod = require "kcv.verify.spec"

local SAMPLES = 60000

-- The large-index case, or nil and the reason it does not apply; no
-- reason where none is worth reporting (not an element-wise spec, or
-- --case selected another case).
local function large_index_case(ctx)
  local spec = ctx.spec
  if not spec.elementwise then return nil end
  local s = case.large_index_shape(spec)
  if not s then return nil, "the dims' range stops short of 2^31 elements" end
  if ctx.budget ~= "cuda" then return nil, "needs the cuda budget" end
  local c = ctx:case("large-index", s, "normal")
  if c then c.sample = case.sample_indices(case.numel(spec, s), c.seed, SAMPLES) end
  return c
end

return {
  id = "CMP-03", title = "shape polymorphism", kind = "thresholded", needs = {},
  run = function(ctx)
    local cases = {}
    for _, item in ipairs(case.range_shapes(ctx.spec, ctx.budget)) do
      cases[#cases + 1] = ctx:case(item.label, item.shape, "normal")
    end
    local result = ctx:threshold_cases(cases, "probabilistic", "shapes")
    if result.status == "fail" or result.status == "not_judged" then return result end
    local big, why = large_index_case(ctx)
    if not big then
      if why and result.status == "pass" then
        result.reason = result.reason .. "; no large-index probe: " .. why
      end
      return result
    end
    ctx:progress(("case large-index (%s, %d sampled elements)"):format(specmod.shape_string(big.shape), #big.sample))
    local inputs = case.tiled_inputs(ctx.spec, big.shape, big.dist, big.seed, case.LARGE_PERIOD)
    local f = ctx:sampled(big, inputs, "probabilistic")
    if f then return f end
    if result.status ~= "pass" then return ctx:pass("large-index case within the probabilistic bound") end
    result.reason = ("%s; large-index probe (%s) within the bound at %d sampled elements"):format(
      result.reason, specmod.shape_string(big.shape), #big.sample)
    return result
  end,
}
