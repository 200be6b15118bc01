-- specs/log_softmax.lua — log-softmax over the last axis, f32.
--
-- KernelBench level 1 problem 24 (torch.log_softmax(x, dim=1)) at
-- batch_size 16 x dim 16384.
-- Oracle: kcv.mp.log_softmax, shifted by the row maximum m and evaluated as
-- (x - m) - log1p(S') at MPFR precision (docs/ORACLE.md), rounded once.
-- Error model: N = cols terms of the sum of exponentials, f32 accumulator;
-- rounds = 2: x - m and the final subtraction of log S are f32 roundings on
-- the scale of y itself (|x - m| <= |y| since log S >= 0), which the
-- magnitude of the sum does not cover.  Without them an f32 kernel written
-- the way PyTorch's is fails CMP-01's cancellation case (ratio 1.14).
-- Contract details: a row holding a NaN, a +Inf, or only -Inf is NaN
-- throughout (the max-shifted evaluation every stable kernel uses); a -Inf
-- entry of an otherwise finite row gives -Inf; logits near FLT_MAX must not
-- overflow (subtract the maximum).  Outputs are never exp'ed: very negative
-- values keep full relative precision.
return {
  name = "log_softmax",
  summary = "row-wise log-softmax over the last axis",
  math = "y[r,c] = (x[r,c] - m_r) - log sum_c' exp(x[r,c'] - m_r),  m_r = max_c x[r,c]",
  dims = { rows = {min = 1, max = 65536}, cols = {min = 1, max = 1 << 18} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 16, cols = 16384 },
  shapes = { {rows = 1, cols = 1}, {rows = 3, cols = 1000}, {rows = 2, cols = 65537} },
  inputs  = { {name = "x", dtype = "f32", shape = {"rows", "cols"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"rows", "cols"}} },
  oracle = function(mp, x) return mp.log_softmax(x, {axis = -1}) end,
  torch = "torch.log_softmax(x, dim=-1)",
  error_model = { reduction = "cols", accumulator = "f32", c = 2, rounds = 2 },
  zero_sign = false,
  kernel = {
    name = "log_softmax_kernel",
    params = {"x", "y", "rows:i64", "cols:i64"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
