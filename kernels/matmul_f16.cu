/*
 * matmul_f16.cu — C[M, N] = A[M, K] B[K, N], row-major, f16 A, B and C,
 * f32 accumulation: the halves are converted to f32 as they are staged in
 * shared memory, every product and sum is an f32 fmaf, and each C element
 * is rounded once to f16 (__float2half_rn) at the end.  The design is the
 * f32 kernel's (kernels/matmul.cu):
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
 * on either matrix dimension.  Plain FMA, no tensor cores, so the
 * kernel also runs on kcv's CPU backend.
 */
#include <cuda_fp16.h>

#define BM 64
#define BN 64
#define BK 16
#define THREADS 256

extern "C" __global__ void __launch_bounds__(THREADS)
matmul_f16_kernel(const __half *__restrict__ A, const __half *__restrict__ B,
                  __half *__restrict__ C, long long M, long long N, long long K)
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
        float acc[4][4] = {{0.0f}};

        for (long long k0 = 0; k0 < K; k0 += BK) {
            /* A slice: 64 rows x 16 k; consecutive threads read
             * consecutive k of a row (64-byte segments) */
            for (int q = 0; q < 4; q++) {
                int idx = t + THREADS * q, m = idx / BK, k = idx % BK;
                long long gm = m0 + m, gk = k0 + k;
                As[k][m] = gm < M && gk < K ? __half2float(A[gm * K + gk]) : 0.0f;
            }
            /* B slice: 16 k x 64 columns; thread t loads k t/16, columns tx + 16 q */
            for (int q = 0; q < 4; q++) {
                int k = t / 16, n = tx + 16 * q;
                long long gk = k0 + k, gn = n0 + n;
                Bs[k][n] = gk < K && gn < N ? __half2float(B[gk * N + gn]) : 0.0f;
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
                        acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
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
                if (gn < N)
                    C[gm * N + gn] = __float2half_rn(acc[i][j]);
            }
        }
    }
}
