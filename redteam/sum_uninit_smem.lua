return {
  spec = "sum",
  defect = "Threads without a column of their own skip writing their shared-memory slot, so on rows shorter than the block the tree reduction adds uninitialized (stale) shared memory.",
  caught_by = {"CMP-02", "RES-01"},  -- short rows read the stale values (0x7F7F7F7F on the GPU: dirty_shared); RES-01 at a shape with short rows
  backends = {"cpu", "cuda"},
}
