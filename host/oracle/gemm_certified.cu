/*
 * gemm_certified.cu — the matmul oracle on the device: each output element
 * is the correctly rounded f64 value of its exact dot product, certified
 * with the host's own arithmetic (host/mp_acc.h), and its magnitude
 * sum |a_k b_k|.  A row holding an element it cannot certify (cancellation
 * too deep for two levels of TwoSum, products near underflow or overflow)
 * it marks in `bad`, and the host computes those rows with MPFR
 * (kcv/oracle/gpu.lua), so the result is kcv.mp.gemm's bit for bit.
 * An element with a non-finite input term is decided here, as MPFR's exact
 * sum decides it: NaN when a term is NaN (NaN, or Inf times 0) or Infs of
 * both signs meet, else the Infs' sign; NaN as the host's (x86's default
 * NaN, 0xfff8...).  Those rows used to go to the host: an Inf in B sent
 * every row there (EXC-01's cases, 4 s of matmul's 16 on the H200).
 *
 * A is [batch][M][K], B is [batch][K][N], both f64 (exact copies of the
 * inputs).  One thread per output, 16 x 16 tiles through shared memory;
 * blockIdx.x runs over the batch's tiles, row-major.  Build with
 * -fmad=false: TwoProduct and TwoSum need every operation rounded alone.
 */
#define MP_ACC_FN __device__ static inline
#include "mp_acc.h"

#define TILE 16

extern "C" __global__ void gemm_certified(const double *__restrict__ A, const double *__restrict__ B,
                                          double *__restrict__ Y, double *__restrict__ MAG,
                                          int *__restrict__ bad, long long M, long long N, long long K)
{
    __shared__ double as[TILE][TILE + 1], bs[TILE][TILE + 1];
    const long long tiles_n = (N + TILE - 1) / TILE, tiles_m = (M + TILE - 1) / TILE;
    const long long z = blockIdx.x / (tiles_m * tiles_n), t = blockIdx.x % (tiles_m * tiles_n);
    const int tx = threadIdx.x % TILE, ty = threadIdx.x / TILE;
    const long long row = (t / tiles_n) * TILE + ty, col = (t % tiles_n) * TILE + tx;
    const double *a = A + z * M * K, *b = B + z * K * N;
    mp_acc acc = MP_ACC_INIT;
    double m = 0;
    int tiny = 0, nan = 0, pinf = 0, ninf = 0;   /* the exact terms' non-finite classes */

    for (long long k0 = 0; k0 < K; k0 += TILE) {
        as[ty][tx] = row < M && k0 + tx < K ? a[row * K + k0 + tx] : 0.0;
        bs[ty][tx] = k0 + ty < K && col < N ? b[(k0 + ty) * N + col] : 0.0;
        __syncthreads();
        const int kn = K - k0 < TILE ? (int)(K - k0) : TILE;
        for (int k = 0; k < kn; k++) {
            const double x = as[ty][k], y = bs[k][tx];
            const double p = x * y, pe = fma(x, y, -p);      /* p + pe = x y exactly */
            tiny |= (fabs(p) < 0x1p-960) & (x != 0) & (y != 0);
            if (!isfinite(x) || !isfinite(y)) {      /* p is then the exact product */
                nan |= isnan(p);
                pinf |= p > 0;
                ninf |= p < 0;
            }
            mp_acc_add(&acc, p);
            mp_acc_err(&acc, pe);
            m += fabs(p);
        }
        __syncthreads();
    }
    if (row >= M || col >= N) return;
    const long long o = (z * M + row) * N + col;
    double y = 0;
    int ok;
    if (nan || (pinf && ninf)) ok = 1, y = __longlong_as_double((long long)0xfff8000000000000ULL);
    else if (pinf || ninf) ok = 1, y = __longlong_as_double(pinf ? 0x7ff0000000000000LL : (long long)0xfff0000000000000ULL);
    else ok = K == 0 ? 1 : !tiny && mp_acc_certify(&acc, 2 * K + 4, &y);
    Y[o] = ok ? y : 0.0;
    MAG[o] = m;
    if (!ok) bad[z * M + row] = 1;      /* every writer stores the same value */
}
