-- specs/gdn_fwd.lua — the Gated DeltaNet forward (flash-linear-attention's
-- chunk_gated_delta_rule with use_qk_l2norm_in_kernel, output_final_state).
--
-- Per batch b and value head (h, j) (G value heads share key head h:
-- kcv.gdn), with q and k normalised inside the op
-- (x / sqrt(sum x^2 + 1e-6), as fla's l2norm) and the K x V state S:
--   S_t = exp(g_t) (I - beta_t k_t k_t^T) S_{t-1} + beta_t k_t v_t^T,  S_0 = h0
--   o_t = K^-1/2 S_t^T q_t,   ht = S_T
-- q, k, v, beta and o are bf16; g, h0 and ht are f32.  g <= 0 is a
-- log-space gate and 0 <= beta <= 1; normalising k keeps I - beta k k^T a
-- contraction, which is what the oracle's magnitudes assume
-- (docs/ORACLE.md, "Gated linear recurrences").
-- Oracle: kcv.mp.gdn in f64 on the normalised q and k.
-- Error model: N = max(K, min(T, 64)) (the dot products and the norms are K
-- long, and a chunked formulation sums up to 64 positions within a chunk:
-- kcv.gdn.CHUNK; the state is contracted, not amplified, across t, and the
-- oracle's magnitude already carries each step's rounded terms), f32
-- accumulator.  Operands rounded to bf16 inside the products (tensor cores
-- fed bf16, a bf16 state) are not f32 accumulation: docs/KERNELS.md.
local gdn = require "kcv.gdn"

return {
  name = "gdn_fwd",
  summary = "Gated DeltaNet forward: chunk_gated_delta_rule with q, k l2-normalised in the op",
  math = "S_t = exp(g_t)(I - beta_t k_t k_t^T) S_{t-1} + beta_t k_t v_t^T; o_t = K^-1/2 S_t^T q_t",
  dims = gdn.dims,
  benchmark = gdn.benchmark,
  shapes = gdn.shapes,
  inputs = gdn.inputs(),
  outputs = {
    {name = "o", dtype = "bf16", shape = {"B", "T", "H", "G", "V"}},
    {name = "ht", dtype = "f32", shape = {"B", "H", "G", "K", "V"}},
  },
  scalars = { {name = "eps", type = "f32", value = gdn.EPS} },
  oracle = function(mp, q, k, v, g, beta, h0)
    local G = v.shape[4]
    local o, ht, om, hm = mp.gdn{q = gdn.l2norm(q), k = gdn.l2norm(k), v = gdn.heads(v, 3), g = gdn.heads(g, 3),
                                 beta = gdn.heads(beta, 3), h0 = gdn.heads(h0, 2),
                                 scale = 1 / math.sqrt(q.shape[4])}
    return gdn.grouped(o, 3, G), gdn.grouped(om, 3, G), gdn.grouped(ht, 2, G), gdn.grouped(hm, 2, G)
  end,
  torch = {none = "Gated DeltaNet is flash-linear-attention's op (Triton kernels), not one of PyTorch eager's"},
  error_model = { reduction = function(s) return math.max(s.K, math.min(s.T, gdn.CHUNK)) end,
                  accumulator = "f32", c = 8 },
  zero_sign = false,
  -- NaN and +-Inf are one class for EXC-01 (docs/SPECS.md, nonfinite_class).
  -- An Inf injected into v (or h0, g, beta) meets a chain of products and
  -- sums (the state update, S^T q); whether an output element ends Inf or
  -- NaN depends on the order in which Inf - Inf or 0 * Inf is formed.  The
  -- sequential oracle forms them step by step; any chunked (WY) kernel
  -- associates differently, so at some elements the oracle has NaN where an
  -- honest chunked kernel has +-Inf.  The clause stays tolerance-free: an
  -- output the oracle keeps finite must be finite, and one it makes
  -- non-finite must be non-finite.
  nonfinite_class = "merged",
  kernel = {
    name = "gdn_fwd_kernel",
    params = {"q", "k", "v", "g", "beta", "h0", "o", "ht", "B:i64", "T:i64", "H:i64", "G:i64", "K:i64", "V:i64",
              "eps:f32"},
    -- a block per value head; a thread per value column and per key row:
    -- max(K, V), in whole warps
    launch = function(s) return {grid = s.B * s.H * s.G, block = 32 * ((math.max(s.K, s.V) + 31) // 32), smem = 0} end,
  },
  -- shared memory up to Hopper's opt-in maximum a block (227 KB; the device's
  -- own limit applies where it is lower): a chunked kernel stages a chunk's
  -- rows there (issue 12; kernels/gdn_chunked_*.lua), and the portable
  -- path's 48 KB was never a limit of the operator
  budget = { regs = 255, smem = 227 * 1024, local_bytes = 1024 },
}
