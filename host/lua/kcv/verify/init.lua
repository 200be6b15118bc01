-- kcv/verify/init.lua — require "kcv.verify": run the gates against a
-- subject and produce a report (format: docs/REPORT.md).
--
--   local report = verify.run{spec = "specs/softmax.lua", kernel = "kernels/softmax.cu",
--                             gates = nil | {"EXC-01", ...}, seed = 1, backend = nil,
--                             baseline = false, progress = function(msg) end,
--                             capture = nil | {}, parity = "contract" | "torch",
--                             torch = false}
--   (torch = true: the subject is the spec's PyTorch expression, run on the
--   backend's device, instead of a kernel; parity = "torch": the spec's
--   declared stricter-than-PyTorch clauses are n/a, kcv/verify/stricter.lua)
--   (capture: a table the run fills with what `kcv verify --repl` opens on,
--   never part of the report: capture.spec, capture.subject, capture.budget,
--   and capture.gates[gate_id] = {case=, inputs=, outputs=, expect=, mode=,
--   masks=}, each gate's last compared case)
--   verify.load_spec(path) -> spec | nil, err
--   verify.gates([dirs]) -> list of gate tables, sorted by id

local kcv = require "kcv"
local specmod = require "kcv.verify.spec"
local subject = require "kcv.verify.subject"
local probe = require "kcv.verify.probe"
local case = require "kcv.verify.case"
local registry = require "kcv.verify.registry"
local mismatch = require "kcv.verify.mismatch"
local stricter = require "kcv.verify.stricter"

local M = {}

M.load_spec = specmod.load
M.gates = registry.gates

-- Whether verifying the spec at `spec_path` on `backend` holds a large share
-- of the host's memory (CMP-03's large-index probe): `kcv controls` and
-- `kcv redteam` mark such jobs heavy for kcv.parallel.  A spec that does not
-- load is not heavy (its job reports why it failed).
function M.heavy_job(spec_path, backend)
  local spec = specmod.load(spec_path)
  return spec ~= nil and case.runs_large_index(spec, backend)
end

local function clock()
  return kcv.sys and kcv.sys.clock and kcv.sys.clock() or os.clock()
end

local function quote(s)
  if s:match("^[%w%./_%-:=+]+$") then return s end
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

-- The report's verdict from its gates (and outside_error, an error outside
-- them): any failure fails it; else any error makes it an error; else a
-- gate that could not be judged here, no violation and no pass either,
-- makes it not judged, with that gate's reason.  Returns the report.
local function settle(report, outside_error)
  local any_fail, any_error, not_judged = false, outside_error == true, nil
  for _, g in ipairs(report.gates) do
    if g.status == "fail" then any_fail = true
    elseif g.status == "error" then any_error = true
    elseif g.status == "not_judged" then not_judged = not_judged or g end
  end
  report.verdict = any_fail and "fail" or any_error and "error" or not_judged and "not_judged" or "pass"
  report.verdicts = stricter.verdicts(report)
  if report.verdict == "not_judged" then report.reason = (tostring(not_judged.reason):gsub("^not judged: ", "")) end
  return report
end

-- The one-line command that reruns exactly one case of one gate.
local function reproducer(opts, report, gate_id, ev)
  local subject_arg = opts.torch and "--torch" or quote(report.kernel or "?")
  local parts = {"kcv verify", quote(report.spec), subject_arg, "--gate", gate_id,
                 "--seed", tostring(report.seed)}
  if report.parity == "torch" then parts[#parts + 1] = "--parity"; parts[#parts + 1] = "torch" end
  if ev and ev.case then parts[#parts + 1] = "--case"; parts[#parts + 1] = quote(ev.case) end
  if report.backend then parts[#parts + 1] = "--backend"; parts[#parts + 1] = report.backend end
  if opts.knobs and next(opts.knobs) then
    local names = {}
    for k in pairs(opts.knobs) do names[#names + 1] = k end
    table.sort(names)
    for i, k in ipairs(names) do names[i] = k .. "=" .. tostring(opts.knobs[k]) end
    parts[#parts + 1] = "--knobs"; parts[#parts + 1] = table.concat(names, ",")
  end
  for _, d in ipairs(opts.gate_dirs or {}) do parts[#parts + 1] = "--gates"; parts[#parts + 1] = quote(d) end
  return table.concat(parts, " ")
end

-- Select the backend (cpu, cuda or auto); its name, or nil and the reason.
-- (Also verify.choose_backend: commands that start children pass it on.)
local function choose_backend(name)
  name = name or os.getenv("KCV_BACKEND")
  if not (kcv.backend and kcv.backend.use) then return name or "cpu" end
  if name and name ~= "" and name ~= "auto" then
    local ok, used, why = pcall(kcv.backend.use, name)
    if not ok then return nil, used end
    if not used then return nil, ("backend %s: %s"):format(name, tostring(why)) end
    return used
  end
  return kcv.backend.current()
end

local function error_report(report, msg)
  report.verdict, report.message = "error", msg
  return report
end

-- Run one gate; never raises.
local function run_gate(gate, t)
  local entry = {id = gate.id, title = gate.title, kind = gate.kind}
  local caps = t.subject.caps or {}
  for _, need in ipairs(gate.needs or {}) do
    if not caps[need] then
      entry.status, entry.evidence = "na", {}
      entry.reason = ("the subject (%s) lacks the '%s' capability"):format(t.subject.kind or "?", need)
      entry.seconds = 0
      return entry
    end
  end
  local ctx = probe.new{spec = t.spec, subject = t.subject, gate = gate, seed = t.seed, budget = t.budget,
                        backend = t.backend, case = t.case, progress = t.progress}
  local t0 = clock()
  local ok, res = xpcall(gate.run, debug.traceback, ctx)
  entry.seconds = clock() - t0
  if not ok then
    entry.status, entry.reason, entry.evidence = "error", ("gate raised an error: %s"):format(tostring(res)), {}
  elseif type(res) ~= "table" or not (res.status == "pass" or res.status == "fail" or res.status == "na"
                                      or res.status == "not_judged") then
    entry.status, entry.reason, entry.evidence = "error", "gate returned no valid result", {}
  else
    entry.status, entry.reason, entry.evidence = res.status, res.reason, res.evidence or {}
    if res.status == "na" and not res.reason then entry.reason = "not applicable (no reason given)" end
    if res.status == "not_judged" and not res.reason then entry.reason = "not judged (no reason given)" end
  end
  entry.worst = ctx.worst
  entry.phases = ctx.phases
  if #ctx.ratios > 0 then entry.cases = ctx.ratios end
  local snap = ctx.snap
  if entry.status == "fail" and gate.kind == "tolerance-free" and snap and snap.expect then
    entry.mismatch = M.mismatch(t.spec, snap)
  end
  if t.capture and snap then t.capture.gates[gate.id] = snap end
  return entry
end

-- Where the class masks of a compared case differ, for the first output
-- that has differences: {output=, shape={...}, count=, indices={...}}, or nil.
function M.mismatch(spec, snap)
  for i, out in ipairs(spec.outputs) do
    local got, exp = snap.outputs[i], snap.expect[i] and snap.expect[i].value
    if got and exp and got.numel == exp.numel then
      local m = mismatch.positions(got, exp, snap.masks or {})
      if m.count > 0 then
        local shape = {}
        for k, d in ipairs(got.shape) do shape[k] = d end
        return {output = out.name, shape = shape, count = m.count, indices = m.indices}
      end
    end
  end
  return nil
end

-- The subject of a run: opts.subject, the spec's PyTorch expression
-- (opts.torch) or the kernel file opts.kernel (built with opts.knobs);
-- nil and the error.
local function make_subject(opts, spec, backend)
  if opts.subject then return opts.subject end
  if opts.torch then
    return require("kcv.parity.subject").new{spec = spec, device = backend}
  end
  local path = opts.kernel
  if not path then return nil, "no kernel given" end
  local f = io.open(path)
  if not f then return nil, ("%s: no such kernel file"):format(path) end
  f:close()
  local side, err = subject.sidecar(path)
  if err then return nil, err end
  local kok, made = pcall(subject.kernel, {spec = spec, source = path, backend = backend, sidecar = side,
                                           knobs = opts.knobs})
  if not kok then return nil, tostring(made) end
  return made
end

-- run{spec=, kernel= | subject= | torch=, gates=, gate_dirs=, seed=, backend=,
--     budget=, case=, baseline=, progress=, parity=, knobs=, first_failure=} -> report
-- (knobs: a config of the kernel's sidecar knobs, kcv.verify.knobs;
-- first_failure: stop at the first failing gate)
function M.run(opts)
  local report = {spec = type(opts.spec) == "string" and opts.spec or (opts.spec and opts.spec.path) or "?",
                  kernel = opts.kernel, seed = opts.seed or 1, gates = {}, parity = opts.parity or "contract"}
  if not stricter.MODES[report.parity] then
    return error_report(report, ("unknown parity '%s' (contract or torch)"):format(tostring(opts.parity)))
  end
  local spec, err = opts.spec, nil
  if type(spec) == "string" then spec, err = specmod.load(spec) end
  if not spec then return error_report(report, err) end

  local backend
  backend, err = choose_backend(opts.backend)
  if not backend then return error_report(report, err) end
  report.backend = backend
  local budget = opts.budget or (backend == "cuda" and "cuda" or "cpu")

  local gates
  gates, err = registry.gates(opts.gate_dirs)
  if not gates then return error_report(report, err) end
  if opts.gates and #opts.gates > 0 then
    local by_id, chosen = {}, {}
    for _, g in ipairs(gates) do by_id[g.id] = g end
    for _, id in ipairs(opts.gates) do
      if not by_id[id] then return error_report(report, ("unknown gate '%s' (see 'kcv gates')"):format(id)) end
      chosen[#chosen + 1] = by_id[id]
    end
    gates = chosen
  end

  local subj
  subj, err = make_subject(opts, spec, backend)
  if not subj then return error_report(report, err) end
  report.kernel = report.kernel or subj.name
  report.subject = subj.kind
  local pok, ok, perr = pcall(subj.prepare, subj, case.benchmark(spec, budget))
  if not pok then ok, perr = false, ok end
  if not ok then
    if subj.kind == "torch" then
      if subj ~= opts.subject then subj:close() end
      return error_report(report, tostring(perr))
    end
    return error_report(report, ("%s does not compile or load (the kernel's own error, not a limit of the %s backend):\n%s"):format(
      report.kernel, backend, tostring(perr)))
  end
  if subj.info then report.torch = subj.info.torch end

  if opts.capture then
    opts.capture.spec, opts.capture.subject, opts.capture.budget = spec, subj, budget
    opts.capture.gates = opts.capture.gates or {}
  end
  local t = {spec = spec, subject = subj, seed = report.seed, budget = budget, backend = backend,
             case = opts.case, progress = opts.progress, capture = opts.capture}
  if type(opts.progress) == "table" and opts.progress.plan then opts.progress.plan(#gates) end
  for _, gate in ipairs(gates) do
    if opts.progress then opts.progress(("running %s %s"):format(gate.id, gate.title)) end
    local entry = stricter.apply(run_gate(gate, t), spec, report.parity)
    if entry.status == "fail" then
      entry.reproduce = reproducer(opts, report, gate.id, entry.evidence)
    elseif entry.status == "error" then
      entry.reproduce = reproducer(opts, report, gate.id, nil)
    end
    report.gates[#report.gates + 1] = entry
    if opts.first_failure and entry.status == "fail" then break end   -- kcv tune's veto needs one
  end

  if opts.baseline then
    local baseline = require "kcv.verify.baseline"
    report.baseline = baseline.run(spec, subj, budget)
  end
  -- the torch worker ends with the run (a --repl session keeps it: rerun{})
  if subj.kind == "torch" and subj ~= opts.subject and not opts.capture then subj:close() end
  return settle(report)
end

M.choose_backend = choose_backend

-- One report from the reports of runs that each took some of one kernel's
-- gates (kcv proof's parts): the gates in `order`'s order (a list of gate
-- ids), the verdict as run() settles it, and a part that has no gates (its
-- run could not start, crashed or was killed) an error with its message.
function M.merge_reports(parts, order)
  local rank = {}
  for i, id in ipairs(order) do rank[id] = i end
  local report = {}
  for k, v in pairs(parts[1]) do report[k] = v end
  report.gates, report.message, report.reason = {}, nil, nil
  local messages = {}
  for _, part in ipairs(parts) do
    if part.verdict == "error" and part.message then messages[#messages + 1] = part.message end
    for _, g in ipairs(part.gates or {}) do report.gates[#report.gates + 1] = g end
  end
  table.sort(report.gates, function(a, b) return (rank[a.id] or math.huge) < (rank[b.id] or math.huge) end)
  if #messages > 0 then report.message = table.concat(messages, "\n") end
  return settle(report, #messages > 0)
end

-- Exit code of a report: 0 pass, 1 fail, 2 error or not judged.
function M.exit_code(report)
  return report.verdict == "pass" and 0 or report.verdict == "fail" and 1 or 2
end

return M
