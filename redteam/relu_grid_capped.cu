/*
 * RED TEAM — deliberately broken; see relu_grid_capped.lua.
 *
 * One thread per element with the grid capped at 1024 blocks of 256
 * threads (to "bound the launch"), but no grid-stride loop: element
 * 262144 and on are never written.  Every size up to 2^18 is right, the
 * benchmark's 16 x 16384 included, so allclose accepts it; the spec
 * declares n up to 2^32.
 */
__device__ __forceinline__ float relu1(float v)
{
    return v > 0.0f || v != v ? v : 0.0f;   /* NaN kept, -0 and negatives give +0 */
}

extern "C" __global__ void relu_kernel(const float *__restrict__ x,
                                       float *__restrict__ y, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)                                 /* DEFECT: no loop over the rest */
        y[i] = relu1(x[i]);
}
