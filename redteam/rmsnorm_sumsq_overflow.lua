return {
  spec = "rmsnorm",
  defect = "The sum of squares is accumulated naively in f32 without scaling, so for |x| above sqrt(FLT_MAX) it overflows to Inf, rstd becomes 0 and the row's outputs collapse to a finite but wrong 0.",
  caught_by = {"EXC-03"},
  backends = {"cpu", "cuda"},
}
