return {
  spec = "relu",
  defect = "ReLU computed branch-free as x * (x > 0), which returns -0 instead of +0 for every negative input (and NaN for -Inf).",
  caught_by = {"EXC-02"},
  backends = {"cpu", "cuda"},
}
