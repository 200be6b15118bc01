-- specs/mean.lua — the mean along the last axis, f32.
--
-- KernelBench level 1 problem 48 reduces the middle axis of a 16 x 256 x 256
-- tensor (torch.mean(x, dim=1)): 4096 independent means of 256 values.  The
-- contract here reduces the last axis, so the benchmark shape is those
-- 4096 rows of 256 columns.
-- Oracle: kcv.mp.mean at MPFR precision, rounded once; magnitude mean |x|.
-- Error model: N = cols additions in an f32 (or wider) accumulator, then
-- one division.
-- Contract details: a NaN in the row gives NaN; +Inf and -Inf together give
-- NaN; the mean of values near FLT_MAX is finite and must stay finite
-- (EXC-03): an f32 running sum overflows there.
return {
  name = "mean",
  summary = "mean along the last axis",
  math = "y[r] = (1/cols) sum_c x[r, c]",
  dims = { rows = {min = 1, max = 65536}, cols = {min = 1, max = 1 << 20} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 4096, cols = 256 },
  shapes = { {rows = 1, cols = 1}, {rows = 7, cols = 1000}, {rows = 2, cols = 65537} },
  inputs  = { {name = "x", dtype = "f32", shape = {"rows", "cols"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"rows"}} },
  oracle = function(mp, x) return mp.mean(x, {axis = -1}) end,
  torch = "torch.mean(x, dim=-1)",
  stricter = {
    ["EXC-03"] = "the mean of finite values is at most their largest, so it is finite: the contract wants it "
              .. "without overflow (scale, or accumulate wider); PyTorch sums in f32 and returns Inf",
  },
  error_model = { reduction = "cols", accumulator = "f32", c = 2 },
  zero_sign = false,
  kernel = {
    name = "mean_kernel",
    params = {"x", "y", "rows:i64", "cols:i64"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
