return dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "lib/gdn_chunked.lua")({
  spec = "gdn_fwd",
  defect = "The chunked (WY) forward's output launch was written for sequences of at most 16384 positions (256 chunks of 64): the blocks of later chunks return without writing, so o's rows from position 16384 on are never written, so it is right below T = 16385 and wrong at the top of the declared range (T to 32768).",
  caught_by = {"CMP-03"},
  backends = {"cpu", "cuda"},
}, {gdn_chunk_out = "gdn_chunk_out_short"})
