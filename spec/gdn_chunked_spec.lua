-- kernels/gdn_chunked_fwd.cu, the chunked (WY) Gated DeltaNet forward of
-- issue 11, on the CPU backend: the gates where chunking matters pass (the
-- tail chunks of CMP-02's shapes, non-finite inputs, overflow, determinism,
-- memory), and EXC-01 passes only because specs/gdn_fwd.lua declares NaN
-- and Inf one class: with exact classes the same kernel is rejected, an Inf
-- where the sequential oracle has NaN.  kcv controls (spec/controls_spec.lua)
-- runs all twelve gates on it.
local verify = require "kcv.verify"
local specmod = require "kcv.verify.spec"

local SPEC, KERNEL = "specs/gdn_fwd.lua", "kernels/gdn_chunked_fwd.cu"

local have_cpu_backend = require("files").have_cpu_backend

describe("the chunked Gated DeltaNet forward (kernels/gdn_chunked_fwd.cu)", function()
  if not have_cpu_backend() then
    it("needs the CPU kernel backend", function() pending("kcv.kernel / the cpu backend is not available") end)
    return
  end

  it("passes CMP-01, CMP-02, EXC-01..03, ORD-01, ORD-02, PRC-01, PRC-02 and RES-01 against the fp64 oracle", function()
    local gates = {"CMP-01", "CMP-02", "EXC-01", "EXC-02", "EXC-03", "ORD-01", "ORD-02", "PRC-01", "PRC-02", "RES-01"}
    local rep = verify.run{spec = SPEC, kernel = KERNEL, gates = gates, seed = 1, backend = "cpu"}
    assert.are.equal("pass", rep.verdict, rep.message)
    assert.are.equal(#gates, #rep.gates)
    for _, g in ipairs(rep.gates) do assert.are.equal("pass", g.status, g.id .. ": " .. tostring(g.reason)) end
  end)

  it("is rejected by EXC-01 with exact classes: Inf where the sequential oracle has NaN", function()
    local spec = assert(specmod.load(SPEC))
    assert.are.equal("merged", spec.nonfinite_class)
    spec.nonfinite_class = nil
    local rep = verify.run{spec = spec, kernel = KERNEL, gates = {"EXC-01"}, seed = 1, backend = "cpu"}
    local g = rep.gates[1]
    assert.are.equal("fail", g.status, g.reason)
    assert.truthy(g.evidence.class:match("^got [pn]inf, expected nan$"), g.evidence.class)
  end)
end)
