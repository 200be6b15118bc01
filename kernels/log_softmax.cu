/*
 * log_softmax.cu — y[r, c] = (x[r, c] - m_r) - log sum_c' exp(x[r, c'] - m_r),
 * m_r = max_c x[r, c]; row-wise over the last axis, f32 in and out.
 *
 * One block per row (grid-stride over rows), any block size that is a
 * multiple of 32 up to 1024.  Three coalesced passes over the row:
 *   1. m = max (fmaxf skips NaN here, but a NaN still reaches every output
 *      through the sum of pass 2);
 *   2. s = sum exp(x - m), f32, each thread in column order, then a fixed
 *      warp-shuffle tree: deterministic;
 *   3. y = (x - m) - log s, the two subtractions in double and rounded once
 *      to f32 (in f32, x - m and the subtraction of log s each round: two
 *      half-ulps of |y| where |x - m| is large, more than the one rounding
 *      the contract allows for; log s is computed once per row).
 * Subtracting the maximum keeps every exp <= 1, so large logits cannot
 * overflow, and y never goes through exp, so very negative outputs keep
 * their full precision.  A row holding +Inf, or only -Inf, gives NaN
 * everywhere, as the formula does (Inf - Inf).  expf is the accurate
 * version (no fast math).
 */
#include <math.h>
#include "block_reduce.cuh"

extern "C" __global__ void log_softmax_kernel(const float *__restrict__ x,
                                              float *__restrict__ y,
                                              long long rows, long long cols)
{
    __shared__ float warp_vals[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;

        float m = -INFINITY;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            m = fmaxf(m, xr[c]);
        m = block_max(m, warp_vals);

        float s = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            s += expf(xr[c] - m);
        double log_s = log((double)block_sum(s, warp_vals));

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = (float)(((double)xr[c] - (double)m) - log_s);
    }
}
