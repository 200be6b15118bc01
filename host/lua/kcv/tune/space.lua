-- kcv/tune/space.lua — the configs a tuning run may try.
--
-- The space is the cross product of the knobs' value lists
-- (kcv.verify.knobs), optionally narrowed by --knob NAME=v1,v2 (a subset
-- of the declared values).  The order is fixed: the default config first,
-- then knob by knob in name order, each knob's values in declared order,
-- so the same sidecar always lists the same configs the same way.
--
--   space.configs(def [, narrow]) -> {config, ...} | nil, err
--   space.narrow(def, texts) -> {NAME = {values}} | nil, err   (texts: {"ACC=f64,f16", ...})

local knobs = require "kcv.verify.knobs"

local M = {}

-- "NAME=v1,v2" strings into {NAME = {typed values}}.
function M.narrow(def, texts)
  local out = {}
  for _, text in ipairs(texts or {}) do
    local name, list = text:match("^%s*([%w_]+)%s*=%s*(.-)%s*$")
    if not name then return nil, ("--knob '%s': NAME=v1,v2,... expected"):format(text) end
    out[name] = {}
    for raw in list:gmatch("[^,%s]+") do
      local one, err = knobs.parse_assignments(def, name .. "=" .. raw)
      if not one then return nil, "--knob: " .. err end
      out[name][#out[name] + 1] = one[name]
    end
    if #out[name] == 0 then return nil, ("--knob %s: no values"):format(name) end
  end
  return out
end

-- Every config of the space, the default first (when it is in the space).
function M.configs(def, narrow)
  local lists = {}
  for _, name in ipairs(def.names) do
    lists[#lists + 1] = {name = name, values = (narrow and narrow[name]) or def.values[name]}
  end
  local out = {}
  local function walk(i, config)
    if i > #lists then
      local c = {}
      for k, v in pairs(config) do c[k] = v end
      out[#out + 1] = c
      return
    end
    for _, v in ipairs(lists[i].values) do
      config[lists[i].name] = v
      walk(i + 1, config)
    end
  end
  walk(1, {})
  -- lexicographic in declared order puts the all-first-values config first
  return out
end

return M
