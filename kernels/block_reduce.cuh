/*
 * block_reduce.cuh — the reductions the honest kernels share.
 *
 * Deterministic: each warp reduces with a fixed shuffle tree, then warp 0
 * reduces the per-warp values the same way, so the same inputs give the
 * same bits on every run.  The block size must be a multiple of 32, up to
 * 1024.  `scratch` is 32 elements of __shared__ memory; it may be reused as
 * soon as the call returns (the last barrier sees to that).
 */
#ifndef KCV_BLOCK_REDUCE_CUH
#define KCV_BLOCK_REDUCE_CUH

#include <math.h>

struct kcv_add {
    template <typename T> __device__ T operator()(T a, T b) const { return a + b; }
};

/* fmaxf skips a NaN operand: callers that need NaN to win carry it another
 * way (softmax: through the sum of exp(x - m)). */
struct kcv_fmax {
    __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

/* op over the block, returned to every thread; `identity` pads the lanes of
 * warp 0 beyond the number of warps. */
template <typename T, typename Op>
__device__ T block_reduce(T v, T *scratch, T identity, Op op)
{
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int nwarps = blockDim.x >> 5;

    for (int off = 16; off > 0; off >>= 1)
        v = op(v, __shfl_down_sync(0xffffffffu, v, off));
    if (lane == 0)
        scratch[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < nwarps ? scratch[lane] : identity;
        for (int off = 16; off > 0; off >>= 1)
            v = op(v, __shfl_down_sync(0xffffffffu, v, off));
        if (lane == 0)
            scratch[0] = v;
    }
    __syncthreads();
    v = scratch[0];
    __syncthreads();            /* scratch may be reused right away */
    return v;
}

template <typename T>
__device__ T block_sum(T v, T *scratch) { return block_reduce(v, scratch, T(0), kcv_add()); }

__device__ inline float block_max(float v, float *scratch)
{
    return block_reduce(v, scratch, -INFINITY, kcv_fmax());
}

/* Sum over one warp, returned to every lane (butterfly: same order on all). */
template <typename T>
__device__ inline T warp_sum(T v)
{
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, off);
    return v;
}

#endif
