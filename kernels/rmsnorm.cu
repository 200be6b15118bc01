/*
 * rmsnorm.cu — y[r, c] = x[r, c] / sqrt(mean_c x[r, c]^2 + eps) * gamma[c]
 * over the last axis, f32 storage.
 *
 * Rows of up to WARP_ROW_MAX columns get one warp each (eight rows per
 * block of 256: a row of 64 values keeps every lane busy and needs no
 * __syncthreads); longer rows get a whole block.  Either way the warps or
 * blocks stride over the rows, so any grid works, and the block size may
 * be any multiple of 32 up to 1024 (kernels/rmsnorm.lua sizes the grid for the
 * mode).  The mode, and with it the order of additions, depends on cols
 * only.  Two coalesced passes per row: the sum of squares
 * (double accumulator, so rows of values near FLT_MAX do not overflow;
 * fixed per-thread order and warp-shuffle tree: deterministic), then
 * y = x * rstd * gamma in double, rounded once.
 *
 * Knobs (kernels/rmsnorm.lua, kcv tune; defaults = the kernel as described):
 *   BLOCK  threads per block (the launch only: BLOCK / 32 rows per block in
 *          the warp mode);
 *   ACC    f64 (default), f32 or f16 for the sum of squares (acc.cuh): in
 *          f32 the squares of values above 1.8e19 overflow (EXC-03).
 */
#include <math.h>
#include "block_reduce.cuh"
#define ACC_DEFAULT double
#include "acc.cuh"

#define WARP_ROW_MAX 1024

extern "C" __global__ void rmsnorm_kernel(const float *__restrict__ x,
                                          const float *__restrict__ gamma,
                                          float *__restrict__ y,
                                          long long rows, long long cols,
                                          float eps)
{
    __shared__ acc_t warp_sums[32];

    if (cols <= WARP_ROW_MAX) {
        const int lane = threadIdx.x & 31;
        const long long warps = blockDim.x >> 5;
        for (long long r = blockIdx.x * warps + (threadIdx.x >> 5); r < rows;
             r += gridDim.x * warps) {
            const float *xr = x + r * cols;
            float *yr = y + r * cols;
            acc_t q = acc_of(0.0);
            for (long long c = lane; c < cols; c += 32) {
                acc_t v = acc_of(xr[c]);
                q = q + v * v;
            }
            double ms = acc_value(warp_sum(q)) / (double)cols;
            double rstd = 1.0 / sqrt(ms + (double)eps);
            for (long long c = lane; c < cols; c += 32)
                yr[c] = (float)((double)xr[c] * rstd * (double)gamma[c]);
        }
        return;
    }
    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const float *xr = x + r * cols;
        float *yr = y + r * cols;

        acc_t q = acc_of(0.0);
        for (long long c = threadIdx.x; c < cols; c += blockDim.x) {
            acc_t v = acc_of(xr[c]);
            q = q + v * v;
        }
        double ms = acc_value(block_sum(q, warp_sums)) / (double)cols;
        double rstd = 1.0 / sqrt(ms + (double)eps);

        for (long long c = threadIdx.x; c < cols; c += blockDim.x)
            yr[c] = (float)((double)xr[c] * rstd * (double)gamma[c]);
    }
}
