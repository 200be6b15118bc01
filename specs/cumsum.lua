-- specs/cumsum.lua — the inclusive prefix sum along the last axis, f32.
--
-- KernelBench level 1 problem 89 (torch.cumsum(x, dim=1)) at batch_size
-- 128 x 4000.
-- Oracle: kcv.mp.cumsum, every prefix exact and rounded once; magnitude
-- the prefix sum of |x|.
-- Error model: N = cols (the longest prefix), f32 accumulator.
-- Contract details: a NaN poisons its own prefix and every later one of the
-- row, not the earlier ones; +Inf followed by -Inf gives NaN from there on;
-- a prefix whose exact value is finite must come back finite even when an
-- earlier prefix overflowed (EXC-03).
return {
  name = "cumsum",
  summary = "inclusive prefix sum along the last axis",
  math = "y[r,c] = sum_{c' <= c} x[r,c']",
  dims = { rows = {min = 1, max = 65536}, cols = {min = 1, max = 1 << 20} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 128, cols = 4000 },
  shapes = { {rows = 1, cols = 1}, {rows = 3, cols = 2049}, {rows = 2, cols = 65537} },
  inputs  = { {name = "x", dtype = "f32", shape = {"rows", "cols"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"rows", "cols"}} },
  oracle = function(mp, x) return mp.cumsum(x, {axis = -1}) end,
  torch = "torch.cumsum(x, dim=-1)",
  error_model = { reduction = "cols", accumulator = "f32", c = 2 },
  zero_sign = false,
  kernel = {
    name = "cumsum_kernel",
    params = {"x", "y", "rows:i64", "cols:i64"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
