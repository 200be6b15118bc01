/*
 * RED TEAM — deliberately broken; see mse_loss_drop_cross_term.lua.
 *
 * An MSE expanded as mean(p^2) - 2 mean(p t) + mean(t^2) whose cross term
 * was dropped "because E[p t] = 0": true for the benchmark's independent
 * zero-mean random inputs, where mean(p t) ~ 1/sqrt(n) and allclose accepts
 * the result; wrong as soon as pred and target are correlated (a prediction
 * close to its target, constant or positive inputs).
 */

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

extern "C" __global__ void mse_loss_kernel(const float *__restrict__ pred,
                                           const float *__restrict__ target,
                                           float *__restrict__ loss,
                                           long long n)
{
    __shared__ double warp_sums[32];

    if (blockIdx.x != 0)
        return;
    double acc = 0.0;
    for (long long i = threadIdx.x; i < n; i += blockDim.x) {
        double p = (double)pred[i], t = (double)target[i];
        acc += p * p + t * t;           /* DEFECT: - 2 p t left out */
    }
    acc = block_sum(acc, warp_sums);
    if (threadIdx.x == 0)
        loss[0] = (float)(acc / (double)n);
}
