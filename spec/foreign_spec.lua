-- Positive controls in a foreign style: honest kernels written the way other
-- libraries write them (not by us) must pass.  Each entry here once exposed
-- an error model that was too tight, so it guards against false positives.
local verify = require "kcv.verify"

local function run(spec, kernel, gates)
  local report = verify.run{spec = spec, kernel = kernel, gates = gates, seed = 1, backend = "cpu"}
  local failed = {}
  for _, g in ipairs(report.gates) do
    if g.status == "fail" or g.status == "error" then failed[#failed + 1] = g.id .. ": " .. tostring(g.reason) end
  end
  return report, table.concat(failed, "\n")
end

describe("a log-softmax computed in f32 the way PyTorch does it", function()
  local kernel = "spec/fixtures/foreign/log_softmax_torch_style.cu"

  it("passes every thresholded gate of the log_softmax contract", function()
    local report, failed = run("specs/log_softmax.lua", kernel, {"CMP-01", "CMP-02", "ORD-01", "PRC-02"})
    assert.are.equal("pass", report.verdict, failed)
  end)

  it("would fail CMP-01's cancellation case if the contract ignored the f32 roundings of x - m", function()
    local spec = assert(verify.load_spec("specs/log_softmax.lua"))
    spec.error_model.rounds = nil
    local report = run(spec, kernel, {"CMP-01"})
    assert.are.equal("fail", report.verdict)
    assert.are.equal("cancel", report.gates[1].evidence.case)
  end)
end)
