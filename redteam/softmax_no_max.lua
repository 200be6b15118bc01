return {
  spec = "softmax",
  defect = "Softmax computed as exp(x) / sum exp(x) without subtracting the row maximum, so large finite logits overflow to Inf and the row turns into NaN or zeros.",
  caught_by = {"EXC-03"},
  backends = {"cpu", "cuda"},
}
