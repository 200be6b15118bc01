return {
  spec = "exp",
  defect = "Uses the fast intrinsic __expf, whose relative error grows with |x| because the argument is scaled by log2(e) in f32 before an approximate exp2.",
  caught_by = {"CMP-01"},
  backends = {"cpu", "cuda"},
}
