return {
  spec = "relu",
  defect = "The element index is a 32-bit int computed from blockIdx.x * blockDim.x, which wraps negative for tensors of 2^31 elements or more.",
  caught_by = {"CMP-03"},
  backends = {"cuda"},
  kernel = {
    -- one thread per element, as the defect's authors launch it
    launch = function(s)
      return {grid = (s.n + 255) // 256, block = 256, smem = 0}
    end,
  },
}
