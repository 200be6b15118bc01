-- specs/gdn_bwd.lua — the Gated DeltaNet training backward (the VJP of
-- specs/gdn_fwd.lua, q and k l2-normalised inside the op, as fla's
-- chunk_gated_delta_rule with use_qk_l2norm_in_kernel).
--
-- Given dO = dL/do and dht = dL/dht, the gradients of every input:
-- dq, dk (through the normalisation), dv, dg, dbeta and dh0.  dq, dk, dv,
-- dbeta are bf16 like their inputs; dg and dh0 are f32.
-- Oracle: kcv.mp.gdn_bwd (the adjoint recurrence in f64) on the normalised
-- q and k, then the normalisation's VJP, dx = (dy - y (y . dy)) / n with
-- n = sqrt(sum x^2 + eps), in f64 here.
-- Error model: N = max(K, V, min(T, 64)) (the dot products over K, the sums
-- over the V columns, and a chunked formulation's sums over up to 64
-- positions within a chunk, kcv.gdn.CHUNK; across t the adjoint state is
-- contracted like the forward's, and the oracle's magnitudes carry each
-- step's rounded terms), f32 accumulator.
local gdn = require "kcv.gdn"

return {
  name = "gdn_bwd",
  summary = "Gated DeltaNet backward: the VJP of gdn_fwd (q, k l2-normalised in the op)",
  math = "dq, dk, dv, dg, dbeta, dh0 = VJP of (o, ht) = gdn_fwd(q, k, v, g, beta, h0) at (dO, dht)",
  dims = gdn.dims,
  benchmark = gdn.benchmark,
  shapes = gdn.shapes,
  inputs = (function()
    local list = gdn.inputs()
    list[#list + 1] = {name = "dO", dtype = "bf16", shape = {"B", "T", "H", "V"}}
    list[#list + 1] = {name = "dht", dtype = "f32", shape = {"B", "H", "K", "V"}}
    return list
  end)(),
  outputs = {
    {name = "dq", dtype = "bf16", shape = {"B", "T", "H", "K"}},
    {name = "dk", dtype = "bf16", shape = {"B", "T", "H", "K"}},
    {name = "dv", dtype = "bf16", shape = {"B", "T", "H", "V"}},
    {name = "dg", dtype = "f32", shape = {"B", "T", "H"}},
    {name = "dbeta", dtype = "bf16", shape = {"B", "T", "H"}},
    {name = "dh0", dtype = "f32", shape = {"B", "H", "K", "V"}},
  },
  scalars = { {name = "eps", type = "f32", value = gdn.EPS} },
  oracle = function(mp, q, k, v, g, beta, h0, dO, dht)
    local qn, nq = gdn.l2norm(q)
    local kn, nk = gdn.l2norm(k)
    local r = mp.gdn_bwd{q = qn, k = kn, v = v, g = g, beta = beta, h0 = h0, ["do"] = dO, dht = dht,
                         scale = 1 / math.sqrt(q.shape[4])}
    local dq, dqm = gdn.l2norm_vjp(qn, nq, r.dq, r.mag.dq)
    local dk, dkm = gdn.l2norm_vjp(kn, nk, r.dk, r.mag.dk)
    return dq, dqm, dk, dkm, r.dv, r.mag.dv, r.dg, r.mag.dg, r.dbeta, r.mag.dbeta, r.dh0, r.mag.dh0
  end,
  torch = {none = "the Gated DeltaNet backward is flash-linear-attention's op (Triton kernels), not one of PyTorch eager's"},
  error_model = { reduction = function(s) return math.max(s.K, s.V, math.min(s.T, gdn.CHUNK)) end,
                  accumulator = "f32", c = 8 },
  zero_sign = false,
  -- NaN and +-Inf are one class for EXC-01 (docs/SPECS.md, nonfinite_class).
  -- An Inf injected into v (or h0, g, beta) meets a chain of products and
  -- sums (the state update, S^T q); whether an output element ends Inf or
  -- NaN depends on the order in which Inf - Inf or 0 * Inf is formed.  The
  -- sequential oracle forms them step by step; any chunked (WY) backward
  -- associates differently, so at some elements the oracle has NaN where an
  -- honest chunked kernel has +-Inf.  The clause stays tolerance-free: an
  -- output the oracle keeps finite must be finite, and one it makes
  -- non-finite must be non-finite.
  nonfinite_class = "merged",
  kernel = {   -- the convention of one launch; kernels/gdn_bwd.lua adds the workspaces
    name = "gdn_bwd_kernel",
    params = {"q", "k", "v", "g", "beta", "h0", "dO", "dht", "dq", "dk", "dv", "dg", "dbeta", "dh0",
              "B:i64", "T:i64", "H:i64", "K:i64", "V:i64", "eps:f32"},
    -- a thread per value column and per key row: max(K, V), in whole warps
    launch = function(s) return {grid = s.B * s.H, block = 32 * ((math.max(s.K, s.V) + 31) // 32), smem = 0} end,
  },
  budget = { regs = 255, smem = 48 * 1024, local_bytes = 4096 },
}
