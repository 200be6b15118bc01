/*
 * sum.cu — y[r] = sum_c x[r, c], the sum along the last axis, f32 in and out.
 *
 * One block per row (grid-stride over rows, so any grid size works), any
 * block size that is a multiple of 32 up to 1024.  Each thread adds the
 * columns c = tid, tid + blockDim, ... in order (coalesced: a warp reads
 * 32 consecutive floats), then a fixed warp-shuffle tree and a tree over
 * the warps' partial sums give the row total: the order of additions
 * depends only on (cols, blockDim), so the result is bitwise
 * deterministic.  No atomics.
 *
 * The accumulator is double: partial sums of finite f32 inputs cannot
 * overflow (a row of large values whose true sum is finite stays finite)
 * and the only rounding that matters is the final one to f32.
 *
 * Knobs (kernels/sum.lua, kcv tune; defaults = the kernel as described):
 *   BLOCK  threads per block (the launch only; the kernel reads blockDim);
 *   ACC    f64 (default), f32 or f16 accumulator (acc.cuh): f32 overflows
 *          on rows of values near FLT_MAX (EXC-03), f16 on long rows;
 *   VEC    1 (default) or 4: each thread adds groups of four consecutive
 *          columns, read as one float4 where the row is 16-byte aligned,
 *          else as four floats in the same order (the bits do not depend
 *          on the placement), then the row's tail one by one.
 */
#include <stdint.h>
#include "block_reduce.cuh"
#define ACC_DEFAULT double
#include "acc.cuh"

#ifndef VEC
#define VEC 1
#endif

extern "C" __global__ void sum_kernel(const float *__restrict__ x,
                                      float *__restrict__ y,
                                      long long rows, long long cols)
{
    __shared__ acc_t warp_sums[32];

    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        acc_t acc = acc_of(0.0);
        long long c0 = 0;
#if VEC == 4
        long long groups = cols / 4;
        bool aligned = ((uintptr_t)xr & 15) == 0;
        for (long long g = threadIdx.x; g < groups; g += blockDim.x) {
            float4 v;
            if (aligned) v = ((const float4 *)xr)[g];
            else v = make_float4(xr[4 * g], xr[4 * g + 1], xr[4 * g + 2], xr[4 * g + 3]);
            acc = acc + acc_of(v.x);
            acc = acc + acc_of(v.y);
            acc = acc + acc_of(v.z);
            acc = acc + acc_of(v.w);
        }
        c0 = groups * 4;
#endif
        for (long long c = c0 + threadIdx.x; c < cols; c += blockDim.x)
            acc = acc + acc_of((double)xr[c]);
        acc = block_sum(acc, warp_sums);
        if (threadIdx.x == 0)
            y[r] = (float)acc_value(acc);
    }
}
