return {
  spec = "softmax",
  defect = "A __syncthreads() between writing the per-warp partial sums to shared memory and reading them back is missing, so the row sum depends on which warps happen to have written first.",
  caught_by = {"ORD-02"},
  backends = {"cpu", "cuda"},
}
