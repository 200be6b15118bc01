/*
 * RED TEAM — deliberately broken; see sum_atomic_float.lua.
 *
 * kernels/sum.cu with the block tree replaced by float atomicAdd into one
 * shared accumulator ("simpler and just as fast").  Float addition is not
 * associative and the order in which threads reach the atomic is up to the
 * scheduler, so the last bits of the result change from run to run.  The
 * values stay within rounding of the true sum, so allclose accepts it.
 */

extern "C" __global__ void sum_kernel(const float *__restrict__ x,
                                      float *__restrict__ y,
                                      long long rows, long long cols)
{
    __shared__ float row_sum;

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float acc = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            acc += xr[c];
        if (threadIdx.x == 0)
            row_sum = 0.0f;
        __syncthreads();
        atomicAdd(&row_sum, acc);               /* DEFECT: order-dependent */
        __syncthreads();
        if (threadIdx.x == 0)
            y[r] = row_sum;
        __syncthreads();
    }
}
