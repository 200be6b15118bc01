-- specs/gelu.lua — GELU in its exact (erf) form, element-wise, f32.
--
-- KernelBench level 1 problem 26 (torch.nn.functional.gelu, approximate
-- 'none') at batch_size 16 x dim 16384, flattened: n = 262144.
-- Oracle: kcv.mp.map("gelu", x) = x/2 * erfc(-x/sqrt 2) at MPFR precision,
-- rounded once; its magnitude |f(x)| + |x f'(x)| covers the kernel's own
-- rounding plus a relative perturbation u of the argument.
-- Contract details: the negative tail is part of the answer (gelu(-10) =
-- -7.6e-23 is a normal f32, but 1 + erf(x/sqrt 2) cancels to 0 there in
-- f32: write it with erfc or compute wider); gelu(NaN) = NaN, gelu(+Inf) =
-- +Inf, gelu(-Inf) = NaN (-Inf * 0, as the formula evaluates); the sign of
-- y is the sign of x, so gelu(-0) = -0 and zero signs are checked.
return {
  name = "gelu",
  summary = "GELU, exact erf form: y = x * Phi(x)",
  math = "y[i] = x[i] * Phi(x[i]) = x[i]/2 * erfc(-x[i]/sqrt(2))",
  dims = { n = {min = 1, max = 1 << 24} },
  benchmark = { n = 16 * 16384 },
  shapes = { {n = 1}, {n = 3}, {n = 4099}, {n = 65537} },
  inputs  = { {name = "x", dtype = "f32", shape = {"n"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"n"}} },
  oracle = function(mp, x) return mp.map("gelu", x) end,
  torch = "F.gelu(x)",             -- approximate='none': the erf form
  stricter = {
    ["CMP-01"] = "the negative tail to full relative accuracy (erfc form); PyTorch evaluates 0.5 x (1 + erf(x/sqrt 2)) "
              .. "in f32, which cancels: 4% error at x = -5, 0 at x = -6",
    ["CMP-02"] = "the negative tail to full relative accuracy; PyTorch's erf form cancels (1 + erf loses bits from x = -1)",
    ["CMP-03"] = "the negative tail to full relative accuracy; PyTorch's erf form cancels (1 + erf loses bits from x = -1)",
    ["EXC-02"] = "gelu keeps the sign of x: a tail value that rounds to zero is -0, a tiny one a subnormal; "
              .. "PyTorch's erf form cancels to +0 there",
  },
  error_model = {
    reduction = nil,      -- element-wise: N = 1
    accumulator = "f32",
    c = 4,
  },
  elementwise = true,       -- y[i] depends on x[i] alone
  zero_sign = true,
  kernel = {
    name = "gelu_kernel",
    params = {"x", "y", "n:i64"},
    launch = function(s)
      return {grid = math.max(1, math.min((s.n + 255) // 256, 65535)), block = 256, smem = 0}
    end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
