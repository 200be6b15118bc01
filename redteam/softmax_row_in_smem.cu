/*
 * RED TEAM — deliberately broken; see softmax_row_in_smem.lua.
 *
 * kernels/softmax.cu that stages the whole row and its exponentials in
 * dynamic shared memory (2 * cols * 4 bytes, see the sidecar's launch), so
 * x is read from global memory once and expf is evaluated once.  At the
 * benchmark's row length that is 128 KB, which fits with the >48 KB opt-in;
 * at the longest rows the contract allows (65536) it needs 512 KB, more
 * than an SM has (227 KB on sm_90), and the launch fails.  allclose only
 * ever runs the benchmark shape.
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

extern "C" __global__ void softmax_kernel(const float *__restrict__ x,
                                          float *__restrict__ y,
                                          long long rows, long long cols)
{
    extern __shared__ float row[];      /* DEFECT: 2 * cols floats of shared memory */
    __shared__ float warp_vals[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;

        float m = -INFINITY;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            row[c] = xr[c];
            m = fmaxf(m, row[c]);
        }
        m = block_max(m, warp_vals);

        float *ex = row + cols;
        float s = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            ex[c] = expf(row[c] - m);
            s += ex[c];
        }
        s = block_sum(s, warp_vals);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = ex[c] / s;
        __syncthreads();
    }
}
