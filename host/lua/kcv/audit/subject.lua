-- kcv/audit/subject.lua — a KernelBench solution as a subject of the gates.
--
-- The worker holds the modules; this side names cases (recipes: seed,
-- distribution, special values, sizes), asks for runs of the candidate,
-- the eager reference or the fp64 oracle, and reads their outputs into kcv
-- buffers.  Runs are memoised per (case, who), so a gate that needs the
-- oracle of a case another gate already ran gets it for free.
local kcv = require "kcv"
local remote = require "kcv.audit.remote"

local M = {}
local Subject = {}
Subject.__index = Subject

-- DTYPE names the worker uses are kcv's.  An output the worker holds on
-- its device becomes a handle (kcv/audit/remote.lua).
local function read_output(self, o)
  if o.held then return remote.new(self, o) end
  local shape = #o.shape > 0 and o.shape or {1}
  local ok, b = pcall(kcv.buffer, o.dtype, shape)
  if not ok then os.remove(o.path); return nil, ("output of dtype %s is not supported: %s"):format(o.dtype, b) end
  local read, err = pcall(b.readfile, b, o.path)
  os.remove(o.path)
  if not read then return nil, ("output file %s: %s"):format(o.path, err) end
  return b
end

-- The worker keeps its last WORKER_CASES cases (corpus/worker.py, op_case);
-- the host forgets a case as the worker does, so that a later use makes it
-- again instead of naming a case the worker no longer has.
M.WORKER_CASES = 8
-- Memoised outputs are kept up to this many bytes (oldest dropped first):
-- an audit of outputs with 268M elements must not hold every case's.
M.MEMO_BYTES = tonumber(os.getenv("KCV_AUDIT_MEMO_BYTES")) or (2 << 30)
-- Outputs of at least this many elements stay on the worker's device and
-- are compared there (kcv/audit/remote.lua); -1: never.  Those memoised are
-- kept up to DEVICE_MEMO_BYTES of the device's memory.
M.HOLD_MIN = tonumber(os.getenv("KCV_AUDIT_HOLD_MIN")) or (1 << 22)
M.DEVICE_MEMO_BYTES = tonumber(os.getenv("KCV_AUDIT_DEVICE_MEMO_BYTES")) or (8 << 30)

function M.new(w, opts)
  return setmetatable({w = w, opts = opts, recipes = {}, runs = {}, n = 0, timeout = opts.timeout or 120,
                       case_order = {}, run_order = {}, run_bytes = 0, dev_bytes = 0, n_runs = 0,
                       released = {}}, Subject)
end

-- Bytes of a result's outputs: on the host, and held on the device.
local function bytes_of(result)
  local host, dev = 0, 0
  for _, b in ipairs(result[1] or {}) do
    if remote.is(b) then dev = dev + b.nbytes else host = host + b.nbytes end
  end
  return host, dev
end

local function forget_run(self, memo)
  local r = self.runs[memo]
  if r then
    local host, dev = bytes_of(r)
    self.run_bytes, self.dev_bytes = self.run_bytes - host, self.dev_bytes - dev
    self.runs[memo] = nil
  end
end

local function over_budget(self)
  return self.run_bytes > M.MEMO_BYTES or self.dev_bytes > M.DEVICE_MEMO_BYTES
end

-- Keep result under memo, dropping the oldest others past MEMO_BYTES on
-- the host or DEVICE_MEMO_BYTES on the device.
local function remember(self, memo, result)
  forget_run(self, memo)
  self.runs[memo] = result
  local host, dev = bytes_of(result)
  self.run_bytes, self.dev_bytes = self.run_bytes + host, self.dev_bytes + dev
  local order = self.run_order
  order[#order + 1] = memo
  local i, dropped = 1, false
  while over_budget(self) and i <= #order do
    if order[i] ~= memo then
      forget_run(self, table.remove(order, i))
      dropped = true
    else
      i = i + 1
    end
  end
  -- handles no gate refers to any more free their device memory (__gc)
  if dropped and self.dev_bytes > 0 then collectgarbage() end
  if #order > 256 then                 -- drop the names of runs forgotten with their case
    local kept = {}
    for _, m in ipairs(order) do if self.runs[m] then kept[#kept + 1] = m end end
    self.run_order = kept
  end
end

local function forget_case(self, key)
  local c = self.recipes[key]
  if not c then return end
  for memo in pairs(c.memos) do forget_run(self, memo) end
  self.recipes[key] = nil
end

local function key_of(recipe)
  local keys = {}
  for k in pairs(recipe) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do
    local v = recipe[k]
    if type(v) == "table" then
      local s = {}
      local ks = {}
      for kk in pairs(v) do ks[#ks + 1] = kk end
      table.sort(ks)
      for _, kk in ipairs(ks) do s[#s + 1] = kk .. "=" .. tostring(v[kk]) end
      v = "{" .. table.concat(s, ",") .. "}"
    end
    parts[#parts + 1] = k .. "=" .. tostring(v)
  end
  return table.concat(parts, " ")
end
M.key_of = key_of

-- The recipe a key names (key_of's inverse, for the values recipes hold:
-- numbers, booleans, words, and {k=v,...} tables of them).
local function value_of(v)
  if v == "true" then return true elseif v == "false" then return false end
  return tonumber(v) or v
end

function M.recipe_of(key)
  local r = {}
  for k, v in key:gmatch("([%w_]+)=(%b{})") do
    local t = {}
    for kk, vv in v:sub(2, -2):gmatch("([%w_]+)=([^,]*)") do t[kk] = value_of(vv) end
    r[k] = t
  end
  local rest = key:gsub("[%w_]+=%b{}", "")
  for k, v in rest:gmatch("([%w_]+)=(%S+)") do r[k] = value_of(v) end
  return r
end

-- The case id for a recipe (made in the worker on first use).
function Subject:case(recipe)
  local key = key_of(recipe)
  local c = self.recipes[key]
  if c then return c end
  local ok, lost = self:ensure()
  if not ok then return nil, lost end
  self.n = self.n + 1
  local id = "c" .. self.n
  local req = {op = "case", id = id}
  for k, v in pairs(recipe) do req[k] = v end
  local reply, fault = self.w:call(req, self.timeout)
  if not reply then return nil, fault end
  c = {id = id, key = key, recipe = recipe, inputs = reply.inputs, injected = reply.injected,
       drawn_on = reply.drawn_on, memos = {}}
  self.recipes[key] = c
  local order = self.case_order
  order[#order + 1] = key
  if #order > M.WORKER_CASES then forget_case(self, table.remove(order, 1)) end
  return c
end

-- Outputs (list of buffers) of `who` on a case, or nil, fault.
function Subject:run(recipe, who, opts)
  local c, fault = self:case(recipe)
  if not c then return nil, fault end
  local memo = c.key .. "|" .. who .. (opts and opts["local"] and "|local" or "")
  local fresh = opts and opts.nomemo
  if self.runs[memo] and not fresh then return table.unpack(self.runs[memo]) end
  local reply
  self.n_runs = self.n_runs + 1
  local hold = not (opts and opts["local"]) and M.HOLD_MIN >= 0 and M.HOLD_MIN or nil
  reply, fault = self.w:call({op = "run", case = c.id, who = who, ["repeat"] = opts and opts["repeat"],
                              hold_min = hold, release = self:take_released(),
                              out = ("%s_%s_r%d"):format(c.id, who, self.n_runs)},
                             who == "candidate" and self.timeout or self.timeout * 4)
  local result
  if not reply then
    if fault.fatal then self:lost() end
    result = {nil, fault}
  else
    local outs = {}
    for k, o in ipairs(reply.outputs) do
      local b, err = read_output(self, o)
      if not b then return nil, {kind = "worker", message = err} end
      outs[k] = b
    end
    outs.ms, outs.repeats_identical, outs.family = reply.ms, reply.repeats_identical, reply.family
    result = {outs}
  end
  if not fresh then
    remember(self, memo, result)
    c.memos[memo] = true
  end
  return table.unpack(result)
end

-- The names of handles gone to garbage, for the worker to free (the
-- next request carries them).
function Subject:take_released()
  local q = self.released
  if #q == 0 then return nil end
  self.released = {}
  return q
end

-- The worker died: its cases are gone with it.  The next call restarts it
-- (and reloads the modules: the build is cached on disk).
function Subject:lost()
  self.recipes, self.runs, self.case_order, self.run_order, self.run_bytes = {}, {}, {}, {}, 0
  self.dev_bytes, self.released = 0, {}
  self.w:kill()
  self.reload = true
end

function Subject:call(req, timeout)
  local ok, lost = self:ensure()
  if not ok then return nil, lost end
  if req.op ~= "hello" and req.op ~= "load" and req.op ~= "quit" then req.release = req.release or self:take_released() end
  local reply, fault = self.w:call(req, timeout or self.timeout)
  if not reply and fault.fatal then self:lost() end
  return reply, fault
end

-- Restart the worker before the next case if the last fault killed it.
function Subject:ensure()
  if self.reload then
    self.reload = false
    return self.w:call({op = "load"}, self.opts.build_timeout or 900)
  end
  return true
end

return M
