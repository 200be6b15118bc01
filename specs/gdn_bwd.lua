-- specs/gdn_bwd.lua — the Gated DeltaNet training backward (the VJP of
-- specs/gdn_fwd.lua, q and k l2-normalised inside the op, as fla's
-- chunk_gated_delta_rule with use_qk_l2norm_in_kernel).
--
-- Given dO = dL/do and dht = dL/dht, the gradients of every input:
-- dq, dk (through the normalisation; a key head's sums over the G value
-- heads it serves, in head order), dv, dg, dbeta and dh0.  dq, dk, dv,
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
    list[#list + 1] = {name = "dO", dtype = "bf16", shape = {"B", "T", "H", "G", "V"}}
    list[#list + 1] = {name = "dht", dtype = "f32", shape = {"B", "H", "G", "K", "V"}}
    return list
  end)(),
  outputs = {
    {name = "dq", dtype = "bf16", shape = {"B", "T", "H", "K"}},
    {name = "dk", dtype = "bf16", shape = {"B", "T", "H", "K"}},
    {name = "dv", dtype = "bf16", shape = {"B", "T", "H", "G", "V"}},
    {name = "dg", dtype = "f32", shape = {"B", "T", "H", "G"}},
    {name = "dbeta", dtype = "bf16", shape = {"B", "T", "H", "G"}},
    {name = "dh0", dtype = "f32", shape = {"B", "H", "G", "K", "V"}},
  },
  scalars = { {name = "eps", type = "f32", value = gdn.EPS} },
  oracle = function(mp, q, k, v, g, beta, h0, dO, dht)
    local G = v.shape[4]
    local qn, nq = gdn.l2norm(q)
    local kn, nk = gdn.l2norm(k)
    local r = mp.gdn_bwd{q = qn, k = kn, v = gdn.heads(v, 3), g = gdn.heads(g, 3), beta = gdn.heads(beta, 3),
                         h0 = gdn.heads(h0, 2), ["do"] = gdn.heads(dO, 3), dht = gdn.heads(dht, 2),
                         scale = 1 / math.sqrt(q.shape[4])}
    local dq, dqm = gdn.l2norm_vjp(qn, nq, r.dq, r.mag.dq)
    local dk, dkm = gdn.l2norm_vjp(kn, nk, r.dk, r.mag.dk)
    local function grouped(name, at) return gdn.grouped(r[name], at, G), gdn.grouped(r.mag[name], at, G) end
    local dv, dvm = grouped("dv", 3)
    local dg, dgm = grouped("dg", 3)
    local db, dbm = grouped("dbeta", 3)
    local dh0, dhm = grouped("dh0", 2)
    return dq, dqm, dk, dkm, dv, dvm, dg, dgm, db, dbm, dh0, dhm
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
              "B:i64", "T:i64", "H:i64", "G:i64", "K:i64", "V:i64", "eps:f32"},
    -- a block per value head; a thread per value column and per key row:
    -- max(K, V), in whole warps
    launch = function(s) return {grid = s.B * s.H * s.G, block = 32 * ((math.max(s.K, s.V) + 31) // 32), smem = 0} end,
  },
  -- shared memory up to Hopper's opt-in maximum a block (227 KB; the device's
  -- own limit applies where it is lower): a chunked kernel stages a chunk's
  -- rows there (issue 12; kernels/gdn_chunked_*.lua), and the portable
  -- path's 48 KB was never a limit of the operator
  budget = { regs = 255, smem = 227 * 1024, local_bytes = 4096 },
}
