-- softmax: the reference reduction spec (docs/SPECS.md describes every field).
return {
  name = "softmax",
  summary = "row-wise softmax over the last axis, f32",
  math = "y[r,c] = exp(x[r,c] - m_r) / sum_c' exp(x[r,c'] - m_r),  m_r = max_c x[r,c]",
  dims = { rows = {min = 1, max = 4096}, cols = {min = 1, max = 65536} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 16, cols = 16384 },
  shapes = { {rows = 1, cols = 1}, {rows = 3, cols = 1000}, {rows = 7, cols = 4099} },
  inputs = { {name = "x", dtype = "f32", shape = {"rows", "cols"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"rows", "cols"}} },
  oracle = function(mp, x) return mp.softmax(x, {axis = -1}) end,
  torch = "torch.softmax(x, dim=-1)",
  error_model = {
    reduction = "cols",     -- the sum of exponentials runs over a row
    accumulator = "f32",
    c = 2,                  -- exp and the division each add about one rounding
  },
  zero_sign = false,
  kernel = {
    name = "softmax_kernel",
    params = {"x", "y", "rows:i64", "cols:i64"},
    launch = function(s) return {grid = math.min(s.rows, 65535), block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
