return dofile((debug.getinfo(1, "S").source:match("^@(.*/)") or "./") .. "lib/gdn_chunked.lua")({
  spec = "gdn_fwd",
  defect = "The chunked (WY) forward carries its state from chunk to chunk in bf16 (rounded at every chunk's end, as a kernel that stores chunk states in the input dtype), so every chunk loses the state's low bits and the error grows with the number of chunks.",
  caught_by = {"CMP-01"},
  backends = {"cpu", "cuda"},
}, {gdn_chunk_scan = "gdn_chunk_scan_bf16"})
