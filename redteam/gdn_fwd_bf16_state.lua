return {
  spec = "gdn_fwd",
  defect = "The recurrent state is stored in bf16 between steps (rounded after every update) instead of f32, so each step loses the state's low bits and the error grows with T.",
  caught_by = {"PRC-02", "CMP-01"},
  backends = {"cpu", "cuda"},
}
