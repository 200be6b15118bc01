return {
  spec = "gdn_fwd",
  defect = "The log-gates' cumulative sum restarts at every chunk of 64 tokens while the decay from the previous token is still exp(G_t - G_{t-1}), so at each chunk's first token (right for T <= 64 only) the carried state is scaled by exp(g_t - the previous chunk's sum of g) instead of exp(g_t).",
  caught_by = {"CMP-02", "CMP-03"},
  backends = {"cpu", "cuda"},
}
