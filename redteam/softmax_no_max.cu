/*
 * RED TEAM — deliberately broken; see softmax_no_max.lua.
 *
 * kernels/softmax.cu without the max subtraction: y = exp(x) / sum exp(x).
 * Mathematically the same, and for random normal logits (|x| < 6) exp never
 * overflows, so the benchmarks' allclose check accepts it; at logits above
 * ~88.7 expf overflows to Inf and the row becomes Inf/Inf = NaN or 0.
 */
#include <math.h>

__device__ float block_sum(float v, float *warp_vals)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int nwarps = blockDim.x >> 5;

    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    if (lane == 0)
        warp_vals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < nwarps ? warp_vals[lane] : 0.0f;
        for (int off = 16; off > 0; off >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, off);
        if (lane == 0)
            warp_vals[0] = v;
    }
    __syncthreads();
    v = warp_vals[0];
    __syncthreads();
    return v;
}

extern "C" __global__ void softmax_kernel(const float *__restrict__ x,
                                          float *__restrict__ y,
                                          long long rows, long long cols)
{
    __shared__ float warp_vals[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;

        /* DEFECT: no m = max(x) pass; exp(x) overflows for x > 88.7 */
        float s = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            s += expf(xr[c]);
        s = block_sum(s, warp_vals);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = expf(xr[c]) / s;
    }
}
