return {
  spec = "relu",
  defect = "The input is read as float4 on the assumption that it is 16-byte aligned, so a tensor view starting one element past an aligned address is read shifted.",
  caught_by = {"CMP-02"},
  backends = {"cpu", "cuda"},
}
