return dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "lib/gdn_chunked.lua")({
  spec = "gdn_fwd",
  defect = "The chunked (WY) forward's output launch takes the decay between two positions of a chunk as exp(G_t - G_s) from a cumulative sum of g that restarts every 16 positions (a cumsum written for tiles of 16, used with chunks of 64), so the intra-chunk weights are wrong across tiles (right for T <= 16 only).",
  caught_by = {"CMP-01", "CMP-02"},
  backends = {"cpu", "cuda"},
}, {gdn_chunk_out = "gdn_chunk_out_tiled"})
