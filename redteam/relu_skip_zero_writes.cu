/*
 * RED TEAM — deliberately broken; see relu_skip_zero_writes.lua.
 *
 * kernels/relu.cu (scalar path) that skips the store when the result is
 * zero, "saving bandwidth" on the assumption that the output buffer is
 * zero-filled.  It is whenever the allocator hands back zeroed memory (a
 * fresh torch.zeros, or a freed reference output that held these very
 * zeros), so allclose accepts it; over any other memory, half the outputs
 * are whatever was there before.
 */

extern "C" __global__ void relu_kernel(const float *__restrict__ x,
                                       float *__restrict__ y, long long n)
{
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;

    for (long long i = tid; i < n; i += stride) {
        float v = x[i];
        if (v > 0.0f || v != v)         /* DEFECT: zeros are never stored */
            y[i] = v;
    }
}
