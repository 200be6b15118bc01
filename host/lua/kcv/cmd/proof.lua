-- kcv proof: the whole proof in one command — every positive control
-- (kcv controls) and every red-team entry (kcv redteam) in one pool of
-- child processes, so that the red team's long entries do not wait for the
-- controls' tail.  With --times FILE the longest entries (by the seconds
-- FILE holds from an earlier run) start first, and FILE gets this run's
-- seconds; with --split S a control that took S seconds or more there
-- runs each gate in a child of its own.  Prints the controls' table, then
-- the red team's lines, each in its entries' order, and the wall time.
local verify = require "kcv.verify"
local registry = require "kcv.verify.registry"
local args = require "kcv.verify.args"
local parallel = require "kcv.parallel"
local controls = require "kcv.cmd.controls"
local redteam = require "kcv.cmd.redteam"

local M = {
  summary = "the whole proof: every control and every red-team entry, in one pool",
  usage = "kcv proof [--backend cpu|cuda|auto] [--seed N] [--jobs N] [--timeout SECONDS] [--times FILE]\n"
       .. "                 [--split SECONDS] [--declared] [--only NAME]... [--save FILE] [--json FILE] [--quiet]",
  help = [[
Runs kcv controls and kcv redteam as one command: each honest kernel and
each red-team entry is verified by a child kcv process of its own, --jobs N
at a time (default: the number of cores on the cpu backend, min(cores, 8)
on cuda) in one pool.  A child that crashes or runs past --timeout SECONDS
gives its entry an error row; the others go on.

  --times FILE  start the entries that took longest in FILE's earlier run
                first (entries it does not list go before them: they may
                be long), then write this run's seconds to FILE (a Lua
                chunk: return {["control/relu"] = 47.1, ...})
  --split S     with --times: a control that took S seconds or more runs
                each of its gates in a child of its own (its row merges
                them; its seconds are their sum), so that one long kernel
                does not set the wall time
  --declared    run each red-team entry's declared gates only (kcv redteam
                --declared): the same verdict, rejected or not, without
                the list of every other gate that also catches it
  --only NAME   only this control (kernels/NAME.cu) or red-team entry
                (redteam/NAME.lua); repeatable
  --save FILE   the red team's results as a saved run (kcv redteam --merge)
  --json FILE   the controls' reports (as kcv controls --json)
  --quiet       no progress (else a line on a terminal; in a log, a line
                as each child starts and ends)

Prints the controls' table (as kcv controls), then the red team's lines (as
kcv redteam), then "whole proof: N entries in S s".  Exit status 0 when every
control passes and every applicable red-team entry is rejected by a declared
gate; 1 when a control fails or an entry gets through (or errs); else 2 when
some entry was not judged here, or kcv could not run.]],
}

-- Seconds per entry key from an earlier run's --times file ({} when there
-- is none); nil and a message when it exists but is not such a table.
function M.read_times(path)
  local f = io.open(path)
  if not f then return {} end
  f:close()
  local chunk, err = loadfile(path, "t", {})
  if not chunk then return nil, err end
  local ok, t = pcall(chunk)
  if not ok or type(t) ~= "table" then return nil, path .. ": not a table of seconds" end
  local times = {}
  for k, v in pairs(t) do
    if type(k) == "string" and type(v) == "number" then times[k] = v end
  end
  return times
end

-- Write seconds per entry key as a Lua chunk, keys in order; true, or nil
-- and a message.
function M.write_times(path, times)
  local keys = {}
  for k in pairs(times) do keys[#keys + 1] = k end
  table.sort(keys)
  local f, err = io.open(path, "w")
  if not f then return nil, err end
  f:write("-- seconds per entry of the last `kcv proof --times` run (longest first next time)\nreturn {\n")
  for _, k in ipairs(keys) do f:write(("  [%q] = %.1f,\n"):format(k, times[k])) end
  f:write("}\n")
  f:close()
  return true
end

-- The tasks in the order to start them: those `times` does not know first
-- (in their own order), then the known ones longest first.  A task's
-- seconds: times[task.key], else task.guess (a part's share of its whole
-- kernel's seconds).
function M.order(tasks, times)
  local idx, cost = {}, {}
  for i, t in ipairs(tasks) do idx[i], cost[i] = i, times[t.key] or t.guess or math.huge end
  table.sort(idx, function(a, b)
    if cost[a] ~= cost[b] then return cost[a] > cost[b] end
    return a < b
  end)
  local out = {}
  for i, k in ipairs(idx) do out[i] = tasks[k] end
  return out
end

-- The controls and red-team names that `only` (a list; empty: all) keeps,
-- and the names in it that are neither.
function M.select(centries, names, only)
  if #only == 0 then return centries, names, {} end
  local want, seen = {}, {}
  for _, n in ipairs(only) do want[n] = true end
  local c, r, unknown = {}, {}, {}
  for _, e in ipairs(centries) do if want[e.op] then c[#c + 1] = e; seen[e.op] = true end end
  for _, n in ipairs(names) do if want[n] then r[#r + 1] = n; seen[n] = true end end
  for _, n in ipairs(only) do if not seen[n] then unknown[#unknown + 1] = n end end
  return c, r, unknown
end

local function fail(msg) io.stderr:write("kcv proof: ", tostring(msg), "\n"); return 2 end

-- The options, checked: jobs, timeout and split as numbers, times read
-- from --times FILE ({} without it); nil and a message when one is wrong.
local function options(argv)
  local o, err = args.parse(argv, {positional = 0, backend = "value", seed = "integer", jobs = "value", timeout = "value",
                                   times = "value", save = "value", json = "value", quiet = "flag",
                                   only = "list", split = "value", declared = "flag"})
  if not o then return nil, err end
  if o.jobs then o.jobs, err = parallel.jobs(o.jobs); if not o.jobs then return nil, err end end
  if o.timeout then o.timeout, err = parallel.timeout(o.timeout); if not o.timeout then return nil, err end end
  if o.split then
    local split = tonumber(o.split)
    if not (split and split > 0) then return nil, "--split needs a number of seconds > 0, got '" .. o.split .. "'" end
    if not o.times then return nil, "--split needs --times FILE (the seconds it splits by)" end
    o.split = split
  end
  o.seconds = {}
  if o.times then o.seconds, err = M.read_times(o.times); if not o.seconds then return nil, err end end
  return o
end

-- The controls' child tasks: a control that took o.split seconds or more
-- in o.seconds gets a child a gate, each guessed at its share of those
-- seconds until it has its own.
local function control_tasks(centries, o, order, backend, dir, done)
  local times = o.seconds
  local function parts(_, e)
    local whole = times["control/" .. e.op]
    if not (o.split and whole and whole >= o.split) then return nil end
    local groups = {}
    for i, id in ipairs(order) do groups[i] = {id} end
    return groups
  end
  local tasks = controls.child_tasks(centries, {seed = o.seed, parity = "contract", gate_order = order},
                                     backend, dir, done, parts)
  for _, t in ipairs(tasks) do
    if t.whole and times[t.whole] then t.guess = times[t.whole] / #order end
  end
  return tasks
end

function M.run(argv)
  local o, err = options(argv)
  if not o then return fail(err) end
  local times = o.seconds
  local backend
  backend, err = verify.choose_backend(o.backend)
  if not backend then return fail(err) end
  local jobs = o.jobs or parallel.default_jobs(backend)
  local gates
  gates, err = verify.gates()
  if not gates then return fail(err) end

  local root = registry.root()
  local rdir = root .. "/redteam"
  local centries, names, unknown = M.select(controls.entries(root, {}), redteam.list(rdir), o.only)
  if #unknown > 0 then
    return fail(("--only %s: no kernels/NAME.cu and no redteam/NAME.lua of that name"):format(table.concat(unknown, ", ")))
  end
  local ro = {seed = o.seed or 1, declared = o.declared}
  local results, todo = redteam.prepare(rdir, names, backend, ro)
  if #centries == 0 and #results == 0 and #todo == 0 then return fail("no controls and no red team under " .. root) end

  local dir
  dir, err = parallel.tmpdir()
  if not dir then return fail(err) end
  local rows = {}
  local done, state = controls.collector(gates, centries, function(k, rep, seconds) rows[k] = {rep, seconds} end)
  local order = {}
  for i, g in ipairs(gates) do order[i] = g.id end
  local tasks = control_tasks(centries, o, order, backend, dir, done)
  for _, t in ipairs(redteam.child_tasks(todo, backend, ro, dir, results, function() end)) do tasks[#tasks + 1] = t end
  tasks = M.order(tasks, times)

  print(("kcv proof: %d controls and %d red-team entries in one pool, backend %s, %d at a time"):format(
    #centries, #todo, backend, math.min(jobs, #tasks)))
  io.stdout:flush()
  local kcv = require "kcv"
  if kcv.backend and kcv.backend.restart then pcall(kcv.backend.restart, backend) end
  local t0 = kcv.sys.clock()
  -- on a terminal a progress line; in a log a line a start and an end, so
  -- that a proof killed midway still shows what finished
  local progress = not o.quiet and require("kcv.progress").new{} or nil
  parallel.run(tasks, {jobs = jobs, timeout = o.timeout, dir = dir, progress = progress,
    on_done = function(i, res)
      tasks[i].finish(res)
      times[tasks[i].key] = res.seconds
      if progress then progress(("finished %s in %.1f s%s"):format(tasks[i].key, res.seconds or 0,
                                                                 res.ok and "" or " (" .. (res.cause or "?"):match("[^\n]*") .. ")")) end
    end})
  for k, e in ipairs(centries) do times["control/" .. e.op] = rows[k] and rows[k][2] end
  local wall = kcv.sys.clock() - t0
  parallel.rmdir(dir)

  print()
  print(controls.header(gates))
  for k, e in ipairs(centries) do controls.print_row(gates, e, rows[k][1], rows[k][2]) end
  local crc, reports, unjudged = state()
  controls.print_summary(crc, #centries, unjudged)
  print()
  for _, r in ipairs(results) do print(redteam.line_for(r)) end
  local rrc = redteam.print_summary(results)
  print(("whole proof: %d entries in %.1f s (%d children, %d at a time)"):format(#centries + #todo, wall, #tasks,
    math.min(jobs, #tasks)))

  local rc = (crc == 1 or rrc == 1) and 1 or (crc ~= 0 or rrc ~= 0) and 2 or 0
  local function write(ok, werr) if not ok then fail(werr); rc = 2 end end
  if o.save then write(redteam.save(o.save, results, backend, ro, "kcv proof " .. table.concat(argv, " "))) end
  if o.json then
    local report = require "kcv.verify.report"
    write(report.write(o.json, report.json(reports)))
  end
  if o.times then write(M.write_times(o.times, times)) end
  return rc
end

return M
