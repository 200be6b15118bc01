-- specs/exp.lua — the exponential, element-wise, f32.
--
-- KernelBench level 1 has no exp problem; the shape is the one of its
-- activation problems (batch_size 16 x dim 16384, flattened: n = 262144).
-- Oracle: kcv.mp.map("exp", x) at MPFR precision, rounded once; magnitude
-- |exp(x)| (1 + |x|): a relative perturbation u of the argument (exp as
-- exp2(x * log2 e)) costs |x| u relative.
-- Contract details: exp(NaN) = NaN, exp(+Inf) = +Inf, exp(-Inf) = +0;
-- overflow to +Inf exactly where the rounded result exceeds FLT_MAX
-- (x > 88.72); gradual underflow below x = -87.3 (exp(-100) = 3.7e-44 is a
-- subnormal, not 0).  Outputs are never negative: zero signs carry nothing.
return {
  name = "exp",
  summary = "exponential: y = exp(x)",
  math = "y[i] = exp(x[i])",
  dims = { n = {min = 1, max = 1 << 24} },
  benchmark = { n = 16 * 16384 },
  shapes = { {n = 1}, {n = 3}, {n = 4099}, {n = 65537} },
  inputs  = { {name = "x", dtype = "f32", shape = {"n"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"n"}} },
  oracle = function(mp, x) return mp.map("exp", x) end,
  torch = "torch.exp(x)",
  error_model = {
    reduction = nil,      -- element-wise: N = 1
    accumulator = "f32",
    c = 2,
  },
  elementwise = true,       -- y[i] depends on x[i] alone
  zero_sign = false,
  kernel = {
    name = "exp_kernel",
    params = {"x", "y", "n:i64"},
    launch = function(s)
      return {grid = math.max(1, math.min((s.n + 255) // 256, 65535)), block = 256, smem = 0}
    end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
