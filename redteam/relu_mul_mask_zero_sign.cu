/*
 * RED TEAM — deliberately broken; see relu_mul_mask_zero_sign.lua.
 *
 * kernels/relu.cu (scalar path) with the branch-free formulation
 * y = x * (x > 0).  For a negative x the product is -0, not +0, and for
 * x = -Inf it is NaN.  -0 == 0 numerically, so allclose accepts it; the
 * contract fixes the sign of a zero output.
 */

__device__ __forceinline__ float relu1(float v)
{
    return v * (float)(v > 0.0f);   /* DEFECT: -3 * 0 = -0, -Inf * 0 = NaN */
}

extern "C" __global__ void relu_kernel(const float *__restrict__ x,
                                       float *__restrict__ y, long long n)
{
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;

    for (long long i = tid; i < n; i += stride)
        y[i] = relu1(x[i]);
}
