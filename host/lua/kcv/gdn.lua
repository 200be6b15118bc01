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

-- y = x / n over the last axis, n = sqrt(sum x^2 + eps) per row, in f64.
function M.l2norm(x)
  local K = x.shape[#x.shape]
  local rows = x.numel // K
  local y, n = kcv.buffer("f64", x.shape), kcv.buffer("f64", {rows})
  for r = 0, rows - 1 do
    local s = 0
    for i = 0, K - 1 do s = s + x:get(r * K + i) ^ 2 end
    local nr = math.sqrt(s + M.EPS)
    n:set(r, nr)
    for i = 0, K - 1 do y:set(r * K + i, x:get(r * K + i) / nr) end
  end
  return y, n
end

-- dx = (dy - y (y . dy)) / n, and its magnitude from dy's magnitude.
function M.l2norm_vjp(y, n, dy, dym)
  local K = y.shape[#y.shape]
  local dx, mag = kcv.buffer("f64", y.shape), kcv.buffer("f64", y.shape)
  for r = 0, n.numel - 1 do
    local dot, dotm = 0, 0
    for i = 0, K - 1 do
      dot = dot + y:get(r * K + i) * dy:get(r * K + i)
      dotm = dotm + math.abs(y:get(r * K + i)) * dym:get(r * K + i)
    end
    local nr = n:get(r)
    for i = 0, K - 1 do
      local yi = y:get(r * K + i)
      dx:set(r * K + i, (dy:get(r * K + i) - yi * dot) / nr)
      mag:set(r * K + i, (dym:get(r * K + i) + math.abs(yi) * dotm) / nr)
    end
  end
  return dx, mag
end

return M
