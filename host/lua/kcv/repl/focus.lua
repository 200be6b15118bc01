-- kcv/repl/focus.lua — the case a REPL session looks at: one compared case
-- (a gate's capture, or a rerun), with every per-element quantity a person
-- asks about derived once.
--
--   local f = focus.new(spec, snap [, gate_entry])
--   snap: {case=, inputs=, outputs=, expect={{value=, mag=}, ...}, mode=, masks=}
--   f.case, f.gate, f.mode, f.masks_opts
--   f.inputs, f.outputs, f.expected, f.mag, f.bound, f.ratio, f.masks:
--     tables by output (or input) name and by position; bound and ratio are
--     f64 buffers shaped like the output; masks[name] = {got=, expected=}
--     (u8 class codes, kcv.cmp.CLASS); ratio is error/bound as
--     kcv.cmp.within counts it: 0 where got and a non-finite expected value
--     share a class, math.huge where the classes differ.
--   f:summary() -> {violations=, mismatches=, worst=, checked=} over all outputs
--   f:output_of(buf) -> the output's position when buf is one of the outputs

local kcv = require "kcv"
local errmodel = require "kcv.verify.errmodel"
local mismatch = require "kcv.verify.mismatch"

local Focus = {}
Focus.__index = Focus

local M = {}

-- A table readable by name and by position.
local function named(list, tensors)
  local t = {}
  for i, v in ipairs(list) do
    t[i] = v
    if tensors[i] then t[tensors[i].name] = v end
  end
  return t
end

local function finite(v) return v == v and v ~= math.huge and v ~= -math.huge end

-- error/bound per element, and the bound itself, as f64 buffers.
local function ratios(got, value, mag, b)
  local bound = kcv.buffer("f64", got.shape)
  local ratio = kcv.buffer("f64", got.shape)
  for i = 0, got.numel - 1 do
    local g, e, m = got:get(i), value:get(i), mag:get(i)
    local bi = b.c_abs + (b.c_rel > 0 and b.c_rel * math.abs(e) or 0)
                 + (b.c_mag > 0 and m == m and b.c_mag * math.abs(m) or 0)
    bound:set(i, bi)
    local r
    if not finite(e) or not finite(g) then
      local same = (e ~= e and g ~= g) or e == g
      r = same and 0 or math.huge
    else
      local err = math.abs(g - e)
      r = err == 0 and 0 or bi == 0 and math.huge or err / bi
    end
    ratio:set(i, r)
  end
  return bound, ratio
end

function M.new(spec, snap, gate)
  local c = snap.case or {}
  local shape = c.shape or {}
  local f = setmetatable({spec = spec, case = c, gate = gate, mode = snap.mode or "probabilistic",
                          masks_opts = snap.masks or {}}, Focus)
  local value, magl, bounds, ratiol, masks = {}, {}, {}, {}, {}
  for i, out in ipairs(spec.outputs) do
    local got, e = snap.outputs[i], snap.expect[i]
    if got.numel ~= e.value.numel then
      error(("focus: output %d '%s' has %d elements, the oracle's %d"):format(i, out.name, got.numel, e.value.numel), 2)
    end
    value[i], magl[i] = e.value, e.mag
    bounds[i], ratiol[i] = ratios(got, e.value, e.mag, errmodel.bound(spec, shape, out, f.mode))
    masks[i] = mismatch.classes(got, e.value)
  end
  f.inputs = named(snap.inputs or {}, spec.inputs)
  f.outputs = named(snap.outputs, spec.outputs)
  f.expected = named(value, spec.outputs)
  f.mag = named(magl, spec.outputs)
  f.bound = named(bounds, spec.outputs)
  f.ratio = named(ratiol, spec.outputs)
  f.masks = named(masks, spec.outputs)
  return f
end

function Focus:output_of(buf)
  for i = 1, #self.spec.outputs do
    if rawequal(self.outputs[i], buf) then return i end
  end
  return nil
end

function Focus:input_of(buf)
  for i = 1, #self.spec.inputs do
    if rawequal(self.inputs[i], buf) then return i end
  end
  return nil
end

-- Whether element i of output o is offending: over its bound, or a class
-- that differs from the oracle's (under the gate's own merging rules).
function Focus:offending(o, i)
  return self.ratio[o]:get(i) > 1 or mismatch.differs(self.masks[o], i, self.masks_opts)
end

function Focus:summary()
  local s = {violations = 0, mismatches = 0, checked = 0, worst = 0}
  for o = 1, #self.spec.outputs do
    local r, m = self.ratio[o], self.masks[o]
    for i = 0, r.numel - 1 do
      local v = r:get(i)
      s.checked = s.checked + 1
      if v > 1 then s.violations = s.violations + 1 end
      if v > s.worst then s.worst = v end
      if mismatch.differs(m, i, self.masks_opts) then s.mismatches = s.mismatches + 1 end
    end
  end
  return s
end

-- A number for a table cell: %.3g, "-" for NaN (an error or bound that
-- does not exist: the oracle's value is not finite).
function M.g(v)
  if v ~= v then return "-" end
  return ("%.3g"):format(v)
end

-- "y[3,17]" for a flat index of output (or input) buffer b named name.
function M.where(name, b, i)
  if b.ndim <= 1 then return ("%s[%d]"):format(name, i) end
  return ("%s[%s]"):format(name, table.concat(b:index(i), ","))
end

return M
