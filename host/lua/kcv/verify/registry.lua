-- kcv/verify/registry.lua — find and load the gates at run time: the
-- bundled gates/ directory, then every directory of KCV_GATES_PATH
-- (':'-separated), then the ones given with --gates.  A later gate with the
-- same id replaces an earlier one, so a user can override a bundled gate.

local M = {}

local KINDS = {["tolerance-free"] = true, thresholded = true}

-- The kcv installation root: KCV_ROOT (set by the executable) or ".".
function M.root()
  return rawget(_G, "KCV_ROOT") or os.getenv("KCV_ROOT") or "."
end

-- Files in dir ending with ext, sorted; {} when the directory is absent.
function M.list(dir, ext)
  local names = {}
  local ok, lfs = pcall(require, "lfs")
  if ok and lfs.attributes(dir, "mode") == "directory" then
    for name in lfs.dir(dir) do
      if name:sub(-#ext) == ext then names[#names + 1] = name end
    end
  elseif not ok then
    local p = io.popen(("ls -1 '%s' 2>/dev/null"):format(dir:gsub("'", "'\\''")))
    if p then
      for name in p:lines() do
        if name:sub(-#ext) == ext then names[#names + 1] = name end
      end
      p:close()
    end
  end
  table.sort(names)
  return names
end

local function check_gate(g, path)
  if type(g) ~= "table" then return ("%s: a gate file must return a table"):format(path) end
  if type(g.id) ~= "string" then return ("%s: field 'id': expected a string"):format(path) end
  if type(g.title) ~= "string" then return ("%s: field 'title': expected a string"):format(path) end
  if not KINDS[g.kind] then
    return ("%s: field 'kind': expected \"tolerance-free\" or \"thresholded\", got %s"):format(path, tostring(g.kind))
  end
  if type(g.run) ~= "function" then return ("%s: field 'run': expected a function"):format(path) end
  if g.needs ~= nil and type(g.needs) ~= "table" then return ("%s: field 'needs': expected a list"):format(path) end
  return nil
end

function M.load_file(path)
  local chunk, err = loadfile(path, "t")
  if not chunk then return nil, err end
  local ok, g = pcall(chunk)
  if not ok then return nil, ("%s: %s"):format(path, tostring(g)) end
  local bad = check_gate(g, path)
  if bad then return nil, bad end
  g.path = path
  return g
end

-- The gate directories in search order.
function M.dirs(extra)
  local dirs = {M.root() .. "/gates"}
  for d in (os.getenv("KCV_GATES_PATH") or ""):gmatch("[^:]+") do dirs[#dirs + 1] = d end
  for _, d in ipairs(extra or {}) do dirs[#dirs + 1] = d end
  return dirs
end

-- gates([dirs]) -> list sorted by id | nil, err
local function is_dir(path)
  local ok, lfs = pcall(require, "lfs")
  if ok then return lfs.attributes(path, "mode") == "directory" end
  return os.execute(("test -d '%s'"):format(path:gsub("'", "'\\''"))) == true
end

function M.gates(extra)
  for _, d in ipairs(extra or {}) do
    if not is_dir(d) then return nil, ("--gates %s: no such directory"):format(d) end
  end
  local by_id = {}
  for _, dir in ipairs(M.dirs(extra)) do
    for _, name in ipairs(M.list(dir, ".lua")) do
      local g, err = M.load_file(dir .. "/" .. name)
      if not g then return nil, err end
      by_id[g.id] = g
    end
  end
  local list = {}
  for _, g in pairs(by_id) do list[#list + 1] = g end
  table.sort(list, function(a, b) return a.id < b.id end)
  return list
end

return M
