-- kcv/audit/compare.lua — the two reference-relative comparisons every
-- module gate is built from, and the bound they use.
--
-- A candidate's element counts as a violation only where the eager PyTorch
-- reference honours the contract on the same case (docs/AUDIT.md):
--   classes(s, recipe, opts)      non-finite / subnormal class masks against
--                                 the fp64 oracle; elements where the
--                                 reference's own class differs are
--                                 "reference disagrees"; elements non-finite
--                                 only through 0*NaN or 0*Inf are artifacts
--   thresholded(s, recipe)        |candidate - oracle| <= bound, the bound
--                                 measured from the reference (bound below)
-- Each returns a result {ok, evidence, ...}, or {skip = why} when the
-- reference itself cannot run the case, or {not_judged = why} when the
-- oracle fails, or {fault = f} when the candidate fails where the reference
-- runs.
local kcv = require "kcv"
-- kcv.cmp's comparisons, run in the worker where it holds the outputs
local cmp = require "kcv.audit.remote"

local M = {}

-- C: how many times the reference's own worst deviation a candidate may
-- deviate.  Calibrated on the positive controls and the broken fixtures
-- (docs/AUDIT.md, "Calibration"); the ratios are in every journal entry.
M.C = 64

local function copy(t, extra)
  local r = {}
  for k, v in pairs(t) do r[k] = v end
  for k, v in pairs(extra or {}) do r[k] = v end
  return r
end
M.copy = copy

local function shapes(outs)
  local s = {}
  for k, b in ipairs(outs) do s[k] = "[" .. table.concat(b.shape, ",") .. "]" end
  return table.concat(s, " ")
end

-- reference, oracle, candidate on one case, or a result that ends the case.
local function three(s, recipe)
  local ref, f1 = s:run(recipe, "reference")
  if not ref then
    if f1.fatal or f1.kind == "variant_error" or f1.kind == "exception" or f1.kind == "oom" then
      return nil, {skip = "the reference does not run this case: " .. f1.message:sub(1, 200)}
    end
    return nil, {not_judged = "reference: " .. f1.message}
  end
  local orc, f2 = s:run(recipe, "oracle")
  if not orc then return nil, {not_judged = "the fp64 oracle failed: " .. f2.message:sub(1, 300)} end
  local cand, f3 = s:run(recipe, "candidate")
  if not cand then return nil, {fault = f3} end
  if #cand ~= #orc then
    return nil, {ok = false, evidence = {why = ("%d outputs, the reference gives %d"):format(#cand, #orc)}}
  end
  for k = 1, #cand do
    if cand[k].numel ~= orc[k].numel or shapes({cand[k]}) ~= shapes({orc[k]}) then
      return nil, {ok = false, evidence = {why = ("output shapes %s, the reference gives %s"):format(shapes(cand), shapes(orc))}}
    end
  end
  return ref, orc, cand
end

-- The largest finite |b_i| (0 when none).
function M.maxabs_finite(b)
  return cmp.max_abs_finite(b)
end

-- The family error model (docs/TOLERANCES.md): a recognised family with
-- reduction length n adds lambda * sqrt(n) * u * mag_i to element i's bound,
-- mag_i being sum |terms| (multilinear) or |oracle_i| (scale), from the
-- worker (corpus/family.py).  That is the probabilistic bound of Higham
-- and Mary for any summation order; lambda makes the chance that an honest
-- order exceeds it anywhere in the output at most DELTA:
-- 2 n N exp(-lambda^2 / 2) <= DELTA.
M.DELTA = 1e-6

function M.lambda(n, numel)
  return math.sqrt(2 * math.log(2 * n * math.max(numel, 1) / M.DELTA))
end

-- {c_mag, mag, family, n, lambda} per output, or {} when the family is
-- "none" or nothing reduces (n <= 1).
function M.family_bound(s, recipe, ref)
  local mags = s:run(recipe, "magnitude")
  local fam = mags and mags.family
  if not fam or fam.kind == "none" or (fam.n or 0) <= 1 or #mags ~= #ref then
    return {}, fam
  end
  local out = {}
  for k = 1, #ref do
    local d = kcv.dtype(ref[k].dtype)       -- u of the problem's own dtype
    local lam = M.lambda(fam.n, ref[k].numel)
    out[k] = {mag = mags[k], c_mag = lam * math.sqrt(fam.n) * (d.unit_roundoff or 0), lambda = lam}
  end
  return out, fam
end

-- Per output: bound = C * max(dev, floor); dev = the reference's worst
-- finite deviation from the oracle on this case and on a copy of it with
-- every free float input moved by about one f32 ulp (a second sample of the
-- reference's rounding); floor = one unit roundoff of the output's dtype
-- times the oracle's largest finite magnitude.
function M.bound(s, recipe, ref, orc)
  if not ref then
    ref, orc = three(s, recipe)
    if not ref then return nil, orc end
  end
  local p = copy(recipe, {perturb = true})
  local ref2, f = s:run(p, "reference")
  local orc2
  if ref2 then orc2, f = s:run(p, "oracle") end
  local fb, fam = M.family_bound(s, recipe, ref)
  local out = {family = fam}
  for k = 1, #ref do
    local dev = cmp.max_abs_diff(ref[k], orc[k], {finite_only = true})
    if ref2 and orc2 and ref2[k] and orc2[k] then
      dev = math.max(dev, (cmp.max_abs_diff(ref2[k], orc2[k], {finite_only = true})))
    end
    local d = kcv.dtype(ref[k].dtype)
    local floor = (d.is_float and d.unit_roundoff or 0) * M.maxabs_finite(orc[k])
    out[k] = {bound = M.C * math.max(dev, floor), dev = dev, floor = floor,
              mag = fb[k] and fb[k].mag, c_mag = fb[k] and fb[k].c_mag, lambda = fb[k] and fb[k].lambda}
  end
  return out
end

-- The second look before a violation counts: the reference run again on
-- the case, not from the memo, up to twice, each run's output k handed to
-- judge until it returns true.  A nondeterministic reference (cuDNN's
-- transposed convolutions on the H200, 2026-12-01) honours a contract on
-- one run and not on another, and a candidate's violation counts only where
-- the reference honours it.  Asked only after a violation, so an honest
-- candidate pays nothing.
local function reference_again(s, recipe, k, judge)
  for _ = 1, 2 do
    local again = s:run(recipe, "reference", {nomemo = true})
    if again and again[k] and judge(again[k]) then return true end
  end
  return false
end

function M.thresholded(s, recipe)
  local ref, orc, cand = three(s, recipe)
  if not ref then return orc end
  local bounds, bad = M.bound(s, recipe, ref, orc)   -- these runs, even if the memo let them go
  if not bounds then return bad end
  local worst, over = 0, 0         -- over: worst |err| / bound, what the verdict reads
  for k = 1, #cand do
    local b = bounds[k]
    local r = cmp.within(cand[k], orc[k], {c_abs = b.bound, c_mag = b.c_mag, mag = b.mag, ref = ref[k]})
    -- in units of the reference's own deviation: what calibration reads
    local unit = math.max(b.dev, b.floor)
    local ratio = (r.err or 0) == 0 and 0 or unit > 0 and r.err / unit or math.huge
    worst = math.max(worst, ratio)
    over = math.max(over, r.ratio or 0)
    if not r.ok and reference_again(s, recipe, k, function(again)   -- the bound was one run's
          return not cmp.within(again, orc[k], {c_abs = b.bound, c_mag = b.c_mag, mag = b.mag, ref = again}).ok
        end) then
      return {skip = ("the reference itself, run again on this case, exceeds output %d's bound: "
                      .. "its result changes run to run (a nondeterministic PyTorch op, or a forward "
                      .. "that changes the model's own state)"):format(k - 1)}
    end
    if not r.ok then
      local i = r.first_violation
      local idx = cand[k]:index(i)
      local fam = bounds.family
      local fterm = b.mag and ("; + %.3g x sum|terms| %.3g there (%s family, n = %d)")
                    :format(b.c_mag, b.mag:get(r.worst_index or i), fam.kind, fam.n)
                    or fam and (" (no family bound: %s)"):format(fam.why or ("n = " .. tostring(fam.n))) or ""
      return {ok = false, ratio = ratio, over_bound = r.ratio, evidence = {
        output = k - 1, index = i, at = "[" .. table.concat(idx, ",") .. "]",
        got = cand[k]:get(i), expected = orc[k]:get(i), reference = ref[k]:get(i),
        worst_err = r.err, bound = b.bound, reference_dev = b.dev, violations = r.violations,
        checked = r.checked, family = fam and fam.kind, n = fam and fam.n, c_mag = b.c_mag,
        why = ("output %d element %d: %.9g, oracle %.9g, reference %.9g; |err| up to %.3g "
               .. "> bound %.3g (%g x the reference's worst deviation %.3g%s); %d of %d elements")
              :format(k - 1, i, cand[k]:get(i), orc[k]:get(i), ref[k]:get(i), r.err or 0, r.bound or b.bound,
                      M.C, math.max(b.dev, b.floor), fterm, r.violations, r.checked)}}
    end
  end
  return {ok = true, ratio = worst, over_bound = over, family = bounds.family and bounds.family.kind,
          n = bounds.family and bounds.family.n}
end

-- Class masks, reference-relative.  opts.finite_detail keeps subnormals and
-- zeros apart (EXC-02).  Where the candidate differs, the oracle is rerun
-- with each injected special replaced by finite values (ALT): an element
-- that a NaN reaches only through 0*NaN comes out finite and the same for
-- two different values; an Inf replaced by +-1e300 (finite in the f64
-- oracle, Inf once rounded to f32) keeps the class the intended operator
-- gives while 0*1e300 is 0, not NaN.  Such elements are artifacts of the
-- reference's formulation, counted apart.
local ALT = {nan = {1.25, -3.5}, inf = {1e300, 1e300}, ["-inf"] = {-1e300, -1e300}}

local function alt_oracle(s, recipe, k)
  local v = ALT[recipe.inject]
  if not v then return nil end
  local a1 = s:run(copy(recipe, {inject_value = v[1]}), "oracle")
  local a2 = v[2] == v[1] and a1 or s:run(copy(recipe, {inject_value = v[2]}), "oracle")
  return a1 and a2 and {a1[k], a2[k]}
end

-- A zero against a normal number is a rounding, not a class, where the
-- difference is within the thresholded bound (M.bound): a sum that cancels
-- gives 0 in one order and 1e-9 in another (cuDNN's transposed
-- convolutions, run to run on the H200, 2026-12-01).  The bound is asked
-- for only after a violation, once per case.
local function rounding_bound(s, recipe, ref, orc, memo)
  if memo.bounds == nil then memo.bounds = M.bound(s, recipe, ref, orc) or false end
  return memo.bounds
end

function M.classes(s, recipe, opts)
  local ref, orc, cand = three(s, recipe)
  if not ref then return orc end
  local out = {ok = true, ref_disagrees = 0, artifacts = 0, violations = 0, roundings = 0}
  local memo = {}
  for k = 1, #cand do
    local o = {finite_detail = opts and opts.finite_detail}
    local r = cmp.reference_relative(cand[k], ref[k], orc[k], o)
    if r.violations > 0 then
      o.alt = alt_oracle(s, recipe, k)
      if o.alt then r = cmp.reference_relative(cand[k], ref[k], orc[k], o) end
    end
    if r.violations > 0 then
      local bounds = rounding_bound(s, recipe, ref, orc, memo)
      local b = bounds and bounds[k]
      if b then
        o.c_abs, o.c_mag, o.mag = b.bound, b.mag and b.c_mag or nil, b.mag
        r = cmp.reference_relative(cand[k], ref[k], orc[k], o)
      end
    end
    if r.violations > 0 then
      reference_again(s, recipe, k, function(again)     -- keep the run with the fewest
        local r2 = cmp.reference_relative(cand[k], again, orc[k], o)
        if r2.violations < r.violations then r = r2 end
        return r.violations == 0
      end)
    end
    out.ref_disagrees = out.ref_disagrees + r.ref_disagrees
    out.artifacts = out.artifacts + r.artifacts
    out.roundings = out.roundings + (r.roundings or 0)
    out.violations = out.violations + r.violations
    if r.first_artifact and not out.first_artifact then
      out.first_artifact = {output = k - 1, index = r.first_artifact.index, got = r.first_artifact.got,
                            expected = r.first_artifact.expected}
    end
    if r.violations > 0 and out.ok then
      local f = r.first
      out.ok = false
      out.evidence = {output = k - 1, index = f.index, at = "[" .. table.concat(cand[k]:index(f.index), ",") .. "]",
                      got = f.got, expected = f.expected, got_class = f.got_class,
                      expected_class = f.expected_class, reference_class = f.ref_class,
                      violations = r.violations,
                      why = ("output %d element %d is %s (%s), the oracle's is %s (%s) and the reference agrees; %d element(s)")
                            :format(k - 1, f.index, f.got_class, tostring(f.got), f.expected_class,
                                    tostring(f.expected), r.violations)}
    end
  end
  return out
end

return M
