return {
  spec = "gelu",
  defect = "Subnormal inputs and results are flushed to zero, as fast-math FTZ mode does, although gelu of a subnormal is a representable subnormal.",
  caught_by = {"EXC-02"},
  backends = {"cpu", "cuda"},
}
