-- kernels/gdn_chunked_fwd.cu, the chunked (WY) Gated DeltaNet forward of
-- issue 11, on the CPU backend: the gates where chunking matters pass (the
-- tail chunks of CMP-02's shapes, non-finite inputs, overflow, determinism,
-- memory), and EXC-01 passes only because specs/gdn_fwd.lua declares NaN
-- and Inf one class: with exact classes the same kernel is rejected, an Inf
-- where the sequential oracle has NaN.  kcv controls (spec/controls_spec.lua)
-- runs all twelve gates on it.  The tests are spec/gdn_chunked.lua's.
local chunked = require "gdn_chunked"

describe("the chunked Gated DeltaNet forward (kernels/gdn_chunked_fwd.cu)", function()
  chunked.its(it, pending, "specs/gdn_fwd.lua", "kernels/gdn_chunked_fwd.cu")
end)

-- CMP-03's top of the range where the whole oracle is beyond the budget
-- and the spec declares neither elementwise nor rows (gdn on the cuda
-- budget: T = 32768 at B = 4, H = 16, K = V = 128).  The CPU budget's
-- oracle limit is lowered here so the CPU backend takes that path.
describe("CMP-03 at the top of a range the whole oracle cannot afford", function()
  local verify = require "kcv.verify"
  local case = require "kcv.verify.case"
  if not require("files").have_cpu_backend() then
    it("needs the CPU kernel backend", function() pending("kcv.kernel / the cpu backend is not available") end)
    return
  end
  local function cmp03(kernel)
    local old = case.LIMITS.cpu
    case.LIMITS.cpu = 1 << 14
    local ok, rep = pcall(verify.run, {spec = "specs/gdn_fwd.lua", kernel = kernel, gates = {"CMP-03"},
                                       seed = 1, backend = "cpu"})
    case.LIMITS.cpu = old
    assert(ok, rep)
    return rep.gates[1]
  end

  it("runs the top shape whole and compares the same T at a shape the oracle affords", function()
    local g = cmp03("kernels/gdn_chunked_fwd.cu")
    assert.are.equal("pass", g.status, g.reason)
    assert.truthy(g.reason:find("B=2 G=1 H=4 K=4 T=32768 V=4 (run whole; compared at B=1 G=1 H=1 K=2 T=32768 V=2)", 1, true),
                  g.reason)
  end)

  it("rejects there a kernel that drops the chunks past position 16384 (redteam/gdn_chunked_long_seq)", function()
    local g = cmp03("redteam/gdn_chunked_long_seq.cu")
    assert.are.equal("fail", g.status, g.reason)
    assert.are.equal("B=1 G=1 H=1 K=2 T=32768 V=2", g.evidence.shape)   -- the oracle-sized compare
    assert.is_true(g.evidence.index >= 16384 * 2, tostring(g.evidence.index))   -- o is [B,T,H,G,V]: row 16384 on
  end)
end)
