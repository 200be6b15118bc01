-- The defect lives in the launch sequence, so the subject is a pipeline.
-- `stream = "side", join = false` runs the second launch on a side stream
-- that nothing waits for: kcv reads the outputs as soon as the main stream
-- is done (docs/API.md, kcv.kernel.run).  Both backends run unjoined side
-- work only after the download (the worst legal schedule; on a GPU it
-- would otherwise race the download and usually win), so y comes back
-- unwritten and RES-01's poison check fails it on every run.
return {
  spec = "softmax",
  defect = "The normalization kernel is launched on a side stream that is never joined, so the outputs may still be being written after the operator has returned.",
  caught_by = {"RES-01"},
  backends = {"cpu", "cuda"},
  kernel = {
    pipeline = {
      workspace = {
        {name = "stats", dtype = "f32", shape = function(s) return {s.rows, 2} end},
      },
      launches = function(s)
        local grid = math.min(s.rows, 65535)
        return {
          {name = "softmax_stats_kernel", params = {"x", "stats", "rows:i64", "cols:i64"},
           grid = grid, block = 256, smem = 0},
          {name = "softmax_normalize_kernel", params = {"x", "stats", "y", "rows:i64", "cols:i64"},
           grid = grid, block = 256, smem = 0, stream = "side", join = false},
        }
      end,
    },
  },
}
