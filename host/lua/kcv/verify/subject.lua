-- kcv/verify/subject.lua — what the gates talk to.
--
-- A subject turns inputs into outputs:
--   r = subject:run(inputs, s, opts)
--     inputs: list of host buffers in spec order (the subject never changes
--             them: it runs on copies); s: the shape (every dim by name);
--     opts (all optional, each needs the capability of the same name):
--       placement = n    buffers at another place in device memory
--       dirty = true     scratch/arena memory filled with garbage first
--       sched_seed = n   another block/thread schedule (CPU backend)
--       poison = byte    outputs pre-filled with this byte
--       offset = n       inputs start n elements past a 16-byte boundary
--       redzone = bytes  guard bytes around every buffer
--     and hints any subject may ignore (CMP-03's runs past 2^31 elements):
--       outputs_unread = true  only how the run ends is judged
--       tiled = period   each input repeats its first `period` elements
--                        (case.tiled_inputs): only that head need travel
--       sample = {i, ...}  only these flat elements of each output are read
--   -> r = {status = "ok"|"launch_error"|"kernel_error"|"crash"|"timeout"|
--           "oom"|"needs_device", message=, outputs = {...}, inputs = {...
--           the inputs as the kernel left them}, redzone = {{buffer=, side=,
--           offset=, got=, expected=}}}
--   subject:resources(s) -> {regs=, smem=, local_bytes=, ...} | nil, reason
--   subject:occupancy(s) -> {blocks_per_sm=, warps_per_sm=, occupancy=,
--     source=, kernel=, ...} | nil, reason (the launch with the lowest)
--   subject.caps: set of capability names (placement dirty sched_seed poison
--     offset redzone resources inputs_after)
--
-- Kinds: kernel (one launch, the spec's calling convention), pipeline
-- (several launches with workspace buffers, described in a sidecar), and
-- fn (a Lua function; tests and future non-CUDA subjects).

local kcv = require "kcv"
local specmod = require "kcv.verify.spec"
local unjudged = require "kcv.verify.unjudged"
local knobs = require "kcv.verify.knobs"

local M = {}

-- opts.placement n puts the buffers n * PLACEMENT_STEP bytes further on.
local PLACEMENT_STEP = 4096

-- opts.outputs_unread: the caller judges only how the run ended (CMP-03's
-- whole runs at the top of the range), so a kernel subject's outputs are
-- filled on the device and never copied back (r.outputs hold zeros or the
-- poison byte): gigabytes at gdn's top shapes.  opts.tiled and
-- opts.sample (CMP-03's sampled runs) send only the inputs' heads and
-- bring back only the sampled elements: relu's top and large-index runs
-- moved 24 GB each way.  Such runs are still plain runs for RES-02's
-- record of where the kernel launched.
local HINTS = {outputs_unread = true, tiled = true, sample = true}
local function plain(opts)
  for k in pairs(opts) do if not HINTS[k] then return false end end
  return true
end

local KERNEL_CAPS = {placement = true, dirty = true, sched_seed = true, poison = true,
                     offset = true, redzone = true, resources = true, inputs_after = true}

local function set_of(list)
  local t = {}
  for _, v in ipairs(list or {}) do t[v] = true end
  return t
end

-- Fresh output buffers of the spec at shape s, and copies of the inputs
-- (a subject never writes into the caller's buffers); also what the torch
-- subject (kcv.parity.subject) runs on.
local function new_outputs(spec, s)
  local outs = {}
  for i, t in ipairs(spec.outputs) do outs[i] = kcv.buffer(t.dtype, specmod.shape_of(t, s)) end
  return outs
end
M.new_outputs = new_outputs

local function clone_all(list)
  local t = {}
  for i, b in ipairs(list) do t[i] = b:clone() end
  return t
end
M.clone_all = clone_all

---------------------------------------------------------------------------
-- kernel and pipeline subjects

-- Split "rows:i64" into ("rows", "i64"); a buffer name into (name, "ptr").
local function parse_param(p)
  local name, ty = p:match("^([%w_]+):(%w+)$")
  if name then return name, ty end
  return p, "ptr"
end

local Kernel = {}
Kernel.__index = Kernel

-- The launches of one run: {{name=, params=, grid=, block=, smem=, stream=,
-- join=}}; stream = "side" (join = false: never waited for) as in
-- kcv.kernel.run, from a pipeline's sidecar.
local function with_knobs(self, sv)
  for name, v in pairs(self.knobs or {}) do sv[name] = v end
  return sv
end

local function plan(self, s)
  local sv = with_knobs(self, specmod.with_scalars(self.spec, s))
  if self.pipeline then
    return self.pipeline.launches(sv)
  end
  local l = self.launch(sv)
  return {{name = self.kernel_name, params = self.params, grid = l.grid, block = l.block, smem = l.smem or 0}}
end

-- The loaded kernel; else nil, the error and whether it is no error of
-- the kernel's but a limit of this machine (kcv.verify.unjudged.load): such
-- a kernel needs a device, like inline PTX on the cpu backend, and every
-- run of it answers "needs_device" without compiling it again.
local function loaded(self, name, params)
  local k = self.loaded[name]
  if k then return k end
  if self.needs_device[name] then return nil, self.needs_device[name], true end
  local types = {}
  for i, p in ipairs(params) do local _, ty = parse_param(p); types[i] = ty end
  local err
  k, err = kcv.kernel.load{source = self.source, name = name, params = types,
                           options = self.options, backend = self.backend}
  if not k then
    local cause = unjudged.load(err, self.backend or kcv.backend.current())
    if not cause then return nil, err end
    self.needs_device[name] = "needs_device: " .. cause .. "\n" .. tostring(err)
    return nil, self.needs_device[name], true
  end
  self.loaded[name] = k
  return k
end

-- Compile now (so that a kernel that does not compile is an error before
-- any gate runs): nil, message on failure.  A kernel that cannot be built
-- here is no error: its runs say "needs_device".
function Kernel:prepare(s)
  for _, l in ipairs(plan(self, s)) do
    local k, err, needs_device = loaded(self, l.name, l.params or self.params)
    if not k and not needs_device then return nil, err end
  end
  return true
end

function Kernel:run(inputs, s, opts)
  opts = opts or {}
  local spec = self.spec
  local named = {}
  -- a tiled input is never read back, so the caller's buffer serves
  local tile = {}
  if opts.tiled then
    for _, b in ipairs(inputs) do
      if b.numel > opts.tiled then tile[b] = opts.tiled * b.itemsize end
    end
  end
  local ins = {}
  for i, b in ipairs(inputs) do ins[i] = tile[b] and b or b:clone() end
  for i, t in ipairs(spec.inputs) do named[t.name] = ins[i] end
  local outs = new_outputs(spec, s)
  for i, t in ipairs(spec.outputs) do named[t.name] = outs[i] end
  local sv = with_knobs(self, specmod.with_scalars(spec, s))
  -- Workspace starts as zeros (0xA5 bytes when dirty), filled where the
  -- kernel runs, and is not copied back (scratch): copying megabytes of
  -- zeros through the job's shared memory both ways, and faulting them in,
  -- was most of a gdn control's system time.
  local fill = {}
  if self.pipeline then
    for _, w in ipairs(self.pipeline.workspace or {}) do
      local shape = type(w.shape) == "function" and w.shape(sv) or w.shape
      local b = kcv.buffer(w.dtype, shape)
      fill[b] = opts.dirty and 0xA5 or 0
      named[w.name] = b
    end
  end
  local scratch = {}         -- the workspace the launches use (a short row uses none)
  local launches = {}
  for i, l in ipairs(plan(self, s)) do
    local params = l.params or self.params
    local k, err, needs_device = loaded(self, l.name, params)
    if not k then
      return {status = needs_device and "needs_device" or "launch_error", message = err, outputs = outs, inputs = ins}
    end
    local args = {}
    for j, p in ipairs(params) do
      local name = parse_param(p)
      local v = named[name]
      if v == nil then v = sv[name] end
      if v == nil then
        return {status = "launch_error", outputs = outs, inputs = ins,
                message = ("parameter %d '%s' of %s has no value"):format(j, p, l.name)}
      end
      args[j] = v
      if fill[v] then scratch[v] = fill[v] end
    end
    launches[i] = {kernel = k, grid = l.grid, block = l.block, smem = l.smem or 0, args = args,
                   stream = l.stream, join = l.join}
  end
  local dirty = opts.dirty
  if dirty == true then dirty = 0xA5 elseif dirty == false then dirty = nil end
  local req = {launches = launches, placement = (opts.placement or 0) * PLACEMENT_STEP,
               dirty = dirty, sched_seed = opts.sched_seed or 0,
               redzone = opts.redzone, timeout = self:time_limit(), scratch = scratch}
  if opts.poison then
    req.poison = {}
    for _, b in ipairs(outs) do req.poison[b] = opts.poison end
  end
  if opts.outputs_unread then
    for _, b in ipairs(outs) do scratch[b] = opts.poison or 0 end
  end
  if next(tile) then req.tile = tile end
  if opts.sample then
    req.sample = {}
    local last = opts.sample[#opts.sample]
    for _, b in ipairs(outs) do
      if last and b.numel > last then req.sample[b] = opts.sample end
    end
  end
  req.time = opts.time     -- {warmup=, reps=, flush=}: r.ms, the median (kcv tune)
  if opts.offset and opts.offset ~= 0 then
    req.offset = {}
    for _, b in ipairs(ins) do req.offset[b] = opts.offset * b.itemsize end
  end
  local r = kcv.kernel.run(req)
  r.outputs, r.inputs = outs, ins
  -- shapes where a plain run (no opts) launched and finished: RES-02's
  -- launch sweep need not launch there again in this verification
  if r.status == "ok" and plain(opts) then self.launched_at[specmod.shape_string(s)] = true end
  r.redzone = r.redzone or {}
  for _, z in ipairs(r.redzone) do
    for name, b in pairs(named) do
      if rawequal(b, z.buffer) then z.buffer = name end
    end
  end
  return r
end

-- The largest dynamic shared memory any launch asks for at shape s.
function Kernel:dynamic_smem(s)
  local worst = 0
  for _, l in ipairs(plan(self, s)) do worst = math.max(worst, l.smem or 0) end
  return worst
end

-- The backend the runs use: the one kcv has chosen, else the subject's.
local function backend_in_use(self)
  return kcv.backend.current and kcv.backend.current() or self.backend
end

-- Resources of one entry point: {regs=, smem=, local_bytes=, ...}.
local function entry_resources(self, l, ptx_report)
  local k, err = loaded(self, l.name, l.params or self.params)
  if not k then return nil, err end
  if backend_in_use(self) == "cuda" and k.attrs then
    local a, aerr = k:attrs()
    if not a then return nil, aerr end
    return {regs = a.num_regs, smem = a.static_smem, local_bytes = a.local_bytes, source = "cuFuncGetAttribute"}
  end
  local report, e = ptx_report()
  if not report then return nil, e end
  local ku, ke = report.ptxas.kernel(report.res, l.name)
  if not ku then return nil, "ptxas: " .. tostring(ke) end
  return {regs = ku.registers, smem = ku.smem, local_bytes = ku.stack, spill_stores = ku.spill_stores,
          spill_loads = ku.spill_loads, source = "ptxas -v (" .. tostring(report.res.arch) .. ")"}
end

-- The worst resources over every entry point the subject launches at s
-- (registers, static shared memory and local memory each at their maximum),
-- with `kernel` naming the entry point of the largest register count and
-- `static_by_entry` each entry point's own static shared memory (for
-- Kernel:block_smem).
function Kernel:resources(s)
  local cached
  local function ptx_report()
    if cached then return cached end
    local ok, ptxas = pcall(require, "kcv.ptxas")
    if not ok then return nil, "no static resource query (kcv.ptxas not available)" end
    if not ptxas.find_nvcc() then return nil, "nvcc not found: no static resource report on the CPU backend" end
    local res, e = ptxas.usage(self.source, {flags = self.options})   -- a config's defines too
    if not res then return nil, "ptxas: " .. tostring(e):gsub("\n.*", "") end
    cached = {ptxas = ptxas, res = res}
    return cached
  end
  local worst, seen = nil, {}
  for _, l in ipairs(plan(self, s)) do
    if not seen[l.name] then
      seen[l.name] = true
      local u, err = entry_resources(self, l, ptx_report)
      if not u then return nil, err end
      local static = u.smem
      if not worst then
        worst = u
        worst.kernel = l.name
        worst.static_by_entry = {}
      else
        if (u.regs or 0) > (worst.regs or 0) then worst.regs, worst.kernel = u.regs, l.name end
        worst.smem = math.max(worst.smem or 0, u.smem or 0)
        worst.local_bytes = math.max(worst.local_bytes or 0, u.local_bytes or 0)
      end
      worst.static_by_entry[l.name] = static
    end
  end
  return worst
end

-- The most shared memory one block of a launch at s holds: its entry
-- point's static (static_by_entry, from Kernel:resources) plus that
-- launch's dynamic; and that launch's name, static and dynamic.
function Kernel:block_smem(s, static_by_entry)
  local worst, name, st, dyn = -1, nil, 0, 0
  for _, l in ipairs(plan(self, s)) do
    local a, b = static_by_entry[l.name] or 0, l.smem or 0
    if a + b > worst then worst, name, st, dyn = a + b, l.name, a, b end
  end
  return math.max(worst, 0), name, st, dyn
end

-- Occupancy of the launches at shape s: the launch with the lowest
-- (k:occupancy: the driver on cuda, the calculator on ptxas numbers on
-- cpu), with `kernel` naming its entry point; nil and why.
function Kernel:occupancy(s)
  local worst
  for _, l in ipairs(plan(self, s)) do
    local k, err = loaded(self, l.name, l.params or self.params)
    if not k then return nil, err end
    if not k.occupancy then return nil, "this kcv has no occupancy query" end
    local o, why = k:occupancy{block = l.block, smem = l.smem or 0}
    if not o then return nil, why end
    o.kernel = l.name
    if not worst or (o.occupancy or 1) < (worst.occupancy or 1) then worst = o end
  end
  if not worst then return nil, "no launches" end
  return worst
end


-- The compiler options and knob values of a kernel subject: the
-- sidecar's options plus the defines of `config` (kcv.verify.knobs), the
-- knobs' defaults where config is nil.  nil, err for a bad config.
local function knob_setup(side, config)
  local def, err = knobs.parse(side)
  if err then return nil, nil, err end
  if not def then
    if config and next(config) then return nil, nil, "this kernel declares no knobs (no 'tune' in its sidecar)" end
    return side.options, nil
  end
  local full
  full, err = knobs.check(def, config or def.tuned)
  if not full then return nil, nil, err end
  local opts = {}
  for _, o in ipairs(side.options or {}) do opts[#opts + 1] = o end
  for _, o in ipairs(knobs.options(def, full)) do opts[#opts + 1] = o end
  return (#opts > 0 or side.options) and opts or nil, full
end

-- A sidecar's kernel.timeout: seconds a run may take before it counts as
-- hung, one number or one a backend ({cpu = 600, cuda = 60}; a backend it
-- leaves out gets DEFAULT_TIMEOUT).  A pipeline that is slow on the CPU
-- backend's emulation at the spec's largest shapes declares more there,
-- and keeps a hang on the GPU found in a minute.  check_timeout returns
-- what is wrong with one, or nil.
local DEFAULT_TIMEOUT = 60

local function check_timeout(t)
  local function bad(v) return math.type(v) == nil or v <= 0 end
  if type(t) ~= "table" then
    return bad(t) and ("kernel.timeout must be a number of seconds > 0, got %s"):format(tostring(t)) or nil
  end
  for k, v in pairs(t) do
    if k ~= "cpu" and k ~= "cuda" then
      return ("kernel.timeout: no backend %s (cpu, cuda)"):format(tostring(k))
    end
    if bad(v) then return ("kernel.timeout.%s must be a number of seconds > 0, got %s"):format(k, tostring(v)) end
  end
end

-- The seconds a run may take on the backend in use.
function Kernel:time_limit()
  local t = self.timeout
  if type(t) ~= "table" then return t end
  return t[backend_in_use(self)] or DEFAULT_TIMEOUT
end

-- kernel{spec=, source=, backend=, sidecar = {kernel = {...}, options = {...},
--        tune = {...}}, knobs = {NAME = value}, timeout = seconds}: knobs
-- off their default become defines (kcv.verify.knobs); raises on a config
-- the sidecar does not declare.  The time limit of a run: t.timeout, else
-- the sidecar's kernel.timeout (check_timeout), else DEFAULT_TIMEOUT.
function M.kernel(t)
  local spec = t.spec
  local side = t.sidecar or {}
  local kside = side.kernel or {}
  local options, config, kerr = knob_setup(side, t.knobs)
  if kerr then error(("%s: %s"):format(tostring(t.source), kerr), 2) end
  local timeout = kside.timeout
  local terr = timeout ~= nil and check_timeout(timeout)
  if terr then error(("%s: %s"):format(tostring(side.path or t.source), terr), 2) end
  local self = setmetatable({
    kind = kside.pipeline and "pipeline" or "kernel",
    spec = spec, source = t.source, backend = t.backend,
    kernel_name = kside.name or spec.kernel.name,
    params = kside.params or spec.kernel.params,
    launch = kside.launch or spec.kernel.launch,
    pipeline = kside.pipeline,
    options = options,
    knobs = config,
    timeout = t.timeout or timeout or DEFAULT_TIMEOUT,
    loaded = {},
    launched_at = {},       -- shape string -> true: a plain run finished there (RES-02)
    needs_device = {},      -- entry point -> why it cannot be built here
    caps = KERNEL_CAPS,
  }, Kernel)
  self.name = t.source
  return self
end

---------------------------------------------------------------------------
-- function subjects

local Fn = {}
Fn.__index = Fn

function Fn:prepare() return true end

-- fn(inputs, s, opts, outputs): fills `outputs` (fresh buffers, pre-filled
-- with opts.poison bytes when given) or returns its own list of outputs.
function Fn:run(inputs, s, opts)
  opts = opts or {}
  local ins = clone_all(inputs)
  local outs = new_outputs(self.spec, s)
  if opts.poison then
    for _, b in ipairs(outs) do b:setbytes(string.rep(string.char(opts.poison), b.nbytes)) end
  end
  local ok, ret = pcall(self.fn, ins, s, opts, outs)
  if not ok then return {status = "kernel_error", message = tostring(ret), outputs = outs, inputs = ins} end
  return {status = "ok", outputs = ret or outs, inputs = ins, redzone = {}}
end

function Fn:resources(s)
  if self.usage then return self.usage(s) end
  return nil, "a function subject has no hardware resources"
end

-- fn{spec=, fn = function(inputs, s, opts, outputs) ... end, caps = {...},
--    usage = function(s) -> {regs=, ...}}
function M.fn(t)
  return setmetatable({kind = "fn", name = t.name or "function", spec = t.spec, fn = t.fn,
                       caps = set_of(t.caps), usage = t.usage}, Fn)
end

-- Sidecar of a kernel file: the .lua next to the .cu, when there is one.
function M.sidecar(kernel_path)
  local path = kernel_path:gsub("%.[%w]+$", "") .. ".lua"
  if path == kernel_path then return nil end
  local chunk, err = loadfile(path, "t")
  if not chunk then
    if io.open(path) then return nil, err end
    return nil
  end
  local ok, t = pcall(chunk)
  if not ok then return nil, ("%s: %s"):format(path, tostring(t)) end
  if type(t) ~= "table" then return nil, ("%s: expected a table"):format(path) end
  t.path = path
  return t
end

return M
