return {
  spec = "cumsum",
  defect = "An in-place Hillis-Steele scan in shared memory lacks the barrier between reading a neighbour's partial sum and updating its own, so a partial sum that a faster warp has already advanced is added twice.",
  caught_by = {"ORD-02", "CMP-02"},  -- nondeterministic across the CPU's schedules; wrong wherever warps drift apart on a GPU
  backends = {"cpu", "cuda"},
}
