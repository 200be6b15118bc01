-- EXC-03 spurious overflow: finite inputs at the edge of the storage dtype's
-- range (logits near the maximum, values whose squares overflow).
-- 1. Classes: wherever the oracle's answer and its magnitude, rounded to
--    the output dtype, are finite, the kernel's answer must be finite too.
--    (The magnitude is the size of the terms the result is necessarily made
--    of, e.g. sum |x| for a sum: where even that overflows, an intermediate
--    overflow is no defect.)  The one other excuse is kcv.cmp.within's: an
--    Inf of the oracle's sign where |y*| + bound reaches the overflow
--    threshold, since a result within the bound rounds to Inf there.
-- 2. Values: every element the oracle says is finite (rounded to the output
--    dtype), except those excused in 1, must be within the spec's
--    probabilistic bound, derived exactly as for CMP-01 (ctx:within,
--    kcv.verify.errmodel; docs/TOLERANCES.md, "At the edge of the range").
--    An intermediate that overflows inside and collapses to a finite wrong
--    value (x / Inf = 0 in a norm whose f32 sum of squares overflowed)
--    passes 1 and fails here.
local kcv = require "kcv"
local case = require "kcv.verify.case"
local errmodel = require "kcv.verify.errmodel"

local C = kcv.cmp.CLASS
local NONFINITE = {[C.pinf] = true, [C.ninf] = true, [C.nan] = true}

-- Where rounding to the dtype gives +-Inf: |x| >= T = max + ulp(max)/2.
local function overflow_threshold(dtype)
  local d = kcv.dtype(dtype)
  return d.max + d.eps * 2 ^ math.floor(math.log(d.max, 2)) / 2
end

-- b: the spec's bound for this output (kcv.verify.errmodel).  An Inf of the
-- oracle's sign is no spurious overflow where a result within the bound
-- rounds to Inf (|y*| + bound >= T), as kcv.cmp.within rules; the value
-- check then counts its error as T - |y*|.
local function first_spurious(got, expected, mag, b)
  -- non-finite exactly where the oracle is: no spurious overflow anywhere
  if kcv.cmp.masks_equal(got, expected) then return nil end
  local gc, ec = kcv.cmp.classes(got), kcv.cmp.classes(expected:cast(got.dtype))
  local mc = kcv.cmp.classes(mag:cast(got.dtype))
  local T = overflow_threshold(got.dtype)
  for i = 0, gc.numel - 1 do
    local g = gc:get(i)
    if NONFINITE[g] and not NONFINITE[ec:get(i)] and not NONFINITE[mc:get(i)] then
      local e = expected:get(i)
      local bound = b.c_abs + b.c_rel * math.abs(e) + b.c_mag * math.abs(mag:get(i))
      local rounds_to_inf = (g == C.pinf and e > 0 or g == C.ninf and e < 0) and math.abs(e) + bound >= T
      if not rounds_to_inf then return i, g, ec:get(i) end
    end
  end
end

-- The elements of each output the bound applies to: those the oracle says
-- are finite in the output dtype, less those 1 excuses by the magnitude
-- (the kernel's answer non-finite where the oracle's magnitude rounds to
-- non-finite); an Inf 1 excuses by the bound stays in, and kcv.cmp.within
-- counts its error as T - |y*| (within the bound, by 1).  Returns
-- r and expect unchanged when that is every element whose class the
-- kernel matched (the usual case: ctx:within then skips equal non-finite
-- classes itself), else gathered copies and the map back to true indices.
local function finite_part(spec, r, expect)
  local outs, exps, idx, all = {}, {}, {}, true
  for o = 1, #spec.outputs do
    local got, e = r.outputs[o], expect[o]
    if kcv.cmp.masks_equal(got, e.value) then
      outs[o], exps[o] = got, e
    else
      all = false
      local gc, ec = kcv.cmp.classes(got), kcv.cmp.classes(e.value:cast(got.dtype))
      local mc = kcv.cmp.classes(e.mag:cast(got.dtype))
      local keep = {}
      for i = 0, gc.numel - 1 do
        local excused = NONFINITE[gc:get(i)] and NONFINITE[mc:get(i)]
        if not NONFINITE[ec:get(i)] and not excused then keep[#keep + 1] = i end
      end
      local function gather(b)
        local g = kcv.buffer(b.dtype, {#keep})
        for k, i in ipairs(keep) do g:set(k - 1, b:get(i)) end
        return g
      end
      outs[o], exps[o], idx[o] = gather(got), {value = gather(e.value), mag = gather(e.mag)}, keep
    end
  end
  if all then return r, expect, nil end
  return {outputs = outs}, exps, function(k, o) return idx[o] and idx[o][k + 1] or k end
end

-- Edge fills: name -> function(b, seed, stream)
local EDGES = {
  {"near-max", function(b, seed, stream)
    local max = kcv.dtype(b.dtype).max
    b:fill_uniform{seed = seed, stream = stream, lo = -0.5 * max, hi = 0.5 * max}
  end},
  {"near-max-positive", function(b, seed, stream)
    local max = kcv.dtype(b.dtype).max
    b:fill_uniform{seed = seed, stream = stream, lo = 0.25 * max, hi = 0.9 * max}
  end},
  {"large-norm", function(b, seed, stream)
    local r = math.sqrt(kcv.dtype(b.dtype).max)
    b:fill_loguniform{seed = seed, stream = stream, lo = r / 4, hi = r * 4, signs = "mixed"}
  end},
}

-- The case's values at the edge of the range into its inputs without a
-- declared domain (also what `rerun` in the REPL calls).
local function prepare(spec, c, inputs)
  for _, edge in ipairs(EDGES) do
    if edge[1] == c.edge then
      for k, i in ipairs(case.float_inputs(spec)) do
        if not spec.inputs[i].domain then edge[2](inputs[i], c.seed, k) end
      end
    end
  end
end

return {
  id = "EXC-03", title = "spurious overflow", kind = "tolerance-free", needs = {},
  prepare = prepare,
  run = function(ctx)
    local spec = ctx.spec
    local floats = case.float_inputs(spec)
    if #floats == 0 then return ctx:na("the spec has no float inputs") end
    local n = 0
    for _, shape in ipairs{case.small(spec, ctx.budget), case.odd(spec, ctx.budget)} do
      for _, edge in ipairs(EDGES) do
        local c = ctx:case(("%s-%d"):format(edge[1], n), shape, "normal", {edge = edge[1]})
        n = n + 1
        if c then
          ctx:progress("case " .. c.name)
          local inputs = ctx:inputs(c)
          prepare(spec, c, inputs)
          local r = ctx:run(inputs, c.shape)
          local f = ctx:outcome(c, r)
          if f then return f end
          local expect = ctx:oracle(inputs, c.shape)
          for o, out in ipairs(spec.outputs) do
            local b = errmodel.bound(spec, c.shape, out, "probabilistic")
            local at, g, e = first_spurious(r.outputs[o], expect[o].value, expect[o].mag, b)
            if at then
              local got, exp = r.outputs[o]:get(at), expect[o].value:get(at)
              return ctx:fail(c, ("%s[%d] is %s where the oracle is finite (%.9g)"):format(
                out.name, at, kcv.cmp.class_name(g), exp), {output = out.name, index = at, got = got,
                expected = exp, class = ("got %s, expected %s"):format(kcv.cmp.class_name(g), kcv.cmp.class_name(e))})
            end
          end
          local rr, ee, index_of = finite_part(spec, r, expect)
          f = ctx:within(c, rr, ee, "probabilistic", index_of)
          if f then
            f.reason = "at the edge of the range: " .. f.reason
            return f
          end
        end
      end
    end
    local w = ctx.worst or {ratio = 0}
    return ctx:pass(("%d edge-of-range cases: finite wherever the oracle is, within the probabilistic bound; worst error/bound %.3g (case %s)"):format(
      n, w.ratio, w.case or "-"), {cases = n, ratio = w.ratio, case = w.case, seed = w.seed})
  end,
}
