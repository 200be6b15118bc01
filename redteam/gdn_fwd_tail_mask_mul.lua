return {
  spec = "gdn_fwd",
  defect = "Each sequence runs in whole chunks of 64 over the flattened token axis; the tail chunk's positions past the sequence's end load the next sequence's tokens and mask them by multiplying with 0, so a NaN or Inf there (0 * NaN = NaN) reaches this sequence's final state, where the oracle's is finite.",
  caught_by = {"EXC-01"},
  backends = {"cpu", "cuda"},
}
