-- kcv/audit/remote.lua — outputs held on the device, and the comparisons
-- that run where the outputs are.
--
-- An output of hundreds of millions of elements costs seconds to move to
-- the host and seconds more to compare there, for every case of every gate.
-- The worker can keep such an output on its device instead (op "run" with
-- hold_min) and compare it there (op "cmp", corpus/devcmp.py, the twin of
-- kcv.cmp in torch).  Here such an output is a handle that looks enough
-- like a kcv buffer for the gates: dtype, shape, numel, nbytes, get(i),
-- index(i), and fetch() for the whole of it on the host.
--
--   remote.within(g, e, opts), remote.reference_relative(g, r, e, opts),
--   remote.max_abs_diff(a, b, opts), remote.max_abs_finite(b)
-- take kcv buffers or handles and return what kcv.cmp's functions of the
-- same names return: on the host when no argument is a handle, in the
-- worker when every handle is that worker's, else on the host after
-- fetching the handles.
--
-- A handle's output is freed in the worker once the handle is garbage
-- (__gc queues its name; the subject's next request carries the queue).
local kcv = require "kcv"

local M = {}
local Remote = {}
Remote.__index = Remote

function M.is(b)
  return getmetatable(b) == Remote
end

-- A handle for reply entry o ({held, dtype, shape, nbytes}) of subject s.
function M.new(s, o)
  local shape = #o.shape > 0 and o.shape or {1}
  local numel = 1
  for _, d in ipairs(shape) do numel = numel * d end
  return setmetatable({subject = s, name = o.held, dtype = o.dtype, shape = shape, numel = numel,
                       nbytes = o.nbytes or 0, remote = true}, Remote)
end

Remote.__gc = function(self)
  local q = self.subject.released
  if q then q[#q + 1] = self.name end
end

Remote.__tostring = function(self)
  return ("remote %s[%s] %s (on the worker's device; :fetch() for a buffer)")
         :format(self.dtype, table.concat(self.shape, ","), self.name)
end

-- JSON has no NaN or Inf: the worker sends them as strings (corpus/devcmp.py).
local NAN = math.abs(0 / 0)
local SPECIAL = {NaN = NAN, ["-NaN"] = -NAN, Infinity = math.huge, ["-Infinity"] = -math.huge}

function M.numbers(v)
  if type(v) == "string" and SPECIAL[v] then return SPECIAL[v] end
  if type(v) == "table" then
    for k, x in pairs(v) do v[k] = M.numbers(x) end
  end
  return v
end

local function call(s, req)
  local reply, fault = s:call(req)
  if not reply then
    error(("the worker's op %s failed: %s"):format(req.op, fault and fault.message or "?"), 0)
  end
  return M.numbers(reply)
end

-- Element i (0-based, flat) as a number.
function Remote:get(i)
  return call(self.subject, {op = "get", name = self.name, index = i}).value
end

-- The multi-index of flat element i (0-based), as kcv buffers give it.
function Remote:index(i)
  local idx = {}
  for d = #self.shape, 1, -1 do
    idx[d] = i % self.shape[d]
    i = i // self.shape[d]
  end
  return idx
end

-- The whole output as a kcv buffer on the host.
function Remote:fetch()
  local o = call(self.subject, {op = "save", name = self.name}).output
  local b = kcv.buffer(o.dtype, self.shape)
  local ok, err = pcall(b.readfile, b, o.path)
  os.remove(o.path)
  if not ok then error(("fetching %s: %s"):format(self.name, err), 0) end
  return b
end

local function local_of(x)
  return M.is(x) and x:fetch() or x
end

-- Every buffer a comparison takes: its arguments, opts.mag, opts.ref and
-- opts.alt's two.
local function buffers(args, opts)
  local all = {table.unpack(args)}
  for _, k in ipairs{"mag", "ref"} do if opts and opts[k] then all[#all + 1] = opts[k] end end
  for _, a in ipairs(opts and opts.alt or {}) do all[#all + 1] = a end
  return all
end

-- The subject whose worker holds every one of bufs, or nil.
local function one_holder(bufs)
  local s
  for _, b in ipairs(bufs) do
    if not M.is(b) or (s and b.subject ~= s) then return nil end
    s = b.subject
  end
  return s
end

local function name_of(b) return b.name end

-- fn on args and opts: the result of the worker's op "cmp" when one worker
-- holds every buffer; else nil, having replaced any handle in args and
-- opts by the buffer fetched to the host (for kcv.cmp[fn]).
local function in_worker(fn, args, opts)
  local bufs = buffers(args, opts)
  local s = one_holder(bufs)
  if s then
    local o = {}
    for k, v in pairs(opts or {}) do
      -- coefficients as hexadecimal floats: exact, where JSON's decimal is not
      o[k] = k == "alt" and {name_of(v[1]), name_of(v[2])} or M.is(v) and v.name
             or math.type(v) == "float" and ("%a"):format(v) or v
    end
    local names = {}
    for i, a in ipairs(args) do names[i] = a.name end
    return call(s, {op = "cmp", fn = fn, args = names, opts = o}).result
  end
  for i, a in ipairs(args) do args[i] = local_of(a) end
  if opts then
    for _, k in ipairs{"mag", "ref"} do if opts[k] then opts[k] = local_of(opts[k]) end end
    if opts.alt then opts.alt = {local_of(opts.alt[1]), local_of(opts.alt[2])} end
  end
  return nil
end

-- kcv.cmp's function fn of nbuf buffers and an optional opts, run where
-- the buffers are; results: how many values the worker's list stands for
-- (max_abs_diff's value and index), nil for one.
local function where_held(fn, nbuf, results)
  return function(...)
    local bufs = {...}
    local opts = bufs[nbuf + 1]
    bufs[nbuf + 1] = nil
    local r = in_worker(fn, bufs, opts)
    if r == nil then
      bufs[nbuf + 1] = opts
      return kcv.cmp[fn](table.unpack(bufs, 1, nbuf + 1))
    end
    if results then return table.unpack(r, 1, results) end
    return r
  end
end

M.within = where_held("within", 2)
M.reference_relative = where_held("reference_relative", 3)
M.max_abs_diff = where_held("max_abs_diff", 2, 2)
M.max_abs_finite = where_held("max_abs_finite", 1)

return M
