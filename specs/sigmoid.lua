-- specs/sigmoid.lua — the logistic sigmoid, element-wise, f32.
--
-- KernelBench level 1 problem 21 (torch.sigmoid) at batch_size 16 x dim
-- 16384, flattened: n = 262144.
-- Oracle: kcv.mp.map("sigmoid", x) at MPFR precision, rounded once; its
-- magnitude |f(x)| + |x f'(x)| covers the kernel's own rounding plus a
-- relative perturbation u of the argument.
-- Contract details: sigmoid(NaN) = NaN, sigmoid(+Inf) = 1, sigmoid(-Inf) =
-- +0; the negative tail is representable down to the f32 subnormals
-- (sigmoid(-100) = 3.7e-44), so a kernel whose exp(-x) overflows in f32 and
-- returns 0 there flushes values the gates check.  Outputs are never
-- negative: zero signs carry no information.
return {
  name = "sigmoid",
  summary = "logistic sigmoid: y = 1 / (1 + exp(-x))",
  math = "y[i] = 1 / (1 + exp(-x[i]))",
  dims = { n = {min = 1, max = 1 << 24} },
  benchmark = { n = 16 * 16384 },
  shapes = { {n = 1}, {n = 3}, {n = 4099}, {n = 65537} },
  inputs  = { {name = "x", dtype = "f32", shape = {"n"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"n"}} },
  oracle = function(mp, x) return mp.map("sigmoid", x) end,
  torch = "torch.sigmoid(x)",
  stricter = {
    ["CMP-01"] = "sigmoid(x) below x = -87.3 is a subnormal (sigmoid(-100) = 3.7e-44); PyTorch computes "
              .. "1 / (1 + exp(-x)), whose exp overflows there, and returns 0",
    -- the same zero, seen by EXC-02's spread cases (inputs of std 48)
    ["EXC-02"] = "sigmoid(x) below x = -87.3 is a subnormal, not 0; PyTorch computes 1 / (1 + exp(-x)), "
              .. "whose exp overflows there, and returns 0: a flush of the subnormal result",
  },
  error_model = {
    reduction = nil,      -- element-wise: N = 1
    accumulator = "f32",
    c = 4,
  },
  elementwise = true,       -- y[i] depends on x[i] alone
  zero_sign = false,
  kernel = {
    name = "sigmoid_kernel",
    params = {"x", "y", "n:i64"},
    launch = function(s)
      return {grid = math.max(1, math.min((s.n + 255) // 256, 65535)), block = 256, smem = 0}
    end,
  },
  budget = { regs = 128, smem = 48 * 1024, local_bytes = 0 },
}
