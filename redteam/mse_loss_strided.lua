return {
  spec = "mse_loss",
  defect = "The loss is estimated from every 4th element and rescaled, which matches the true mean only for inputs whose squared errors are spread evenly.",
  caught_by = {"CMP-01"},
  backends = {"cpu", "cuda"},
}
