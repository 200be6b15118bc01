-- kcv/parity/subject.lua — a spec's PyTorch expression (its `torch`
-- field) as the subject of the spec's gates: `kcv parity`, `kcv verify
-- SPEC --torch`.
--
--   local subj = tsubject.new{spec = spec, device = "cpu" | "cuda", timeout = 120}
--   subj:prepare() -> true | nil, err       (starts the worker, compiles the expression)
--   subj:run(inputs, s, opts) -> r          (as every subject: kcv/verify/subject.lua)
--   subj:close()
--
-- For each run the inputs (kcv buffers) go to corpus/torch_op.py as raw
-- files, the worker evaluates the expression with every input, dim and
-- scalar bound by name, and its outputs come back into the spec's output
-- buffers.  The gates stay in this process.  PyTorch owns its memory, so
-- the subject offers none of the kernel capabilities (placement, poison,
-- redzones, resources): RES-01 and RES-02's resource half are n/a.
local specmod = require "kcv.verify.spec"
local worker = require "kcv.audit.worker"
local kernel_subject = require "kcv.verify.subject"

local M = {}
local Torch = {}
Torch.__index = Torch

local new_outputs, clone_all = kernel_subject.new_outputs, kernel_subject.clone_all

-- Dims and scalars as a list of [name, value] pairs (not an object: dkjson
-- takes a table whose only key is `n` for an array): integers as they are,
-- floats as C99 hex strings, so the worker gets the exact number (eps
-- rounded to f32 is 9.99999974738e-06, which %.14g would not give back).
local function names_of(spec, s)
  local t = {}
  for k, v in pairs(specmod.with_scalars(spec, s)) do
    t[#t + 1] = {k, math.type(v) == "float" and {hex = ("%a"):format(v)} or v}
  end
  table.sort(t, function(a, b) return a[1] < b[1] end)
  return t
end

-- Start the worker if it is not running (again, after a fatal fault):
-- hello, then load the expression.  nil, fault when it cannot.
function Torch:ensure()
  if self.w.proc then return true end
  local hello, fault = self.w:call({op = "hello"}, 120)
  if not hello then return nil, fault end
  self.info = hello
  local t = self.op
  return self.w:call({op = "load", expr = t.expr, setup = t.setup, tf32 = t.tf32 or false,
                      spec = self.spec.path or self.spec.name}, 60)
end

function Torch:prepare()
  local ok, fault = self:ensure()
  if not ok then
    return nil, ("PyTorch expression %q on %s: %s: %s"):format(self.op.expr, self.device,
      tostring(fault.kind), tostring(fault.message))
  end
  return true
end

-- A worker fault as a run outcome (the gates' ctx:outcome judges it).
local function outcome(self, fault, outs, ins)
  local r = {outputs = outs, inputs = ins, redzone = {}, message = fault.message, signal = fault.signal}
  local kind = fault.kind
  if kind == "not_implemented" and self.device == "cpu" then
    -- PyTorch's CPU build lacks the op at this dtype (Half softmax in
    -- 1.13): a limit of this machine, judged on the GPU
    r.status = "needs_device"
    r.message = ("PyTorch %s has no CPU kernel for this op at this dtype (%s)"):format(
      tostring(self.info and self.info.torch or "?"), tostring(fault.message):gsub("\n.*", ""))
  elseif kind == "timeout" or kind == "oom" or kind == "crash" then
    r.status = kind
  elseif kind == "killed" then
    r.status = "crash"
  elseif kind == "exception" or kind == "bad_output" or kind == "cuda_error" or kind == "not_implemented" then
    r.status = "kernel_error"
  else
    -- kcv's side (worker, protocol, bad_expr, not_judged): no verdict on
    -- PyTorch; the gate reports an error
    error(("torch worker (%s): %s: %s"):format(self.device, tostring(kind), tostring(fault.message)), 0)
  end
  return r
end

function Torch:run(inputs, s, opts)
  local spec = self.spec
  local ins = clone_all(inputs)
  local outs = new_outputs(spec, s)
  local ok, fault = self:ensure()
  if not ok then return outcome(self, fault, outs, ins) end
  local dir = self.w:files_dir()
  self.n = self.n + 1
  local tag = "r" .. self.n
  local req = {op = "run", tag = tag, inputs = {}, outputs = {}, names = names_of(spec, s)}
  for i, t in ipairs(spec.inputs) do
    local path = ("%s/%s_in%d.bin"):format(dir, tag, i)
    ins[i]:writefile(path)
    req.inputs[i] = {name = t.name, path = path, dtype = t.dtype, shape = ins[i].shape}
  end
  for i, t in ipairs(spec.outputs) do
    req.outputs[i] = {name = t.name, dtype = t.dtype, shape = outs[i].shape}
  end
  local reply
  reply, fault = self.w:call(req, self.timeout)
  for _, t in ipairs(req.inputs) do os.remove(t.path) end
  if not reply then return outcome(self, fault, outs, ins) end
  for i, o in ipairs(reply.outputs) do
    local read, err = pcall(outs[i].readfile, outs[i], o.path)
    os.remove(o.path)
    if not read then error(("torch worker: output %d: %s"):format(i, tostring(err)), 0) end
  end
  return {status = "ok", outputs = outs, inputs = ins, redzone = {}, ms = reply.ms}
end

function Torch:resources()
  return nil, "PyTorch's own kernels: no resource report"
end

function Torch:close()
  self.w:close(5)
  if self.own_dir then require("lfs").rmdir(self.own_dir) end
end

-- The description a report names as its kernel.
local function name_of(op, device)
  return ("torch (%s): %s"):format(device, op.expr)
end

-- A directory of this subject's own for the files, where there is no
-- /dev/shm (the worker uses shared memory when there is).
local function private_dir()
  local name = os.tmpname()
  os.remove(name)
  require("lfs").mkdir(name)
  return name
end

-- new{spec=, device=, timeout=, dir=} -> subject | nil, err (the spec has
-- no expression)
function M.new(t)
  local spec = t.spec
  local op = specmod.torch(spec)
  if not op then return nil, ("%s names no PyTorch expression (field 'torch')"):format(spec.path or spec.name) end
  if op.none then return nil, ("%s has no PyTorch op: %s"):format(spec.path or spec.name, op.none) end
  local device = t.device or "cpu"
  local dir = t.dir or private_dir()
  local self = setmetatable({
    kind = "torch", spec = spec, op = op, device = device, n = 0,
    timeout = t.timeout or 300, caps = {},
    w = worker.start{script = "corpus/torch_op.py", dir = dir, device = device},
  }, Torch)
  self.name = name_of(op, device)
  if not t.dir then self.own_dir = dir end
  return self
end

return M
