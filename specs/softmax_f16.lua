-- specs/softmax_f16.lua — softmax over the last axis with f16 storage and f32
-- intermediates.
--
-- The f16 twin of specs/softmax.lua (KernelBench level 1 problem 23,
-- batch_size 16 x dim 16384): x and y are f16, the contract demands that
-- the maximum, the exponentials and their sum are computed in f32 (or
-- wider) and each output is rounded once to f16.  This is where PRC-01
-- (f16 logits over a wide dynamic range, near 65504) and PRC-02 (an f16
-- running sum of 2^17 exponentials passes 65504 and overflows; f32 does
-- not) have something to check.
-- Oracle: kcv.mp.softmax on the exact f16 inputs, at MPFR precision.
-- Contract details: as specs/softmax.lua: a row holding a NaN, a +Inf, or
-- only -Inf is NaN throughout; logits near the f16 maximum must not
-- overflow.
return {
  name = "softmax_f16",
  summary = "row-wise softmax over the last axis, f16 storage, f32 intermediates",
  math = "y[r,c] = exp(x[r,c] - m_r) / sum_c' exp(x[r,c'] - m_r),  m_r = max_c x[r,c]",
  dims = { rows = {min = 1, max = 65536}, cols = {min = 1, max = 1 << 18} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 16, cols = 16384 },
  shapes = { {rows = 1, cols = 1}, {rows = 3, cols = 1000}, {rows = 2, cols = 65537} },
  inputs  = { {name = "x", dtype = "f16", shape = {"rows", "cols"}} },
  outputs = { {name = "y", dtype = "f16", shape = {"rows", "cols"}} },
  oracle = function(mp, x) return mp.softmax(x, {axis = -1}) end,
  torch = "torch.softmax(x, dim=-1)",
  error_model = { reduction = "cols", accumulator = "f32", c = 2 },
  zero_sign = false,
  kernel = {
    name = "softmax_f16_kernel",
    params = {"x", "y", "rows:i64", "cols:i64"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
