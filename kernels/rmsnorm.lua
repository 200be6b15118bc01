-- kernels/rmsnorm.lua — launch geometry of kernels/rmsnorm.cu: rows of up to
-- 1024 columns get one warp each (BLOCK / 32 rows per block), longer rows
-- one block each.  The kernel strides over rows in either mode, so the
-- spec's own launch (one block per row) is also correct, only slower.
-- The knobs are for `kcv tune`; the first value of each is the kernel as
-- written (docs/KERNELS.md "Knobs").
return {
  spec = "rmsnorm",
  kernel = {
    launch = function(s)
      local rows_per_block = s.cols <= 1024 and s.BLOCK // 32 or 1
      local grid = (s.rows + rows_per_block - 1) // rows_per_block
      return {grid = math.min(grid, 1 << 20), block = s.BLOCK, smem = 0}
    end,
  },
  tune = {
    knobs = {BLOCK = {256, 128, 512, 1024}, ACC = {"f64", "f32", "f16"}},
    shapes = {{rows = 4096, cols = 4096}},   -- the block-per-row mode, besides the benchmark's warp per row
  },
}
