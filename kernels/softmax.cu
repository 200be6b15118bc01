/*
 * softmax.cu — y[r, c] = exp(x[r, c] - m_r) / sum_c' exp(x[r, c'] - m_r),
 * m_r = max_c x[r, c]; row-wise over the last axis, f32 throughout.
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
 *
 * Knobs (kernels/softmax.lua, kcv tune; defaults = the kernel as described):
 *   BLOCK      threads per block (the launch only);
 *   ACC        f32 (default) or f16 for the sum of pass 2 (acc.cuh);
 *   FAST_MATH  false (default) or true: --use_fast_math, so expf becomes
 *              the approximate __expf that flushes results below FLT_MIN
 *              to zero (EXC-02, CMP-01) and the division approximate.
 */
#include <math.h>
#include "block_reduce.cuh"
#define ACC_DEFAULT float
#include "acc.cuh"

static_assert(sizeof(acc_t) <= sizeof(float), "ACC: the sum shares the max's float scratch");

extern "C" __global__ void softmax_kernel(const float *__restrict__ x,
                                          float *__restrict__ y,
                                          long long rows, long long cols)
{
    __shared__ float warp_vals[32];     /* also the sum's scratch: acc_t is at most a float */

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;

        float m = -INFINITY;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            m = fmaxf(m, xr[c]);
        m = block_max(m, warp_vals);

        acc_t sa = acc_of(0.0);
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            sa = sa + (acc_t)expf(xr[c] - m);
        float s = (float)acc_value(block_sum(sa, (acc_t *)warp_vals));

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = expf(xr[c] - m) / s;
    }
}
