-- specs/rmsnorm.lua — RMS normalisation over the last axis with a gain, f32.
--
-- KernelBench level 1 problem 36 normalises a 16 x 64 x 256 x 256 tensor
-- over its 64 features (dim 1): 16*256*256 = 1048576 independent vectors
-- of 64.  The contract here normalises the last axis, so the benchmark
-- shape is 1048576 rows of 64 columns (the verifier fits it to its budget).
-- Problem 36 has no gain and eps 1e-5; this contract takes gamma and
-- eps = 1e-6, the common LLM form.
-- Oracle: kcv.mp.rmsnorm at MPFR precision, rounded once; magnitude |y|.
-- Error model: N = cols for the mean of squares, f32 accumulator.
-- Contract details: an Inf in the row makes its own output NaN and the
-- other outputs of the row 0 (x / Inf), as the formula does; rows of values
-- near FLT_MAX must not overflow in the squares (EXC-03).
return {
  name = "rmsnorm",
  summary = "RMS norm over the last axis with gamma, eps = 1e-6",
  math = "y[r,c] = x[r,c] / sqrt((1/cols) sum_c' x[r,c']^2 + eps) * gamma[c]",
  dims = { rows = {min = 1, max = 1 << 20}, cols = {min = 1, max = 1 << 18} },
  rows = "rows",            -- row i of y from row i of x: CMP-03 may sample rows
  benchmark = { rows = 16 * 256 * 256, cols = 64 },
  shapes = { {rows = 1, cols = 1}, {rows = 3, cols = 1000}, {rows = 16, cols = 4096} },
  inputs  = {
    {name = "x", dtype = "f32", shape = {"rows", "cols"}},
    {name = "gamma", dtype = "f32", shape = {"cols"}},
  },
  outputs = { {name = "y", dtype = "f32", shape = {"rows", "cols"}} },
  scalars = { {name = "eps", type = "f32", value = 1e-6} },
  oracle = function(mp, x, gamma, sc) return mp.rmsnorm(x, {gamma = gamma, eps = sc.eps}) end,
  -- F.rms_norm where torch has it (2.4 and later), else the composite aten
  -- writes for it: the mean of squares in f32, the product rounded to the
  -- input's dtype, then the gain
  torch = {
    setup = [[
def rms_norm(x, weight, eps):
    if hasattr(F, "rms_norm"):
        return F.rms_norm(x, (x.shape[-1],), weight, eps)
    y = x.float()
    return (y * torch.rsqrt(y.pow(2).mean(-1, keepdim=True) + eps)).type_as(x) * weight
]],
    expr = "rms_norm(x, gamma, eps)",
  },
  stricter = {
    -- tools/parity-probe.py on the H200, torch 2.11 (docs/PARITY.md)
    ["EXC-01"] = "a row holding an Inf has x / Inf = 0 at its finite elements; PyTorch's CUDA rms_norm "
              .. "returns NaN for the whole row at some row lengths (33, 257 and 4097 columns on the H200; "
              .. "256 and 1024 are right)",
    ["EXC-03"] = "rows of values near FLT_MAX have a finite RMS: the contract wants it without overflow (scale "
              .. "the row first); x * rsqrt(mean(x^2) + eps), as PyTorch writes it, overflows and returns 0",
    ["EXC-02"] = "x / rms * gamma rounded once keeps a subnormal result non-zero; PyTorch rounds x * rsqrt(ms), "
              .. "then its product with gamma, and the second rounding can give 0 (7.8e-46 -> 0)",
  },
  error_model = { reduction = "cols", accumulator = "f32", c = 4 },
  zero_sign = false,
  kernel = {
    name = "rmsnorm_kernel",
    params = {"x", "gamma", "y", "rows:i64", "cols:i64", "eps:f32"},
    launch = function(s) return {grid = s.rows, block = 256, smem = 0} end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
