-- kernels/gdn_chunked_bwd.cu, the chunked (WY) Gated DeltaNet training
-- backward of issue 11, on the CPU backend: the gates where chunking
-- matters pass (the tail chunks and the several chunks of CMP-02's shapes,
-- non-finite inputs, overflow, determinism, memory), and EXC-01 passes only
-- because specs/gdn_bwd.lua declares NaN and Inf one class: with exact
-- classes the same kernel is rejected, an Inf where the sequential oracle
-- has NaN (spec/gdn_chunked.lua's two tests).  kcv controls
-- (spec/controls_spec.lua) runs all twelve gates on it (about 70 s on the
-- CPU backend).
local verify = require "kcv.verify"
local chunked = require "gdn_chunked"

local SPEC, KERNEL = "specs/gdn_bwd.lua", "kernels/gdn_chunked_bwd.cu"

describe("the chunked Gated DeltaNet backward (kernels/gdn_chunked_bwd.cu)", function()
  if not chunked.its(it, pending, SPEC, KERNEL) then return end

  -- the sums near FLT_MAX overflow in f32 (dq NaN where the oracle is 5.9e36)
  it("is rejected by EXC-03 when it accumulates in f32 (ACC = f32): non-finite where the oracle is finite", function()
    local rep = verify.run{spec = SPEC, kernel = KERNEL, gates = {"EXC-03"}, seed = 1, backend = "cpu",
                           knobs = {ACC = "f32"}}
    local g = rep.gates[1]
    assert.are.equal("fail", g.status, g.reason)
    assert.truthy(g.evidence.class:match("^got nan") or g.evidence.class:match("^got [pn]inf"), g.evidence.class)
  end)
end)
