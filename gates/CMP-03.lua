-- CMP-03 shape polymorphism: every dim across its range (min to max by
-- factors of about 8, the others at the benchmark value, fitted to the
-- budget), plus spec.shapes: not just the benchmark shape.  Then each dim
-- at the top of its declared range, compared on a sample (top_of_range).
--
-- On the cuda budget an element-wise spec (`elementwise = true`) whose range
-- reaches past 2^31 elements also gets a large-index probe: one run at
-- 2^31 + 4099 elements (inputs repeat a random head of prime length),
-- compared at both ends, around 2^31 and at random sampled elements, where
-- an index computed in 32 bits has wrapped.
local case = require "kcv.verify.case"
local specmod = require "kcv.verify.spec"
local probe = require "kcv.verify.probe"

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

-- A top shape the whole oracle cannot afford, on a spec that declares
-- neither elementwise nor rows (gdn: [B,T,H,K] inputs, a K x V state a
-- head): run it whole, where a hang, timeout or crash fails, then compare
-- the same dim at its maximum with the other dims shrunk until the oracle
-- affords it (case.fit keeping that dim).  Returns a failure, or nil and
-- what was compared (nil when nothing could be).  The whole run's outputs
-- are not compared: they stay on the device (outputs_unread), and its
-- inputs repeat a random head (case.tiled_inputs, as the large-index
-- probe's).  Drawing 2^28 values a tensor was most of the inputs' 17 s in
-- gdn_chunked_bwd's CMP-03 on the H200.
local function top_oracle_sized(ctx, c, item, limit)
  local spec = ctx.spec
  local shape = specmod.shape_string(c.shape)
  ctx:progress(("case %s (%s, run whole, compared oracle-sized)"):format(c.name, shape))
  local opts = probe.opts_with(c, {outputs_unread = true})
  local f = ctx:outcome(c, ctx:run(ctx:tiled_inputs(c, case.LARGE_PERIOD), c.shape, opts))
  if f then return f end
  local small = case.fit(spec, c.shape, ctx.budget, item.dim, 4 * limit)
  if not small or small[item.dim] ~= c.shape[item.dim] then return nil end
  local s = ctx:case(c.name, small, "normal")
  ctx:progress(("case %s (run whole; now compared at %s)"):format(c.name, specmod.shape_string(small)))
  local inputs = ctx:inputs(s)
  local r = ctx:run(inputs, s.shape, s.opts)
  f = ctx:outcome(s, r) or ctx:within(s, r, ctx:oracle(inputs, s.shape), "probabilistic")
  if f then return f end
  return nil, ("%s (run whole; compared at %s)"):format(shape, specmod.shape_string(small))
end

-- The top of the range: each dim at its declared maximum once (memory
-- permitting, case.top_shapes), run whole and compared on a sample:
-- elements (element-wise specs), rows (specs with `rows`), everything
-- when the oracle can afford it, or else at an oracle-sized shape that
-- keeps the dim at its top (top_oracle_sized).  A hang, timeout or crash
-- there fails.  Returns a failure, or nil and what was checked.
local function top_of_range(ctx)
  local spec, done, skipped = ctx.spec, {}, {}
  local limit = case.LIMITS[ctx.budget] or case.LIMITS.cpu
  for _, item in ipairs(case.top_shapes(spec, ctx.budget)) do
    local c = ctx:case(item.label, item.shape, "normal")
    local n = c and case.numel(spec, c.shape)
    local shape = c and specmod.shape_string(c.shape)
    local f
    if not c then                                   -- --case chose another
    elseif spec.elementwise then
      c.sample = case.sample_indices(n, c.seed, SAMPLES)
      ctx:progress(("case %s (%s, %d sampled elements)"):format(c.name, shape, #c.sample))
      f = ctx:sampled(c, ctx:tiled_inputs(c, case.LARGE_PERIOD), "probabilistic", case.LARGE_PERIOD)
    elseif spec.rows then
      local rows = c.shape[spec.rows]
      -- about 64 rows beyond the ends and tile edges: the oracle costs a row each
      c.rows = case.sample_rows(rows, c.seed, math.min(64, math.max(8, limit // math.max(1, n // rows))))
      ctx:progress(("case %s (%s, %d sampled rows)"):format(c.name, shape, #c.rows))
      f = ctx:sampled_rows(c, ctx:inputs(c), "probabilistic")
    elseif n <= 4 * limit then                      -- the whole oracle is still affordable
      ctx:progress(("case %s (%s)"):format(c.name, shape))
      local inputs = ctx:inputs(c)
      local r = ctx:run(inputs, c.shape, c.opts)
      f = ctx:outcome(c, r) or ctx:within(c, r, ctx:oracle(inputs, c.shape), "probabilistic")
    else
      local what
      f, what = top_oracle_sized(ctx, c, item, limit)
      if not f and not what then skipped[#skipped + 1] = shape end
      shape, c = what, what and c
    end
    if f then return f end
    if c then done[#done + 1] = shape end
  end
  local parts = {}
  if #done > 0 then parts[1] = "top of the range within the bound at " .. table.concat(done, ", ") end
  if #skipped > 0 then
    parts[#parts + 1] = "top of the range run but not compared (too large for the oracle, no "
                        .. "oracle-sized shape keeps the dim at its top): " .. table.concat(skipped, ", ")
  end
  return nil, #parts > 0 and table.concat(parts, "; ") or nil
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
    local top, what = top_of_range(ctx)
    if top then return top end
    if what then
      if result.status == "pass" then result.reason = result.reason .. "; " .. what
      else result = ctx:pass(what) end
    end
    local big, why = large_index_case(ctx)
    if not big then
      if why and result.status == "pass" then
        result.reason = result.reason .. "; no large-index probe: " .. why
      end
      return result
    end
    ctx:progress(("case large-index (%s, %d sampled elements)"):format(specmod.shape_string(big.shape), #big.sample))
    local inputs = ctx:tiled_inputs(big, case.LARGE_PERIOD)
    local f = ctx:sampled(big, inputs, "probabilistic", case.LARGE_PERIOD)
    if f then return f end
    if result.status ~= "pass" then return ctx:pass("large-index case within the probabilistic bound") end
    result.reason = ("%s; large-index probe (%s) within the bound at %d sampled elements"):format(
      result.reason, specmod.shape_string(big.shape), #big.sample)
    return result
  end,
}
