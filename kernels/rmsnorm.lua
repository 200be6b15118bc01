-- kernels/rmsnorm.lua — launch geometry of kernels/rmsnorm.cu: rows of up to
-- 1024 columns get one warp each (8 rows per block of 256 threads), longer
-- rows one block each.  The kernel strides over rows in either mode, so
-- the spec's own launch (one block per row) is also correct, only slower.
return {
  spec = "rmsnorm",
  kernel = {
    launch = function(s)
      local rows_per_block = s.cols <= 1024 and 8 or 1
      local grid = (s.rows + rows_per_block - 1) // rows_per_block
      return {grid = math.min(grid, 1 << 20), block = 256, smem = 0}
    end,
  },
}
