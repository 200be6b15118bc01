-- rerun{seed =, shape =, dist =}: the kernel again on a changed case.
local kcv = require "kcv"
local case = require "kcv.verify.case"
local probe = require "kcv.verify.probe"
local specmod = require "kcv.verify.spec"
local focus = require "kcv.repl.focus"
local result = require("kcv.repl").result
local registry = require "kcv.verify.registry"

local KNOWN = {seed = true, shape = true, dist = true, inject = true}

-- What made the case special, done again for the changed case: the
-- gate's own prepare(spec, case, inputs) (EXC-01's NaN and Inf, EXC-02's
-- subnormals and signed zeros, EXC-03's values at the edge of the range),
-- positions drawn from the new seed as the gate draws them.
local function prepare(spec, c, inputs, gate_id)
  local gates = registry.gates() or {}
  for _, g in ipairs(gates) do
    if g.id == gate_id and g.prepare then g.prepare(spec, c, inputs); return end
  end
  if c.inject then               -- rerun{inject = {...}} on a case of any other gate
    for _, g in ipairs(gates) do
      if g.id == "EXC-01" then g.prepare(spec, c, inputs); return end
    end
  end
end

local function describe(s)
  return ("%d offending (%d over the bound, %d of another class), worst error/bound %.3g"):format(
    math.max(s.violations, s.mismatches), s.violations, s.mismatches, s.worst)
end

local function run(session, opts)
  opts = opts or {}
  if type(opts) ~= "table" then error("rerun: expected a table {seed =, shape =, dist =}, got " .. type(opts), 0) end
  for k in pairs(opts) do
    if not KNOWN[k] then error(("rerun: unknown option '%s' (seed, shape, dist, inject)"):format(tostring(k)), 0) end
  end
  local spec, subj = session.spec, session.subject
  if not (spec and subj) then error("rerun: no kernel in this session (kcv repl SPEC KERNEL)", 0) end
  local old = session.focus
  local base = old and old.case or {name = "benchmark", shape = session.shape, dist = "normal", seed = 1}
  local c = {}
  for k, v in pairs(base) do c[k] = v end
  c.shape = {}
  for k, v in pairs(base.shape or session.shape) do c.shape[k] = v end
  for k, v in pairs(opts.shape or {}) do c.shape[k] = v end
  c.seed = opts.seed or base.seed or 1
  c.dist = opts.dist or base.dist or "normal"
  if opts.inject ~= nil then c.inject = opts.inject or nil end
  c.origin = base.origin or base.name or "?"
  c.name = "rerun of " .. c.origin
  for name, v in pairs(c.shape) do
    local r = spec.dims[name]
    if not r then error(("rerun: shape.%s: the spec has no such dim"):format(tostring(name)), 0) end
    if math.type(v) ~= "integer" or v < r.min or v > r.max then
      error(("rerun: shape.%s = %s is outside the dim's range [%d, %d]"):format(name, tostring(v), r.min, r.max), 0)
    end
  end
  if math.type(c.seed) ~= "integer" then error("rerun: seed must be an integer, got " .. tostring(c.seed), 0) end
  local ctx = probe.new{spec = spec, subject = subj, gate = {id = "repl"}, budget = session.budget}
  local inputs = case.inputs(spec, c.shape, c.dist, c.seed)
  prepare(spec, c, inputs, old and old.gate and old.gate.id)
  local r = ctx:run(inputs, c.shape)
  if r.status ~= "ok" then
    error(("rerun: the kernel did not run: %s%s"):format(r.status, r.message and (" (" .. r.message .. ")") or ""), 0)
  end
  local expect = ctx:oracle(inputs, c.shape)
  local f = focus.new(spec, {case = c, inputs = inputs, outputs = r.outputs, expect = expect,
                             mode = old and old.mode, masks = old and old.masks_opts}, old and old.gate)
  local before = old and old:summary()
  session:set_focus(f)
  local now = f:summary()
  session.print(("%s (%s, dist %s, seed %d)"):format(c.name, specmod.shape_string(c.shape), c.dist, c.seed))
  if before then session.print("  before: " .. describe(before)) end
  session.print("  now:    " .. describe(now))
  return result(now)
end

return {
  name = "rerun",
  usage = "rerun{seed =, shape =, dist =, inject =}",
  doc = [[
Runs the kernel again on the case with some of its parts changed and
compares with the oracle: seed (an integer), shape (the dims to change, e.g.
{n = 1000}; the others stay), dist (an input distribution, docs/SPECS.md:
normal, uniform, ...).  Special values the case injected (EXC-01) are
injected again at positions drawn from the new seed; inject = false leaves
them out.  The new case becomes the one in view: inputs, outputs, expected,
bound, ... and show/worst/diff/hist now speak of it.  Prints before and
after; returns the new summary {violations=, mismatches=, worst=, checked=}.
Ctrl-C stops a long rerun and returns to the prompt.]],
  run = run,
}
