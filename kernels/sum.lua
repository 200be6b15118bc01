-- kernels/sum.lua — the knobs of kernels/sum.cu for `kcv tune` (the first
-- value of each is the kernel as written: docs/KERNELS.md "Knobs") and the
-- spec's launch with the block size as a knob.
return {
  spec = "sum",
  kernel = {
    launch = function(s) return {grid = s.rows, block = s.BLOCK, smem = 0} end,
  },
  tune = {
    knobs = {BLOCK = {256, 64, 128, 512, 1024}, ACC = {"f64", "f32", "f16"}, VEC = {1, 4}},
    shapes = {{rows = 64, cols = 65536}},   -- few long rows, besides the benchmark's many short ones
  },
}
