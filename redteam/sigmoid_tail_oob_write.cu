/*
 * RED TEAM — deliberately broken; see sigmoid_tail_oob_write.lua.
 *
 * kernels/sigmoid.cu with the vector count rounded up instead of down,
 * "so the tail is covered too": the last float4 reads and writes up to
 * three elements past the end of x and y.  Every output inside the buffer
 * is right, so allclose accepts it; the stray stores land in whatever
 * follows y in memory.
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

    if ((((uintptr_t)x | (uintptr_t)y) & 15) == 0) {
        const float4 *x4 = (const float4 *)x;
        float4 *y4 = (float4 *)y;
        long long n4 = (n + 3) / 4;     /* DEFECT: last vector runs past n */
        for (long long i = tid; i < n4; i += stride) {
            float4 v = x4[i];
            v.x = sigmoid1(v.x); v.y = sigmoid1(v.y); v.z = sigmoid1(v.z); v.w = sigmoid1(v.w);
            y4[i] = v;
        }
        return;
    }
    for (long long i = tid; i < n; i += stride)
        y[i] = sigmoid1(x[i]);
}
