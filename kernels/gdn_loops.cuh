/*
 * gdn_loops.cuh — how the chunked Gated DeltaNet kernels (gdn_chunked_fwd.cu,
 * gdn_chunked_bwd.cu) and gdn_mma.cuh spread a loop over a block's
 * threads.  Its own header so gdn_mma.cuh compiles alone (its probe,
 * spec/fixtures/gdn_mma_probe.cu, includes it without the kernels).
 */
#ifndef GDN_LOOPS_CUH
#define GDN_LOOPS_CUH

#include <cuda_pipeline.h>

/* The calling thread's async copies (<cuda_pipeline.h>'s
 * __pipeline_memcpy_async; emulated on the CPU backend) have landed: its
 * batch committed and every batch waited for.  Other threads see them
 * after a barrier (__syncwarp for its warp, __syncthreads for the block). */
__device__ static inline void gdn_copies_land()
{
    __pipeline_commit();
    __pipeline_wait_prior(0);
}

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

/* Each (r, j) of rows x cols as GDN_EACH_ROW (a warp a row, a lane a
 * column), RB of a warp's rows and CB of a lane's columns at a time: v =
 * load(r, j) for the whole batch, then store(r, j, v) for it.  Why: in a
 * loop of one load and one store an element, the compiler keeps each load
 * after the last store (through generic pointers the two may alias; the
 * PTX shows it), so a thread waits one memory latency an element; here one
 * a batch.  For copies into shared memory, whose order does not matter.
 * It pays where a block waits on its loads with few others to hide them
 * (the forward scan, 1.88 -> 1.57 ms at RB 2 on an H100, 12-05); in the
 * launches of 2 or 3 blocks an SM its registers cost more than it saved
 * (gdn_chunk_grad 6.37 -> 7.16, bprep 1.80 -> 1.98; docs/PERF.md). */
template <int RB, int CB, class Load, class Store>
__device__ static inline void gdn_copy_rows(int rows, int cols, Load load, Store store)
{
    const int warps = blockDim.x / 32;
    for (int r0 = threadIdx.x / 32; r0 < rows; r0 += RB * warps)
        for (int j0 = threadIdx.x % 32; j0 < cols; j0 += 32 * CB) {
            decltype(load(0, 0)) v[RB][CB];
#pragma unroll
            for (int a = 0; a < RB; a++)
#pragma unroll
                for (int b = 0; b < CB; b++)
                    if (r0 + a * warps < rows && j0 + 32 * b < cols) v[a][b] = load(r0 + a * warps, j0 + 32 * b);
#pragma unroll
            for (int a = 0; a < RB; a++)
#pragma unroll
                for (int b = 0; b < CB; b++)
                    if (r0 + a * warps < rows && j0 + 32 * b < cols) store(r0 + a * warps, j0 + 32 * b, v[a][b]);
        }
}

#endif
