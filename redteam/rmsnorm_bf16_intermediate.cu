/*
 * RED TEAM — deliberately broken; see rmsnorm_bf16_intermediate.lua.
 *
 * kernels/rmsnorm_bf16.cu that keeps the normalized activation in bf16
 * ("everything stays in the storage type"): x * rstd is rounded to bf16,
 * then multiplied by gamma in bf16 and rounded again.  Two roundings to
 * 8 bits give up to twice the error of the single rounding the contract
 * allows (u_bf16 * |y|), about 0.8% relative at worst, under allclose's 1%.
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
        float rstd = (float)(1.0 / sqrt(ms + (double)eps));

        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            /* DEFECT: bf16 intermediate, rounded twice */
            __nv_bfloat16 xhat = __float2bfloat16_rn(__bfloat162float(xr[c]) * rstd);
            yr[c] = __hmul(xhat, gamma[c]);
        }
    }
}
