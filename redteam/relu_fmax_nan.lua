return {
  spec = "relu",
  defect = "ReLU written as fmaxf(x, 0.0f), which maps a NaN input to 0 instead of propagating it.",
  caught_by = {"EXC-01"},
  backends = {"cpu", "cuda"},
}
