/*
 * RED TEAM — deliberately broken; see relu_assume_aligned.lua.
 *
 * kernels/relu.cu with the alignment test dropped: the input is always
 * read as float4 "because cudaMalloc returns 256-byte aligned memory".
 * For a view that starts k elements past a 16-byte boundary, a real
 * ld.global.v4 faults; the author silenced that by aligning the pointer
 * down, which is what this kernel does, so every vector reads the wrong
 * four elements (shifted by k).  Fresh allocations are aligned, so the
 * benchmark never notices.
 */
#include <stdint.h>

__device__ __forceinline__ float relu1(float v)
{
    return v > 0.0f || v != v ? v : 0.0f;   /* NaN kept, -0 and negatives give +0 */
}

extern "C" __global__ void relu_kernel(const float *__restrict__ x,
                                       float *__restrict__ y, long long n)
{
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;

    /* DEFECT: assumes 16-byte alignment; the low address bits are dropped */
    const float4 *x4 = (const float4 *)((uintptr_t)x & ~(uintptr_t)15);
    float4 *y4 = (float4 *)y;
    long long n4 = n / 4;
    for (long long i = tid; i < n4; i += stride) {
        float4 v = x4[i];
        v.x = relu1(v.x); v.y = relu1(v.y); v.z = relu1(v.z); v.w = relu1(v.w);
        y4[i] = v;
    }
    for (long long i = n4 * 4 + tid; i < n; i += stride)
        y[i] = relu1(x[i]);
}
