-- kcv/gdn.lua — what the Gated DeltaNet specs (specs/gdn_fwd.lua,
-- specs/gdn_bwd.lua) share: the dims, shapes and inputs of the op, and the
-- l2 normalisation of q and k inside it (fla's l2norm, eps = 1e-6) with its
-- VJP, in f64, around the oracle kcv.mp.gdn / gdn_bwd.
local kcv = require "kcv"

local M = {}

M.EPS = 1e-6

-- H counts the key heads (q, k) and G the value heads a key head serves:
-- value head h * G + j reads key head h (grouped heads, as fla's and
-- FlashQLA's GVA: 16 key heads, 32 value heads is G = 2).  The value-side
-- tensors are [B, T, H, G, ...]: byte for byte the [B, T, H*G, ...] that
-- kcv.mp.gdn takes (M.heads reshapes).
M.dims = {
  B = {min = 1, max = 8}, T = {min = 1, max = 32768}, H = {min = 1, max = 96},
  G = {min = 1, max = 4}, K = {min = 1, max = 128}, V = {min = 1, max = 128},
}
M.benchmark = { B = 4, T = 2048, H = 16, G = 1, K = 128, V = 128 }   -- one of fla's benchmark shapes
-- fla's benchmark shapes (B,T,H,D; K = V = D), fresh tables each call:
-- the ones tools/gdn-accuracy.lua and tools/gdn-time.lua default to.
function M.fla_shapes()
  local out = {}
  for _, s in ipairs{{1, 8192, 96, 128}, {2, 16384, 16, 128}, {4, 2048, 16, 128}, {4, 4096, 64, 128}, {8, 1024, 8, 64}} do
    out[#out + 1] = {B = s[1], T = s[2], H = s[3], G = 1, K = s[4], V = s[4]}
  end
  return out
end

-- "B,T,H,D" -> a shape with K = V = D, one value head a key head (G = 1);
-- "B,T,H,HV,D": HV value heads over H key heads (tools/gdn-bench.py's
-- form), G = HV / H; else nil (HV not a multiple of H included).
function M.parse_shape(text)
  local n = {}
  for x in (text or ""):gmatch("[^,]+") do n[#n + 1] = math.tointeger(tonumber(x)) end
  if #n ~= 4 and #n ~= 5 then return nil end
  for i = 1, #n do if not n[i] or n[i] < 1 then return nil end end
  if #n == 4 then table.insert(n, 4, n[3]) end
  if n[4] % n[3] ~= 0 then return nil end
  return {B = n[1], T = n[2], H = n[3], G = n[4] // n[3], K = n[5], V = n[5]}
end

-- The shape as parse_shape reads it: "B,T,H,D", or "B,T,H,HV,D" when G > 1.
function M.shape_label(s)
  if (s.G or 1) == 1 then return ("%d,%d,%d,%d"):format(s.B, s.T, s.H, s.K) end
  return ("%d,%d,%d,%d,%d"):format(s.B, s.T, s.H, s.H * s.G, s.K)
end
M.shapes = { {B = 1, T = 1, H = 1, G = 1, K = 64, V = 64}, {B = 1, T = 65, H = 2, G = 1, K = 64, V = 64},
             {B = 2, T = 200, H = 3, G = 1, K = 32, V = 48}, {B = 1, T = 70, H = 2, G = 3, K = 16, V = 24} }

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
    {name = "v", dtype = "bf16", shape = {"B", "T", "H", "G", "V"}},
    {name = "g", dtype = "f32", shape = {"B", "T", "H", "G"}, domain = {hi = 0}},
    {name = "beta", dtype = "bf16", shape = {"B", "T", "H", "G"}, domain = {lo = 0, hi = 1}},
    {name = "h0", dtype = "f32", shape = {"B", "H", "G", "K", "V"}},
  }
end

-- x ([B, T, H, G, ...] or [B, H, G, ...]) as the [B, T, H*G, ...] (or
-- [B, H*G, ...]) of the value heads kcv.mp.gdn takes (a reshape: the same
-- bytes); nil stays nil.
function M.heads(x, at)
  if x == nil then return nil end
  local shape = {}
  for d = 1, x.ndim do shape[#shape + 1] = x.shape[d] end
  shape[at] = shape[at] * table.remove(shape, at + 1)
  return x:reshape(shape)
end

-- y ([B, T, H*G, ...] from kcv.mp) back as [B, T, H, G, ...]; at is H's axis.
function M.grouped(y, at, G)
  local shape = {}
  for d = 1, y.ndim do shape[#shape + 1] = y.shape[d] end
  shape[at] = shape[at] // G
  table.insert(shape, at + 1, G)
  return y:reshape(shape)
end

-- y = x / n over the last axis, n = sqrt(sum x^2 + eps) per row, in f64
-- (kcv.mp.l2norm).
function M.l2norm(x)
  return kcv.mp.l2norm(x, {eps = M.EPS})
end

-- dx = (dy - y (y . dy)) / n, and its magnitude from dy's (kcv.mp.l2norm_vjp).
M.l2norm_vjp = kcv.mp.l2norm_vjp

return M
