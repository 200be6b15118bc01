/*
 * gdn_loops.cuh — how the chunked Gated DeltaNet kernels (gdn_chunked_fwd.cu,
 * gdn_chunked_bwd.cu) and gdn_mma.cuh spread a loop over a block's
 * threads.  Its own header so gdn_mma.cuh compiles alone (its probe,
 * spec/fixtures/gdn_mma_probe.cu, includes it without the kernels).
 */
#ifndef GDN_LOOPS_CUH
#define GDN_LOOPS_CUH

/* w over [0, count), spread over the block's threads. */
#define GDN_EACH(w, count) for (long long w = threadIdx.x; w < (count); w += blockDim.x)

/* Each (r, j) of rows x cols, a warp a row and a lane a column (blockDim.x
 * a multiple of 32): a row's elements read coalesced, and no flat index to
 * split, whose division by a runtime width is a sequence of some twenty
 * instructions an element (a staged element itself is a load and a store).
 * For copies and other elements whose order does not matter; a `break`
 * leaves the row only. */
#define GDN_EACH_ROW(r, rows, j, cols) GDN_EACH_ROW_BY(r, rows, j, cols, 1)

/* The same, each lane starting per columns at j, j + 32 per, .. (the
 * caller takes the columns j + 32 u, u < per, that are < cols). */
#define GDN_EACH_ROW_BY(r, rows, j, cols, per)                                          \
    for (long long r = threadIdx.x / 32; r < (rows); r += blockDim.x / 32)              \
        for (long long j = threadIdx.x % 32; j < (cols); j += 32 * (per))

/* GDN_EACH_ROW with int indices, for the scans (gdn_scan_state_mma), held
 * to 64 registers a thread for four blocks an SM: there ptxas spilled 116
 * bytes with long long indices and 76 with int, while gdn_chunk_grad
 * spilled more with int ones (24 bytes against 12; sm_90a, 12-05). */
#define GDN_EACH_ROW_INT(r, rows, j, cols)                                              \
    for (int r = threadIdx.x / 32; r < (rows); r += blockDim.x / 32)                    \
        for (int j = threadIdx.x % 32; j < (cols); j += 32)

#endif
