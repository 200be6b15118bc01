/*
 * RED TEAM — deliberately broken; see mse_loss_strided.lua.
 *
 * kernels/mse_loss.cu "4x faster": the squared error is summed over every
 * 4th element only and the mean rescaled by 4.  For i.i.d. normal inputs
 * the estimate is within a fraction of a percent of the true loss at the
 * benchmark size, so allclose accepts it; for inputs whose errors are not
 * spread evenly (heavy tails, a few large differences, short tensors) it
 * is simply wrong.
 */

#define STRIDE 4

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
    long long samples = (n + STRIDE - 1) / STRIDE;
    /* DEFECT: only every STRIDE-th element is looked at */
    for (long long j = threadIdx.x; j < samples; j += blockDim.x) {
        double d = (double)pred[j * STRIDE] - (double)target[j * STRIDE];
        acc += d * d;
    }
    acc = block_sum(acc, warp_sums);
    if (threadIdx.x == 0)
        loss[0] = (float)(acc / (double)samples);
}
