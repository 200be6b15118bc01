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
  error_model = { reduction = "cols", accumulator = "f32", c = 4 },
  zero_sign = false,
  kernel = {
    name = "rmsnorm_bf16_kernel",
    params = {"x", "gamma", "y", "rows:i64", "cols:i64", "eps:f32"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
