/*
 * RED TEAM — deliberately broken; see softmax_exp_cutoff.lua.
 *
 * kernels/softmax.cu with a common early-out: a term whose exponent
 * x - m is below -80 is taken as 0 "since it cannot matter".  It does not
 * matter to the sum, but it is the output itself: exp(-80) = 1.8e-35 and
 * everything down to the smallest subnormal (x - m near -103) comes back
 * 0, as fast math's __expf gives 0 below FLT_MIN.  Inputs of unit scale
 * never reach the cut, so allclose accepts it.
 */
#include <math.h>
#include "../kernels/block_reduce.cuh"

/* DEFECT: exp(d) taken as 0 below d = -80 */
__device__ __forceinline__ float exp_cut(float d)
{
    return d < -80.0f ? 0.0f : expf(d);
}

extern "C" __global__ void softmax_kernel(const float *__restrict__ x,
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

        float sa = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            sa += exp_cut(xr[c] - m);
        float s = block_sum(sa, warp_vals);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = exp_cut(xr[c] - m) / s;
    }
}
