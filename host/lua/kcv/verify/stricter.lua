-- kcv/verify/stricter.lua — the clauses where a contract demands more
-- than PyTorch eager does (a spec's `stricter = {[gate id] = reason}`), and
-- the two verdicts a report carries (docs/PARITY.md):
--
--   contract  every gate as the spec says; a failure on a declared clause
--             is reported as "FAIL (stricter than PyTorch eager: reason)"
--   torch     (--parity torch) the declared clauses are n/a, with the
--             reason: PyTorch parity only
--
--   stricter.apply(entry, spec, mode)   sets entry.stricter, contract_status,
--                                       torch_status and the status in force
--   stricter.verdicts(report)           {contract =, torch =} from the entries
--   stricter.MODES                      the values --parity accepts
local M = {}

M.MODES = {contract = true, torch = true}

M.PREFIX = "stricter than PyTorch eager"

-- A gate's entry under the declared clause, in place.  Errors stay errors
-- under either mode: they are kcv's own, never a clause's.
function M.apply(entry, spec, mode)
  local why = spec.stricter and spec.stricter[entry.id]
  if not why then return entry end
  entry.stricter = why
  entry.contract_status = entry.status
  entry.torch_status = entry.status == "error" and "error" or "na"
  if mode == "torch" and entry.status ~= "error" then
    local was = entry.status
    entry.contract_reason = entry.reason
    entry.status = "na"
    entry.reason = ("%s, not judged under --parity torch: %s (the full contract: %s%s)"):format(
      M.PREFIX, why, was == "na" and "n/a" or was:upper(), entry.contract_reason and (", " .. entry.contract_reason) or "")
  end
  return entry
end

-- The verdict of a list of statuses: fail > error > not_judged > pass.
local function verdict_of(statuses)
  local v = "pass"
  for _, st in ipairs(statuses) do
    if st == "fail" then return "fail" end
    if st == "error" then v = "error"
    elseif st == "not_judged" and v == "pass" then v = "not_judged" end
  end
  return v
end

-- Both verdicts of a report's gates: under the full contract and under
-- --parity torch.
function M.verdicts(report)
  local contract, torch = {}, {}
  for i, g in ipairs(report.gates or {}) do
    contract[i] = g.contract_status or g.status
    torch[i] = g.torch_status or g.status
  end
  return {contract = verdict_of(contract), torch = verdict_of(torch)}
end

-- The failures of the full contract that are declared clauses: a list of
-- entries.
function M.explained(report)
  local list = {}
  for _, g in ipairs(report.gates or {}) do
    if g.stricter and g.contract_status == "fail" then list[#list + 1] = g end
  end
  return list
end

return M
