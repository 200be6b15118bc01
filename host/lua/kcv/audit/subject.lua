-- kcv/audit/subject.lua — a KernelBench solution as a subject of the gates.
--
-- The worker holds the modules; this side names cases (recipes: seed,
-- distribution, special values, sizes), asks for runs of the candidate,
-- the eager reference or the fp64 oracle, and reads their outputs into kcv
-- buffers.  Runs are memoised per (case, who), so a gate that needs the
-- oracle of a case another gate already ran gets it for free.
local kcv = require "kcv"

local M = {}
local Subject = {}
Subject.__index = Subject

-- DTYPE names the worker uses are kcv's.
local function read_output(o)
  local shape = #o.shape > 0 and o.shape or {1}
  local ok, b = pcall(kcv.buffer, o.dtype, shape)
  if not ok then os.remove(o.path); return nil, ("output of dtype %s is not supported: %s"):format(o.dtype, b) end
  local read, err = pcall(b.readfile, b, o.path)
  os.remove(o.path)
  if not read then return nil, ("output file %s: %s"):format(o.path, err) end
  return b
end

function M.new(w, opts)
  return setmetatable({w = w, opts = opts, recipes = {}, runs = {}, n = 0, timeout = opts.timeout or 120}, Subject)
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
  c = {id = id, key = key, recipe = recipe, inputs = reply.inputs, injected = reply.injected}
  self.recipes[key] = c
  return c
end

-- Outputs (list of buffers) of `who` on a case, or nil, fault.
function Subject:run(recipe, who, opts)
  local c, fault = self:case(recipe)
  if not c then return nil, fault end
  local memo = c.key .. "|" .. who
  local fresh = opts and opts.nomemo
  if self.runs[memo] and not fresh then return table.unpack(self.runs[memo]) end
  local reply
  reply, fault = self.w:call({op = "run", case = c.id, who = who, ["repeat"] = opts and opts["repeat"]},
                             who == "candidate" and self.timeout or self.timeout * 4)
  local result
  if not reply then
    if fault.fatal then self:lost() end
    result = {nil, fault}
  else
    local outs = {}
    for k, o in ipairs(reply.outputs) do
      local b, err = read_output(o)
      if not b then return nil, {kind = "worker", message = err} end
      outs[k] = b
    end
    outs.ms, outs.repeats_identical, outs.family = reply.ms, reply.repeats_identical, reply.family
    result = {outs}
  end
  if not fresh then self.runs[memo] = result end
  return table.unpack(result)
end

-- The worker died: its cases are gone with it.  The next call restarts it
-- (and reloads the modules: the build is cached on disk).
function Subject:lost()
  self.recipes, self.runs = {}, {}
  self.w:kill()
  self.reload = true
end

function Subject:call(req, timeout)
  local ok, lost = self:ensure()
  if not ok then return nil, lost end
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
