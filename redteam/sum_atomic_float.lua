return {
  spec = "sum",
  defect = "The per-thread partial sums are combined with float atomicAdd into one shared accumulator, so the result's last bits depend on the order in which threads arrive.",
  caught_by = {"ORD-02"},
  backends = {"cpu", "cuda"},
}
