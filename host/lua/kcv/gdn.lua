-- kcv/gdn.lua — what the Gated DeltaNet specs (specs/gdn_fwd.lua,
-- specs/gdn_bwd.lua) share: the dims, shapes and inputs of the op, and the
-- l2 normalisation of q and k inside it (fla's l2norm, eps = 1e-6) with its
-- VJP, in f64, around the oracle kcv.mp.gdn / gdn_bwd.
local kcv = require "kcv"

local M = {}

M.EPS = 1e-6

M.dims = {
  B = {min = 1, max = 8}, T = {min = 1, max = 32768}, H = {min = 1, max = 96},
  K = {min = 1, max = 128}, V = {min = 1, max = 128},
}
M.benchmark = { B = 4, T = 2048, H = 16, K = 128, V = 128 }   -- one of fla's benchmark shapes
M.shapes = { {B = 1, T = 1, H = 1, K = 64, V = 64}, {B = 1, T = 65, H = 2, K = 64, V = 64},
             {B = 2, T = 200, H = 3, K = 32, V = 48} }

-- The chunk length of the chunked (WY) formulation, flash-linear-attention's
-- and kernels/gdn_chunked_*.cu's: within a chunk the products sum over up to
-- this many positions (the intra-chunk attention, W and U, the triangular
-- inverse), so a chunked kernel's rounding grows with min(T, CHUNK) as a
-- sequential one's does with K.  The specs' reduction length counts it.
M.CHUNK = 64

-- The forward's inputs (the backward adds dO and dht).
function M.inputs()
  return {
    {name = "q", dtype = "bf16", shape = {"B", "T", "H", "K"}},
    {name = "k", dtype = "bf16", shape = {"B", "T", "H", "K"}},
    {name = "v", dtype = "bf16", shape = {"B", "T", "H", "V"}},
    {name = "g", dtype = "f32", shape = {"B", "T", "H"}, domain = {hi = 0}},
    {name = "beta", dtype = "bf16", shape = {"B", "T", "H"}, domain = {lo = 0, hi = 1}},
    {name = "h0", dtype = "f32", shape = {"B", "H", "K", "V"}},
  }
end

-- y = x / n over the last axis, n = sqrt(sum x^2 + eps) per row, in f64
-- (kcv.mp.l2norm).
function M.l2norm(x)
  return kcv.mp.l2norm(x, {eps = M.EPS})
end

-- dx = (dy - y (y . dy)) / n, and its magnitude from dy's (kcv.mp.l2norm_vjp).
M.l2norm_vjp = kcv.mp.l2norm_vjp

return M
