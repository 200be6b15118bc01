-- specs/mse_loss.lua — mean squared error over n elements, one f32 output.
--
-- KernelBench level 1 problem 94 (torch.mean((predictions - targets) ** 2))
-- at batch_size 128 x 4096, flattened: n = 524288.
-- Oracle: kcv.mp.mse, at MPFR precision, rounded once; a mean of
-- non-negative terms, so the magnitude is the value itself.
-- Error model: N = n terms, f32 accumulator (plus the subtraction and the
-- square per term: c = 4).
-- Contract details: a NaN anywhere, or an Inf met by the same Inf (Inf -
-- Inf), gives NaN; any other Inf gives +Inf; differences whose squares
-- overflow f32 while their mean does not (3e19^2 / 4) must give a finite
-- loss (EXC-03).  Every element counts: a loss computed on a subsample and
-- rescaled is outside the bound on inputs with a few large terms.
return {
  name = "mse_loss",
  summary = "mean squared error (1/n) sum (pred - target)^2, one output",
  math = "loss[0] = (1/n) sum_i (pred[i] - target[i])^2",
  dims = { n = {min = 1, max = 1 << 24} },
  benchmark = { n = 128 * 4096 },
  shapes = { {n = 1}, {n = 5}, {n = 4097}, {n = 65537} },
  inputs  = {
    {name = "pred", dtype = "f32", shape = {"n"}},
    {name = "target", dtype = "f32", shape = {"n"}},
  },
  outputs = { {name = "loss", dtype = "f32", shape = {1}} },
  oracle = function(mp, pred, target) return mp.mse(pred, target) end,
  torch = "F.mse_loss(pred, target)",   -- a 0-d loss, read as the 1-element output
  error_model = { reduction = "n", accumulator = "f32", c = 4 },
  zero_sign = false,
  kernel = {
    name = "mse_loss_kernel",
    params = {"pred", "target", "loss", "n:i64"},
    launch = function(s) return {grid = 1, block = 1024, smem = 0} end,
  },
  budget = { regs = 64, smem = 48 * 1024, local_bytes = 0 },
}
