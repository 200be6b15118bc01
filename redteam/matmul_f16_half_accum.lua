return {
  spec = "matmul_f16",
  defect = "Each output element is accumulated with __hfma in an f16 register instead of f32, so long dot products lose bits and stall once the running sum's f16 spacing exceeds the products.",
  caught_by = {"PRC-02"},
  backends = {"cpu", "cuda"},
}
