/*
 * matmul.cu — C[M, N] = A[M, K] B[K, N], row-major, f32 in, f32 accumulation,
 * f32 out.
 *
 * Shared-memory tiling: each block computes a 64 x 64 tile of C with 256
 * threads, each thread a 4 x 4 micro-tile held in registers.  The K axis is
 * walked in slices of 16: a 64 x 16 slice of A (stored transposed, k-major)
 * and a 16 x 64 slice of B are staged in shared memory, loaded coalesced
 * (consecutive threads read consecutive addresses), with zeros outside the
 * matrices so every M, N, K works (1, primes, one past a tile).  A thread's
 * rows are ty + 16 i and its columns tx + 16 j: shared-memory reads are
 * broadcasts or conflict-free, and the stores of C are coalesced.
 *
 * Each C element is one fmaf chain over k = 0, 1, ..., K-1 in order: the
 * result is bitwise deterministic and its error is the textbook
 * gamma_K bound for f32 dot products.  The grid is one-dimensional
 * (ceil(M/64) * ceil(N/64) blocks, grid-stride), so there is no 65535 limit
 * on either matrix dimension.  Plain FMA, no tensor cores.
 *
 * Overflow: an f32 running sum can overflow although the exact dot product
 * is finite (a product of 5e38 followed by -3e38), and Inf - Inf then even
 * turns it into NaN.  Every element whose f32 result is not finite is
 * therefore recomputed in double straight from global memory (a rare,
 * slow path): its result is then non-finite exactly where the oracle's is.
 *
 * Knobs (kernels/matmul.lua, kcv tune; defaults = the kernel as described):
 *   BK         16 (default) or 32: the K slice staged per barrier pair;
 *   ACC        f32 (default) or f16: each step's fmaf rounded to half (acc.cuh);
 *   FAST_MATH  false (default) or true: --use_fast_math, which flushes
 *              subnormal products and sums to zero on a GPU (EXC-02); the
 *              CPU backend keeps them (docs/CPU.md).
 */
#include <math.h>
#define ACC_DEFAULT float
#include "acc.cuh"

#define BM 64
#define BN 64
#ifndef BK
#define BK 16
#endif
#define THREADS 256

/* C[i, j] with a double accumulator, in the same k order. */
__device__ float dot_wide(const float *A, const float *B, long long i,
                          long long j, long long N, long long K)
{
    double acc = 0.0;
    for (long long k = 0; k < K; k++)
        acc = fma((double)A[i * K + k], (double)B[k * N + j], acc);
    return (float)acc;
}

extern "C" __global__ void __launch_bounds__(THREADS)
matmul_kernel(const float *__restrict__ A, const float *__restrict__ B,
              float *__restrict__ C, long long M, long long N, long long K)
{
    __shared__ float As[BK][BM + 4];    /* As[k][m] = A[m0 + m][k0 + k] */
    __shared__ float Bs[BK][BN];        /* Bs[k][n] = B[k0 + k][n0 + n] */
    const int t = threadIdx.x, tx = t % 16, ty = t / 16;
    long long tiles_n = (N + BN - 1) / BN;
    long long tiles = ((M + BM - 1) / BM) * tiles_n;

    if (blockDim.x != THREADS)
        return;                         /* wrong launch: leave C unwritten */
    for (long long tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        long long m0 = (tile / tiles_n) * BM, n0 = (tile % tiles_n) * BN;
        acc_t acc[4][4] = {{0.0f}};

        for (long long k0 = 0; k0 < K; k0 += BK) {
            /* A slice: 64 rows x 16 k; consecutive threads read
             * consecutive k of a row (64-byte segments) */
            for (int q = 0; q < BM * BK / THREADS; q++) {
                int idx = t + THREADS * q, m = idx / BK, k = idx % BK;
                long long gm = m0 + m, gk = k0 + k;
                As[k][m] = gm < M && gk < K ? A[gm * K + gk] : 0.0f;
            }
            /* B slice: BK k x 64 columns; thread t loads k t/16 (+ 16 per
             * four q), columns tx + 16 (q % 4) */
            for (int q = 0; q < BK * BN / THREADS; q++) {
                int k = t / 16 + 16 * (q / 4), n = tx + 16 * (q % 4);
                long long gk = k0 + k, gn = n0 + n;
                Bs[k][n] = gk < K && gn < N ? B[gk * N + gn] : 0.0f;
            }
            __syncthreads();

            int kmax = K - k0 < BK ? (int)(K - k0) : BK;
            for (int k = 0; k < kmax; k++) {
                float a[4], b[4];
#pragma unroll
                for (int i = 0; i < 4; i++) a[i] = As[k][ty + 16 * i];
#pragma unroll
                for (int j = 0; j < 4; j++) b[j] = Bs[k][tx + 16 * j];
#pragma unroll
                for (int i = 0; i < 4; i++)
#pragma unroll
                    for (int j = 0; j < 4; j++)
                        acc[i][j] = acc_of(fmaf(a[i], b[j], (float)acc_value(acc[i][j])));
            }
            __syncthreads();
        }

#pragma unroll
        for (int i = 0; i < 4; i++) {
            long long gm = m0 + ty + 16 * i;
            if (gm >= M) continue;
#pragma unroll
            for (int j = 0; j < 4; j++) {
                long long gn = n0 + tx + 16 * j;
                if (gn >= N) continue;
                float v = (float)acc_value(acc[i][j]);
                if (!isfinite(v))
                    v = dot_wide(A, B, gm, gn, N, K);
                C[gm * N + gn] = v;
            }
        }
    }
}
