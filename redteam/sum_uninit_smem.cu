/*
 * RED TEAM — deliberately broken; see sum_uninit_smem.lua.
 *
 * A classic shared-memory tree reduction for the row sum, where threads
 * that have no column of their own (threadIdx.x >= cols) skip storing their
 * partial.  The tree then adds whatever those slots still hold from the
 * previous block.  At the benchmark shape cols >= blockDim, every slot is
 * written and allclose accepts it; short rows read stale shared memory.
 */

#define MAX_THREADS 1024

extern "C" __global__ void sum_kernel(const float *__restrict__ x,
                                      float *__restrict__ y,
                                      long long rows, long long cols)
{
    __shared__ float partial[MAX_THREADS];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float acc = 0.0f;
        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            acc += xr[c];
        if (threadIdx.x < cols)         /* DEFECT: idle threads leave their slot unset */
            partial[threadIdx.x] = acc;
        __syncthreads();
        for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
            if (threadIdx.x < s)
                partial[threadIdx.x] += partial[threadIdx.x + s];
            __syncthreads();
        }
        if (threadIdx.x == 0)
            y[r] = partial[0];
        __syncthreads();
    }
}
