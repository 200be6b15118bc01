/*
 * RED TEAM — deliberately broken; see sum_f16_accum.lua.
 *
 * kernels/sum.cu with the per-thread accumulator in __half ("half math is
 * twice as fast"): every add rounds to 11 bits.  The block tree above it
 * is f32.  Each thread adds cols / blockDim values, so at short rows the
 * error stays under the allclose tolerance; along a long row (or one whose
 * partial sums grow large) the f16 rounding exceeds the bound of an f32
 * accumulator, and partial sums above 65504 overflow to Inf.
 */
#include <cuda_fp16.h>

__device__ float block_sum(float v, float *warp_sums)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int nwarps = blockDim.x >> 5;

    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < nwarps ? warp_sums[lane] : 0.0f;
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

extern "C" __global__ void sum_kernel(const float *__restrict__ x,
                                      float *__restrict__ y,
                                      long long rows, long long cols)
{
    __shared__ float warp_sums[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        __half acc = __float2half(0.0f);        /* DEFECT: f16 accumulator */
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            acc = __hadd(acc, __float2half(xr[c]));
        float total = block_sum(__half2float(acc), warp_sums);
        if (threadIdx.x == 0)
            y[r] = total;
    }
}
