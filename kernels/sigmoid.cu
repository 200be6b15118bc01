/*
 * sigmoid.cu — y[i] = 1 / (1 + exp(-x[i])), element-wise, f32.
 *
 * Evaluated in double and rounded once to f32, so the far negative tail
 * keeps its value down to the f32 subnormals (sigmoid(-100) = 3.7e-44)
 * instead of collapsing to 0 when exp(-x) overflows in f32, and the
 * positive side rounds to exactly 1 where it should.
 * sigmoid(NaN) = NaN, sigmoid(+Inf) = 1, sigmoid(-Inf) = +0.
 *
 * Design: grid-stride loop, 64-bit indices; float4 loads and stores when
 * both pointers are 16-byte aligned (checked at run time), else scalar.
 */
#include <stdint.h>
#include <math.h>

__device__ __forceinline__ float sigmoid1(float v)
{
    return (float)(1.0 / (1.0 + exp(-(double)v)));
}

extern "C" __global__ void sigmoid_kernel(const float *__restrict__ x,
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
            v.x = sigmoid1(v.x); v.y = sigmoid1(v.y);
            v.z = sigmoid1(v.z); v.w = sigmoid1(v.w);
            y4[i] = v;
        }
        done = n4 * 4;
    }
    for (long long i = done + tid; i < n; i += stride)
        y[i] = sigmoid1(x[i]);
}
