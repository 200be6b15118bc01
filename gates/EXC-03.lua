-- EXC-03 spurious overflow: finite inputs at the edge of the storage dtype's
-- range (logits near the maximum, values whose squares overflow); wherever
-- the oracle's answer and its magnitude, rounded to the output dtype, are
-- finite, the kernel's answer must be finite too.  (The magnitude is the
-- size of the terms the result is necessarily made of, e.g. sum |x| for a
-- sum: where even that overflows, an intermediate overflow is no defect.)
local kcv = require "kcv"
local case = require "kcv.verify.case"

local C = kcv.cmp.CLASS

local function first_spurious(got, expected, mag)
  -- non-finite exactly where the oracle is: no spurious overflow anywhere
  if kcv.cmp.masks_equal(got, expected) then return nil end
  local gc, ec = kcv.cmp.classes(got), kcv.cmp.classes(expected:cast(got.dtype))
  local mc = kcv.cmp.classes(mag:cast(got.dtype))
  local nonfinite = {[C.pinf] = true, [C.ninf] = true, [C.nan] = true}
  for i = 0, gc.numel - 1 do
    if nonfinite[gc:get(i)] and not nonfinite[ec:get(i)] and not nonfinite[mc:get(i)] then
      return i, gc:get(i), ec:get(i)
    end
  end
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

return {
  id = "EXC-03", title = "spurious overflow", kind = "tolerance-free", needs = {},
  run = function(ctx)
    local spec = ctx.spec
    local floats = case.float_inputs(spec)
    if #floats == 0 then return ctx:na("the spec has no float inputs") end
    local n = 0
    for _, shape in ipairs{case.small(spec, ctx.budget), case.odd(spec, ctx.budget)} do
      for _, edge in ipairs(EDGES) do
        local c = ctx:case(("%s-%d"):format(edge[1], n), shape, "normal")
        n = n + 1
        if c then
          ctx:progress("case " .. c.name)
          local inputs = ctx:inputs(c)
          for k, i in ipairs(floats) do
            local dom = spec.inputs[i].domain
            if not dom then edge[2](inputs[i], c.seed, k) end
          end
          local r = ctx:run(inputs, c.shape)
          local f = ctx:outcome(c, r)
          if f then return f end
          local expect = ctx:oracle(inputs, c.shape)
          for o, out in ipairs(spec.outputs) do
            local at, g, e = first_spurious(r.outputs[o], expect[o].value, expect[o].mag)
            if at then
              local got, exp = r.outputs[o]:get(at), expect[o].value:get(at)
              return ctx:fail(c, ("%s[%d] is %s where the oracle is finite (%.9g)"):format(
                out.name, at, kcv.cmp.class_name(g), exp), {output = out.name, index = at, got = got,
                expected = exp, class = ("got %s, expected %s"):format(kcv.cmp.class_name(g), kcv.cmp.class_name(e))})
            end
          end
        end
      end
    end
    return ctx:pass(("%d edge-of-range cases: finite wherever the oracle is"):format(n), {cases = n})
  end,
}
