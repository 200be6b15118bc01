return {
  spec = "mean",
  defect = "The row sum is divided by the benchmark's column count (256), a compile-time constant, instead of by cols.",
  caught_by = {"CMP-03"},
  backends = {"cpu", "cuda"},
}
