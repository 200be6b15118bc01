-- kcv.audit — audit a corpus of KernelBench-format solutions: every pairing
-- checked first, builds side by side (--jobs), then each solution alone:
-- the benchmark's own check (KernelBench v0) and the twelve gates, each
-- verdict journaled the moment it is known.
--
--   local audit = require "kcv.audit"
--   local rc = audit.run{solutions = S, problems = P, journal = J, resume = true, jobs = 4,
--                        device = "cuda", seed = 1, only = {...}, limit = N, gates = {...}}
local kcv = require "kcv"
local lfs = require "lfs"
local json = require "dkjson"
local gates = require "kcv.audit.gates"
local journal = require "kcv.audit.journal"
local worker = require "kcv.audit.worker"
local subject = require "kcv.audit.subject"
local python = require "kcv.audit.python"
local summary = require "kcv.audit.summary"
local memcheck = require "kcv.audit.memcheck"

local M = {}
local clock = kcv.sys.clock

local function read_json(path, what)
  local f, err = io.open(path, "rb")
  if not f then return nil, ("cannot read the %s file: %s"):format(what, err) end
  local text = f:read("a")
  f:close()
  local v, _, msg = json.decode(text)
  if type(v) ~= "table" then return nil, ("%s: not JSON (%s)"):format(path, msg or "?") end
  return v
end

-- solutions (list), problems ({key = problem}) of a corpus in the
-- KernelBench-leaderboard format (docs/AUDIT.md, "Corpus format").
function M.load_corpus(spath, ppath)
  local s, err = {solutions = {}}, nil
  if spath then s, err = read_json(spath, "solutions") end
  if not s then return nil, err end
  local p
  p, err = read_json(ppath, "problems")
  if not p then return nil, err end
  if type(s.solutions) ~= "table" then return nil, spath .. ": no \"solutions\" list" end
  if type(p.problems) ~= "table" then return nil, ppath .. ": no \"problems\" list" end
  local problems = {}
  for i, x in ipairs(p.problems) do
    if type(x.key) ~= "string" or type(x.source) ~= "string" then
      return nil, ("%s: problem %d needs a string key and source"):format(ppath, i)
    end
    problems[x.key] = x
  end
  for i, x in ipairs(s.solutions) do
    if type(x.id) ~= "string" or type(x.code) ~= "string" then
      return nil, ("%s: solution %d needs a string id and code"):format(spath, i)
    end
  end
  return s.solutions, problems
end

-- Positive controls: one pseudo-solution a problem, whose candidate is the
-- problem's own Model.
function M.load_controls(ppath)
  local ok, problems = M.load_corpus(nil, ppath)
  if not ok then return nil, problems end
  local list = {}
  for key, p in pairs(problems) do
    list[#list + 1] = {id = "control/" .. key, problem = key, level = p.level, model = "reference", control = true}
  end
  table.sort(list, function(a, b) return a.id < b.id end)
  return list, problems
end

-- {id = reason} for every solution whose ModelNew does not take the
-- arguments its problem's Model takes (checked on the sources: nothing runs).
function M.check_pairs(spath, ppath)
  local py = python.find() or "python3"
  local root = require("kcv.verify.registry").root()
  local cmd = ("%q %q pairs %q %q 2>&1"):format(py, root .. "/corpus/kernelbench.py", spath, ppath)
  local p = io.popen(cmd)
  local bad, n = {}, 0
  for line in p:lines() do
    local r = json.decode(line)
    if type(r) ~= "table" then p:close(); return nil, "the pairing check failed: " .. line end
    n = n + 1
    if not r.ok then bad[r.id] = r.why end
  end
  p:close()
  return bad, n
end

-- A solution id as a file name (its work directory, its claim); the same
-- rule as tools/device-audit's claims of earlier journals.
local function file_name(id)
  return (id:gsub("[^%w_.-]", "_"))
end

local function write_file(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

local function reproduce(o, sol, gate)
  return ("kcv audit %s --problems %s --only %s --gates %s --seed %d --device %s --journal -")
         :format(o.controls and "--controls" or o.solutions, o.problems, sol.id, gate, o.seed, o.device)
end

-- The worker's load fault as the solution's verdict.
local function load_verdict(f)
  if f.kind == "corpus_error" then return "corpus_error", f.message end
  if f.kind == "build_error" then return "not_judged", "does not build here: " .. f.message end
  if f.kind == "timeout" then return "not_judged", "the build did not finish: " .. f.message end
  if f.kind == "variant_error" then return "not_judged", "the problem's own models could not be built: " .. f.message end
  return "not_judged", f.message
end

function M.audit_one(o, job, w, info)
  local sol = job.sol
  local entry = {id = sol.id, problem = sol.problem, level = sol.level, model = sol.model,
                 seed = o.seed, device = o.device, build_s = info.build_s, build = info.build,
                 params = info.params, stateful = info.stateful,
                 gates = {}}
  local t0 = clock()
  local s = subject.new(w, {timeout = o.timeout, build_timeout = o.build_timeout})
  -- the benchmark's own check, as KernelBench v0 runs it
  if sol.problem then
    local b, f = s:call({op = "baseline"}, o.timeout * 5)
    entry.baseline = b and {accept = b.accept, why = b.why}
                     or {accept = false, why = "the candidate failed: " .. f.kind .. ": " .. (f.message or ""):sub(1, 300)}
  end
  local ctx = {seed = o.seed, device = o.device, info = info}
  -- the second process (ORD-02's other one, RES-01's memcheck run: one
  -- process, kcv/audit/memcheck.lua) starts loading now (its build is
  -- cached), so that it is ready by the time the gates ask for it
  local wants = {}
  for _, g in ipairs(o.gate_list) do wants[g.id] = true end
  local second = (wants["ORD-02"] or wants["RES-01"]) and memcheck.second_process(o, job.wopts, wants["RES-01"])
  local plain_second
  function ctx.second_subject(plain_ms)
    if not second then return nil, "no second process" end
    return second:subject(plain_ms)
  end
  -- a plain second process, for ORD-02 when the sanitized one failed
  -- (a candidate that writes out of bounds may break its run there)
  function ctx.plain_second_subject()
    if not second or not second.tool then return nil end
    plain_second = plain_second or worker.start(job.wopts)
    local r, f = plain_second:call({op = "load"}, o.build_timeout)
    if not r then return nil, f.message end
    return subject.new(plain_second, {timeout = o.timeout})
  end
  if second and second.tool then
    ctx.sanitizer = function(recipe) return second:memcheck(recipe) end
  else
    ctx.sanitizer_why = second and second.why
  end
  for _, g in ipairs(o.gate_list) do
    if o.progress then o.progress(("%s %s"):format(sol.id:sub(1, 8), g.id), 2) end
    local tg = clock()
    local ok, r
    if o.stop_at and tg >= o.stop_at then
      -- past --stop-after: the gates left are not run, and the verdict
      -- journaled now says so (a process killed later would journal none)
      ok, r = true, {status = "not_judged",
                     reason = ("not run: kcv audit's --stop-after %d s came first, after %.0f s of this solution")
                              :format(o.stop_after, tg - t0)}
    else
      ok, r = pcall(g.run, s, ctx)
    end
    if not ok then r = {status = "not_judged", reason = "kcv's gate failed: " .. tostring(r)} end
    r.id, r.seconds = g.id, clock() - tg
    if r.status == "fail" then r.reproduce = reproduce(o, sol, g.id) end
    entry.gates[#entry.gates + 1] = r
  end
  if second then second:close() end
  if plain_second then plain_second:close() end
  entry.verdict = journal.verdict(entry.gates)
  entry.seconds = clock() - t0
  return entry, s
end

-- nil and why when an --only value names no solution: a typo must not
-- look like an empty audit.
local function check_only(o, solutions)
  for _, v in ipairs(o.only or {}) do
    local any = false
    for _, sol in ipairs(solutions) do
      if sol.id:sub(1, #v) == v then any = true; break end
    end
    if not any then return nil, ("--only %s: no solution has that id or begins with it"):format(v) end
  end
  return true
end

-- Solutions to audit now: --only, minus what the journal holds, --limit;
-- in the order --only names them (the corpus's order among those one value
-- names, and without --only), so a call takes the ids it is given first
-- first.
function M.select_todo(o, solutions, done)
  -- --only takes whole ids, or the first characters of one (as the tables
  -- print them); a value that is a whole id matches that id alone
  local ids = {}
  for _, sol in ipairs(solutions) do ids[sol.id] = true end
  local function rank(id)             -- the first --only value naming id, or nil
    if not o.only or #o.only == 0 then return 1 end
    for r, v in ipairs(o.only) do
      if id == v or (not ids[v] and id:sub(1, #v) == v) then return r end
    end
    return nil
  end
  local picked = {}
  for i, sol in ipairs(solutions) do
    local mine = not o.shard or (i - 1) % o.shard[2] == o.shard[1] - 1
    local r = mine and not done[sol.id] and rank(sol.id)
    if r then picked[#picked + 1] = {rank = r, at = i, sol = sol} end
  end
  table.sort(picked, function(a, b) return a.rank < b.rank or (a.rank == b.rank and a.at < b.at) end)
  local list = {}
  for _, p in ipairs(picked) do
    if o.limit and #list >= o.limit then break end
    list[#list + 1] = p.sol
  end
  return list
end

function M.run(o)
  o.seed = o.seed or 1
  o.device = o.device or "cuda"
  o.jobs = o.jobs or 1
  o.timeout = o.timeout or 120
  o.build_timeout = o.build_timeout or 900
  o.gate_list = {}
  for _, id in ipairs(o.gates or {}) do
    local g = gates.by_id[id]
    if not g then return nil, "unknown gate " .. id end
    o.gate_list[#o.gate_list + 1] = g
  end
  if #o.gate_list == 0 then o.gate_list = gates.list end

  local solutions, problems, bad_pairs, npairs
  if o.controls then           -- each problem's own Model as the candidate
    solutions, problems = M.load_controls(o.problems)
    bad_pairs, npairs = {}, 0
  else
    solutions, problems = M.load_corpus(o.solutions, o.problems)
    if solutions then bad_pairs, npairs = M.check_pairs(o.solutions, o.problems) end
  end
  if not solutions then return nil, problems end
  if not bad_pairs then return nil, npairs end
  local ok, why = check_only(o, solutions)
  if not ok then return nil, why end
  local j, err = journal.open(o.journal, o.resume)
  if not j then return nil, err end
  local todo = M.select_todo(o, solutions, j.by_id)
  local say = o.say or function(line) io.stderr:write(line, "\n") end
  say(("kcv audit: %d solution(s), %d already in %s, %d to audit now; pairing checked for %d")
      :format(#solutions, #j.entries, o.journal, #todo, npairs))

  local work = o.work
  if not work then                  -- a scratch directory of our own, removed at the end
    work = os.tmpname()
    os.remove(work)
  end
  os.execute(("mkdir -p %q"):format(work))
  local build_root = o.build_root or (work .. "/build")
  if o.claim and not lfs.attributes(o.claim, "mode") and not lfs.mkdir(o.claim) then
    return nil, "cannot create the claim directory " .. o.claim
  end
  local pending, building, done, skipped, t_start = {}, {}, 0, 0, clock()
  o.stop_at = o.stop_after and t_start + o.stop_after
  for _, sol in ipairs(todo) do pending[#pending + 1] = sol end

  local function record(entry)
    j:append(entry)
    done = done + 1
    local el = clock() - t_start
    local eta = (#todo - skipped - done) * el / done
    local failed = {}
    for _, g in ipairs(entry.gates or {}) do if g.status == "fail" then failed[#failed + 1] = g.id end end
    say(("[%d/%d] %s %-9s %-11s %s%s  (%.0f s; ETA %.0f s)"):format(done, #todo - skipped, entry.id:sub(1, 12),
        entry.problem or "?", entry.verdict, table.concat(failed, ","),
        entry.reason and ("  " .. entry.reason:sub(1, 100)) or "", entry.seconds or 0, eta))
  end

  -- --claim DIR: audits side by side share one queue; a solution is taken
  -- by creating DIR/<id> (mkdir is atomic), and one already there is
  -- another audit's.  Returns false for a solution left to another.
  local function claim(sol)
    if not o.claim then return true end
    return lfs.mkdir(("%s/%s"):format(o.claim, file_name(sol.id))) ~= nil
  end

  local function start(sol)
    if not claim(sol) then return false end
    local why = bad_pairs[sol.id]
    local p = problems[sol.problem or ""]
    if not p then why = why or ("no problem %q in %s"):format(tostring(sol.problem), o.problems) end
    if why then
      record({id = sol.id, problem = sol.problem, level = sol.level, model = sol.model,
              verdict = "corpus_error", reason = why, gates = {}})
      return
    end
    local dir = ("%s/%s"):format(work, file_name(sol.id))
    os.execute(("mkdir -p %q"):format(dir))
    write_file(dir .. "/problem.py", p.source)
    if not sol.control then write_file(dir .. "/solution.py", sol.code) end
    local wopts = {problem = dir .. "/problem.py", solution = not sol.control and dir .. "/solution.py" or nil, dir = dir,
                   device = o.device, build_root = build_root, log = dir .. "/worker.log",
                   max_jobs = o.max_jobs, gpu_lock = work .. "/gpu.lock"}
    local w = worker.start(wopts)
    local ok, fault = w:send({op = "load"})
    building[#building + 1] = {sol = sol, w = w, t0 = clock(), wopts = wopts, fault = not ok and fault or nil}
  end

  while #pending > 0 or #building > 0 do
    if o.budget and clock() - t_start > o.budget and #pending > 0 then
      say(("kcv audit: --budget %d s spent: %d solution(s) left for --resume"):format(o.budget, #pending + #building))
      pending = {}
      for _, b in ipairs(building) do
        b.w:kill()
        if o.claim then lfs.rmdir(("%s/%s"):format(o.claim, file_name(b.sol.id))) end
      end
      building = {}
      break
    end
    while #building < o.jobs and #pending > 0 do
      if start(table.remove(pending, 1)) == false then skipped = skipped + 1 end
    end
    local ready
    for i, b in ipairs(building) do
      local reply, fault = b.fault and nil, b.fault
      if not fault then
        reply, fault = b.w:receive(0)
        if not reply and not fault and clock() - b.t0 > o.build_timeout then
          b.w:kill()
          fault = {kind = "timeout", message = ("no build within %d s"):format(o.build_timeout)}
        end
      end
      if reply or fault then
        ready = table.remove(building, i)
        ready.reply, ready.fault = reply, fault
        break
      end
    end
    if ready then
      local entry, subj
      if ready.fault then
        local verdict, reason = load_verdict(ready.fault)
        entry = {id = ready.sol.id, problem = ready.sol.problem, level = ready.sol.level, model = ready.sol.model,
                 verdict = verdict, reason = reason:sub(1, 2000), gates = {}, seconds = clock() - ready.t0}
      else
        local ok, e, s = pcall(M.audit_one, o, {sol = ready.sol, wopts = ready.wopts}, ready.w, ready.reply)
        entry = ok and e or {id = ready.sol.id, problem = ready.sol.problem, verdict = "not_judged",
                             reason = "kcv failed: " .. tostring(e), gates = {}}
        subj = ok and s or nil
      end
      record(entry)
      -- --repl: a person looks at the verdict while its worker still runs
      if o.on_judged and subj then o.on_judged(entry, subj) end
      ready.w:close()
    elseif #building > 0 then
      kcv.sys.sleep(0.1)
    end
  end
  j:close()
  if not o.work then os.execute(("rm -rf %q"):format(work)) end
  local s = summary.of(j.entries)
  if o.json then
    local f = assert(io.open(o.json, "wb"))
    f:write(json.encode({summary = s, solutions = j.entries}, {indent = true}), "\n")
    f:close()
  end
  return s, j.entries
end

return M
