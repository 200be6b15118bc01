return {
  spec = "layernorm",
  defect = "The variance is computed in one pass as mean(x^2) - mean(x)^2 from f32 sums, whose sum of squares overflows to Inf for rows of large finite values whose normalized output is finite.",
  caught_by = {"EXC-03"},
  backends = {"cpu", "cuda"},
}
