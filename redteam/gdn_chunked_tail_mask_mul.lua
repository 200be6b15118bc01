return dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "lib/gdn_chunked.lua")({
  spec = "gdn_fwd",
  defect = "The chunked (WY) forward's state scan runs the tail chunk as a whole tile of 64: the positions past the sequence's end read the next sequence's tokens and are masked by multiplying with 0, so a NaN or Inf there (0 * NaN = NaN) reaches this sequence's final state, where the oracle's is finite.",
  caught_by = {"EXC-01"},
  backends = {"cpu", "cuda"},
}, {gdn_chunk_scan = "gdn_chunk_scan_tile"})
