/*
 * RED TEAM — deliberately broken; see log_softmax_mutates_input.lua.
 *
 * kernels/log_softmax.cu that stores the shifted logits x - m back into x
 * ("reuse the input as scratch, it is dead after this op") and reads them
 * from there in the last pass.  The outputs are right, so allclose (which
 * computes the reference first) accepts it; the caller's input is gone.
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

extern "C" __global__ void log_softmax_kernel(float *x, float *__restrict__ y,
                                              long long rows, long long cols)
{
    __shared__ float warp_vals[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        float *xr = x + r * cols;
        float *yr = y + r * cols;

        float m = -INFINITY;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            m = fmaxf(m, xr[c]);
        m = block_max(m, warp_vals);

        float s = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            float d = xr[c] - m;
            xr[c] = d;                  /* DEFECT: scratch written into the input */
            s += expf(d);
        }
        float log_s = logf(block_sum(s, warp_vals));

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = xr[c] - log_s;
    }
}
