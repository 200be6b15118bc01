/*
 * RED TEAM — deliberately broken; see softmax_inf_guard.lua.
 *
 * kernels/softmax.cu with a "shortcut" in the exp: the element equal to the
 * row maximum gets exp(0) = 1 without computing x - m.  For finite rows that
 * is exact.  For a row holding +Inf, x - m would be Inf - Inf = NaN and the
 * whole row NaN (the contract, as torch.softmax); here the Inf element gets
 * 1 and the others 0, a finite answer for an input with an Inf.  A row of
 * -Inf gets 1/cols everywhere instead of NaN.  Normal inputs hold no Inf, so
 * allclose accepts it.
 */
#include <math.h>

__device__ float block_max(float v, float *warp_vals)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int nwarps = blockDim.x >> 5;

    for (int off = 16; off > 0; off >>= 1)
        v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, off));
    if (lane == 0)
        warp_vals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < nwarps ? warp_vals[lane] : -INFINITY;
        for (int off = 16; off > 0; off >>= 1)
            v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, off));
        if (lane == 0)
            warp_vals[0] = v;
    }
    __syncthreads();
    v = warp_vals[0];
    __syncthreads();
    return v;
}

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

/* DEFECT: x == m short-circuits Inf - Inf to exp(0) = 1 */
__device__ __forceinline__ float shifted_exp(float v, float m)
{
    return v == m ? 1.0f : expf(v - m);
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

        float s = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            s += shifted_exp(xr[c], m);
        s = block_sum(s, warp_vals);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = shifted_exp(xr[c], m) / s;
    }
}
