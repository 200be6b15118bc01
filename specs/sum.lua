-- specs/sum.lua — the sum along the last axis, f32.
--
-- KernelBench level 1 problem 47 reduces the middle axis of a 16 x 256 x 256
-- tensor (torch.sum(x, dim=1)): 4096 independent sums of 256 values.  The
-- contract here reduces the last axis, so the benchmark shape is those
-- 4096 rows of 256 columns.
-- Oracle: kcv.mp.sum, the exact sum rounded once; magnitude sum |x|.
-- Error model: N = cols additions in an f32 (or wider) accumulator.
-- Contract details: a NaN in the row gives NaN; +Inf and -Inf together give
-- NaN; a row whose sum is finite must not overflow on the way (EXC-03).
return {
  name = "sum",
  summary = "sum along the last axis",
  math = "y[r] = sum_c x[r, c]",
  dims = { rows = {min = 1, max = 65536}, cols = {min = 1, max = 1 << 20} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 4096, cols = 256 },
  shapes = { {rows = 1, cols = 1}, {rows = 7, cols = 1000}, {rows = 2, cols = 65537} },
  inputs  = { {name = "x", dtype = "f32", shape = {"rows", "cols"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"rows"}} },
  oracle = function(mp, x) return mp.sum(x, {axis = -1}) end,
  torch = "torch.sum(x, dim=-1)",
  error_model = { reduction = "cols", accumulator = "f32", c = 2 },
  zero_sign = false,
  kernel = {
    name = "sum_kernel",
    params = {"x", "y", "rows:i64", "cols:i64"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
