/*
 * exp.cu — y[i] = exp(x[i]), element-wise, f32.
 *
 * Evaluated as exp in double and rounded once to f32: correctly rounded
 * but for rare double-rounding ties, with gradual underflow to the f32
 * subnormals (exp(-100) = 3.7e-44 is representable) and overflow to +Inf
 * exactly where the rounded result overflows.  exp(NaN) = NaN,
 * exp(+Inf) = +Inf, exp(-Inf) = +0.  The op is memory-bound, so the
 * double arithmetic costs nothing measurable.
 *
 * Design: grid-stride loop, 64-bit indices; float4 loads and stores when
 * both pointers are 16-byte aligned (checked at run time), else scalar.
 */
#include <stdint.h>
#include <math.h>

__device__ __forceinline__ float exp1(float v)
{
    return (float)exp((double)v);
}

extern "C" __global__ void exp_kernel(const float *__restrict__ x,
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
            v.x = exp1(v.x); v.y = exp1(v.y); v.z = exp1(v.z); v.w = exp1(v.w);
            y4[i] = v;
        }
        done = n4 * 4;
    }
    for (long long i = done + tid; i < n; i += stride)
        y[i] = exp1(x[i]);
}
