-- kernels/matmul.lua — the knobs of kernels/matmul.cu for `kcv tune` (the
-- first value of each is the kernel as written: docs/KERNELS.md "Knobs").
-- The launch stays the spec's: 64 x 64 tiles of 256 threads whatever BK.
return {
  spec = "matmul",
  tune = {
    knobs = {BK = {16, 32}, ACC = {"f32", "f16"}, FAST_MATH = {false, true}},
    shapes = {{M = 4096, N = 4096, K = 1024}},   -- a wider C, besides the benchmark's 2048 cube
  },
}
