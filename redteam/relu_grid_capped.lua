return {
  spec = "relu",
  defect = "One thread per element with the grid capped at 1024 blocks of 256 and no grid-stride loop: right up to 2^18 elements, and from element 262144 on the output is never written.",
  caught_by = {"CMP-03"},
  backends = {"cpu", "cuda"},
  kernel = {
    launch = function(s)
      return {grid = math.max(1, math.min((s.n + 255) // 256, 1024)), block = 256, smem = 0}
    end,
  },
}
