return {
  spec = "rmsnorm_bf16",
  defect = "The normalized value x * rstd is rounded to bf16 before the multiplication by gamma, so each output is rounded twice to 8 bits where the contract allows one rounding of an f32 intermediate.",
  caught_by = {"PRC-01"},
  backends = {"cpu", "cuda"},
}
