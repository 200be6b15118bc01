/*
 * RED TEAM — deliberately broken; see gelu_ftz.lua.
 *
 * kernels/gelu.cu (scalar path) with flush-to-zero on the way in and out,
 * what -ftz=true / --use_fast_math does to every f32 operation, written out
 * here so that it behaves the same on every backend.  gelu(x) ~ x/2 for
 * tiny x, so a subnormal input should give a subnormal output; this kernel
 * gives 0.  Normal inputs never hold subnormals, so allclose accepts it.
 */
#include <math.h>

/* DEFECT: subnormals flushed to (signed) zero */
__device__ __forceinline__ float flush(float v)
{
    return fabsf(v) < 1.17549435e-38f ? copysignf(0.0f, v) : v;
}

__device__ __forceinline__ float gelu1(float v)
{
    double d = (double)flush(v);
    return flush((float)(0.5 * d * erfc(-d * 0.70710678118654752440)));
}

extern "C" __global__ void gelu_kernel(const float *__restrict__ x,
                                       float *__restrict__ y, long long n)
{
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;

    for (long long i = tid; i < n; i += stride)
        y[i] = gelu1(x[i]);
}
