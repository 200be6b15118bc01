-- kcv/audit/gates.lua — the twelve gates, as they apply to a PyTorch module.
--
-- Each gate is {id, title, kind, run = function(s, ctx) -> result} where s
-- is the subject (kcv/audit/subject.lua) and ctx = {seed, device, info,
-- second_worker = function() ... end, sanitizer = function(recipe) (kcv/audit/memcheck.lua) | nil,
-- sanitizer_why}.  A result is
-- {status = "pass"|"fail"|"na"|"not_judged", reason, evidence, case,
-- ratio, ref_disagrees, artifacts}.  The cases are recipes the worker turns
-- into inputs: the problem's own draw under a seed, kcv's distribution and
-- special values at the positions a draw can hold a value (docs/AUDIT.md).
local kcv = require "kcv"
local compare = require "kcv.audit.compare"
local subject = require "kcv.audit.subject"

local M = {}
local copy = compare.copy

local function numel(shape)
  local n = 1
  for _, d in ipairs(shape) do n = n * d end
  return n
end

-- 0-based indices of the float inputs with at least one free position.
local function float_inputs(ctx)
  local idx = {}
  for i, x in ipairs(ctx.info.inputs) do
    if x.float and (x.fixed or 0) < numel(x.shape) then idx[#idx + 1] = i - 1 end
  end
  return idx
end

local function fault_reason(f)
  return ("the candidate failed where the reference runs: %s: %s"):format(f.kind, (f.message or ""):sub(1, 300))
end

-- A fault that is the machine's, not the candidate's: killed from outside,
-- or out of device memory (audits share a GPU: what is free depends on the
-- others, so running out proves nothing about this candidate).
local function machine_fault(f)
  return f.kind == "killed" or f.kind == "oom" or (f.message or ""):find("out of memory", 1, true) ~= nil
end

-- The gate's verdict on the candidate's fault f: not judged when the
-- machine's, else a failure.
local function on_fault(f, fields)
  if machine_fault(f) then
    return {status = "not_judged", reason = "not the candidate's: " .. f.kind .. ": " .. (f.message or ""):sub(1, 300)}
  end
  local r = {status = "fail", reason = fault_reason(f)}
  for k, v in pairs(fields or {}) do r[k] = v end
  return r
end

-- Run cases through a comparison; the first violation fails the gate.
local function over_cases(s, cases, compare_fn, opts)
  local ran, skipped, worst = 0, {}, 0
  local ref_dis, artifacts, first_artifact, family, over = 0, 0, nil, nil, 0
  local roundings = 0
  for _, recipe in ipairs(cases) do
    local r = compare_fn(s, recipe, opts)
    local key = subject.key_of(recipe)
    if r.skip then
      skipped[#skipped + 1] = r.skip
    elseif r.not_judged then
      return {status = "not_judged", reason = r.not_judged, case = key}
    elseif r.fault then
      local v = on_fault(r.fault, {evidence = {fault = r.fault.kind, message = (r.fault.message or ""):sub(1, 1000)}})
      v.case = key
      return v
    else
      ran = ran + 1
      worst = math.max(worst, r.ratio or 0)
      ref_dis = ref_dis + (r.ref_disagrees or 0)
      artifacts = artifacts + (r.artifacts or 0)
      roundings = roundings + (r.roundings or 0)
      first_artifact = first_artifact or (r.first_artifact and copy(r.first_artifact, {case = key}))
      family = family or (r.family and {kind = r.family, n = r.n})
      over = math.max(over, r.over_bound or 0)
      if not r.ok then
        return {status = "fail", reason = r.evidence.why, evidence = r.evidence, case = key,
                ratio = r.ratio, over_bound = r.over_bound, ref_disagrees = ref_dis, artifacts = artifacts,
                roundings = roundings > 0 and roundings or nil}
      end
    end
  end
  if ran == 0 then
    return {status = "na", reason = skipped[1] or "no case applies to this problem"}
  end
  return {status = "pass", ratio = worst, ref_disagrees = ref_dis, artifacts = artifacts, family = family,
          roundings = roundings > 0 and roundings or nil,
          over_bound = over > 0 and over or nil,
          first_artifact = first_artifact, cases = ran, skipped = #skipped > 0 and #skipped or nil}
end

local function dist_cases(ctx, dists, seeds)
  local cases = {}
  for _, d in ipairs(dists) do
    for k = 1, seeds do cases[#cases + 1] = {seed = ctx.seed * 1000 + k, dist = d} end
  end
  return cases
end

-- sizes: each size constant of get_inputs() set to each value of f(v).
local function size_cases(ctx, f)
  local cases, names = {}, {}
  for name in pairs(ctx.info.sizes or {}) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local v = ctx.info.sizes[name]
    local seen = {[v] = true}
    for _, nv in ipairs(f(v)) do
      if nv >= 1 and not seen[nv] then
        seen[nv] = true
        cases[#cases + 1] = {seed = ctx.seed * 1000 + #cases, sizes = {[name] = nv}}
      end
    end
  end
  return cases
end

-- The benchmark's inputs, as ORD-02 and RES-01 draw them: the second
-- process's run of this case is both ORD-02's other run and RES-01's
-- memcheck run (kcv/audit/memcheck.lua).
function M.bench_recipe(ctx)
  return {seed = ctx.seed * 1000 + 1, dist = "bench"}
end

M.list = {
  {id = "EXC-01", title = "non-finite propagation", kind = "tolerance-free", run = function(s, ctx)
    local cases = {}
    for _, what in ipairs{"nan", "inf", "-inf"} do
      for _, i in ipairs(float_inputs(ctx)) do
        cases[#cases + 1] = {seed = ctx.seed * 1000 + #cases, inject = what, input = i, rate = 1e-3}
      end
    end
    return over_cases(s, cases, compare.classes)
  end},

  {id = "EXC-02", title = "subnormals", kind = "tolerance-free", run = function(s, ctx)
    local cases = {{seed = ctx.seed * 1000 + 1, inject = "subnormal", rate = 0.05},
                   {seed = ctx.seed * 1000 + 2, dist = "bench", scale = 2 ^ -130}}
    return over_cases(s, cases, compare.classes, {finite_detail = true})
  end},

  {id = "EXC-03", title = "spurious overflow", kind = "tolerance-free", run = function(s, ctx)
    -- Scale the free float inputs so the oracle's largest output nears the
    -- top of f32, using the measured degree of homogeneity of the problem
    -- (1 for linear ops, 2 for products, 0 for softmax: then 2^100).
    local base = {seed = ctx.seed * 1000 + 1, dist = "bench"}
    local o1, f1 = s:run(base, "oracle")
    local o2 = o1 and s:run(copy(base, {scale = 2 ^ 10}), "oracle")
    if not (o1 and o2) then
      return {status = "not_judged", reason = "the fp64 oracle failed: " .. (f1 and f1.message or "scaled case")}
    end
    local m1, m2 = compare.maxabs_finite(o1[1]), compare.maxabs_finite(o2[1])
    local inmax = 6                  -- randn draws stay within about 6
    local e = (m1 > 0 and m2 > 0) and math.log(m2 / m1, 2) / 10 or 0
    local k
    if e > 0.5 then k = math.floor((126 - math.log(m1, 2)) / e) else k = 100 end
    k = math.min(k, 125 - math.ceil(math.log(inmax, 2)))
    local cases = {copy(base, {scale = 2 ^ k}), copy(base, {scale = 2 ^ (k - 4), seed = base.seed + 1})}
    local r = over_cases(s, cases, compare.classes)
    if r.status ~= "pass" then return r end
    local t = over_cases(s, cases, compare.thresholded)   -- values at the edge, not only classes
    t.reason = t.reason or ("inputs scaled by 2^%d and 2^%d"):format(k, k - 4)
    return t
  end},

  {id = "ORD-02", title = "bitwise determinism", kind = "tolerance-free", run = function(s, ctx)
    local recipe = M.bench_recipe(ctx)
    local ref = s:run(recipe, "reference", {["repeat"] = 3, nomemo = true})
    -- what PyTorch itself documents as nondeterministic in the reference:
    -- the explanation an n/a here, or a control's failure, must carry
    local c = s:case(recipe)
    local nd = c and s:call({op = "nondeterminism", case = c.id, who = "reference"})
    local documented = nd and nd.ops and #nd.ops > 0 and nd.ops or nil
    local function noted(r)
      if documented then
        r.documented_nondeterministic = documented
        r.reason = r.reason .. "; PyTorch documents as nondeterministic here: " .. table.concat(documented, " | ")
      end
      return r
    end
    if ref and not ref.repeats_identical then
      return noted{status = "na", reason = "the reference itself gives different bits run to run "
                                        .. "(a nondeterministic PyTorch op, or a forward that changes the model's own state)"}
    end
    -- on the host: the two processes' outputs are compared byte for byte
    local a, f = s:run(recipe, "candidate", {["repeat"] = 3, nomemo = true, ["local"] = true})
    if not a then return on_fault(f) end
    if not a.repeats_identical then
      -- a second look at the reference before the verdict: three identical
      -- runs of it can be luck (cuDNN picks its algorithm by the workspace it
      -- gets, and audits side by side change that)
      local again = s:run(recipe, "reference", {["repeat"] = 3, nomemo = true})
      if again and not again.repeats_identical then
        return noted{status = "na", reason = "the reference itself gives different bits run to run "
                     .. "(on a second look, after the candidate's runs differed: a nondeterministic PyTorch op, or a forward that changes the model's own state)"}
      end
      return noted{status = "fail", reason = "three runs in one process on identical inputs gave different bits",
                   case = subject.key_of(recipe)}
    end
    local other, why = ctx.second_subject(a.ms)
    local b, f2
    if other then b, f2 = other:run(recipe, "candidate", {["local"] = true}) end
    if not b and ctx.plain_second_subject then
      -- the second process runs under memcheck, where a candidate that
      -- writes out of bounds may fail (RES-01 judges that): a plain one
      local plain = ctx.plain_second_subject()
      if plain then other, why = plain, nil; b, f2 = plain:run(recipe, "candidate", {["local"] = true}) end
    end
    if not other then return {status = "not_judged", reason = "a second worker could not start: " .. tostring(why)} end
    if not b then return {status = "not_judged", reason = "second process: " .. f2.message:sub(1, 200)} end
    -- the same recipe drew the same inputs only on the same device (a draw
    -- on the CPU is another random stream)
    local c1, c2 = s:case(recipe), other:case(recipe)
    if c1 and c2 and c1.drawn_on ~= c2.drawn_on then
      return {status = "not_judged", reason = ("the two processes drew the case's inputs on %s and on %s")
                                               :format(tostring(c1.drawn_on), tostring(c2.drawn_on))}
    end
    local cmp = kcv.cmp
    for k = 1, #a do
      local same, off, idx = cmp.bytes_equal(a[k], b[k])
      if not same then
        return noted{status = "fail", case = subject.key_of(recipe),
                reason = ("two processes gave different bits: output %d element %s (byte %d)"):format(k - 1, tostring(idx), off),
                evidence = {output = k - 1, index = idx, got = a[k]:get(idx or 0), other = b[k]:get(idx or 0)}}
      end
    end
    return noted{status = "pass", reason = "3 runs in one process and 1 in another, byte-identical"}
  end},

  {id = "RES-01", title = "memory contract", kind = "tolerance-free", run = function(s, ctx)
    local recipe = M.bench_recipe(ctx)
    local c, f = s:case(recipe)
    if not c then return {status = "not_judged", reason = f.message} end
    local ref = s:call({op = "memory", case = c.id, who = "reference"})
    c = s:case(recipe)        -- made again if that call cost the worker its life
    local got, f2 = s:call({op = "memory", case = c.id, who = "candidate"})
    if not got then return on_fault(f2) end
    local bad = {}
    local rm = ref and #ref.mutated > 0
    if #got.mutated > 0 and not rm then bad[#bad + 1] = "it overwrites input(s) " .. table.concat(got.mutated, ",") end
    if #got.aliased > 0 and not (ref and #ref.aliased > 0) then
      bad[#bad + 1] = "output(s) " .. table.concat(got.aliased, ",") .. " share memory with an input"
    end
    if got.reuse.same_as_before and got.reuse.reference_changed then
      bad[#bad + 1] = "new data at the same addresses gave the old result (result reuse)"
    end
    -- reference-relative, as every violation: where the reference's own
    -- result changes with the allocator's free blocks (cuDNN picks its
    -- algorithm by the workspace it can get), the candidate's change is no
    -- evidence of a read of stale memory
    local ref_poisoned = ref and ref.poison and not ref.poison.identical
    if got.poison and not got.poison.identical and not ref_poisoned then
      local p = {}
      for name, same in pairs(got.poison.patterns) do if not same then p[#p + 1] = name end end
      table.sort(p)
      bad[#bad + 1] = "the result changes with stale memory (poison " .. table.concat(p, ",") .. " in free blocks)"
    end
    if got.streams and not got.streams.identical and not (ref and ref.streams and not ref.streams.identical) then
      bad[#bad + 1] = "work was still running on another stream when forward returned"
    end
    local oob_why = ctx.sanitizer_why or "no compute-sanitizer"
    if ctx.sanitizer then
      local r, why = ctx.sanitizer(recipe)
      if r and r.errors == 0 and (r.oom or 0) > 0 then
        oob_why = "memcheck ran out of device memory"   -- the machine's, not a finding
      elseif r then
        got.memcheck, oob_why = r, nil
        if r.errors > 0 then
          bad[#bad + 1] = ("compute-sanitizer memcheck: %d error(s): %s"):format(r.errors, r.first or "")
        end
      else
        oob_why = why
      end
    end
    if #bad > 0 then
      return {status = "fail", reason = table.concat(bad, "; "), case = subject.key_of(recipe), evidence = got}
    end
    local checks = "inputs unchanged, no aliasing, no result reuse"
    if got.poison then checks = checks .. ", no stale memory, no unjoined stream" end
    if got.poison and got.poison.nondeterministic then
      checks = checks .. " (stale memory not judged: two clean runs differ, see ORD-02)"
    end
    if ref_poisoned and not got.poison.identical then
      checks = checks .. " (the result changes with stale memory, as the reference's own does: not counted)"
    end
    if oob_why then checks = checks .. " (no out-of-bounds check: " .. oob_why .. ")"
    else checks = checks .. ", no memcheck error" end
    return {status = "pass", reason = checks}
  end},

  {id = "RES-02", title = "resource limits", kind = "tolerance-free", run = function(s, ctx)
    if ctx.device ~= "cuda" then return {status = "na", reason = "no CUDA kernels on the cpu device"} end
    local r, f = s:call({op = "resources"}, 300)
    if not r then return {status = "not_judged", reason = f.message} end
    if not r.applicable then return {status = "na", reason = r.why} end
    local L = r.limits
    for _, k in ipairs(r.kernels) do
      local over
      if k.reg > L.regs_per_thread then over = ("%d registers > %d"):format(k.reg, L.regs_per_thread)
      elseif k.shared > L.smem_static then over = ("%d B static shared memory > %d"):format(k.shared, L.smem_static)
      elseif k["local"] > L.local_per_thread then over = ("%d B local memory a thread > %d"):format(k["local"], L.local_per_thread)
      end
      if over then return {status = "fail", reason = k.name .. ": " .. over, evidence = k} end
    end
    return {status = "pass", reason = ("%d kernel(s) within the device's limits"):format(#r.kernels), evidence = r.kernels}
  end},

  {id = "CMP-01", title = "diverse inputs", kind = "thresholded", run = function(s, ctx)
    return over_cases(s, dist_cases(ctx, {"bench", "uniform", "heavy", "offset", "tiny", "huge"}, 1), compare.thresholded)
  end},

  {id = "CMP-02", title = "edge shapes", kind = "thresholded", run = function(s, ctx)
    local r = over_cases(s, size_cases(ctx, function(v) return {1, 7, v + 1} end), compare.thresholded)
    if r.status == "na" and not next(ctx.info.sizes or {}) then r.reason = "get_inputs() reads no size constant" end
    return r
  end},

  {id = "CMP-03", title = "shape polymorphism", kind = "thresholded", run = function(s, ctx)
    local r = over_cases(s, size_cases(ctx, function(v) return {2 * v, v // 2 + 3} end), compare.thresholded)
    if r.status == "na" and not next(ctx.info.sizes or {}) then r.reason = "get_inputs() reads no size constant" end
    return r
  end},

  {id = "ORD-01", title = "summation-order bound", kind = "thresholded", run = function(s, ctx)
    return over_cases(s, dist_cases(ctx, {"wide"}, 2), compare.thresholded)
  end},

  {id = "PRC-01", title = "precision regime", kind = "thresholded", run = function(s, ctx)
    return over_cases(s, dist_cases(ctx, {"near1"}, 2), compare.thresholded)
  end},

  {id = "PRC-02", title = "accumulator precision", kind = "thresholded", run = function(s, ctx)
    return over_cases(s, dist_cases(ctx, {"positive"}, 2), compare.thresholded)
  end},
}

M.by_id = {}
for _, g in ipairs(M.list) do M.by_id[g.id] = g end

M.TOLERANCE_FREE = {["EXC-01"] = true, ["EXC-02"] = true, ["EXC-03"] = true,
                    ["ORD-02"] = true, ["RES-01"] = true, ["RES-02"] = true}

return M
