-- specs/rmsnorm_bf16.lua — RMS normalisation over the last axis with bf16
-- storage and f32 intermediates.
--
-- The bf16 twin of specs/rmsnorm.lua (same benchmark shape, from KernelBench
-- level 1 problem 36): x, gamma and y are bf16; the contract demands that
-- the mean of squares, the reciprocal root and the products are computed
-- in f32 (or wider) and each output is rounded once to bf16.  This is where
-- PRC-01 (bf16 rows over a wide dynamic range) and PRC-02 (a bf16 running
-- sum of squares stagnates once it passes 2^8 times the addends) have
-- something to check.
-- Oracle: kcv.mp.rmsnorm on the exact bf16 inputs, at MPFR precision.
-- The clause PyTorch's rms_norm misses on every thresholded gate: one
-- rounding to bf16 (redteam/rmsnorm_bf16_intermediate does what PyTorch does).
local TWICE = "each output rounded once to bf16 from f32 intermediates; PyTorch's rms_norm rounds x * rsqrt(ms) "
           .. "to bf16, then multiplies by gamma in bf16: two roundings, up to twice the bound"

return {
  name = "rmsnorm_bf16",
  summary = "RMS norm over the last axis with gamma, eps = 1e-6, bf16 storage, f32 intermediates",
  math = "y[r,c] = x[r,c] / sqrt((1/cols) sum_c' x[r,c']^2 + eps) * gamma[c]",
  dims = { rows = {min = 1, max = 1 << 20}, cols = {min = 1, max = 1 << 18} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 16 * 256 * 256, cols = 64 },
  shapes = { {rows = 1, cols = 1}, {rows = 3, cols = 1000}, {rows = 16, cols = 4096} },
  inputs  = {
    {name = "x", dtype = "bf16", shape = {"rows", "cols"}},
    {name = "gamma", dtype = "bf16", shape = {"cols"}},
  },
  outputs = { {name = "y", dtype = "bf16", shape = {"rows", "cols"}} },
  scalars = { {name = "eps", type = "f32", value = 1e-6} },
  oracle = function(mp, x, gamma, sc) return mp.rmsnorm(x, {gamma = gamma, eps = sc.eps}) end,
  -- the same PyTorch op as the f32 contract's (F.rms_norm, or its composite)
  torch = dofile(require("kcv.verify.registry").root() .. "/specs/rmsnorm.lua").torch,
  stricter = {
    -- tools/parity-probe.py on the H200, torch 2.11 (docs/PARITY.md)
    ["EXC-01"] = "a row holding an Inf has x / Inf = 0 at its finite elements; PyTorch's CUDA rms_norm "
              .. "returns NaN for the whole row at some row lengths (33, 257 and 4097 columns on the H200; "
              .. "256 and 1024 are right)",
    ["EXC-03"] = "rows of values near the bf16 maximum have a finite RMS: the contract wants it without overflow "
              .. "(scale the row first); x * rsqrt(mean(x^2) + eps), as PyTorch writes it, overflows and returns 0",
    ["EXC-02"] = "a subnormal result stays non-zero; PyTorch rounds x * rsqrt(ms) to bf16, then its product "
              .. "with gamma, and the second rounding can give 0",
    ["CMP-01"] = TWICE, ["CMP-02"] = TWICE, ["CMP-03"] = TWICE,
    ["ORD-01"] = TWICE, ["PRC-01"] = TWICE, ["PRC-02"] = TWICE,
  },
  error_model = { reduction = "cols", accumulator = "f32", c = 4 },
  zero_sign = false,
  kernel = {
    name = "rmsnorm_bf16_kernel",
    params = {"x", "gamma", "y", "rows:i64", "cols:i64", "eps:f32"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
