return {
  spec = "softmax",
  defect = "The whole row and its exponentials are staged in dynamic shared memory (2 * cols * 4 bytes), which exceeds the shared-memory budget and the device limit at the longest rows the contract allows.",
  caught_by = {"RES-02"},
  backends = {"cpu", "cuda"},
  kernel = {
    launch = function(s)
      return {grid = math.min(s.rows, 65535), block = 256, smem = 2 * s.cols * 4}
    end,
  },
}
