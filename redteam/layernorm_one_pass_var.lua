return {
  spec = "layernorm",
  defect = "The variance is computed in one pass as mean(x^2) - mean(x)^2 from f32 sums, which cancels catastrophically on rows whose mean is large against their spread and overflows to Inf on rows of large finite values.",
  caught_by = {"CMP-01", "EXC-03"},
  backends = {"cpu", "cuda"},
}
