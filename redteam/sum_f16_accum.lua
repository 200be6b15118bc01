return {
  spec = "sum",
  defect = "Each thread accumulates its share of the row in an f16 (__half) register, so long reductions lose bits far beyond the f32-accumulator bound.",
  caught_by = {"PRC-02"},
  backends = {"cpu", "cuda"},
}
