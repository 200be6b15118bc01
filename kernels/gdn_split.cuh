/*
 * gdn_split.cuh — gdn_mma_rows's product on the TF32 tensor cores with
 * f32-accurate operands (the knob PROD = split of gdn_chunked_bwd.lua,
 * -DPROD_SPLIT; issue 12's step 3, docs/KERNELS.md):
 *
 *   D(t, i) = sum_{j < L} a_t(j) m_i(j),   t < a.count, i < m.count,
 *
 * the same contract as gdn_mma_rows (gdn_mma.cuh), not the same bits.
 *
 * Why: the double tensor cores run at 61 TFLOP/s on the H200 (cuBLAS),
 * TF32 at 415, and an m8n8k4 double step reads 2 bytes of shared memory a
 * multiply-add, an m16n16k8 TF32 step half a byte (its three products
 * split the same two fragments in registers).  Plain bf16 operands fail
 * CMP-01 at 18.5x (the forward's OPND knob), so each operand keeps about
 * 21 bits.  Measured (docs/PERF.md, 2026-12-07 13:38): every gate passes,
 * but launch 5 is slower, 4.56 -> 7.37 ms: splitting both fragments at
 * every step costs more than the tensor cores save (such a step ran at
 * 36 TFLOP/s at most, the double one at 33).  The knob stays for the next form,
 * which splits once where the operands are staged.
 *
 *   - range: row t of a and row i of m are scaled by the powers of two
 *     2^-ea_t, 2^-em_i of their largest |value| (frexp: the largest
 *     becomes [0.5, 1)), exact, then rounded to f32.  So double operands
 *     past f32's range (EXC-03's near-FLT_MAX cases) fit, the f32 sums
 *     of at most L terms below 1 cannot overflow, and a row of tiny
 *     values keeps its digits.  D = 2^(ea_t + em_i) Y'(t, i) in double.
 *   - precision: x = hi + lo with hi = tf32(x), lo = tf32(x - hi), and the
 *     products hi*lo, lo*hi, hi*hi go into the f32 accumulator, the small
 *     ones first (about 2^-21 of relative error a product): the f32
 *     accumulator the spec's error model assumes (specs/gdn_bwd.lua).
 *   - tiny elements: an element whose terms all lie far below its rows'
 *     largest had them flushed in f32; a fourth product |a_hi| |m_hi|
 *     gives its magnitude in the scaled units, and below GDN_SPLIT_TINY
 *     the element is the double chain of gdn_mma_rows instead (the
 *     forward's OUT = wmma found this case: PRC-01 failed at 253x
 *     without it).
 *   - non-finite: a row holding a NaN or an Inf is staged as zeros, and
 *     each element of it is the double chain fma(a_t(j), m_i(j), .) over
 *     j from +0, gdn_mma_rows's bits: NaN and Inf propagate as there.  A
 *     row of zeros gives +0, as that chain does.
 *
 * Layout: a's rows (at most GDN_CHUNK) once, m's GDN_SPLIT_IB at a time,
 * as floats at the stride gdn_split_ld(L); 8 warps, warp w owning the 16
 * x 16 tiles (rows 16 (w % 4).., columns 32 (w / 4).. and 16 past) of
 * each block of m's rows, the A fragment shared by the two; each finished
 * tile goes through the warp's two 16 x 16 float scratch tiles.
 * Shared memory: gdn_split_smem(L) bytes, inside gdn_mma_rows's (the
 * sidecar's grad_smem counts both).
 */
#ifndef GDN_SPLIT_CUH
#define GDN_SPLIT_CUH

#include <mma.h>

#define GDN_SPLIT_IB 64           /* m's rows staged at a time */
#define GDN_SPLIT_LMAX 128        /* a row's columns a warp holds in registers (GDN_KMAX) */
#define GDN_SPLIT_WARPS 8
#define GDN_SPLIT_TINY 0x1p-90f   /* as gdn_chunked_fwd.cu's GDN_WM_TINY: 2^36 above f32's flush for L's terms */
/* A row's code: its exponent e plus GDN_SPLIT_BIAS (frexp's e of a finite
 * double lies in -1073..1024, so the code lies in 1..4095), or one of two
 * flags: a row of zeros, a row holding a NaN or an Inf. */
#define GDN_SPLIT_BIAS 2048
#define GDN_SPLIT_ZERO 0x1000
#define GDN_SPLIT_BAD 0x2000

/* A staged row's stride in floats: L rounded up to the k-step of 8 (the
 * padded columns hold 0), plus 4, so that the 16 rows a fragment reads
 * start in different banks. */
__device__ static inline long long gdn_split_ld(long long L) { return (L + 7) / 8 * 8 + 4; }

typedef nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 8, nvcuda::wmma::precision::tf32,
                               nvcuda::wmma::row_major> gdn_split_a;
/* B(j, i) = m_i(j): m's staged rows are B's columns */
typedef nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 8, nvcuda::wmma::precision::tf32,
                               nvcuda::wmma::col_major> gdn_split_b;
typedef nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 8, float> gdn_split_c;

/* hi (holding x on entry) = tf32(x), lo = tf32(x - hi) (x - hi is exact):
 * the same fragment type, so element i of each is the same element of the
 * tile. */
template <class F>
__device__ static void gdn_split_parts(F &hi, F &lo)
{
    for (int i = 0; i < hi.num_elements; i++) {
        const float x = hi.x[i];
        hi.x[i] = nvcuda::wmma::__float_to_tf32(x);
        lo.x[i] = nvcuda::wmma::__float_to_tf32(x - hi.x[i]);
    }
}

template <class F>
__device__ static void gdn_split_abs(F &f)
{
    for (int i = 0; i < f.num_elements; i++) f.x[i] = fabsf(f.x[i]);
}

/* Rows r < rows of set a into s (stride ld), scaled by 2^-e_r, and code[r]:
 * e_r + GDN_SPLIT_BIAS, or GDN_SPLIT_ZERO, or GDN_SPLIT_BAD (the row staged
 * as zeros); rows past a.count and columns past L are zeros.  A warp a
 * row, a lane its columns lane + 32 q: the first GDN_SPLIT_LMAX held in
 * registers between the row's largest and the stores, any past them read
 * twice. */
template <typename T>
__device__ static void gdn_split_stage(float *s, int *code, long long ld, gdn_rows<T> a, int rows, long long L)
{
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
    const long long lp = (L + 7) / 8 * 8;
    for (int r = warp; r < rows; r += warps) {
        float *row = s + r * ld;
        auto at = [&](long long c) { return r < a.count && c < L ? gdn_mma_in(a.at(r, c, L)) : 0.0; };
        double x[GDN_SPLIT_LMAX / 32];
        double mx = 0.0;
        int bad = 0;
#pragma unroll
        for (int q = 0; q < GDN_SPLIT_LMAX / 32; q++) {
            x[q] = at(lane + 32 * q);
            bad |= !isfinite(x[q]);
            mx = fmax(mx, fabs(x[q]));
        }
        for (long long c = GDN_SPLIT_LMAX + lane; c < L; c += 32) {
            const double y = at(c);
            bad |= !isfinite(y);
            mx = fmax(mx, fabs(y));
        }
        for (int o = 16; o > 0; o /= 2) {
            mx = fmax(mx, __shfl_xor_sync(0xffffffffu, mx, o));
            bad |= __shfl_xor_sync(0xffffffffu, bad, o);
        }
        int e = 0;
        frexp(mx, &e);
        /* 2^-e in two factors: each a normal double for any finite mx */
        const double p1 = ldexp(1.0, -e / 2), p2 = ldexp(1.0, -e - (-e / 2));
#pragma unroll
        for (int q = 0; q < GDN_SPLIT_LMAX / 32; q++) {
            const long long c = lane + 32 * q;
            if (c < lp) row[c] = bad ? 0.0f : (float)(x[q] * p1 * p2);
        }
        for (long long c = GDN_SPLIT_LMAX + lane; c < lp; c += 32) row[c] = bad ? 0.0f : (float)(at(c) * p1 * p2);
        if (lane == 0) code[r] = bad ? GDN_SPLIT_BAD : mx == 0.0 ? GDN_SPLIT_ZERO : e + GDN_SPLIT_BIAS;
    }
}

/* The element gdn_mma_rows forms: the double chain over j from +0. */
template <typename TA, typename TM>
__device__ static double gdn_split_chain(gdn_rows<TA> a, gdn_rows<TM> m, long long t, long long i, long long L)
{
    double y = 0.0;
    for (long long j = 0; j < L; j++) y = fma(gdn_mma_in(a.at(t, j, L)), gdn_mma_in(m.at(i, j, L)), y);
    return y;
}

/* gdn_mma_rows's interface (gdn_mma.cuh): store(t, i, d) for each t <
 * a.count, i < m.count.  The whole block calls it (it has barriers),
 * GDN_SPLIT_WARPS warps; sm 32-byte aligned, (GDN_CHUNK + GDN_SPLIT_IB)
 * gdn_split_ld(L) + GDN_SPLIT_WARPS 2 256 floats and GDN_CHUNK +
 * GDN_SPLIT_IB ints (the sidecar's grad_smem counts them). */
template <typename TA, typename TM, class Store>
__device__ static void gdn_split_rows(double *sm, gdn_rows<TA> a, gdn_rows<TM> m, long long L, Store store)
{
    using namespace nvcuda;
    const long long ld = gdn_split_ld(L), lp = (L + 7) / 8 * 8, n = a.count;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int rt = warp % 4, ct = (warp / 4) * 2;       /* the warp's tile row, first tile column */
    float *sa = (float *)sm, *sb = sa + GDN_CHUNK * ld;
    float *tile = sb + GDN_SPLIT_IB * ld + warp * 2 * 256, *mtile = tile + 256;
    int *ca = (int *)(sb + GDN_SPLIT_IB * ld + GDN_SPLIT_WARPS * 2 * 256), *cm = ca + GDN_CHUNK;

    gdn_split_stage(sa, ca, ld, a, GDN_CHUNK, L);
    for (long long i0 = 0; i0 < m.count; i0 += GDN_SPLIT_IB) {
        if (i0 > 0) __syncthreads();              /* m's last rows read */
        gdn_split_stage(sb, cm, ld, gdn_rows_from(m, i0), GDN_SPLIT_IB, L);
        __syncthreads();
        if (rt * 16 >= n || i0 + ct * 16 >= m.count) continue;
        gdn_split_c c[2], mg[2];
        for (int u = 0; u < 2; u++) {
            wmma::fill_fragment(c[u], 0.0f);
            wmma::fill_fragment(mg[u], 0.0f);
        }
        for (long long k0 = 0; k0 < lp; k0 += 8) {
            gdn_split_a ah, al;
            gdn_split_b bh[2], bl[2];
            wmma::load_matrix_sync(ah, sa + rt * 16 * ld + k0, (unsigned)ld);
            gdn_split_parts(ah, al);
            for (int u = 0; u < 2; u++) {
                wmma::load_matrix_sync(bh[u], sb + (ct + u) * 16 * ld + k0, (unsigned)ld);
                gdn_split_parts(bh[u], bl[u]);
                wmma::mma_sync(c[u], ah, bl[u], c[u]);
                wmma::mma_sync(c[u], al, bh[u], c[u]);
                wmma::mma_sync(c[u], ah, bh[u], c[u]);
            }
            gdn_split_abs(ah);
            for (int u = 0; u < 2; u++) {
                gdn_split_abs(bh[u]);
                wmma::mma_sync(mg[u], ah, bh[u], mg[u]);
            }
        }
        for (int u = 0; u < 2; u++) {
            wmma::store_matrix_sync(tile, c[u], 16, wmma::mem_row_major);
            wmma::store_matrix_sync(mtile, mg[u], 16, wmma::mem_row_major);
            __syncwarp();
            for (int e = lane; e < 256; e += 32) {
                const long long t = rt * 16 + e / 16, r = (ct + u) * 16 + e % 16, i = i0 + r;
                if (t >= n || i >= m.count) continue;
                const int xa = ca[t], xm = cm[r];
                double d;
                if ((xa | xm) & GDN_SPLIT_BAD) d = gdn_split_chain(a, m, t, i, L);
                else if ((xa | xm) & GDN_SPLIT_ZERO) d = 0.0;
                else if (mtile[e] < GDN_SPLIT_TINY) d = gdn_split_chain(a, m, t, i, L);
                else d = ldexp((double)tile[e], xa + xm - 2 * GDN_SPLIT_BIAS);
                store(t, i, d);
            }
            __syncwarp();                         /* read before the next store */
        }
    }
    __syncthreads();                              /* every store done, sm free */
}

#endif
