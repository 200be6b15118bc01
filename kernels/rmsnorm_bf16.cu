/*
 * rmsnorm_bf16.cu — y[r, c] = x[r, c] / sqrt(mean_c x[r, c]^2 + eps) * gamma[c]
 * over the last axis with bf16 storage (x, gamma, y): every intermediate is
 * f32 or wider, and each output is rounded once to bf16
 * (__float2bfloat16_rn) after the multiplication by gamma.
 *
 * One block per row (grid-stride over rows), any block size that is a
 * multiple of 32 up to 1024.  Two coalesced passes: the sum of squares
 * (double accumulator, so rows of values near FLT_MAX do not overflow;
 * fixed per-thread order and warp-shuffle tree: deterministic), then
 * y = x * rstd * gamma in double, rounded once.
 */
#include <cuda_bf16.h>
#include <math.h>

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
    __syncthreads();
    return v;
}

extern "C" __global__ void rmsnorm_bf16_kernel(const __nv_bfloat16 *__restrict__ x,
                                               const __nv_bfloat16 *__restrict__ gamma,
                                               __nv_bfloat16 *__restrict__ y,
                                               long long rows, long long cols,
                                               float eps)
{
    __shared__ double warp_sums[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const __nv_bfloat16 *xr = x + r * cols;
        __nv_bfloat16 *yr = y + r * cols;

        double q = 0.0;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            double v = (double)__bfloat162float(xr[c]);
            q += v * v;
        }
        double ms = block_sum(q, warp_sums) / (double)cols;
        double rstd = 1.0 / sqrt(ms + (double)eps);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = __float2bfloat16_rn((float)((double)__bfloat162float(xr[c]) * rstd
                                                * (double)__bfloat162float(gamma[c])));
    }
}
