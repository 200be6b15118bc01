-- kcv/audit/summary.lua — the audit's statistics from journal entries, and
-- the tables of docs/AUDIT.md (generated, never edited by hand).
--
-- Not-judged solutions and corpus errors are left out of every denominator
-- and listed apart with their causes.  Elements where the reference itself
-- disagrees with the oracle, and 0*NaN artifacts, are counted, never as
-- violations.
local gates = require "kcv.audit.gates"

local M = {}

-- A solution's id as the tables show it: a hash's first 12 characters, a
-- positive control's whole name (control/l1_p19).
local function short_id(id)
  return id:match("^control/") and id or id:sub(1, 12)
end

-- Why an entry was not judged, in a few words: its reason's head, else the
-- first unjudged gate's; every out-of-memory alike (audits side by side
-- share one GPU: the machine's state, not the subject's).
local function cause_of(e)
  local why = e.reason
  for _, g in ipairs(why and {} or e.gates or {}) do
    if g.status == "not_judged" then why = g.reason; break end
  end
  why = why or "?"
  if why:find("out of memory", 1, true) then return "out of device memory" end
  return why:match("^([^:]+)") or "?"
end

function M.of(entries)
  local s = {solutions = #entries, judged = 0, pass = 0, fail = 0, not_judged = 0, corpus_error = 0,
             tolerance_free_fail = 0, per_gate = {}, causes = {}, artifacts = 0, ref_disagrees = 0, roundings = 0,
             diff = {accept_pass = 0, accept_fail = 0, reject_pass = 0, reject_fail = 0},
             baseline_accept = 0, faults = 0, documented = {}}
  for _, g in ipairs(gates.list) do s.per_gate[g.id] = 0 end
  for _, e in ipairs(entries) do
    if e.verdict == "pass" or e.verdict == "fail" then
      s.judged = s.judged + 1
      s[e.verdict] = s[e.verdict] + 1
      local tf, fault = false, false
      for _, g in ipairs(e.gates or {}) do
        if g.status == "fail" then
          s.per_gate[g.id] = (s.per_gate[g.id] or 0) + 1
          if gates.TOLERANCE_FREE[g.id] then tf = true end
          if g.evidence and g.evidence.fault then fault = true end
        end
        if g.documented_nondeterministic then      -- PyTorch's own alerts (ORD-02)
          s.documented[#s.documented + 1] = {id = e.id, problem = e.problem, status = g.status,
                                             ops = g.documented_nondeterministic}
        end
        s.artifacts = s.artifacts + (g.artifacts or 0)
        s.roundings = s.roundings + (g.roundings or 0)
        s.ref_disagrees = s.ref_disagrees + (g.ref_disagrees or 0)
      end
      if tf then s.tolerance_free_fail = s.tolerance_free_fail + 1 end
      if fault then s.faults = s.faults + 1 end
      local acc = e.baseline and e.baseline.accept
      if acc then s.baseline_accept = s.baseline_accept + 1 end
      local k = (acc and "accept_" or "reject_") .. e.verdict
      s.diff[k] = s.diff[k] + 1
    else
      local v = e.verdict == "corpus_error" and "corpus_error" or "not_judged"
      s[v] = s[v] + 1
      local cause = cause_of(e)
      s.causes[cause] = (s.causes[cause] or 0) + 1
    end
  end
  local modal, most = nil, 0
  for _, g in ipairs(gates.list) do
    if s.per_gate[g.id] > most then modal, most = g.id, s.per_gate[g.id] end
  end
  s.modal = modal
  return s
end

local function pct(a, b)
  return b > 0 and ("%.1f%%"):format(100 * a / b) or "-"
end

-- The generated tables, as Markdown.
function M.markdown(s, entries)
  local L = {}
  local function add(...) L[#L + 1] = table.concat({...}) end
  add("| | count | share of judged |")
  add("| --- | ---: | ---: |")
  add("| solutions in the journal | ", s.solutions, " | |")
  add("| judged (pass or fail) | ", s.judged, " | |")
  add("| fail at least one gate | ", s.fail, " | ", pct(s.fail, s.judged), " |")
  add("| fail at least one tolerance-free gate | ", s.tolerance_free_fail, " | ", pct(s.tolerance_free_fail, s.judged), " |")
  add("| fail through a fault of their own (exception, crash, illegal address, hang where the reference runs) | ",
      s.faults, " | ", pct(s.faults, s.judged), " |")
  add("| pass every gate | ", s.pass, " | ", pct(s.pass, s.judged), " |")
  add("| not judged (left out above) | ", s.not_judged, " | |")
  add("| corpus errors (left out above) | ", s.corpus_error, " | |")
  add("")
  add("**The 2×2 differential** (judged solutions; the baseline is KernelBench v0's allclose check re-run here):")
  add("")
  add("| | kcv accepts | kcv rejects |")
  add("| --- | ---: | ---: |")
  add("| baseline accepts | ", s.diff.accept_pass, " | ", s.diff.accept_fail, " |")
  add("| baseline rejects | ", s.diff.reject_pass, " | ", s.diff.reject_fail, " |")
  add("")
  add("**Failures per gate** (a solution can fail several; modal defect: ", s.modal or "none", "):")
  add("")
  add("| gate | kind | solutions failing |")
  add("| --- | --- | ---: |")
  for _, g in ipairs(gates.list) do
    add("| ", g.id, " ", g.title, " | ", g.kind, " | ", s.per_gate[g.id], " |")
  end
  add("")
  add(("Elements left out of verdicts: %d where the eager reference itself disagrees with the fp64 oracle, "
       .. "%d that differ from the reference only through 0×NaN or 0×Inf, "
       .. "%d where a zero against a normal number is within the thresholded bound (a rounding)."):format(
       s.ref_disagrees, s.artifacts, s.roundings))
  if next(s.causes) then
    add("")
    add("| not judged / corpus error: cause | solutions |")
    add("| --- | ---: |")
    local cs = {}
    for c, n in pairs(s.causes) do cs[#cs + 1] = {c, n} end
    table.sort(cs, function(a, b) return a[2] > b[2] or (a[2] == b[2] and a[1] < b[1]) end)
    for _, c in ipairs(cs) do add("| ", c[1]:gsub("|", "/"), " | ", c[2], " |") end
  end
  if #s.documented > 0 then
    add("")
    add("**Ops PyTorch documents as nondeterministic** in the reference (its alert under "
        .. "`torch.use_deterministic_algorithms(True, warn_only=True)`), with ORD-02's verdict:")
    add("")
    add("| solution | problem | ORD-02 | PyTorch's alert |")
    add("| --- | --- | --- | --- |")
    for _, d in ipairs(s.documented) do
      add("| `", short_id(d.id), "` | ", d.problem or "?", " | ", d.status, " | ",
          (table.concat(d.ops, " / "):gsub("|", "/")), " |")
    end
  end
  if entries then
    add("")
    add("| solution | problem | model | baseline | kcv | failing gates |")
    add("| --- | --- | --- | --- | --- | --- |")
    for _, e in ipairs(entries) do
      local f = {}
      for _, g in ipairs(e.gates or {}) do if g.status == "fail" then f[#f + 1] = g.id end end
      local b = e.baseline and (e.baseline.accept and "accept" or "reject") or "-"
      add("| `", short_id(e.id), "` | ", e.problem or "?", " | ", e.model or "?", " | ", b, " | ",
          e.verdict, " | ", table.concat(f, " "), " |")
    end
  end
  return table.concat(L, "\n") .. "\n"
end

-- Plain text for the terminal.
function M.text(s)
  return ("judged %d of %d: %d fail (%s), %d fail a tolerance-free gate (%s), %d through a fault of their own, %d pass; "
          .. "not judged %d, corpus errors %d\n"
          .. "differential: baseline accepts & kcv rejects %d, both accept %d, baseline rejects & kcv accepts %d, both reject %d\n"
          .. "modal defect: %s; reference disagrees at %d element(s), 0*NaN artifacts at %d, roundings at %d")
         :format(s.judged, s.solutions, s.fail, pct(s.fail, s.judged), s.tolerance_free_fail,
                 pct(s.tolerance_free_fail, s.judged), s.faults, s.pass, s.not_judged, s.corpus_error,
                 s.diff.accept_fail, s.diff.accept_pass, s.diff.reject_pass, s.diff.reject_fail,
                 s.modal or "none", s.ref_disagrees, s.artifacts, s.roundings)
end

return M
