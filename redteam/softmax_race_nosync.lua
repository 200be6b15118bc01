return {
  spec = "softmax",
  defect = "A __syncthreads() between writing the per-warp partial sums to shared memory and reading them back is missing, so the row sum depends on which warps happen to have written first.",
  caught_by = {"ORD-02", "CMP-02"},  -- nondeterministic on the CPU's shuffled schedules; on a GPU consistently wrong at short rows
  backends = {"cpu", "cuda"},
}
