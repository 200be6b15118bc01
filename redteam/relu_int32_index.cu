/*
 * RED TEAM — deliberately broken; see relu_int32_index.lua.
 *
 * The one-thread-per-element ReLU every tutorial shows, with a 32-bit
 * index: blockIdx.x * blockDim.x is an unsigned 32-bit product, and its
 * conversion to int is negative from element 2^31 on, so tensors of 2^31
 * or more elements (8 GB of f32) read and write at negative offsets.  The
 * benchmark's tensors are far smaller, so allclose accepts it.
 */

__device__ __forceinline__ float relu1(float v)
{
    return v > 0.0f || v != v ? v : 0.0f;   /* NaN kept, -0 and negatives give +0 */
}

extern "C" __global__ void relu_kernel(const float *__restrict__ x,
                                       float *__restrict__ y, long long n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;  /* DEFECT: 32-bit index */
    if (i < n)
        y[i] = relu1(x[i]);
}
