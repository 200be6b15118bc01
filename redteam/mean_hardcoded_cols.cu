/*
 * RED TEAM — deliberately broken; see mean_hardcoded_cols.lua.
 *
 * kernels/mean.cu with the divisor folded into a constant: the benchmark
 * reduces rows of 256 columns, so the kernel multiplies the row sum by
 * 1/256 instead of dividing by cols.  At the benchmark shape that is exact
 * and allclose accepts it; at any other row length every mean is off by
 * the factor cols/256.
 */

#define BENCH_COLS 256

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

extern "C" __global__ void mean_kernel(const float *__restrict__ x,
                                       float *__restrict__ y,
                                       long long rows, long long cols)
{
    __shared__ double warp_sums[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        double acc = 0.0;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            acc += (double)xr[c];
        acc = block_sum(acc, warp_sums);
        if (threadIdx.x == 0)
            y[r] = (float)(acc * (1.0 / BENCH_COLS));   /* DEFECT: benchmark's cols */
    }
}
