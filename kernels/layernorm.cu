/*
 * layernorm.cu — y[r, c] = (x[r, c] - mu_r) / sqrt(var_r + eps) * gamma[c] + beta[c]
 * over the last axis, f32 storage; mu_r and var_r (biased, 1/cols) are the
 * row's mean and variance.
 *
 * One block per row (grid-stride over rows), any block size that is a
 * multiple of 32 up to 1024.  Three coalesced passes over the row:
 *   1. mu  = sum x / cols;
 *   2. var = sum (x - mu)^2 / cols  (two-pass: no cancellation for rows
 *      with a large mean and a small spread);
 *   3. y = (x - mu) * rstd * gamma + beta, in double, rounded once to f32.
 * The row statistics are accumulated in double, with a fixed per-thread
 * order and a fixed warp-shuffle tree (deterministic), so rows of values
 * near FLT_MAX do not overflow in the sums or squares; the per-element
 * arithmetic is double too, so an output near FLT_MAX overflows exactly
 * where the oracle's rounded value does.  (The kernel is memory-bound.)
 */
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

extern "C" __global__ void layernorm_kernel(const float *__restrict__ x,
                                            const float *__restrict__ gamma,
                                            const float *__restrict__ beta,
                                            float *__restrict__ y,
                                            long long rows, long long cols,
                                            float eps)
{
    __shared__ double warp_sums[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;

        double s = 0.0;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            s += (double)xr[c];
        double mu = block_sum(s, warp_sums) / (double)cols;

        double q = 0.0;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            double d = (double)xr[c] - mu;
            q += d * d;
        }
        double var = block_sum(q, warp_sums) / (double)cols;
        double rstd = 1.0 / sqrt(var + (double)eps);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            double z = ((double)xr[c] - mu) * rstd;
            yr[c] = (float)fma(z, (double)gamma[c], (double)beta[c]);
        }
    }
}
