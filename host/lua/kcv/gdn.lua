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
-- fla's benchmark shapes (B,T,H,D; K = V = D), fresh tables each call:
-- the ones tools/gdn-accuracy.lua and tools/gdn-time.lua default to.
function M.fla_shapes()
  local out = {}
  for _, s in ipairs{{1, 8192, 96, 128}, {2, 16384, 16, 128}, {4, 2048, 16, 128}, {4, 4096, 64, 128}, {8, 1024, 8, 64}} do
    out[#out + 1] = {B = s[1], T = s[2], H = s[3], K = s[4], V = s[4]}
  end
  return out
end

-- "B,T,H,D" -> a shape with K = V = D, or nil.
function M.parse_shape(text)
  local b, t, h, d = (text or ""):match("^(%d+),(%d+),(%d+),(%d+)$")
  if not b then return nil end
  return {B = tonumber(b), T = tonumber(t), H = tonumber(h), K = tonumber(d), V = tonumber(d)}
end
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
