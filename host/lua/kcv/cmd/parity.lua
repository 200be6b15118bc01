-- kcv parity [SPEC...]: run each spec's PyTorch expression (its `torch`
-- field) as the subject of every gate and print the spec × gate table
-- (docs/PARITY.md).  Every failure must be a clause the spec declares
-- stricter than PyTorch eager; any other is unexplained.
local verify = require "kcv.verify"
local specmod = require "kcv.verify.spec"
local registry = require "kcv.verify.registry"
local args = require "kcv.verify.args"
local report = require "kcv.verify.report"
local tbl = require "kcv.parity.table"

local M = {
  summary = "run PyTorch's own op of every spec through its gates: spec × gate table",
  usage = "kcv parity [SPEC ...] [--backend cpu|cuda|auto] [--parity contract|torch] [--gate ID]... [--seed N]\n"
       .. "                  [--json FILE] [--markdown FILE] [--jobs N] [--timeout S] [--quiet]",
  help = [[
Runs the PyTorch expression each spec names (its `torch` field, e.g.
torch.softmax(x, dim=-1)) as the subject of all gates, through
corpus/torch_op.py: on the cpu backend Debian's python3-torch
(/usr/bin/python3, or $KCV_PYTHON), on cuda PyTorch's CUDA kernels on the
GPU.  Prints a table, one row a spec and one column a gate:

  PASS   passed                       n/a   not applicable (reason below)
  FAIL*  failed on a clause the spec  FAIL  failed otherwise: unexplained
         declares stricter than PyTorch eager (its `stricter` field)
  N/J    not judged here (e.g. PyTorch's CPU build has no Half softmax)
  ERR    the gate raised (kcv's bug)  -     the spec has no PyTorch op

then one line for each failure (with its evidence and reproducer) and for
each cell not judged.  SPEC is a spec name (softmax) or a path; default:
every spec under specs/.

  --backend B   cpu, cuda or auto (default: $KCV_BACKEND, else auto)
  --parity P    contract (default) or torch: the declared clauses are n/a,
                with the reason, as `kcv verify --parity torch` has them
  --gate ID     only this gate (repeatable; or a comma-separated list)
  --seed N      base seed of every case (default 1)
  --json FILE   every report (docs/REPORT.md) and the summary, as JSON
  --markdown F  write the table with its date and command into F, between
                its lines <!-- generated: begin --> and <!-- generated: end -->
                when it has them (docs/PARITY.md), else as the whole file
  --jobs N      verify N specs at a time, each in a child kcv (default 1;
                on the GPU the oracle, on the host, is the cost)
  --timeout S   with --jobs: a spec's child killed after S seconds (an
                error row)
  --quiet       no progress on stderr

Exit status: 0 no unexplained failure (every failure is a declared stricter
clause; cells not judged here are listed, and are no failure), 1 some
unexplained failure, 2 kcv could not run (no python3 with torch, unknown
spec, a gate that raised).]],
}

-- The spec paths the arguments name (a name or a path), or all of specs/.
local function spec_paths(list)
  local root = registry.root()
  local paths = {}
  if #list == 0 then
    for _, f in ipairs(registry.list(root .. "/specs", ".lua")) do paths[#paths + 1] = root .. "/specs/" .. f end
  end
  for _, s in ipairs(list) do
    paths[#paths + 1] = s:match("%.lua$") and s or ("%s/specs/%s.lua"):format(root, s)
  end
  -- run from the installation root, the reproducer lines say specs/NAME.lua
  local lfs = require "lfs"
  local here = lfs.currentdir()
  for i, p in ipairs(paths) do
    local rel = p:sub(1, #here + 1) == here .. "/" and p:sub(#here + 2)
    if rel and io.open(rel) then paths[i] = rel end
  end
  return paths
end

-- Write text into path between the backend's generated markers
-- (<!-- generated: cuda: begin --> ... end), else the plain ones, when it
-- has them; else as the whole file.  docs/PARITY.md keeps a table for
-- each backend.
local function write_markdown(path, text, backend)
  local f = io.open(path, "rb")
  local old = f and f:read("a")
  if f then f:close() end
  for _, tag in ipairs{"generated: " .. backend .. ": ", "generated: "} do
    local B, E = "<!-- " .. tag .. "begin -->\n", "<!-- " .. tag .. "end -->"
    local _, b, c
    if old then
      _, b = old:find(B, 1, true)
      c = b and old:find(E, b, true)
    end
    if c then return report.write(path, old:sub(1, b) .. text .. old:sub(c)) end
  end
  return report.write(path, text)
end

-- One spec's row: its report, or why it has no op.
local function run_spec(path, o, backend)
  local spec, err = specmod.load(path)
  local name = path:match("([^/]+)%.lua$") or path
  if not spec then
    return tbl.row(name, {spec = path, verdict = "error", message = err, gates = {}})
  end
  local op = specmod.torch(spec)
  if not op then return tbl.row(spec.name, nil, "the spec has no `torch` field") end
  if op.none then return tbl.row(spec.name, nil, op.none) end
  local progress = not o.quiet and require("kcv.progress").new{prefix = spec.name .. ": "} or nil
  local rep = verify.run{spec = spec, torch = true, backend = backend, seed = o.seed or 1, gates = o.gates_list,
                         parity = o.parity, progress = progress}
  if progress then progress.done() end
  local row = tbl.row(spec.name, rep)
  row.expr = op.expr
  return row
end

function M.run(argv)
  local o, err = args.parse(argv, {backend = "value", parity = "value", gate = "list", seed = "integer",
                                   json = "value", markdown = "value", quiet = "flag", jobs = "value",
                                   timeout = "value"})
  if not o then io.stderr:write("kcv parity: ", err, "\n"); return 2 end
  o.parity = o.parity or "contract"
  if o.parity ~= "contract" and o.parity ~= "torch" then
    io.stderr:write("kcv parity: --parity is contract or torch, not '", o.parity, "'\n"); return 2
  end
  o.gates_list = {}
  for _, g in ipairs(o.gate) do
    for id in g:gmatch("[^,%s]+") do o.gates_list[#o.gates_list + 1] = id end
  end
  local backend, berr = verify.choose_backend(o.backend)
  if not backend then io.stderr:write("kcv parity: ", tostring(berr), "\n"); return 2 end
  local gates, gerr = verify.gates()
  if not gates then io.stderr:write("kcv parity: ", gerr, "\n"); return 2 end
  local ids = {}
  for _, g in ipairs(gates) do ids[#ids + 1] = g.id end
  if #o.gates_list > 0 then ids = o.gates_list end

  local parallel = require "kcv.parallel"
  local jobs, jerr = parallel.jobs(o.jobs or 1)
  if not jobs then io.stderr:write("kcv parity: ", jerr, "\n"); return 2 end
  if o.timeout then
    o.timeout, err = parallel.timeout(o.timeout)
    if not o.timeout then io.stderr:write("kcv parity: ", err, "\n"); return 2 end
  end
  local paths = spec_paths(o)
  local rows
  if jobs > 1 and #paths > 1 then
    rows, err = require("kcv.parity.lanes").run(paths, o, backend, math.min(jobs, #paths))
    if not rows then io.stderr:write("kcv parity: ", tostring(err), "\n"); return 2 end
  else
    rows = {}
    for _, path in ipairs(paths) do rows[#rows + 1] = run_spec(path, o, backend) end
  end
  local saved, torch_version = {}, nil
  for i, row in ipairs(rows) do
    saved[i] = {name = row.name, why = row.why, expr = row.expr, report = row.report}
    torch_version = torch_version or row.report and row.report.torch
  end

  local meta = {date = os.date("!%Y-%m-%d %H:%M UTC"), command = "kcv parity " .. table.concat(argv, " "),
                torch = torch_version, backend = backend, seed = o.seed or 1, parity = o.parity}
  io.stdout:write(("kcv parity: torch %s on %s, parity %s, seed %d\n"):format(tostring(torch_version), backend,
    o.parity, meta.seed))
  io.stdout:write(tbl.text(rows, ids, meta))
  local j = tbl.judge(rows)
  local rc = #j.unexplained > 0 and 1 or #j.errors > 0 and 2 or 0
  io.stdout:write(("%d unexplained failures, %d failures on declared stricter clauses, %d errors\n"):format(
    #j.unexplained, #j.explained, #j.errors))
  if o.markdown then
    local ok, werr = write_markdown(o.markdown, tbl.markdown(rows, ids, meta), backend)
    if not ok then io.stderr:write("kcv parity: cannot write ", o.markdown, ": ", tostring(werr), "\n"); return 2 end
  end
  if o.json then
    meta.exit = rc
    local ok, werr = report.write(o.json, report.json({summary = meta, rows = saved}))
    if not ok then io.stderr:write("kcv parity: cannot write ", o.json, ": ", tostring(werr), "\n"); return 2 end
  end
  return rc
end

return M
