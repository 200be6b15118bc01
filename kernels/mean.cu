/*
 * mean.cu — y[r] = (1/cols) sum_c x[r, c], the mean along the last axis, f32.
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
 * (the mean of values near FLT_MAX stays finite) and the only rounding
 * that matters is the final one to f32, after the division.
 */
#include <stdint.h>
#include "block_reduce.cuh"

extern "C" __global__ void mean_kernel(const float *__restrict__ x,
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
            y[r] = (float)(acc / (double)cols);
    }
}
