/*
 * softmax_f16.cu — softmax over the last axis with f16 storage: x and y are
 * f16, every intermediate (max, exp, sum, quotient) is f32, and each output
 * is rounded once to f16 (__float2half_rn).  Logits near the f16 maximum
 * (65504) are harmless: they are converted to f32 before anything else.
 *
 * One block per row (grid-stride over rows), any block size that is a
 * multiple of 32 up to 1024.  Three coalesced passes over the row:
 *   1. m = max (fmaxf skips NaN here, but a NaN still reaches every output
 *      through the sum of pass 2);
 *   2. s = sum exp(x - m), f32, each thread in column order, then a fixed
 *      warp-shuffle tree: deterministic;
 *   3. y = exp(x - m) / s (an IEEE division, no reciprocal approximation).
 * Subtracting the maximum keeps every exp <= 1, so large logits cannot
 * overflow.  A row holding +Inf, or only -Inf, gives NaN everywhere, as the
 * formula does (Inf - Inf).  expf and division are the IEEE-accurate
 * versions (no fast math).
 */
#include <cuda_fp16.h>
#include <math.h>
#include "block_reduce.cuh"

extern "C" __global__ void softmax_f16_kernel(const __half *__restrict__ x,
                                              __half *__restrict__ y,
                                              long long rows, long long cols)
{
    __shared__ float warp_vals[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const __half *xr = x + r * cols;
        __half *yr = y + r * cols;

        float m = -INFINITY;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            m = fmaxf(m, __half2float(xr[c]));
        m = block_max(m, warp_vals);

        float s = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            s += expf(__half2float(xr[c]) - m);
        s = block_sum(s, warp_vals);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = __float2half_rn(expf(__half2float(xr[c]) - m) / s);
    }
}
