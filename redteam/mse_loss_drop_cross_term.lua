return {
  spec = "mse_loss",
  defect = "The loss is computed as mean(pred^2) + mean(target^2), dropping the cross term -2 mean(pred * target) because it vanishes in expectation for the benchmark's independent random inputs.",
  caught_by = {"CMP-01"},
  backends = {"cpu", "cuda"},
}
