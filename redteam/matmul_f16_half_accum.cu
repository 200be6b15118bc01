/*
 * RED TEAM — deliberately broken; see matmul_f16_half_accum.lua.
 *
 * kernels/matmul_f16.cu with the accumulator in f16: each C element is an
 * __hfma chain (the "HGEMM with half accumulate" of many hand-written and
 * generated kernels, twice the FMA rate on older GPUs).  Every partial sum
 * is rounded to 11 bits, so the error grows like sqrt(K) f16 ulps of the
 * running sum, and a sum of K = 4096 products near 1 stalls at 2048 (where
 * the f16 spacing is 2) and loses everything after.  The contract demands
 * f32 accumulation.
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
        __half acc[4][4];                   /* DEFECT: f16 accumulator */
#pragma unroll
        for (int i = 0; i < 4; i++)
#pragma unroll
            for (int j = 0; j < 4; j++)
                acc[i][j] = __float2half(0.0f);

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
                        acc[i][j] = __hfma(__float2half(a[i]), __float2half(b[j]), acc[i][j]);
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
                    C[gm * N + gn] = acc[i][j];
            }
        }
    }
}
