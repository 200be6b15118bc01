/*
 * RED TEAM — deliberately broken; see rmsnorm_sumsq_overflow.lua.
 *
 * An RMSNorm that sums the squares naively in f32, with no scaling: the
 * textbook loop.  For |x| above sqrt(FLT_MAX) ~ 1.8e19 a square is +Inf,
 * the sum is +Inf, rstd = 1/sqrt(Inf) = 0 and every output of the row is
 * x * 0 * gamma = 0: finite, so a check that only asks "finite where the
 * oracle is finite" sees nothing.  The honest kernel (kernels/rmsnorm.cu)
 * accumulates the squares in double.  Everything else is as honest as
 * the honest kernel (rstd and the output product in double, rounded
 * once), so that only the overflow shows: a plain one-block-per-row
 * kernel (the spec's own launch).
 */
#include <math.h>

extern "C" __global__ void rmsnorm_kernel(const float *__restrict__ x,
                                          const float *__restrict__ gamma,
                                          float *__restrict__ y,
                                          long long rows, long long cols,
                                          float eps)
{
    __shared__ float part[32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int warps = (blockDim.x + 31) >> 5;

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;

        float q = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            q += xr[c] * xr[c];                 /* DEFECT: x^2 overflows f32 for |x| > 1.8e19 */
        for (int o = 16; o > 0; o >>= 1)
            q += __shfl_down_sync(0xffffffffu, q, o);
        if (lane == 0) part[warp] = q;
        __syncthreads();
        if (warp == 0) {
            q = lane < warps ? part[lane] : 0.0f;
            for (int o = 16; o > 0; o >>= 1)
                q += __shfl_down_sync(0xffffffffu, q, o);
            if (lane == 0) part[0] = q;
        }
        __syncthreads();
        /* from here on as the honest kernel: double, one rounding */
        const double rstd = 1.0 / sqrt((double)part[0] / (double)cols + (double)eps);  /* Inf -> 0 */
        __syncthreads();                        /* part[0] read by all before the next row */

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = (float)((double)xr[c] * rstd * (double)gamma[c]);
    }
}
