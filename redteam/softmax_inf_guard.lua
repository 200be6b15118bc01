return {
  spec = "softmax",
  defect = "The element equal to the row maximum gets exp(0) = 1 without computing x - max, so a row holding +Inf yields finite probabilities where Inf - Inf makes the contract's result NaN.",
  caught_by = {"EXC-01"},
  backends = {"cpu", "cuda"},
}
