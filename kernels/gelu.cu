/*
 * gelu.cu — y[i] = x[i] * Phi(x[i]) = 0.5 x erfc(-x / sqrt 2), the exact
 * (erf) form of GELU, element-wise, f32.
 *
 * The erfc form keeps the negative tail: 0.5 x (1 + erf(x/sqrt 2)) cancels
 * to 0 for x < -6 in f32 although gelu(-10) = -7.6e-23 is representable.
 * Evaluated in double and rounded once to f32.  gelu(NaN) = NaN,
 * gelu(+Inf) = +Inf, gelu(-Inf) = NaN (-Inf * 0, as the formula gives;
 * see specs/gelu.lua), gelu(-0) = -0.
 *
 * Design: grid-stride loop, 64-bit indices; float4 loads and stores when
 * both pointers are 16-byte aligned (checked at run time), else scalar.
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
    long long done = 0;

    if ((((uintptr_t)x | (uintptr_t)y) & 15) == 0) {
        const float4 *x4 = (const float4 *)x;
        float4 *y4 = (float4 *)y;
        long long n4 = n / 4;
        for (long long i = tid; i < n4; i += stride) {
            float4 v = x4[i];
            v.x = gelu1(v.x); v.y = gelu1(v.y); v.z = gelu1(v.z); v.w = gelu1(v.w);
            y4[i] = v;
        }
        done = n4 * 4;
    }
    for (long long i = done + tid; i < n; i += stride)
        y[i] = gelu1(x[i]);
}
