/*
 * cumsum.cu — y[r, c] = sum_{c' <= c} x[r, c'], the inclusive prefix sum
 * along the last axis, f32 in and out.
 *
 * One block per row (grid-stride over rows); the block size must be
 * CUMSUM_THREADS (the launch says so).  The row is scanned in tiles of
 * CUMSUM_THREADS * ITEMS elements:
 *   - the tile is loaded into shared memory coalesced (zeros past the end);
 *   - thread t scans its ITEMS consecutive elements sequentially;
 *   - a warp-shuffle scan over the threads' totals (Kogge-Stone within each
 *     warp, then over the warp totals) gives each thread its prefix;
 *   - prefix + carry is added back, the tile is stored coalesced, and the
 *     tile total is carried into the next tile.
 * Shared memory is padded by one float per 32 so the per-thread strided
 * reads are free of bank conflicts.  Partial sums are double: the order of
 * additions is fixed by the tiling (deterministic) and large values whose
 * prefix is finite cannot overflow on the way.
 */
#define CUMSUM_THREADS 256
#define ITEMS 8
#define TILE (CUMSUM_THREADS * ITEMS)
#define PAD(i) ((i) + ((i) >> 5))

/* Exclusive scan of v over the block (thread 0 gets 0); *total gets the
 * block's total.  warp_tot is shared scratch of 32 doubles. */
__device__ double block_exclusive_scan(double v, double *warp_tot, double *total)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int nwarps = CUMSUM_THREADS / 32;

    double incl = v;
    for (int off = 1; off < 32; off <<= 1) {
        double u = __shfl_up_sync(0xffffffffu, incl, off);
        if (lane >= off)
            incl += u;
    }
    double excl = __shfl_up_sync(0xffffffffu, incl, 1);
    if (lane == 0)
        excl = 0.0;
    if (lane == 31)
        warp_tot[warp] = incl;
    __syncthreads();
    if (warp == 0) {
        double w = lane < nwarps ? warp_tot[lane] : 0.0;
        for (int off = 1; off < nwarps; off <<= 1) {
            double u = __shfl_up_sync(0xffffffffu, w, off);
            if (lane >= off)
                w += u;
        }
        if (lane < nwarps)
            warp_tot[lane] = w;         /* inclusive over the warps */
    }
    __syncthreads();
    if (warp > 0)
        excl = warp_tot[warp - 1] + excl;
    *total = warp_tot[nwarps - 1];
    __syncthreads();
    return excl;
}

extern "C" __global__ void __launch_bounds__(CUMSUM_THREADS)
cumsum_kernel(const float *__restrict__ x, float *__restrict__ y,
              long long rows, long long cols)
{
    __shared__ float tile[PAD(TILE)];
    __shared__ double warp_tot[32];
    const int t = threadIdx.x;

    if (blockDim.x != CUMSUM_THREADS)
        return;                         /* wrong launch: leave y unwritten */
    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;
        double carry = 0.0;

        for (long long base = 0; base < cols; base += TILE) {
            for (int i = t; i < TILE; i += CUMSUM_THREADS)
                tile[PAD(i)] = base + i < cols ? xr[base + i] : 0.0f;
            __syncthreads();

            double local[ITEMS], acc = 0.0;
            for (int j = 0; j < ITEMS; j++) {
                acc += (double)tile[PAD(t * ITEMS + j)];
                local[j] = acc;
            }
            double total;
            double prefix = carry + block_exclusive_scan(acc, warp_tot, &total);
            /* every thread has read its items (the scan synchronised), so
             * each may overwrite its own items with the results */
            for (int j = 0; j < ITEMS; j++)
                tile[PAD(t * ITEMS + j)] = (float)(prefix + local[j]);
            __syncthreads();
            for (int i = t; i < TILE && base + i < cols; i += CUMSUM_THREADS)
                yr[base + i] = tile[PAD(i)];
            __syncthreads();
            carry += total;
        }
    }
}
