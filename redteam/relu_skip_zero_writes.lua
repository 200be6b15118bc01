return {
  spec = "relu",
  defect = "Outputs that should be zero are never stored, relying on the output buffer already holding zeros.",
  caught_by = {"RES-01"},
  backends = {"cpu", "cuda"},
}
