-- relu: the reference element-wise spec (docs/SPECS.md describes every field).
return {
  name = "relu",
  summary = "element-wise max(x, 0) over a flat f32 vector",
  math = "y[i] = x[i] > 0 ? x[i] : +0;  NaN in gives NaN out;  relu(-0) = +0",
  dims = { n = {min = 1, max = 1 << 32} },   -- past 2^31: CMP-03's large-index probe
  benchmark = { n = 16 * 16384 },
  shapes = { {n = 1}, {n = 3}, {n = 4097}, {n = 100003} },
  inputs = { {name = "x", dtype = "f32", shape = {"n"}} },
  outputs = { {name = "y", dtype = "f32", shape = {"n"}} },
  oracle = function(mp, x) return mp.map("relu", x) end,
  torch = "torch.relu(x)",
  stricter = {
    ["EXC-02"] = "relu(-0) = +0, IEEE 754 maximum(-0, +0); PyTorch's relu returns -0",
  },
  error_model = {
    reduction = nil,        -- element-wise: N = 1
    accumulator = "f32",
    c = 1,                  -- exact operation: only the output rounding remains
  },
  elementwise = true,       -- y[i] depends on x[i] alone
  zero_sign = true,         -- relu(-0) = +0 and relu(negative) = +0, as the oracle says
  kernel = {
    name = "relu_kernel",
    params = {"x", "y", "n:i64"},
    launch = function(s)
      return {grid = math.max(1, math.min((s.n + 255) // 256, 4096)), block = 256, smem = 0}
    end,
  },
  budget = { regs = 64, smem = 0, local_bytes = 0 },
}
