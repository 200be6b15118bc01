/*
 * RED TEAM — deliberately broken; see softmax_race_nosync.lua.
 *
 * kernels/softmax.cu with one barrier removed: in block_sum, warp 0 reads
 * the other warps' partial sums from shared memory without waiting for
 * them to be written.  Whether a warp's partial is there yet depends on
 * scheduling; when it is not, warp 0 adds a stale value (the same slot
 * still holds that warp's maximum from block_max).  On a lightly loaded GPU
 * the writes usually win the race, so allclose usually accepts it.
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
    /* DEFECT: missing __syncthreads() — warp 0 may read a slot before its
     * warp has written it */
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

        float m = -INFINITY;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            m = fmaxf(m, xr[c]);
        m = block_max(m, warp_vals);

        float s = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            s += expf(xr[c] - m);
        s = block_sum(s, warp_vals);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = expf(xr[c] - m) / s;
    }
}
