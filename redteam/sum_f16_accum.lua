return {
  spec = "sum",
  defect = "The row sum is accumulated in f16 (__half), in each thread's share and in the warp-shuffle tree, so long reductions lose bits far beyond the f32-accumulator bound and overflow past 65504.",
  caught_by = {"PRC-02"},
  backends = {"cpu", "cuda"},
}
