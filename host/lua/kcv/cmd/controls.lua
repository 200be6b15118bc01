-- kcv controls: verify every honest kernel (kernels/<op>.cu) against its
-- spec (specs/<op>.lua, or the `spec` named in kernels/<op>.lua); every gate
-- must pass or be n/a.  With --jobs N > 1 each kernel is verified by a child
-- `kcv controls --jobs 1 --only OP --json FILE --quiet` (kcv/parallel.lua),
-- N at a time; the parent reads the children's reports and prints the one
-- table, in the same order as a serial run.
local verify = require "kcv.verify"
local registry = require "kcv.verify.registry"
local subject = require "kcv.verify.subject"
local args = require "kcv.verify.args"
local parallel = require "kcv.parallel"

local M = {
  summary = "verify every honest kernel (positive controls)",
  usage = "kcv controls [--backend cpu|cuda|auto] [--seed N] [--only OP]... [--parity contract|torch] [--json FILE] [--html FILE] [--quiet]\n"
       .. "                    [--jobs N] [--timeout SECONDS] [--gate ID]...",
  help = [[
Verifies every kernels/<op>.cu against specs/<op>.lua (a sidecar
kernels/<op>.lua may name another spec).  Prints a table: kernel, spec,
verdict, time and one column per gate (P pass, F fail, - n/a, E error,
N not judged: kcv could not run it here, e.g. inline PTX on the cpu
backend).  Exit status 0 when every gate of every kernel passes or is n/a,
1 when a gate fails (or a report is an error), 2 when kcv could not run or
could not judge some kernel (the summary lists those apart).  --json FILE
writes every report (a list); --html FILE one page with every report (the
verdicts, then each kernel's gate table and plots, as kcv verify --html).

--parity torch: the clauses each spec declares stricter than PyTorch eager
are n/a (kcv verify --parity torch).

--jobs N verifies N kernels at a time, each in a child kcv process of its
own (default: the number of cores on the cpu backend, min(cores, 8) on
cuda); the table keeps the kernels' order.  --jobs 1 verifies them one after
another in this process.  A child that crashes, or runs past --timeout
SECONDS (per kernel; default none), is killed and gives its kernel an error
row with the cause; the others go on.  --gate ID (repeatable): only
these gates of each kernel (kcv proof runs a long kernel's gates apart).]],
}

local SHORT = {pass = "P", fail = "F", na = "-", error = "E", not_judged = "N"}

-- The table's row for one kernel and the lines under it.
local function print_row(gates, e, rep, seconds)
  local row = {("%-24s %-14s %-10s %7.1f "):format(e.file, e.spec, rep.verdict, seconds)}
  local by_id = {}
  for _, g in ipairs(rep.gates or {}) do by_id[g.id] = g end
  for _, g in ipairs(gates) do row[#row + 1] = ("%-6s"):format(by_id[g.id] and SHORT[by_id[g.id].status] or "?") end
  print(table.concat(row, " "))
  if rep.verdict == "not_judged" then
    print("    not judged here: " .. tostring(rep.reason))
  elseif rep.verdict ~= "pass" then
    if rep.message then print("    " .. tostring(rep.message):gsub("\n", "\n    ")) end
    for _, g in ipairs(rep.gates or {}) do
      if g.status == "fail" or g.status == "error" then
        print(("    %s %s: %s"):format(g.id, g.status, g.reason))
        if g.reproduce then print("      reproduce: " .. g.reproduce) end
      end
    end
  end
  io.stdout:flush()
end

-- The report a child wrote to `json` (a list of one), or nil: res then
-- says why (res.cause), the child having exited without one too.
local function child_report(json, res, label)
  if not res.ok then return nil end
  local f = io.open(json)
  local text = f and f:read("a")
  if f then f:close() end
  local list = text and require("dkjson").decode(text)
  local rep = type(list) == "table" and type(list[1]) == "table" and list[1] or nil
  if not rep then
    res.ok, res.no_report = false, true
    res.cause = parallel.cause(res, label)
  end
  return rep
end

-- The child that verifies kernel e, only the gates of `group` when given
-- (a list of ids: then `whole` is the kernel's own key), its report to
-- `json`.
local function child_task(e, group, o, backend, json)
  local argv = {parallel.self(), "controls", "--jobs", "1", "--only", e.op, "--json", json, "--quiet",
                "--seed", tostring(o.seed or 1), "--backend", backend, "--parity", o.parity or "contract"}
  local has_cmp03 = not group
  for _, id in ipairs(group or {}) do
    argv[#argv + 1], argv[#argv + 2] = "--gate", id
    has_cmp03 = has_cmp03 or id == "CMP-03"
  end
  return {label = "kcv controls --only " .. e.op .. (group and (" --gate " .. table.concat(group, " --gate ")) or ""),
          key = "control/" .. e.op .. (group and (" " .. table.concat(group, ",")) or ""),
          whole = group and ("control/" .. e.op) or nil, name = e.op, argv = argv,
          -- CMP-03's large-index probe is what makes a kernel's job heavy
          heavy = has_cmp03 and verify.heavy_job(e.spec_path, backend)}
end

-- The child tasks (kcv.parallel) that verify `entries`, their reports in
-- `dir`: one a kernel, or with parts(k, e) giving a list of gate-id
-- groups, one a group (kcv proof runs a long kernel's gates apart; their
-- reports are merged, verify.merge_reports, in o.gate_order).  A task's
-- finish(res) takes its child's report (an error when it wrote none) and,
-- once a kernel's tasks are all in, calls done(k, rep, seconds: the sum
-- of its tasks') in the entries' order.
function M.child_tasks(entries, o, backend, dir, done, parts)
  local tasks, got, nxt = {}, {}, 1
  for k, e in ipairs(entries) do
    local groups = parts and parts(k, e) or {#(o.gate or {}) > 0 and o.gate or false}
    local reps, left, seconds = {}, #groups, 0
    for p, group in ipairs(groups) do
      local json = ("%s/control-%d-%d.json"):format(dir, k, p)
      local task = child_task(e, group, o, backend, json)
      function task.finish(res)
        reps[p] = child_report(json, res, task.label)
                  or {spec = e.spec_path, kernel = e.path, verdict = "error", message = res.cause, gates = {}}
        seconds, left = seconds + (res.seconds or 0), left - 1
        if left > 0 then return end
        got[k] = {#reps == 1 and reps[1] or verify.merge_reports(reps, o.gate_order or {}), seconds}
        while got[nxt] do
          done(nxt, got[nxt][1], got[nxt][2])
          nxt = nxt + 1
        end
      end
      tasks[#tasks + 1] = task
    end
  end
  return tasks
end

-- Verify the kernels in children, `jobs` at a time; calls done(k, rep,
-- seconds) in the kernels' order.
local function run_children(entries, o, jobs, backend, done)
  local dir, derr = parallel.tmpdir()
  if not dir then return nil, derr end
  local tasks = M.child_tasks(entries, o, backend, dir, done)
  parallel.run(tasks, {jobs = jobs, timeout = o.timeout, dir = dir,
    progress = not o.quiet and require("kcv.progress").new{log = false} or nil,
    on_done = function(i, res) tasks[i].finish(res) end})
  parallel.rmdir(dir)
  return true
end

-- The honest kernels under root/kernels (those named in `only`, a set, when
-- it is not empty): {file, op, path, spec, spec_path} in name order.
function M.entries(root, only)
  local entries = {}
  for _, file in ipairs(registry.list(root .. "/kernels", ".cu")) do
    local op = file:gsub("%.cu$", "")
    if next(only) == nil or only[op] then
      local path = root .. "/kernels/" .. file
      local side = subject.sidecar(path)
      local spec = side and side.spec or op
      entries[#entries + 1] = {file = file, op = op, path = path, spec = spec,
                               spec_path = ("%s/specs/%s.lua"):format(root, spec)}
    end
  end
  return entries
end

M.print_row = print_row

-- The table's header line.
function M.header(gates)
  local header = {("%-24s %-14s %-10s %7s "):format("kernel", "spec", "verdict", "seconds")}
  for _, g in ipairs(gates) do header[#header + 1] = ("%-6s"):format(g.id) end
  return table.concat(header, " ")
end

-- A collector of rows: done(k, rep, seconds) keeps kernel k's report and
-- prints its row (show(k, rep, seconds) instead, when given); state() gives the exit status so far (0 every one
-- passes, 1 a failure or an error, 2 some not judged), the reports and the
-- files not judged.
function M.collector(gates, entries, show)
  show = show or function(k, rep, seconds) print_row(gates, entries[k], rep, seconds) end
  local rc, reports, unjudged = 0, {}, {}
  local function done(k, rep, seconds)
    local e = entries[k]
    reports[k] = rep
    show(k, rep, seconds)
    if rep.verdict == "not_judged" then
      -- no violation, and no pass: counted apart, and the run is incomplete
      unjudged[#unjudged + 1] = e.file
      if rc == 0 then rc = 2 end
    elseif rep.verdict ~= "pass" then
      rc = 1
    end
  end
  return done, function() return rc, reports, unjudged end
end

-- The lines under the table: whether all passed, which were not judged.
function M.print_summary(rc, n, unjudged)
  print(rc == 0 and ("all %d controls pass"):format(n)
        or rc == 1 and "some controls fail"
        or ("all %d judged controls pass"):format(n - #unjudged))
  if #unjudged > 0 then
    print(("not judged here (%d of %d): %s"):format(#unjudged, n, table.concat(unjudged, ", ")))
  end
end

function M.run(argv)
  local o, err = args.parse(argv, {positional = 0, backend = "value", seed = "integer", only = "list", json = "value",
                                   html = "value", quiet = "flag", jobs = "value", timeout = "value", parity = "value",
                                   gate = "list"})
  if not o then io.stderr:write("kcv controls: ", err, "\n"); return 2 end
  if o.jobs then
    local _, jerr = parallel.jobs(o.jobs)
    if jerr then io.stderr:write("kcv controls: ", jerr, "\n"); return 2 end
  end
  if o.timeout then
    o.timeout, err = parallel.timeout(o.timeout)
    if not o.timeout then io.stderr:write("kcv controls: ", err, "\n"); return 2 end
  end
  local root = registry.root()
  local gates
  gates, err = verify.gates()
  if not gates then io.stderr:write("kcv controls: ", err, "\n"); return 2 end
  local only = {}
  for _, n in ipairs(o.only) do only[n] = true end
  local entries = M.entries(root, only)
  if #entries == 0 then io.stderr:write("kcv controls: no kernels/*.cu found under ", root, "\n"); return 2 end

  local jobs = o.jobs and parallel.jobs(o.jobs) or nil
  local backend = o.backend
  if jobs ~= 1 and #entries > 1 then
    local berr
    backend, berr = verify.choose_backend(o.backend)
    if not backend then io.stderr:write("kcv controls: ", tostring(berr), "\n"); return 2 end
    jobs = jobs or parallel.default_jobs(backend)
  end
  jobs = math.min(jobs or 1, #entries)

  print(M.header(gates))
  io.stdout:flush()
  local done, state = M.collector(gates, entries)
  if jobs > 1 then
    -- the children start their own workers: this process's is not needed
    local kcv = require "kcv"
    if kcv.backend and kcv.backend.restart then pcall(kcv.backend.restart, backend) end
    local ok, perr = run_children(entries, o, jobs, backend, done)
    if not ok then io.stderr:write("kcv controls: ", tostring(perr), "\n"); return 2 end
  else
    local clock = require("kcv").sys.clock
    for k, e in ipairs(entries) do
      local t0 = clock()
      local progress
      if not o.quiet then progress = require("kcv.progress").new{prefix = e.op .. ": "} end
      local rep = verify.run{spec = e.spec_path, kernel = e.path, seed = o.seed or 1, backend = o.backend,
                             progress = progress, parity = o.parity, gates = o.gate}
      if progress then progress.done() end
      done(k, rep, clock() - t0)
    end
  end

  local rc, reports, unjudged = state()
  if o.json then
    local report = require "kcv.verify.report"
    report.write(o.json, report.json(reports))
  end
  if o.html then
    local page = require("kcv.report.html").reports(reports, "kcv controls")
    local wok, werr = require("kcv.verify.report").write(o.html, page)
    if not wok then io.stderr:write("kcv controls: cannot write ", o.html, ": ", tostring(werr), "\n"); return 2 end
  end
  M.print_summary(rc, #entries, unjudged)
  return rc
end

return M
