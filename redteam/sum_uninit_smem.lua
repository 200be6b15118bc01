return {
  spec = "sum",
  defect = "Threads without a column of their own skip writing their shared-memory slot, so on rows shorter than the block the tree reduction adds uninitialized (stale) shared memory.",
  caught_by = {"CMP-02", "RES-01"},  -- short rows read stale values; RES-01's dirty-memory run shows it where stale memory happens to be benign
  backends = {"cpu", "cuda"},
}
