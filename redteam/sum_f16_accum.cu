/*
 * RED TEAM — deliberately broken; see sum_f16_accum.lua.
 *
 * kernels/sum.cu with the accumulator in __half ("half math is twice as
 * fast"): the per-thread sums and the warp-shuffle tree add in f16, so
 * every add rounds to 11 bits.  At the benchmark's 256 columns each thread
 * adds one value and the error is a few f16 ulps of the row sum, mostly
 * under the allclose tolerance; along a long row the f16 rounding exceeds
 * the bound of an f32 accumulator, and sums past 65504 overflow to Inf.
 */
#include <cuda_fp16.h>

__device__ __half block_sum(__half v, __half *warp_sums)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int nwarps = blockDim.x >> 5;

    for (int off = 16; off > 0; off >>= 1)
        v = __hadd(v, __shfl_down_sync(0xffffffffu, v, off));
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < nwarps ? warp_sums[lane] : __float2half(0.0f);
        for (int off = 16; off > 0; off >>= 1)
            v = __hadd(v, __shfl_down_sync(0xffffffffu, v, off));
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
    __shared__ __half warp_sums[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        __half acc = __float2half(0.0f);        /* DEFECT: f16 accumulator */
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            acc = __hadd(acc, __float2half(xr[c]));
        acc = block_sum(acc, warp_sums);
        if (threadIdx.x == 0)
            y[r] = __half2float(acc);
    }
}
