-- specs/layernorm.lua — layer normalisation over the last axis with an
-- elementwise affine transform, f32.
--
-- KernelBench level 1 problem 40 (nn.LayerNorm((64, 256, 256)) on a batch
-- of 16): each of 16 rows is normalised over 64*256*256 = 4194304 values.
-- The verifier fits the shape to its budget; the range below still
-- includes it.
-- Oracle: kcv.mp.layernorm (biased variance, eps inside the square root;
-- y = z gamma + beta with one rounding), at MPFR precision.
-- Error model: N = cols for the mean and the variance, f32 accumulator.
-- Contract details: a row holding a NaN or an Inf is NaN throughout; rows
-- with a large common offset and a small spread must not lose the spread
-- (compute the variance in two passes, or Welford); rows of values near
-- FLT_MAX must not overflow in the sums or squares (EXC-03).
return {
  name = "layernorm",
  summary = "layer norm over the last axis with gamma and beta, eps = 1e-5",
  math = "y[r,c] = (x[r,c] - mu_r) / sqrt(var_r + eps) * gamma[c] + beta[c],  mu_r, var_r = mean, biased variance of row r",
  dims = { rows = {min = 1, max = 65536}, cols = {min = 1, max = 1 << 22} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 16, cols = 64 * 256 * 256 },
  shapes = { {rows = 1, cols = 1}, {rows = 3, cols = 1000}, {rows = 64, cols = 4096} },
  inputs  = {
    {name = "x", dtype = "f32", shape = {"rows", "cols"}},
    {name = "gamma", dtype = "f32", shape = {"cols"}},
    {name = "beta", dtype = "f32", shape = {"cols"}},
  },
  outputs = { {name = "y", dtype = "f32", shape = {"rows", "cols"}} },
  scalars = { {name = "eps", type = "f32", value = 1e-5} },
  oracle = function(mp, x, gamma, beta, sc)
    return mp.layernorm(x, {gamma = gamma, beta = beta, eps = sc.eps})
  end,
  torch = "F.layer_norm(x, (cols,), gamma, beta, eps)",
  stricter = {
    ["EXC-03"] = "rows of values near FLT_MAX have finite statistics: the contract wants them without overflow "
              .. "(scale the row first); PyTorch's layer_norm overflows in f32 and returns NaN",
  },
  error_model = { reduction = "cols", accumulator = "f32", c = 4 },
  zero_sign = false,
  kernel = {
    name = "layernorm_kernel",
    params = {"x", "gamma", "beta", "y", "rows:i64", "cols:i64", "eps:f32"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
