return {
  spec = "rmsnorm",
  defect = "Returns a copy of the input, skipping the normalization and the weights.",
  caught_by = {"CMP-01"},
  backends = {"cpu", "cuda"},
}
