/*
 * RED TEAM — deliberately broken; see gelu_no_tail.lua.
 *
 * kernels/gelu.cu with the scalar tail loop left out of the vectorized
 * path: the float4 loop covers the first 4*(n/4) elements and the last
 * n % 4 outputs are never written.  The benchmark size is a multiple of 4
 * (and of the block), so allclose accepts it.
 */
#include <stdint.h>
#include <math.h>

__device__ __forceinline__ float gelu1(float v)
{
    double d = (double)v;
    return (float)(0.5 * d * erfc(-d * 0.70710678118654752440));
}

extern "C" __global__ void gelu_kernel(const float *__restrict__ x,
                                       float *__restrict__ y, long long n)
{
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;

    if ((((uintptr_t)x | (uintptr_t)y) & 15) == 0) {
        const float4 *x4 = (const float4 *)x;
        float4 *y4 = (float4 *)y;
        long long n4 = n / 4;
        for (long long i = tid; i < n4; i += stride) {
            float4 v = x4[i];
            v.x = gelu1(v.x); v.y = gelu1(v.y); v.z = gelu1(v.z); v.w = gelu1(v.w);
            y4[i] = v;
        }
        /* DEFECT: the n % 4 tail elements are never written */
        return;
    }
    for (long long i = tid; i < n; i += stride)
        y[i] = gelu1(x[i]);
}
