/*
 * relu.cu — y[i] = max(x[i], 0), element-wise, f32.
 *
 * Contract details that matter (kcv.mp.map("relu"), docs/ORACLE.md): NaN in
 * gives the same NaN out, and relu(-0) = +0 (`x > 0 ? x : 0`, the oracle's
 * definition).  Neither fmaxf (fmaxf(NaN, 0) = 0) nor `x > 0 ? x : 0` alone
 * (NaN > 0 is false) keeps the NaN, hence the explicit test.
 *
 * Design: grid-stride loop, 64-bit indices; float4 loads and stores when
 * both pointers are 16-byte aligned (checked at run time), else a scalar
 * loop; the tail of fewer than four elements is always scalar.
 */
#include <stdint.h>

__device__ __forceinline__ float relu1(float v)
{
    return v > 0.0f || v != v ? v : 0.0f;
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
