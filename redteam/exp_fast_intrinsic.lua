return {
  spec = "exp",
  defect = "Uses the fast intrinsic __expf under --use_fast_math, an approximate exp2 of x * log2(e) with flush-to-zero, whose error grows with |x| and which returns 0 where exp(x) is a subnormal.",
  caught_by = {"CMP-01"},
  backends = {"cpu", "cuda"},
  options = {"--use_fast_math"},
}
