-- kernels/softmax.lua — the knobs of kernels/softmax.cu for `kcv tune` (the
-- first value of each is the kernel as written: docs/KERNELS.md "Knobs")
-- and the spec's launch with the block size as a knob.
return {
  spec = "softmax",
  kernel = {
    launch = function(s) return {grid = math.min(s.rows, 65535), block = s.BLOCK, smem = 0} end,
  },
  tune = {
    knobs = {BLOCK = {256, 128, 512, 1024}, ACC = {"f32", "f16"}, FAST_MATH = {false, true}},
    shapes = {{rows = 4096, cols = 1024}},  -- many short rows, besides the benchmark's 16 long ones
  },
}
