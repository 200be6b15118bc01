-- kcv redteam: verify every deliberately broken kernel of redteam/ and check
-- that kcv rejects each one with the gate(s) its sidecar declares.
--
-- An entry is redteam/<name>.cu with redteam/<name>.lua returning
--   {spec = "softmax", defect = "one sentence", caught_by = {"EXC-03"},
--    backends = {"cpu", "cuda"}, kernel = {...overrides}, options = {...}}
-- For each entry the command reports the gates that failed it, whether a
-- declared gate is among them, and the verdict of the benchmarks' loose check
-- (allclose atol=rtol=1e-2, 5 normal trials at the benchmark shape).  It
-- exits 1 when any entry slips through (passes kcv) or is caught only by
-- other gates than the declared ones.  With --write-doc the table section of
-- docs/REDTEAM.md (between markers) is regenerated: never edit it by hand.

local kcv = require "kcv"
local parallel = require "kcv.parallel"

local EXIT_OK, EXIT_FAIL, EXIT_USAGE, EXIT_INCOMPLETE = 0, 1, 2, 2

local M = {
  summary = "verify every broken kernel: each must be rejected",
  usage = "kcv redteam [--backend cpu|cuda|auto] [--json FILE] [--html FILE] [--write-doc] "
       .. "[--declared] [--only NAME]... [--seed N] [--no-baseline] [--budget cpu|cuda] "
       .. "[--shard K/N] [--jobs N] [--timeout SECONDS] [--save FILE] [--merge FILE]... [--parity contract|torch]",
  help = [[
Runs the verifier on every entry of redteam/ (a broken kernel and its sidecar:
the spec it claims to implement, the defect, the gates that must reject it,
the backends on which the defect can show) and prints one line per entry:

  NAME  caught by GATES  ok|MISSED|WRONG-GATE|ERROR|not judged  baseline: accepts|rejects

  --backend B   cpu, cuda or auto (default: $KCV_BACKEND, else auto)
  --json FILE   write the results as JSON
  --html FILE   write one page: the defects against the gates that caught them
  --write-doc   regenerate the table of docs/REDTEAM.md for this backend
  --declared    run only each entry's declared gates (quick; the table then
                shows only those)
  --only NAME   verify only this entry (repeatable)
  --seed N      base seed (default 1)
  --no-baseline skip the allclose baseline
  --budget B    probe-size budget (cpu: tensors up to 2^18 elements, cuda:
                2^22; default: the backend's own)
  --shard K/N   verify only entries K, K+N, K+2N, ... (parallel runs)
  --jobs N      verify N entries at a time, each in a child kcv process of
                its own (default: the number of cores on the cpu backend,
                min(cores, 8) on cuda); the lines keep the entries' order.
                --jobs 1: one after another in this process
  --timeout S   with --jobs: kill an entry's child after S seconds (default:
                no limit); a child that crashes or is killed gives its
                entry an ERROR line with the cause, and the others go on
  --save FILE   save the results (a Lua chunk) for --merge
  --merge FILE  do not verify: merge saved runs (repeatable), print them,
                and with --write-doc write their table
  --parity P    torch: the clauses each spec declares stricter than PyTorch
                eager are n/a; an entry whose every declared gate is such a
                clause does what PyTorch does: "stricter only", listed
                apart, no failure (docs/PARITY.md)

Entries whose `backends` leave out the current backend are reported as
"skipped (needs cuda)".  An entry counts as rejected when at least one of
its declared gates fails it (the others are listed); it is "not judged"
when none does and some declared gate could not run here (inline PTX on the
cpu backend, ...): no verdict either way, counted apart.  Exit 1 when an
applicable entry passes kcv, is caught only by undeclared gates, or could
not be verified; else 2 when kcv could not run at all or some entry was not
judged (the run is incomplete).]],
}

M.GATE_IDS = {"EXC-01", "EXC-02", "EXC-03", "ORD-01", "ORD-02", "RES-01",
              "RES-02", "CMP-01", "CMP-02", "CMP-03", "PRC-01", "PRC-02"}

M.DOC = "docs/REDTEAM.md"

local function root()
  return rawget(_G, "KCV_ROOT") or os.getenv("KCV_ROOT") or "."
end

local function join(dir, name)
  if dir == "." or dir == "" then return name end
  return dir .. "/" .. name
end

---------------------------------------------------------------------------
-- entries

-- Names (without extension) of the redteam/*.lua sidecars in dir, sorted.
function M.list(dir)
  local names = {}
  local p = io.popen(("ls -1 '%s' 2>/dev/null"):format(dir))
  if p then
    for line in p:lines() do
      local name = line:match("^([%w_%-]+)%.lua$")
      if name then names[#names + 1] = name end
    end
    p:close()
  end
  table.sort(names)
  return names
end

-- Load one entry: {name=, source=, sidecar=, spec_path=, side = table} or
-- nil, message.
function M.load(dir, name)
  local sidecar = join(dir, name .. ".lua")
  local chunk, err = loadfile(sidecar, "t")
  if not chunk then return nil, err end
  local ok, side = pcall(chunk)
  if not ok then return nil, ("%s: %s"):format(sidecar, tostring(side)) end
  if type(side) ~= "table" then return nil, sidecar .. ": expected a table" end
  local base = dir:gsub("/?redteam/?$", "")
  if base == "" then base = "." end
  return {name = name, sidecar = sidecar, source = join(dir, name .. ".cu"),
          spec_path = join(base, "specs/" .. tostring(side.spec) .. ".lua"), side = side}
end

local function set_of(list)
  local t = {}
  for _, v in ipairs(list or {}) do t[v] = true end
  return t
end

-- Problems with an entry's sidecar, as a list of strings (empty: sound).
-- gate_ids: the set of known gate ids.
function M.check(entry, gate_ids)
  local problems = {}
  local function bad(fmt, ...) problems[#problems + 1] = entry.sidecar .. ": " .. fmt:format(...) end
  local side = entry.side
  if type(side.spec) ~= "string" then
    bad("field 'spec': expected a spec name")
  elseif not io.open(entry.spec_path) then
    bad("field 'spec': %s does not exist", entry.spec_path)
  end
  if type(side.defect) ~= "string" then
    bad("field 'defect': expected one sentence")
  else
    local body = side.defect:gsub("%s+$", "")
    if #body < 20 then bad("field 'defect': too short to describe a defect") end
    if body:find("[%.!?]%s+%u") or body:find("\n") then bad("field 'defect': more than one sentence") end
    if not body:find("%.$") then bad("field 'defect': a sentence ends with a period") end
  end
  if type(side.caught_by) ~= "table" or #side.caught_by == 0 then
    bad("field 'caught_by': expected a non-empty list of gate ids")
  else
    for i, id in ipairs(side.caught_by) do
      if not gate_ids[id] then bad("field 'caught_by[%d]': '%s' is not a gate id", i, tostring(id)) end
    end
  end
  if type(side.backends) ~= "table" or #side.backends == 0 then
    bad("field 'backends': expected a list among \"cpu\", \"cuda\"")
  else
    for i, b in ipairs(side.backends) do
      if b ~= "cpu" and b ~= "cuda" then bad("field 'backends[%d]': '%s' is not cpu or cuda", i, tostring(b)) end
    end
  end
  if side.kernel ~= nil and type(side.kernel) ~= "table" then bad("field 'kernel': expected a table") end
  if not io.open(entry.source) then bad("%s does not exist", entry.source) end
  return problems
end

---------------------------------------------------------------------------
-- judging one report

-- {status = "caught"|"missed"|"wrong-gate"|"error"|"not_judged"|"skipped",
--  caught = {ids}, declared_missed = {ids}, not_judged = {declared ids},
--  baseline = "accepts"|"rejects"|nil, note=}
-- "caught": at least one declared gate failed the kernel (a defect may show
-- through different declared gates on different backends, e.g. a race is
-- nondeterministic on the CPU's shuffled schedules but consistently wrong on
-- a GPU); the declared gates that let it through are listed in
-- declared_missed.  "not_judged": no declared gate failed it and some
-- declared gate could not run here (a gate that did not run let nothing
-- through, so it is not in declared_missed).
--
-- stricter (with --parity torch): the entry's spec's declared clauses.  An
-- entry whose every declared gate is one of them is judged by the other
-- gates: "caught" when one of them fails it, else "stricter-only": it does
-- what PyTorch eager does, no defect under PyTorch parity (docs/PARITY.md).
function M.judge(entry, report, stricter)
  local declared = entry.side.caught_by or {}
  if stricter and #declared > 0 then
    local only, why, caught = true, {}, {}
    for _, id in ipairs(declared) do
      only = only and stricter[id] ~= nil
      why[#why + 1] = id .. ": " .. tostring(stricter[id])
    end
    for _, g in ipairs(report.gates or {}) do
      if g.status == "fail" then caught[#caught + 1] = g.id end
    end
    if only then
      local note = "its declared gates are clauses stricter than PyTorch eager (" .. table.concat(why, "; ") .. ")"
      return {status = #caught > 0 and "caught" or "stricter-only", caught = caught, declared_missed = {},
              errored = {}, not_judged = {}, note = note}
    end
  end
  local caught, failed, errored, unjudged = {}, {}, {}, {}
  for _, g in ipairs(report.gates or {}) do
    if g.status == "fail" then caught[#caught + 1] = g.id; failed[g.id] = true
    elseif g.status == "error" then errored[#errored + 1] = g.id
    elseif g.status == "not_judged" then unjudged[g.id] = (tostring(g.reason or "?"):gsub("^not judged: ", "")) end
  end
  local missed, not_judged = {}, {}
  for _, id in ipairs(declared) do
    if unjudged[id] then not_judged[#not_judged + 1] = id
    elseif not failed[id] then missed[#missed + 1] = id end
  end
  local r = {caught = caught, declared_missed = missed, errored = errored, not_judged = not_judged}
  local base = report.baseline and report.baseline.status
  if base == "pass" or base == "fail" then   -- "not_judged": the check could not run here
    r.baseline = base == "pass" and "accepts" or "rejects"
  end
  if report.verdict == "error" and #caught == 0 then
    r.status, r.note = "error", report.message or "verification could not run"
  elseif #not_judged > 0 and #missed + #not_judged == #declared then
    r.status, r.note = "not_judged", unjudged[not_judged[1]]
  elseif #caught == 0 then
    r.status = "missed"
  elseif #missed == #declared then
    r.status = "wrong-gate"
  else
    r.status = "caught"
  end
  return r
end

M.OK = {caught = true, skipped = true, ["stricter-only"] = true}

-- The declared stricter-than-PyTorch clauses of an entry's spec, or {}.
function M.stricter_of(entry)
  local spec = require("kcv.verify.spec").load(entry.spec_path)
  return spec and spec.stricter or {}
end

---------------------------------------------------------------------------
-- output: the table, JSON

local function cell(s)
  return (tostring(s or ""):gsub("|", "\\|"):gsub("\n", " "))
end

local STATUS_TEXT = {
  caught = "rejected by the declared gate(s)",
  missed = "**MISSED** (passes kcv)",
  ["wrong-gate"] = "**WRONG GATE** (only undeclared gates)",
  error = "**ERROR**",
  not_judged = "not judged here",
  skipped = "skipped",
}

-- The markdown table for a list of results on one backend.
function M.markdown(results, backend, meta)
  local out = {}
  local function add(s) out[#out + 1] = s end
  local run = ("`%s`"):format(meta.command)
  if meta.merged then   -- each saved run's command names only its own part
    run = ("%d saved runs of `kcv redteam --backend %s ... --save FILE` (shards, or tools/device-check's lanes), "
        .. "merged by `kcv redteam --merge FILE... --write-doc`"):format(meta.merged, backend)
  end
  add(("Backend **%s**, seed %d, gates: %s; run: %s."):format(
    backend, meta.seed, meta.declared_only and "declared only" or "all", run))
  add("")
  add("| entry | spec | defect | declared | caught by | allclose baseline | kcv |")
  add("| --- | --- | --- | --- | --- | --- | --- |")
  for _, r in ipairs(results) do
    local side = r.entry.side
    local caught, base, status
    if r.status == "skipped" then
      caught, base, status = "—", "—", "skipped (needs " .. table.concat(side.backends or {}, ", ") .. ")"
    else
      caught = #r.caught > 0 and table.concat(r.caught, ", ") or "none"
      base = r.baseline or "—"
      status = STATUS_TEXT[r.status] or r.status
      if r.note then status = status .. ": " .. r.note end
    end
    add(("| `%s` | %s | %s | %s | %s | %s | %s |"):format(r.entry.name, cell(side.spec),
      cell(side.defect), cell(table.concat(side.caught_by or {}, ", ")), cell(caught),
      cell(base), cell(status)))
  end
  local n, ok, fooled, skipped, unjudged = 0, 0, 0, 0, 0
  for _, r in ipairs(results) do
    if r.status == "skipped" then skipped = skipped + 1
    elseif r.status == "not_judged" then unjudged = unjudged + 1
    else
      n = n + 1
      if r.status == "caught" then ok = ok + 1 end
      if r.baseline == "accepts" then fooled = fooled + 1 end
    end
  end
  add("")
  add(("%d entries run: %d rejected by their declared gates; the allclose baseline "
       .. "accepts %d of them; %d skipped on this backend%s."):format(n, ok, fooled, skipped,
       unjudged > 0 and ("; %d not judged here"):format(unjudged) or ""))
  return table.concat(out, "\n")
end

local function begin_marker(backend) return ("<!-- redteam-table:%s:begin -->"):format(backend) end
local function end_marker(backend) return ("<!-- redteam-table:%s:end -->"):format(backend) end

-- Replace the text between the backend's markers in `doc` (a string) with
-- `body`; add a section with the markers at the end when there is none.
function M.splice(doc, backend, body)
  local b, e = begin_marker(backend), end_marker(backend)
  local i = doc:find(b, 1, true)
  local j = doc:find(e, 1, true)
  local block = b .. "\n" .. body .. "\n" .. e
  if i and j and j > i then
    return doc:sub(1, i - 1) .. block .. doc:sub(j + #e)
  end
  if not doc:find("\n$") then doc = doc .. "\n" end
  return doc .. ("\n## Table: %s backend\n\n"):format(backend) .. block .. "\n"
end

local function json(v, indent)
  indent = indent or ""
  local t = type(v)
  if t == "nil" then return "null"
  elseif t == "boolean" then return tostring(v)
  elseif t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then return ("\"%s\""):format(tostring(v)) end
    if math.type(v) == "integer" then return tostring(v) end
    return ("%.17g"):format(v)
  elseif t == "string" then
    return '"' .. v:gsub('[%c"\\]', function(c)
      local esc = {['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\t'] = '\\t', ['\r'] = '\\r'}
      return esc[c] or ("\\u%04x"):format(c:byte())
    end) .. '"'
  elseif t == "table" then
    local inner = indent .. "  "
    if #v > 0 or next(v) == nil then
      local parts = {}
      for i = 1, #v do parts[i] = inner .. json(v[i], inner) end
      if #parts == 0 then return "[]" end
      return "[\n" .. table.concat(parts, ",\n") .. "\n" .. indent .. "]"
    end
    local keys = {}
    for k in pairs(v) do if type(k) == "string" then keys[#keys + 1] = k end end
    table.sort(keys)
    local parts = {}
    for _, k in ipairs(keys) do
      local s = json(v[k], inner)
      if s then parts[#parts + 1] = inner .. json(k) .. ": " .. s end
    end
    return "{\n" .. table.concat(parts, ",\n") .. "\n" .. indent .. "}"
  end
  return nil   -- functions, userdata: left out
end
M.json = json

---------------------------------------------------------------------------
-- the command

local VALUE_OPTS = {["--backend"] = "backend", ["--json"] = "json", ["--html"] = "html", ["--seed"] = "seed",
                    ["--budget"] = "budget", ["--shard"] = "shard", ["--save"] = "save",
                    ["--jobs"] = "jobs", ["--timeout"] = "timeout"}

local function parse(args)
  local o = {only = {}, merge = {}, seed = 1, baseline = true}
  local i = 1
  while i <= #args do
    local a = args[i]
    if VALUE_OPTS[a] then
      if args[i + 1] == nil then return nil, ("redteam: %s needs a value"):format(a) end
      o[VALUE_OPTS[a]] = args[i + 1]; i = i + 1
    elseif a == "--only" or a == "--merge" then
      if args[i + 1] == nil then return nil, ("redteam: %s needs a value"):format(a) end
      local list = a == "--only" and o.only or o.merge
      list[#list + 1] = args[i + 1]; i = i + 1
    elseif a == "--parity" then
      if args[i + 1] ~= "contract" and args[i + 1] ~= "torch" then
        return nil, "redteam: --parity is contract or torch"
      end
      o.parity = args[i + 1]; i = i + 1
    elseif a == "--write-doc" then o.write_doc = true
    elseif a == "--declared" then o.declared = true
    elseif a == "--no-baseline" then o.baseline = false
    else return nil, ("redteam: unknown argument '%s'"):format(a) end
    i = i + 1
  end
  o.seed = math.tointeger(tonumber(o.seed))
  if not o.seed then return nil, "redteam: --seed needs an integer" end
  if o.backend and o.backend ~= "cpu" and o.backend ~= "cuda" and o.backend ~= "auto" then
    return nil, ("redteam: unknown backend '%s'"):format(o.backend)
  end
  if o.jobs then
    local n, err = parallel.jobs(o.jobs)
    if not n then return nil, "redteam: " .. err end
    o.jobs = n
  end
  if o.timeout then
    local t, err = parallel.timeout(o.timeout)
    if not t then return nil, "redteam: " .. err end
    o.timeout = t
  end
  if o.shard then
    local k, n = o.shard:match("^(%d+)/(%d+)$")
    k, n = tonumber(k), tonumber(n)
    if not k or k < 1 or k > n then return nil, "redteam: --shard needs K/N with 1 <= K <= N" end
    o.shard = {k = k, n = n}
  end
  return o
end

-- Verify one entry on `backend`; returns the judged result.
function M.verify_entry(entry, backend, o)
  local verify = require "kcv.verify"
  local side = entry.side
  if not set_of(side.backends)[backend] then
    return {entry = entry, status = "skipped", caught = {}, declared_missed = {}}
  end
  local t0 = kcv.sys and kcv.sys.clock and kcv.sys.clock() or os.clock()
  local ok, report = pcall(verify.run, {
    spec = entry.spec_path, kernel = entry.source,
    gates = o.declared and side.caught_by or nil,
    seed = o.seed or 1, backend = backend, budget = o.budget, baseline = o.baseline ~= false,
    progress = o.progress, parity = o.parity})
  if not ok then report = {verdict = "error", message = tostring(report), gates = {}} end
  local r = M.judge(entry, report, o.parity == "torch" and M.stricter_of(entry) or nil)
  r.entry, r.report = entry, report
  r.seconds = (kcv.sys and kcv.sys.clock and kcv.sys.clock() or os.clock()) - t0
  return r
end

function M.line_for(r)
  local side = r.entry.side
  if r.status == "skipped" then
    return ("%-28s skipped (needs %s)"):format(r.entry.name, table.concat(side.backends, ", "))
  end
  local label = r.status == "caught" and "ok" or r.status == "not_judged" and "not judged"
             or r.status == "stricter-only" and "stricter only" or r.status:upper()
  local s = ("%-28s caught by %-24s %-12s baseline: %s  (%.1fs)"):format(r.entry.name,
    #r.caught > 0 and table.concat(r.caught, ",") or "nothing", label, r.baseline or "-", r.seconds or 0)
  if #r.declared_missed > 0 and r.status == "caught" then
    s = s .. "  (declared, not caught here: " .. table.concat(r.declared_missed, ",") .. ")"
  elseif #r.declared_missed > 0 and r.status ~= "missed" then
    s = s .. "  declared but not caught: " .. table.concat(r.declared_missed, ",")
  end
  if r.note then s = s .. "\n    " .. tostring(r.note):gsub("\n", "\n    ") end
  for _, g in ipairs(r.report and r.report.gates or {}) do
    if g.status == "error" then s = s .. ("\n    %s error: %s"):format(g.id, tostring(g.reason)) end
  end
  return s
end

local function to_json(results, backend, o)
  local list = {}
  for i, r in ipairs(results) do
    local side = r.entry.side
    local gates = {}
    for _, g in ipairs(r.report and r.report.gates or {}) do
      gates[#gates + 1] = {id = g.id, status = g.status, reason = g.reason, reproduce = g.reproduce}
    end
    list[i] = {name = r.entry.name, spec = side.spec, defect = side.defect,
               declared = side.caught_by, backends = side.backends, status = r.status,
               caught_by = r.caught, declared_missed = r.declared_missed, not_judged = r.not_judged,
               baseline = r.baseline,
               note = r.note, gates = gates, seconds = r.seconds}
  end
  return json({backend = backend, seed = o.seed, declared_only = o.declared or false, entries = list})
end

-- A result without its full report (gate evidence, buffers), as a plain
-- table that --save writes and --merge reads back.
local function slim(r)
  local side = r.entry.side or {}
  local gates = {}
  for _, g in ipairs(r.report and r.report.gates or {}) do
    gates[#gates + 1] = {id = g.id, status = g.status, reason = g.reason, reproduce = g.reproduce}
  end
  return {entry = {name = r.entry.name, side = {spec = side.spec, defect = side.defect,
            caught_by = side.caught_by, backends = side.backends}},
          status = r.status, caught = r.caught, declared_missed = r.declared_missed,
          errored = r.errored, not_judged = r.not_judged, baseline = r.baseline, note = r.note,
          seconds = r.seconds,
          report = {gates = gates}}
end

local function serialize(v)
  local t = type(v)
  if t == "string" then return ("%q"):format(v)
  elseif t == "number" then return math.type(v) == "integer" and tostring(v) or ("%.17g"):format(v)
  elseif t ~= "table" then return tostring(v) end
  local parts = {}
  for k, x in pairs(v) do
    local key = type(k) == "string" and ("[%q]"):format(k) or ("[%d]"):format(k)
    parts[#parts + 1] = key .. " = " .. serialize(x)
  end
  table.sort(parts)
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- Judge a saved result again against the entry's current sidecar (its
-- declared gates may have changed since the run; the gates' outcomes have
-- not).
local function rejudge(dir, r)
  if r.status == "skipped" or not (r.report and r.report.gates and #r.report.gates > 0) then return r end
  local entry = M.load(dir, r.entry.name)
  if not entry then return r end
  local report = {gates = r.report.gates, verdict = "fail",
                  baseline = r.baseline and {status = r.baseline == "accepts" and "pass" or "fail"}}
  local j = M.judge(entry, report)
  j.entry = {name = entry.name, side = {spec = entry.side.spec, defect = entry.side.defect,
             caught_by = entry.side.caught_by, backends = entry.side.backends}}
  j.report, j.seconds = r.report, r.seconds
  return j
end

-- The results saved by --save runs, merged in entry order; where two runs
-- hold the same entry, the later file's result wins (a re-run of one entry).
local function merged(files, dir)
  local by_name, results = {}, {}
  local meta = {}
  for _, path in ipairs(files) do
    local chunk, err = loadfile(path, "t", {})
    if not chunk then return nil, err end
    local ok, saved = pcall(chunk)
    if not ok or type(saved) ~= "table" then return nil, path .. ": not a saved red-team run" end
    for _, r in ipairs(saved.results or {}) do by_name[r.entry.name] = rejudge(dir, r) end
    meta.backend = meta.backend or saved.backend
    meta.seed = meta.seed or saved.seed
    meta.declared = meta.declared or saved.declared
    meta.command = meta.command or saved.command
  end
  for _, r in pairs(by_name) do results[#results + 1] = r end
  table.sort(results, function(a, b) return a.entry.name < b.entry.name end)
  return results, meta
end

-- The one result a child `kcv redteam --only NAME --save FILE` saved, or nil.
local function saved_result(path, name)
  local chunk = loadfile(path, "t", {})
  if not chunk then return nil end
  local ok, saved = pcall(chunk)
  local r = ok and type(saved) == "table" and type(saved.results) == "table" and saved.results[1]
  if type(r) ~= "table" or type(r.entry) ~= "table" or r.entry.name ~= name or type(r.status) ~= "string" then
    return nil
  end
  r.caught, r.declared_missed = r.caught or {}, r.declared_missed or {}
  return r
end

-- The child tasks (kcv.parallel) that verify the `todo` entries ({k =,
-- entry =}), one each, their saved runs in `dir`.  A task's finish(res)
-- sets results[k] (an ERROR result when the child saved none) and calls
-- flush().  kcv proof puts these in its own pool.
function M.child_tasks(todo, backend, o, dir, results, flush)
  local exe, tasks = parallel.self(), {}
  for i, t in ipairs(todo) do
    local save = ("%s/redteam-%d.lua"):format(dir, i)
    local argv = {exe, "redteam", "--jobs", "1", "--only", t.entry.name, "--backend", backend,
                  "--seed", tostring(o.seed or 1), "--save", save}
    if o.declared then argv[#argv + 1] = "--declared" end
    if o.baseline == false then argv[#argv + 1] = "--no-baseline" end
    if o.budget then argv[#argv + 1] = "--budget"; argv[#argv + 1] = o.budget end
    if o.parity then argv[#argv + 1] = "--parity"; argv[#argv + 1] = o.parity end
    local task = {label = "kcv redteam --only " .. t.entry.name, name = t.entry.name,
                  key = "redteam/" .. t.entry.name, argv = argv,
                  heavy = require("kcv.verify").heavy_job(t.entry.spec_path, backend)}
    function task.finish(res)
      local r = res.ok and saved_result(save, t.entry.name)
      if r then
        r.entry = t.entry
      else
        if res.ok then res.no_report = true end
        r = {entry = t.entry, status = "error", caught = {}, declared_missed = {},
             note = parallel.cause(res, task.label), seconds = res.seconds}
      end
      results[t.k] = r
      flush()
    end
    tasks[i] = task
  end
  return tasks
end

-- Verify the `todo` entries in children, `jobs` at a time; fills
-- results[k] and calls flush() after each.
local function run_children(todo, backend, o, jobs, results, flush)
  local dir, derr = parallel.tmpdir()
  if not dir then return nil, derr end
  local tasks = M.child_tasks(todo, backend, o, dir, results, flush)
  parallel.run(tasks, {jobs = jobs, timeout = o.timeout, dir = dir,
    progress = require("kcv.progress").new{log = false},
    on_done = function(i, res) tasks[i].finish(res) end})
  parallel.rmdir(dir)
  return true
end

-- The gate ids an entry may declare: the loaded gates' (M.GATE_IDS when
-- they cannot be loaded), as a set.
local function known_gates()
  local okv, verify = pcall(require, "kcv.verify")
  if okv and verify.gates then
    local ok, list = pcall(verify.gates)
    if ok and type(list) == "table" and #list > 0 then
      local ids = {}
      for _, g in ipairs(list) do ids[g.id] = true end
      return ids
    end
  end
  return set_of(M.GATE_IDS)
end

-- The entries `names` in `dir`, loaded and checked: results[k] is set for
-- those already settled (cannot load, a bad sidecar, another backend's),
-- and todo lists the rest ({k =, entry =}) to verify.
function M.prepare(dir, names, backend, o)
  local gate_ids = known_gates()
  local results, todo = {}, {}
  for k, name in ipairs(names) do
    local entry, lerr = M.load(dir, name)
    if not entry then
      results[k] = {entry = {name = name, side = {}}, status = "error", note = lerr, caught = {}, declared_missed = {}}
    else
      local problems = M.check(entry, gate_ids)
      if #problems > 0 then
        results[k] = {entry = entry, status = "error", note = table.concat(problems, "; "), caught = {}, declared_missed = {}}
      elseif not set_of(entry.side.backends)[backend] then
        results[k] = M.verify_entry(entry, backend, o)   -- skipped: nothing to run
      else
        todo[#todo + 1] = {k = k, entry = entry}
      end
    end
  end
  return results, todo
end

-- Verify the entries `names` in `dir`; prints a line per entry, in order.
local function run_entries(dir, names, backend, o)
  local results, todo = M.prepare(dir, names, backend, o)
  local nxt = 1
  local function flush()
    while results[nxt] do
      print(M.line_for(results[nxt]))
      io.stdout:flush()
      nxt = nxt + 1
    end
  end
  flush()
  local jobs = math.min(o.jobs or parallel.default_jobs(backend), #todo)
  if jobs > 1 then
    -- the children start their own workers: this process's is not needed
    if kcv.backend and kcv.backend.restart then pcall(kcv.backend.restart, backend) end
    local ok, err = run_children(todo, backend, o, jobs, results, flush)
    if not ok then return nil, err end
  else
    for _, t in ipairs(todo) do
      local progress = require("kcv.progress").new{prefix = t.entry.name .. ": ", log = false}
      results[t.k] = M.verify_entry(t.entry, backend, setmetatable({progress = o.progress or progress}, {__index = o}))
      progress.done()
      flush()
    end
  end
  return results
end

-- The HTML page: one row a defect, one column a gate.
function M.html(results, backend)
  local ids, seen, rows = {}, {}, {}
  for _, r in ipairs(results) do
    local side = r.entry.side or {}
    local gates = {}
    for _, g in ipairs(r.report and r.report.gates or {}) do
      gates[g.id] = g.status
      if not seen[g.id] then seen[g.id] = true; ids[#ids + 1] = g.id end
    end
    rows[#rows + 1] = {name = r.entry.name, spec = side.spec, defect = side.defect, caught_by = side.caught_by,
                       verdict = r.status, gates = gates}
  end
  table.sort(ids)
  return require("kcv.report.html").redteam(rows, ids, ("kcv redteam (backend %s)"):format(backend))
end

-- Print the summary lines under the entries' lines; returns the exit
-- status: 1 when an applicable entry got past its declared gates (or could
-- not be verified), else 2 when some entry was not judged, else 0.
function M.print_summary(results)
  -- an entry not judged here is neither rejected nor let through: apart
  local n, bad, unjudged, parity_only = 0, 0, {}, {}
  for _, r in ipairs(results) do
    if r.status == "stricter-only" then parity_only[#parity_only + 1] = r.entry.name end
    if r.status == "not_judged" then unjudged[#unjudged + 1] = r.entry.name
    elseif r.status ~= "skipped" and r.status ~= "stricter-only" then n = n + 1 end
    if not M.OK[r.status] and r.status ~= "not_judged" then bad = bad + 1 end
  end
  print(("%d of %d applicable entries rejected by their declared gates%s%s"):format(
    n - bad, n, bad > 0 and (" — %d NOT"):format(bad) or "",
    #unjudged > 0 and ("; %d not judged here: %s"):format(#unjudged, table.concat(unjudged, ", ")) or ""))
  if #parity_only > 0 then
    print(("%d entries do only what PyTorch eager does (every declared gate a stricter clause; no defect under --parity torch): %s"):format(
      #parity_only, table.concat(parity_only, ", ")))
  end
  return bad > 0 and EXIT_FAIL or #unjudged > 0 and EXIT_INCOMPLETE or EXIT_OK
end

-- Write the results to `path` as a saved run (for --merge); true, or nil
-- and a message.
function M.save(path, results, backend, o, command)
  local list = {}
  for i, r in ipairs(results) do list[i] = slim(r) end
  local f, ferr = io.open(path, "w")
  if not f then return nil, ferr end
  f:write("return ", serialize({backend = backend, seed = o.seed, declared = o.declared or false,
                                command = command, results = list}), "\n")
  f:close()
  return true
end

function M.run(args)
  local o, err = parse(args)
  if not o then io.stderr:write("kcv: ", err, "\n"); return EXIT_USAGE end
  local results, backend
  local dir = join(root(), "redteam")
  local command = "kcv redteam " .. table.concat(args, " ")
  if #o.merge > 0 then
    local meta
    results, meta = merged(o.merge, dir)
    if not results then io.stderr:write("kcv redteam: ", meta, "\n"); return EXIT_USAGE end
    backend = o.backend or meta.backend or "?"
    o.seed, o.declared = meta.seed or o.seed, meta.declared
    command = meta.command or command
    print(("kcv redteam: %d entries merged from %d saved runs, backend %s"):format(#results, #o.merge, backend))
    for _, r in ipairs(results) do print(M.line_for(r)) end
  else
    local berr
    backend, berr = require("kcv.verify").choose_backend(o.backend)
    if not backend then io.stderr:write("kcv redteam: ", tostring(berr), "\n"); return EXIT_USAGE end
    local names = #o.only > 0 and o.only or M.list(dir)
    if o.shard then
      local mine = {}
      for i, name in ipairs(names) do
        if (i - 1) % o.shard.n == o.shard.k - 1 then mine[#mine + 1] = name end
      end
      names = mine
    end
    if #names == 0 then io.stderr:write("kcv redteam: no entries in ", dir, "\n"); return EXIT_USAGE end
    print(("kcv redteam: %d entries, backend %s%s"):format(#names, backend,
      o.declared and ", declared gates only" or ""))
    local rerr
    results, rerr = run_entries(dir, names, backend, o)
    if not results then io.stderr:write("kcv redteam: ", tostring(rerr), "\n"); return EXIT_USAGE end
  end

  local rc = M.print_summary(results)
  if o.save then
    local ok, serr = M.save(o.save, results, backend, o, command)
    if not ok then io.stderr:write("kcv redteam: ", serr, "\n"); return EXIT_USAGE end
  end
  if o.json then
    local f, ferr = io.open(o.json, "w")
    if not f then io.stderr:write("kcv redteam: ", ferr, "\n"); return EXIT_USAGE end
    f:write(to_json(results, backend, o), "\n")
    f:close()
  end
  if o.html then
    local ok, werr = require("kcv.verify.report").write(o.html, M.html(results, backend))
    if not ok then io.stderr:write("kcv redteam: cannot write ", o.html, ": ", tostring(werr), "\n"); return EXIT_USAGE end
  end
  if o.write_doc then
    local path = join(root(), M.DOC)
    local f = io.open(path)
    local doc = f and f:read("a") or "# The red team\n"
    if f then f:close() end
    local body = M.markdown(results, backend, {seed = o.seed, declared_only = o.declared,
                                               command = command, merged = #o.merge > 0 and #o.merge or nil})
    local w, werr = io.open(path, "w")
    if not w then io.stderr:write("kcv redteam: ", werr, "\n"); return EXIT_USAGE end
    w:write(M.splice(doc, backend, body))
    w:close()
    print("wrote the table for backend " .. backend .. " into " .. path)
  end
  return rc
end

return M
