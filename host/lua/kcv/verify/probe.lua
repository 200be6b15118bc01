-- kcv/verify/probe.lua — the toolkit a gate's run(ctx) gets as ctx: run a
-- case on the subject, ask the oracle, compare, and build the evidence of a
-- failure (case, seed, shape, first offending element, reproducer).
--
-- A case is {name=, shape=, dist=, seed=} (see kcv.verify.case); a gate
-- loops over its cases and returns the first failure, or a pass whose
-- evidence names the worst case seen.
--
-- The context also keeps what a person needs to look at a case afterwards:
-- ctx.ratios, the worst error/bound of every case compared with a bound
-- ({case=, ratio=}, in order: the HTML report plots them), and ctx.snap,
-- the last case compared ({case=, inputs=, outputs=, expect=, mode=,
-- masks=}: the buffers of that case, which `kcv verify --repl` opens on).
-- ctx.phases adds up where the gate's seconds went: making inputs, running
-- the subject, the oracle, comparing (the report's `phases`, per gate).

local kcv = require "kcv"
local specmod = require "kcv.verify.spec"
local case = require "kcv.verify.case"
local errmodel = require "kcv.verify.errmodel"
local unjudged = require "kcv.verify.unjudged"
local gpu_oracle = require "kcv.oracle.gpu"

local Ctx = {}
Ctx.__index = Ctx

local function clock()
  return kcv.sys and kcv.sys.clock and kcv.sys.clock() or os.clock()
end

-- Calls f(...) and adds its wall seconds to phase `name` of ctx.phases.
local function timed(ctx, name, f, ...)
  local t0 = clock()
  local res = table.pack(f(...))
  ctx.phases[name] = ctx.phases[name] + (clock() - t0)
  return table.unpack(res, 1, res.n)
end

local M = {}

-- new{spec=, subject=, gate=, seed=, budget=, backend=, case=, progress=}
function M.new(t)
  return setmetatable({spec = t.spec, subject = t.subject, gate = t.gate, seed = t.seed or 1,
                       budget = t.budget or "cpu", backend = t.backend, only_case = t.case,
                       progress_fn = t.progress, worst = nil, ratios = {},
                       phases = {inputs = 0, run = 0, oracle = 0, compare = 0},
                       -- on cuda, the heavy primitives run on the device (same bits)
                       mp = gpu_oracle.for_backend(t.backend)}, Ctx)
end

function Ctx:progress(msg)
  if self.progress_fn then self.progress_fn(("%s: %s"):format(self.gate.id, msg), 2) end
end

-- A case table with its own seed; nil when --case filters it out.
function Ctx:case(name, shape, dist, extra)
  if self.only_case and self.only_case ~= name then return nil end
  local c = {name = name, shape = shape, dist = dist, seed = case.seed_for(self.seed, self.gate.id, name)}
  for k, v in pairs(extra or {}) do c[k] = v end
  return c
end

function Ctx:inputs(c)
  return timed(self, "inputs", case.inputs, self.spec, c.shape, c.dist or "normal", c.seed)
end

-- Inputs for c that repeat a random head of `period` elements (the same
-- distribution, cheap at billions of elements: case.tiled_inputs).
function Ctx:tiled_inputs(c, period)
  return timed(self, "inputs", case.tiled_inputs, self.spec, c.shape, c.dist or "normal", c.seed, period)
end

-- oracle(inputs, s) -> list of {value=, mag=} per output.
function Ctx:oracle(inputs, s)
  return timed(self, "oracle", self.oracle_untimed, self, inputs, s)
end

function Ctx:oracle_untimed(inputs, s)
  local spec = self.spec
  local args = {}
  for i, b in ipairs(inputs) do args[i] = b end
  local scalars = {}
  for _, sc in ipairs(spec.scalars or {}) do scalars[sc.name] = specmod.scalar_value(sc) end
  args[#inputs + 1] = scalars
  local res = table.pack(spec.oracle(self.mp or kcv.mp, table.unpack(args, 1, #inputs + 1)))
  local outs = {}
  for i = 1, #spec.outputs do
    local v, m = res[2 * i - 1], res[2 * i]
    if v == nil then
      error(("%s: oracle returned no value for output %d '%s'"):format(spec.path or spec.name, i, spec.outputs[i].name), 0)
    end
    outs[i] = {value = v, mag = m or v}
  end
  self.last_oracle = {inputs = inputs, shape = s, expect = outs}
  return outs
end

-- Case c's run options (c.opts) with the subject's hints `extra` added
-- (kcv.verify.subject: outputs_unread, tiled, sample); c.opts wins.
function M.opts_with(c, extra)
  for k, v in pairs(c.opts or {}) do extra[k] = v end
  return extra
end

function Ctx:run(inputs, s, opts)
  local r = timed(self, "run", self.subject.run, self.subject, inputs, s, opts)
  self.last_run = {inputs = inputs, shape = s, outputs = r.outputs}
  return r
end

-- Remember case c as compared: its outputs against the oracle's expect
-- (mode: the bound's, nil for class masks; masks: the masks' options).
function Ctx:remember(c, outputs, expect, mode, masks)
  local o = self.last_oracle
  self.snap = {case = c, inputs = o and o.inputs or (self.last_run or {}).inputs, outputs = outputs,
               expect = expect, mode = mode, masks = masks}
end

-- Evidence common to every failure of case c.
function Ctx:evidence(c, fields)
  local ev = {case = c.name, seed = c.seed, shape = specmod.shape_string(c.shape), dist = c.dist}
  for k, v in pairs(fields or {}) do ev[k] = v end
  return ev
end

function Ctx:fail(c, reason, fields)
  if not (self.snap and self.snap.case == c) and self.last_run and self.last_oracle then
    -- a gate that compared by itself (EXC-02, EXC-03's classes): its last run
    self:remember(c, self.last_run.outputs, self.last_oracle.expect, nil,
                  {finite_detail = true, zero_sign = self.spec.zero_sign})
  end
  return {status = "fail", reason = reason, evidence = self:evidence(c, fields)}
end

function Ctx:pass(reason, fields)
  return {status = "pass", reason = reason, evidence = fields or {}}
end

function Ctx:na(reason)
  return {status = "na", reason = reason, evidence = {}}
end

-- kcv could not judge case c here (cause: kcv.verify.unjudged.outcome).
function Ctx:not_judged(c, cause, fields)
  return {status = "not_judged", reason = "not judged: " .. cause, evidence = self:evidence(c, fields)}
end

-- A run that did not finish normally is a failure of the case, unless it
-- could not run for a reason of this machine: then the case is not judged.
function Ctx:outcome(c, r)
  if r.status == "ok" then return nil end
  local cause = unjudged.outcome(r)
  if cause then return self:not_judged(c, cause, {outcome = r.status}) end
  return self:fail(c, ("the kernel did not run: %s%s"):format(r.status,
    r.message and (" (" .. tostring(r.message):gsub("\n.*", "") .. ")") or ""), {outcome = r.status})
end

-- Where an element sits, for a person: "y[3,17] (flat 65)".
function Ctx:where(output_index, flat)
  local t = self.spec.outputs[output_index]
  return ("%s flat index %d"):format(t.name, flat)
end

-- The oracle's value, except where rounding to the output dtype overflows
-- beyond the bound: there the correctly rounded answer is +-Inf, and so
-- must the kernel's be.  Where the oracle's value is past the threshold T
-- by less than its element's bound (b: errmodel.bound; mag: the oracle's
-- magnitudes), an honest rounding error may land on either side of T: the
-- value stays finite, and within() judges a finite answer by its error
-- (cuBLAS's f16 GEMM gives 65504 where the exact product is 65521), as it
-- forgives an Inf there.
function M.overflow_rounded(value, dtype, b, mag)
  return kcv.cmp.overflow_rounded(value, dtype, mag, {c_abs = b.c_abs, c_rel = b.c_rel, c_mag = b.c_mag})
end

-- Thresholded comparison of every output of run r against the oracle:
-- nil when within the bound, else a failure.  Records the worst ratio seen.
-- index_of(k, i) (optional) maps element k of output i as compared to the
-- index a failure reports (the tensor's own index, when only a sample or a
-- subset was compared).
function Ctx:within(c, r, expect, mode, index_of)
  return timed(self, "compare", self.within_untimed, self, c, r, expect, mode, index_of)
end

function Ctx:within_untimed(c, r, expect, mode, index_of)
  self:remember(c, r.outputs, expect, mode or "probabilistic")
  local case_ratio = 0
  for i, out in ipairs(self.spec.outputs) do
    local b = errmodel.bound(self.spec, c.shape, out, mode)
    local value = M.overflow_rounded(expect[i].value, out.dtype, b, expect[i].mag)
    local info = kcv.cmp.within(r.outputs[i], value,
                                {mag = expect[i].mag, c_mag = b.c_mag, c_rel = b.c_rel, c_abs = b.c_abs})
    if not self.worst or info.ratio > self.worst.ratio then
      self.worst = {ratio = info.ratio, case = c.name, seed = c.seed, output = out.name}
    end
    case_ratio = math.max(case_ratio, info.ratio)
    if not info.ok then
      self.ratios[#self.ratios + 1] = {case = c.name, ratio = case_ratio}
      local at = info.first_violation or info.worst_index
      local got, exp = r.outputs[i]:get(at), value:get(at)
      local mag = expect[i].mag:get(at)
      local bound = b.c_abs + b.c_rel * math.abs(exp) + b.c_mag * math.abs(mag)
      if index_of then at = index_of(at, i) end
      return self:fail(c, ("%s[%d] = %.9g, oracle %.9g: error %.3g exceeds the %s bound %.3g (%d of %d elements; worst ratio %.3g)"):format(
        out.name, at, got, exp, math.abs(got - exp), b.mode, bound, info.violations, info.checked, info.ratio), {
        output = out.name, index = at, got = got, expected = exp, bound = bound,
        ratio = info.ratio, violations = info.violations, N = b.N, mode = b.mode})
    end
  end
  self.ratios[#self.ratios + 1] = {case = c.name, ratio = case_ratio}
  return nil
end

-- Tolerance-free class-mask comparison: nil when equal, else a failure.
function Ctx:masks(c, r, expect, opts)
  return timed(self, "compare", self.masks_untimed, self, c, r, expect, opts)
end

function Ctx:masks_untimed(c, r, expect, opts)
  self:remember(c, r.outputs, expect, nil, opts or {})
  for i, out in ipairs(self.spec.outputs) do
    local ok, info = kcv.cmp.masks_equal(r.outputs[i], expect[i].value, opts)
    if not ok then
      return self:fail(c, ("%s[%d] is %s (%.9g), the oracle says %s (%.9g); %d element(s) differ"):format(
        out.name, info.index, info.got_class, info.got, info.expected_class, info.expected, info.count), {
        output = out.name, index = info.index, got = info.got, expected = info.expected,
        class = ("got %s, expected %s"):format(info.got_class, info.expected_class), count = info.count})
    end
  end
  return nil
end

-- Gather elements `idx` (a sorted list of flat indices) of b into a new
-- flat buffer.
local function gather(b, idx)
  local g = kcv.buffer(b.dtype, {#idx})
  for k, i in ipairs(idx) do g:set(k - 1, b:get(i)) end
  return g
end

-- A case too large for the oracle, on an element-wise spec: run it whole,
-- then compare only the elements at c.sample (flat indices), the oracle
-- evaluated on the inputs' elements there.  Only those elements come back
-- from the device (opts.sample); with `period`, the inputs repeat their
-- first `period` elements (case.tiled_inputs) and only that head travels
-- (opts.tiled).  nil when within the bound, else a failure naming the
-- element's true index.
function Ctx:sampled(c, inputs, mode, period)
  local r = self:run(inputs, c.shape, M.opts_with(c, {sample = c.sample, tiled = period}))
  local f = self:outcome(c, r)
  if f then return f end
  local small_in, small_out = {}, {}
  for i, b in ipairs(inputs) do small_in[i] = gather(b, c.sample) end
  for i, b in ipairs(r.outputs) do small_out[i] = gather(b, c.sample) end
  f = self:within(c, {outputs = small_out}, self:oracle(small_in, c.shape), mode,
                  function(k) return c.sample[k + 1] end)
  if f then
    f.reason = f.reason .. (" (%d sampled elements of %d)"):format(#c.sample, case.numel(self.spec, c.shape))
    f.evidence.sampled = #c.sample
  end
  return f
end

-- Rows `rows` (sorted indices) of b, whose first dim has n rows, as a new
-- buffer of #rows rows (a row copied as bytes).
local function gather_rows(b, rows, n)
  local shape = {}
  for k, d in ipairs(b.shape) do shape[k] = d end
  shape[1] = #rows
  local g = kcv.buffer(b.dtype, shape)
  local row = b.nbytes // n
  for k, r in ipairs(rows) do g:setbytes(b:bytes(r * row, row), (k - 1) * row) end
  return g
end

-- A case too large for the oracle, on a spec with `rows`: run it whole,
-- then compare only the rows at c.rows, the oracle evaluated on those rows
-- of the inputs that have the rows dim first (the others whole).  nil when
-- within the bound, else a failure naming the element's true index.
function Ctx:sampled_rows(c, inputs, mode)
  local spec, n = self.spec, c.shape[self.spec.rows]
  local r = self:run(inputs, c.shape, c.opts)
  local f = self:outcome(c, r)
  if f then return f end
  local small_in, small_out = {}, {}
  for i, b in ipairs(inputs) do
    small_in[i] = spec.inputs[i].shape[1] == spec.rows and gather_rows(b, c.rows, n) or b
  end
  for i, b in ipairs(r.outputs) do small_out[i] = gather_rows(b, c.rows, n) end
  local s = {}
  for k, v in pairs(c.shape) do s[k] = v end
  s[spec.rows] = #c.rows
  f = self:within(c, {outputs = small_out}, self:oracle(small_in, s), mode, function(k, i)
    local per_row = small_out[i].numel // #c.rows
    return c.rows[k // per_row + 1] * per_row + k % per_row
  end)
  if f then
    f.reason = f.reason .. (" (%d sampled rows of %d)"):format(#c.rows, n)
    f.evidence.sampled_rows = #c.rows
  end
  return f
end

-- The common thresholded loop: for every case, inputs (c.make or the
-- distribution), run, oracle, compare.  Returns a result.
function Ctx:threshold_cases(cases, mode, what)
  local n = 0
  for _, c in ipairs(cases) do
    n = n + 1
    self:progress(("case %s (%s)"):format(c.name, specmod.shape_string(c.shape)))
    local inputs = c.make and c.make(self, c) or self:inputs(c)
    local r = self:run(inputs, c.shape, c.opts)
    local f = self:outcome(c, r)
    if f then return f end
    f = self:within(c, r, self:oracle(inputs, c.shape), mode)
    if f then return f end
  end
  if n == 0 then return self:na("no case selected") end
  local w = self.worst or {ratio = 0}
  return self:pass(("%d %s within the %s bound; worst error/bound %.3g (case %s)"):format(
    n, what or "cases", mode or "probabilistic", w.ratio, w.case or "-"), {ratio = w.ratio, case = w.case, seed = w.seed, cases = n})
end

return M
