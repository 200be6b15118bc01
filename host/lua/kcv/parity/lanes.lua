-- kcv/parity/lanes.lua — `kcv parity --jobs N`: the specs verified side by
-- side, each by a child `kcv parity SPEC --jobs 1 --json FILE --quiet`
-- (kcv/parallel.lua), and their rows read back in the specs' order.  A
-- child that crashes or runs past --timeout gives its spec an error row.
local parallel = require "kcv.parallel"
local tbl = require "kcv.parity.table"

local M = {}

-- The child's argv for one spec path.
local function argv_for(path, o, backend, json)
  local argv = {parallel.self(), "parity", path, "--jobs", "1", "--quiet", "--json", json,
                "--backend", backend, "--parity", o.parity, "--seed", tostring(o.seed or 1)}
  for _, id in ipairs(o.gates_list) do argv[#argv + 1] = "--gate"; argv[#argv + 1] = id end
  return argv
end

-- The row a child wrote (its --json file's rows[1]), or an error row.
local function row_of(path, res, label, json)
  local f = res.ok and io.open(json)
  local text = f and f:read("a")
  if f then f:close() end
  local doc = text and require("dkjson").decode(text)
  local r = type(doc) == "table" and type(doc.rows) == "table" and doc.rows[1]
  if type(r) == "table" and type(r.name) == "string" then
    local row = tbl.row(r.name, r.report, r.why)
    row.expr = r.expr
    return row
  end
  if res.ok then res.no_report = true end
  local name = path:match("([^/]+)%.lua$") or path
  return tbl.row(name, {spec = path, verdict = "error", message = parallel.cause(res, label), gates = {}})
end

-- run(paths, o, backend, jobs) -> rows in the paths' order | nil, err
function M.run(paths, o, backend, jobs)
  local dir, derr = parallel.tmpdir()
  if not dir then return nil, derr end
  local tasks, rows = {}, {}
  for i, path in ipairs(paths) do
    local json = ("%s/%d.json"):format(dir, i)
    tasks[i] = {label = "kcv parity " .. path, name = path:match("([^/]+)%.lua$") or path, json = json,
                argv = argv_for(path, o, backend, json)}
  end
  parallel.run(tasks, {jobs = jobs, timeout = o.timeout, dir = dir,
    progress = not o.quiet and require("kcv.progress").new{log = false} or nil,
    on_done = function(i, res) rows[i] = row_of(paths[i], res, tasks[i].label, tasks[i].json) end})
  parallel.rmdir(dir)
  return rows
end

return M
