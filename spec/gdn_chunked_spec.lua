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
