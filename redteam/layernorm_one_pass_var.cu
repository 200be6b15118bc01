/*
 * RED TEAM — deliberately broken; see layernorm_one_pass_var.lua.
 *
 * The single-pass LayerNorm of many fused kernels: one sweep accumulates
 * sum x and sum x^2 in f32, and var = E[x^2] - E[x]^2.  Besides cancelling
 * for rows with a large mean, the f32 sum of squares overflows to Inf once
 * |x| passes ~1.8e19, although the normalized row is perfectly finite
 * (the contract's two-pass statistics in wide precision give it); then
 * rstd = 0 and x - mu = +-Inf give NaN.  Standard-normal rows are nowhere
 * near either problem, so allclose accepts it.
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

extern "C" __global__ void layernorm_kernel(const float *__restrict__ x,
                                            const float *__restrict__ gamma,
                                            const float *__restrict__ beta,
                                            float *__restrict__ y,
                                            long long rows, long long cols, float eps)
{
    __shared__ float warp_vals[32];
    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float s = 0.0f, q = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            float v = xr[c];
            s += v;
            q += v * v;
        }
        s = block_sum(s, warp_vals);
        q = block_sum(q, warp_vals);
        float mu = s / (float)cols;
        float var = q / (float)cols - mu * mu;     /* DEFECT: one-pass variance */
        float rstd = rsqrtf(var + eps);
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            y[r * cols + c] = (xr[c] - mu) * rstd * gamma[c] + beta[c];
    }
}
