/*
 * sum.cu — y[r] = sum_c x[r, c], the sum along the last axis, f32 in and out.
 *
 * One block per row (grid-stride over rows, so any grid size works), any
 * block size that is a multiple of 32 up to 1024.  Each thread adds the
 * columns c = tid, tid + blockDim, ... in order (coalesced: a warp reads
 * 32 consecutive floats), then a fixed warp-shuffle tree and a tree over
 * the warps' partial sums give the row total: the order of additions
 * depends only on (cols, blockDim), so the result is bitwise
 * deterministic.  No atomics.
 *
 * The accumulator is double: partial sums of finite f32 inputs cannot
 * overflow (a row of large values whose true sum is finite stays finite)
 * and the only rounding that matters is the final one to f32.
 */
#include <stdint.h>

/* Sum of v over the block, returned to every thread.  `warp_sums` is
 * shared scratch of 32 doubles; blockDim.x must be a multiple of 32. */
__device__ double block_sum(double v, double *warp_sums)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int nwarps = blockDim.x >> 5;

    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < nwarps ? warp_sums[lane] : 0.0;
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, off);
        if (lane == 0)
            warp_sums[0] = v;
    }
    __syncthreads();
    v = warp_sums[0];
    __syncthreads();            /* warp_sums may be reused right away */
    return v;
}

extern "C" __global__ void sum_kernel(const float *__restrict__ x,
                                      float *__restrict__ y,
                                      long long rows, long long cols)
{
    __shared__ double warp_sums[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        double acc = 0.0;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            acc += (double)xr[c];
        acc = block_sum(acc, warp_sums);
        if (threadIdx.x == 0)
            y[r] = (float)acc;
    }
}
