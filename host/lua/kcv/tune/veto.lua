-- kcv/tune/veto.lua — the contract's veto over the timed configs.
--
-- The candidates come in speed order (fastest first); each runs the gates
-- (kcv.verify.run with the config's knobs) until one fails.  The first
-- whose gates all pass is kept and the walk stops: every config before it
-- was faster (or tied with it on the benchmark shape and faster on the
-- others: kcv.tune's ranking) and is listed with the gate that vetoed it, its
-- evidence and the command that reproduces the failure.  A config the
-- gates cannot judge here (it does not compile, a gate errs, not judged)
-- is neither kept nor vetoed: it is listed as unjudged.
--
-- A gate that vetoed a config is tried first on the next one (most
-- recent first): fast configs tend to fail for the same reason.  Before
-- any veto the gates that the tempting knobs trip go first (PRC-02 for a
-- narrow accumulator, EXC-02 for fast math's flush to zero), then the
-- other tolerance-free ones, the broad thresholded ones last.  A config
-- must pass every gate anyway, so the order changes the cost only.
--
--   veto.run{candidates = {row, ...}, verify = fn(config, gate_ids) -> report,
--            gates = {ids} | nil (every gate), all_gates = {ids}, expired = fn,
--            progress = fn(msg, i, n)}   (expired() is asked before every candidate but the first)
--   -> {kept = row | nil, vetoed = {entry}, unjudged = {entry}, stopped = "budget" | nil}
--   entry = {row=, gate=, status=, reason=, evidence=, reproduce=}

local M = {}

M.FIRST = {"PRC-02", "EXC-02", "EXC-01", "EXC-03", "ORD-02", "RES-02", "RES-01", "CMP-01", "ORD-01",
           "PRC-01", "CMP-02", "CMP-03"}

local function ordered(ids, first)
  local out, seen = {}, {}
  for _, id in ipairs(first) do
    for _, g in ipairs(ids) do
      if g == id and not seen[id] then out[#out + 1] = id; seen[id] = true end
    end
  end
  for _, id in ipairs(ids) do
    if not seen[id] then out[#out + 1] = id; seen[id] = true end
  end
  return out
end

local function first_bad(report)
  for _, g in ipairs(report.gates or {}) do
    if g.status == "fail" then return g end
  end
  for _, g in ipairs(report.gates or {}) do
    if g.status == "error" or g.status == "not_judged" then return g end
  end
  return nil
end

-- The verdict of one config: "kept", "vetoed" or "unjudged", and the entry.
local function judge(t, row, recent)
  local first = {}
  for _, id in ipairs(recent) do first[#first + 1] = id end
  for _, id in ipairs(M.FIRST) do first[#first + 1] = id end
  local ids = ordered(t.gates or t.all_gates, first)
  local report = t.verify(row.config, ids)
  row.report = report
  if report.verdict == "pass" then return "kept" end
  local g = first_bad(report)
  local entry = {row = row, gate = g and g.id, status = g and g.status or report.verdict,
                 reason = g and g.reason or report.message, evidence = g and g.evidence,
                 reproduce = g and g.reproduce}
  if report.verdict == "fail" then return "vetoed", entry end
  return "unjudged", entry
end

function M.run(t)
  local out = {vetoed = {}, unjudged = {}}
  local recent = {}
  for i, row in ipairs(t.candidates) do
    -- the fastest candidate is judged whatever the clock says: a search
    -- that timed something ends with a verdict on its best
    if i > 1 and t.expired and t.expired() then out.stopped = "budget"; break end
    if t.progress then t.progress("gates of " .. (row.label or "?"), i, #t.candidates) end
    local verdict, entry = judge(t, row, recent)
    if verdict == "kept" then out.kept = row; break end
    if verdict == "vetoed" then
      out.vetoed[#out.vetoed + 1] = entry
      for k = #recent, 1, -1 do if recent[k] == entry.gate then table.remove(recent, k) end end
      table.insert(recent, 1, entry.gate)
    else
      out.unjudged[#out.unjudged + 1] = entry
    end
  end
  return out
end

return M
