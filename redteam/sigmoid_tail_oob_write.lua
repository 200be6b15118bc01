return {
  spec = "sigmoid",
  defect = "The float4 loop runs over ceil(n/4) vectors, so when n is not a multiple of 4 the last vector store writes up to three floats past the end of the output.",
  caught_by = {"RES-01"},
  backends = {"cpu", "cuda"},
}
