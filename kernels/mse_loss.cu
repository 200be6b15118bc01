/*
 * mse_loss.cu — loss[0] = (1/n) sum_i (pred[i] - target[i])^2, f32 in and out.
 *
 * One block does the whole reduction (the launch asks for one block of
 * 1024 threads; extra blocks return at once), so no atomics and no
 * workspace are needed and the order of additions is fixed: thread t owns
 * the groups of four elements g = t, t + blockDim, ..., then a fixed
 * warp-shuffle tree.  Groups are loaded as float4 when both pointers are
 * 16-byte aligned, else as four scalars, in the same order, so the result
 * does not depend on the buffers' placement.  Differences, squares and the
 * sum are in double: (3e19)^2 overflows f32 but the mean of it need not.
 *
 * One block reads at a few hundred GB/s at most, so kernels/mse_loss.lua
 * runs inputs longer than MSE_CHUNK as a pipeline of two launches:
 * mse_partial, ceil(n / MSE_CHUNK) blocks (at most MSE_MAX_PARTS) striding
 * over the groups of four, each writing its double partial sum to a
 * workspace; then mse_final, one block adding the partials in a fixed
 * order.  The number of partials is a function of n alone, so the result
 * is as deterministic as the one-block path.
 */
#include <stdint.h>
#include "block_reduce.cuh"

__device__ __forceinline__ double sq_diff(float p, float t)
{
    double d = (double)p - (double)t;
    return d * d;
}

extern "C" __global__ void mse_loss_kernel(const float *__restrict__ pred,
                                           const float *__restrict__ target,
                                           float *__restrict__ loss,
                                           long long n)
{
    __shared__ double warp_sums[32];

    if (blockIdx.x != 0)
        return;
    bool aligned = (((uintptr_t)pred | (uintptr_t)target) & 15) == 0;
    long long groups = n / 4;
    double acc = 0.0;

    for (long long g = threadIdx.x; g < groups; g += blockDim.x) {
        float4 p, t;
        if (aligned) {
            p = ((const float4 *)pred)[g];
            t = ((const float4 *)target)[g];
        } else {
            const float *pg = pred + 4 * g, *tg = target + 4 * g;
            p = make_float4(pg[0], pg[1], pg[2], pg[3]);
            t = make_float4(tg[0], tg[1], tg[2], tg[3]);
        }
        acc += sq_diff(p.x, t.x);
        acc += sq_diff(p.y, t.y);
        acc += sq_diff(p.z, t.z);
        acc += sq_diff(p.w, t.w);
    }
    for (long long i = groups * 4 + threadIdx.x; i < n; i += blockDim.x)
        acc += sq_diff(pred[i], target[i]);

    acc = block_sum(acc, warp_sums);
    if (threadIdx.x == 0)
        loss[0] = (float)(acc / (double)n);
}

/* ---- the two-launch pipeline (long inputs) -------------------------------- */

#define MSE_CHUNK 16384
#define MSE_MAX_PARTS 1024

__device__ long long parts_of(long long n)
{
    long long p = (n + MSE_CHUNK - 1) / MSE_CHUNK;
    return p < MSE_MAX_PARTS ? p : MSE_MAX_PARTS;
}

extern "C" __global__ void mse_partial(const float *__restrict__ pred,
                                       const float *__restrict__ target,
                                       double *__restrict__ partial,
                                       long long n)
{
    __shared__ double warp_sums[32];
    long long parts = parts_of(n);
    bool aligned = (((uintptr_t)pred | (uintptr_t)target) & 15) == 0;
    long long groups = n / 4, stride = parts * blockDim.x;

    for (long long b = blockIdx.x; b < parts; b += gridDim.x) {
        double acc = 0.0;
        for (long long g = b * blockDim.x + threadIdx.x; g < groups; g += stride) {
            float4 p, t;
            if (aligned) {
                p = ((const float4 *)pred)[g];
                t = ((const float4 *)target)[g];
            } else {
                const float *pg = pred + 4 * g, *tg = target + 4 * g;
                p = make_float4(pg[0], pg[1], pg[2], pg[3]);
                t = make_float4(tg[0], tg[1], tg[2], tg[3]);
            }
            acc += sq_diff(p.x, t.x);
            acc += sq_diff(p.y, t.y);
            acc += sq_diff(p.z, t.z);
            acc += sq_diff(p.w, t.w);
        }
        if (b == 0)
            for (long long i = groups * 4 + threadIdx.x; i < n; i += blockDim.x)
                acc += sq_diff(pred[i], target[i]);
        acc = block_sum(acc, warp_sums);
        if (threadIdx.x == 0)
            partial[b] = acc;
    }
}

extern "C" __global__ void mse_final(const double *__restrict__ partial,
                                     float *__restrict__ loss, long long n)
{
    __shared__ double warp_sums[32];
    long long parts = parts_of(n);

    if (blockIdx.x != 0)
        return;
    double acc = 0.0;
    for (long long b = threadIdx.x; b < parts; b += blockDim.x)
        acc += partial[b];
    acc = block_sum(acc, warp_sums);
    if (threadIdx.x == 0)
        loss[0] = (float)(acc / (double)n);
}
