-- The defect lives in the launch sequence, so the subject is a pipeline.
-- `stream = "side"` with no join marks the second launch as asynchronous
-- past the subject's return.  NOTE: kcv's pipeline subjects run every
-- launch in order on one stream and ignore `stream`; until they honour it,
-- this entry cannot be caught (see docs/REDTEAM.md).
return {
  spec = "softmax",
  defect = "The normalization kernel is launched on a side stream that is never joined, so the outputs may still be being written after the operator has returned.",
  caught_by = {"RES-01"},
  backends = {"cuda"},
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
