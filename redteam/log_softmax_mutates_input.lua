return {
  spec = "log_softmax",
  defect = "The shifted logits x - max are written back into the input buffer as scratch, so the caller's input is overwritten.",
  caught_by = {"RES-01"},
  backends = {"cpu", "cuda"},
}
