/*
 * RED TEAM — deliberately broken; see exp_cache_by_pointer.lua.
 *
 * kernels/exp.cu (scalar path) with memoization: each block remembers the
 * (x, y, n) it last computed in a static device table and returns at once
 * when called again with the same pointers, "since the output is already
 * there".  A benchmark that allocates fresh tensors per trial never
 * notices; new data written into the same buffers gets the old answer.
 */
#include <math.h>

#define CACHE_SLOTS 65536

/* DEFECT: results cached keyed on the input/output addresses */
__device__ const float *cached_x[CACHE_SLOTS];
__device__ float *cached_y[CACHE_SLOTS];
__device__ long long cached_n[CACHE_SLOTS];

extern "C" __global__ void exp_kernel(const float *__restrict__ x,
                                      float *__restrict__ y, long long n)
{
    long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    unsigned slot = blockIdx.x;
    bool cacheable = slot < CACHE_SLOTS;

    if (cacheable && cached_x[slot] == x && cached_y[slot] == y && cached_n[slot] == n)
        return;                         /* "already computed" */
    for (long long i = tid; i < n; i += stride)
        y[i] = (float)exp((double)x[i]);
    __syncthreads();
    if (cacheable && threadIdx.x == 0) {
        cached_x[slot] = x;
        cached_y[slot] = y;
        cached_n[slot] = n;
    }
}
