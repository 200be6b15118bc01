-- kcv/verify/knobs.lua — a kernel's tuning knobs, from its sidecar.
--
--   tune = {
--     knobs = {BLOCK = {256, 64, 128, 512, 1024}, ACC = {"f64", "f32", "f16"},
--              FAST_MATH = {false, true}},
--     shapes = {{rows = 1024, cols = 4096}},   -- optional: timing shapes
--   }
--
-- The first value of each list is the default: the kernel as it is
-- without any define (its `#ifndef BLOCK / #define BLOCK 256`).  An
-- optional `tuned = {NAME = value}` (what `kcv tune --write` adds) is the
-- config that `kcv verify` and `kcv controls` build; without it they
-- build the default config, exactly as the source reads.  A config is
-- {NAME = value}; it reaches the kernel as -D defines (only for knobs off
-- their default) and the launch geometry sees every knob by name in `s`:
--   integer 128   -> -DBLOCK=128          s.BLOCK = 128
--   string "f16"  -> -DACC_F16=1          s.ACC = "f16"
--   boolean true  -> -DNAME=1 (false: 0)  s.NAME = true
-- The knob FAST_MATH = true also compiles with --use_fast_math (NVRTC; the
-- CPU backend then uses its approximate math functions, docs/CPU.md).
--
--   knobs.parse(sidecar) -> def | nil (no knobs) | nil, err
--     def = {names = {sorted}, values = {NAME = {...}}, default = {NAME = v}, shapes = {...}}
--   knobs.check(def, config) -> config (complete, defaults filled) | nil, err
--   knobs.options(def, config) -> {"-DBLOCK=128", ...}
--   knobs.key(def, config) -> "ACC=f16,BLOCK=128" (every knob, sorted: a config's name)

local M = {}

local function show(v)
  return type(v) == "string" and v or tostring(v)
end

local function valid_value(v)
  local t = type(v)
  return t == "boolean" or t == "string" and v:match("^[%w_]+$") or math.type(v) == "integer"
end

-- def from a sidecar's `tune` field; nil when there is none.
function M.parse(side)
  local tune = side and side.tune
  if tune == nil then return nil end
  local where = (side.path or "sidecar") .. ": field 'tune"
  if type(tune) ~= "table" or type(tune.knobs) ~= "table" then
    return nil, where .. ".knobs': a table of knob = {values...} expected"
  end
  local def = {names = {}, values = {}, default = {}, shapes = tune.shapes or {}}
  for name, list in pairs(tune.knobs) do
    if type(name) ~= "string" or not name:match("^[%a_][%w_]*$") then
      return nil, ("%s.knobs': knob name '%s' is not a C identifier"):format(where, tostring(name))
    end
    if type(list) ~= "table" or #list == 0 then
      return nil, ("%s.knobs.%s': a non-empty list of values expected"):format(where, name)
    end
    local seen = {}
    for i, v in ipairs(list) do
      if not valid_value(v) then
        return nil, ("%s.knobs.%s[%d]': an integer, a boolean or a word expected, got %s"):format(
          where, name, i, tostring(v))
      end
      if seen[v] ~= nil then return nil, ("%s.knobs.%s': value %s twice"):format(where, name, show(v)) end
      seen[v] = true
    end
    def.names[#def.names + 1] = name
    def.values[name] = list
    def.default[name] = list[1]
  end
  table.sort(def.names)
  if type(def.shapes) ~= "table" then return nil, where .. ".shapes': a list of shapes expected" end
  if tune.tuned ~= nil then
    local full, err = type(tune.tuned) == "table" and M.check(def, tune.tuned)
    if not full then return nil, ("%s.tuned': %s"):format(where, err or "a table of knob = value expected") end
    def.tuned = full
  end
  return def
end

-- A complete config: every knob, defaults where `config` is silent.
function M.check(def, config)
  local full = {}
  for name, v in pairs(config or {}) do
    local list = def.values[name]
    if not list then return nil, ("unknown knob '%s' (declared: %s)"):format(name, table.concat(def.names, ", ")) end
    local ok = false
    for _, w in ipairs(list) do ok = ok or w == v end
    if not ok then return nil, ("knob %s has no value %s"):format(name, show(v)) end
    full[name] = v
  end
  for _, name in ipairs(def.names) do
    if full[name] == nil then full[name] = def.default[name] end
  end
  return full
end

local function define(name, v)
  if type(v) == "boolean" then return ("-D%s=%d"):format(name, v and 1 or 0) end
  if type(v) == "string" then return ("-D%s_%s=1"):format(name, v:upper()) end
  return ("-D%s=%d"):format(name, v)
end

-- Compiler options of a config: a define per knob off its default.
function M.options(def, config)
  local opts = {}
  for _, name in ipairs(def.names) do
    local v = config[name]
    if v ~= nil and v ~= def.default[name] then
      opts[#opts + 1] = define(name, v)
      if name == "FAST_MATH" and v == true then opts[#opts + 1] = "--use_fast_math" end
    end
  end
  return opts
end

function M.key(def, config)
  local parts = {}
  for _, name in ipairs(def.names) do parts[#parts + 1] = name .. "=" .. show(config[name]) end
  return table.concat(parts, ",")
end

-- The knobs off their default, "default" when none: what a person reads.
function M.label(def, config)
  local parts = {}
  for _, name in ipairs(def.names) do
    if config[name] ~= def.default[name] then parts[#parts + 1] = name .. "=" .. show(config[name]) end
  end
  return #parts == 0 and "default" or table.concat(parts, ",")
end

-- "BLOCK=128,ACC=f16" -> {BLOCK = 128, ACC = "f16"}, values typed as the
-- declared ones; nil, err for a malformed string.
function M.parse_assignments(def, text)
  local config = {}
  for item in text:gmatch("[^,]+") do
    local name, raw = item:match("^%s*([%w_]+)%s*=%s*([%w_%.%-]+)%s*$")
    if not name then return nil, ("'%s': NAME=VALUE expected"):format(item) end
    local list = def.values[name]
    if not list then return nil, ("unknown knob '%s'"):format(name) end
    local found
    for _, v in ipairs(list) do if show(v) == raw then found = v end end
    if found == nil then return nil, ("knob %s has no value %s"):format(name, raw) end
    config[name] = found
  end
  return config
end

return M
