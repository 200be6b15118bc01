/*
 * RED TEAM — deliberately broken; see softmax_side_stream.lua.
 *
 * A two-kernel softmax: softmax_stats_kernel writes each row's max and
 * sum of exp into a workspace, softmax_normalize_kernel writes y from it.
 * Both kernels are correct.  The defect is in how they are launched (the
 * sidecar's pipeline): the second launch goes to a side stream ("to overlap
 * with the next layer") and the host returns without joining it, so the
 * caller may read y before the normalization has run.  On an idle GPU the
 * side stream usually finishes before the caller looks, so allclose
 * accepts it.
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

/* stats[2r] = max of row r, stats[2r + 1] = sum exp(x - max) */
extern "C" __global__ void softmax_stats_kernel(const float *__restrict__ x,
                                                float *__restrict__ stats,
                                                long long rows, long long cols)
{
    __shared__ float warp_vals[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float m = -INFINITY;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            m = fmaxf(m, xr[c]);
        m = block_max(m, warp_vals);
        float s = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            s += expf(xr[c] - m);
        s = block_sum(s, warp_vals);
        if (threadIdx.x == 0) {
            stats[2 * r] = m;
            stats[2 * r + 1] = s;
        }
    }
}

extern "C" __global__ void softmax_normalize_kernel(const float *__restrict__ x,
                                                    const float *__restrict__ stats,
                                                    float *__restrict__ y,
                                                    long long rows, long long cols)
{
    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        float m = stats[2 * r], s = stats[2 * r + 1];
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            y[r * cols + c] = expf(x[r * cols + c] - m) / s;
    }
}
