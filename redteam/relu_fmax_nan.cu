/*
 * RED TEAM — deliberately broken; see relu_fmax_nan.lua.
 *
 * kernels/relu.cu with one change: relu1 is fmaxf(v, 0.0f), the textbook
 * one-liner.  fmaxf returns the non-NaN operand, so relu(NaN) = 0: a NaN
 * in the input vanishes.  Random normal inputs never hold a NaN, so the
 * benchmarks' allclose check accepts it.
 */
#include <stdint.h>
#include <math.h>

__device__ __forceinline__ float relu1(float v)
{
    return fmaxf(v, 0.0f);          /* DEFECT: fmaxf(NaN, 0) = 0 */
}

extern "C" __global__ void relu_kernel(const float *__restrict__ x,
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
            v.x = relu1(v.x); v.y = relu1(v.y); v.z = relu1(v.z); v.w = relu1(v.w);
            y4[i] = v;
        }
        done = n4 * 4;
    }
    for (long long i = done + tid; i < n; i += stride)
        y[i] = relu1(x[i]);
}
