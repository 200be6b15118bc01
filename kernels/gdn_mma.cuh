/*
 * gdn_mma.cuh — products of row sets on the double tensor cores (WMMA
 * m8n8k4, sm_80 and later; kcv's CPU backend emulates it, docs/CPU.md),
 * for gdn_chunked_bwd.cu's launch 5 (gdn_chunked_fwd.cu's scans, which
 * include it, stage their own operands at gdn_mma_ld's stride), and, in
 * less shared memory (gdn_mma_gram, below), the Gram products of
 * gdn_chunk_prep (L's k k^T) and gdn_chunk_bprep (k k^T and q k^T), and
 * (gdn_mma_lower, gdn_mma_upper, at the end) their triangular products:
 *
 *   D(t, i) = sum_{j < L} a_t(j) m_i(j),   t < a.count, i < m.count,
 *
 * a_t and m_i rows of L elements (gdn_rows: a chunk's rows, token base +
 * r H of a [tokens, L] array, or a state's, row r of an [R, L] array).
 * Launch 5's products of the chunk with a whole state (dW = -ddelta S0^T,
 * y = dO S0^T, z = delta dSe^T) and its chunk-by-chunk Gram products (dA's
 * dW k^T and ddelta v^T; the pair tables' k k^T, q k^T and dO delta^T).
 *
 * Why it keeps the scalar loops' bits: an m8n8k4 step adds its 4 products
 * to the accumulator with fma in increasing k (so the CPU backend's
 * emulation does, docs/CPU.md, and so the H200 gives: the same bits as the
 * scalar kernel, docs/PERF.md, 12-04), and the k-steps go in increasing j
 * from an accumulator of +0, so each element is the chain fma(a_t(j),
 * m_i(j), .) over j = 0..L-1 that the scalar loop formed (a product's two
 * factors in either order: the same exact product).  The zero padding (j
 * past L; rows past a set's count, whose results are dropped) adds
 * fma(0, 0, s) = s: a chain from +0 never holds -0, the one s it would
 * change.  No padded row or column is read from global memory, so a NaN
 * there cannot leak.  Results a caller does not keep (a triangle's other
 * half) are formed and dropped: no NaN reaches a kept one.
 *
 * Operands go to shared memory as doubles (exact: bf16 and f32 are
 * doubles), a's rows once, m's GDN_MMA_IB at a time, by async copies of
 * their raw bytes converted in place (gdn_mma_stage); a warp owns two tile
 * rows (16 of a's rows) by half the GDN_MMA_IB / 8 tiles across them (a B
 * fragment serving both rows), and stores each finished tile through its
 * own 8 x 8 scratch, from where `store(t, i, value)` takes the elements
 * that exist.
 */
#ifndef GDN_MMA_CUH
#define GDN_MMA_CUH

#include <mma.h>
#include "gdn_loops.cuh"

#define GDN_MMA_IB 32            /* m's rows staged at a time */

/* A staged row's stride in doubles: at least L rounded up to the k-step of
 * 4 (the padded columns hold 0), even (WMMA's ldm is a multiple of 16
 * bytes) and 4 past a multiple of 16, so that the 8 rows of a tile fall in
 * two wavefronts of the shared-memory banks, the fewest 256 bytes take. */
__device__ static inline long long gdn_mma_ld(long long L) { return (L + 15) / 16 * 16 + 4; }

template <typename T>
__device__ static inline double gdn_mma_in(T x) { return (double)x; }
template <>
__device__ inline double gdn_mma_in<__nv_bfloat16>(__nv_bfloat16 x) { return (double)__bfloat162float(x); }

/* count rows of L elements: row r at p + (base + r * stride) * L. */
template <typename T>
struct gdn_rows {
    const T *p;
    long long base, stride, count;
    __device__ T at(long long r, long long j, long long L) const { return p[(base + r * stride) * L + j]; }
};

typedef nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 8, 8, 4, double> gdn_mma_acc;

/* Staging a set's rows as doubles: s[r * ld + c] = a's element (r, j0 + c)
 * for r < rows, c < kb, +0 where r >= a.count or j0 + c >= L.  By async
 * copies (<cuda_pipeline.h>): all of a thread's copies in flight at once,
 * no register between a load and its store.  (A plain loop waits one
 * memory latency an element: the compiler keeps each load after the last
 * store, gdn_loops.cuh; gdn_mma_rows staged 33 elements a thread so.)  A
 * warp a row.  Its lanes copy the row's raw bytes, 16 at a time, to the
 * end of the row's slot, byte E (gdn_mma_raw_at).  After the wait the same
 * warp converts them in place, B = 32 GDN_MMA_CONVERT_B columns at a time
 * in increasing c, each block read before it is written (__syncwarp).  Why
 * in place is safe: the doubles below column c + B end at byte 8 (c + B),
 * below the raw elements still unread, which start at E + sizeof(T) (c +
 * B), whenever c + B < kb; that holds because E >= 8 ld - sizeof(T) kb -
 * 15 and ld >= kb + 4.  Doubles go straight to their place.  Where a
 * row is not whole 16-byte pieces (L sizeof(T), j0, the array's address),
 * the plain loop.  In three steps, so that two sets share one wait:
 * gdn_mma_copy for each, then gdn_mma_wait, then gdn_mma_convert for each
 * (gdn_mma_stage: one set).  gdn_mma_rows stages so (launch 5: 6.54 ->
 * 6.46 ms on the H200, 12-06).  gdn_mma_gram, gdn_chunk_out's operands
 * and the scans' rows staged so were slower (prep 1.09 -> 1.52, out 1.08
 * -> 1.18, bprep 1.37 -> 1.60, scan 1.66 -> 1.85 ms): they keep their
 * loops (docs/PERF.md, 2026-12-06). */
template <typename T>
__device__ static inline bool gdn_mma_async_ok(gdn_rows<T> a, long long L, long long j0)
{
    return (L * (long long)sizeof(T)) % 16 == 0 && (j0 * (long long)sizeof(T)) % 16 == 0 &&
           (unsigned long long)a.p % 16 == 0;
}

template <typename T>
__device__ static inline long long gdn_mma_raw_at(long long ld, int kb)
{
    return sizeof(T) == 8 ? 0 : (8 * ld - (long long)sizeof(T) * kb) / 16 * 16;
}

template <typename T>
__device__ static void gdn_mma_copy(double *s, long long ld, gdn_rows<T> a, int rows, long long j0, int kb, long long L)
{
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
    const long long cols = L - j0 < kb ? L - j0 : kb;
    if (!gdn_mma_async_ok(a, L, j0)) {
        for (int r = warp; r < rows; r += warps)
            for (int c = lane; c < kb; c += 32)
                s[r * ld + c] = r < a.count && c < cols ? gdn_mma_in(a.at(r, j0 + c, L)) : 0.0;
        return;
    }
    const int per = 16 / (int)sizeof(T);
    const long long E = gdn_mma_raw_at<T>(ld, kb);
    for (int r = warp; r < rows; r += warps) {
        double *row = s + r * ld;
        if (r >= a.count) {
            for (int c = lane; c < kb; c += 32) row[c] = 0.0;
            continue;
        }
        const T *src = a.p + (a.base + r * a.stride) * L + j0;
        for (int q = lane; q * per < cols; q += 32)
            __pipeline_memcpy_async((char *)row + E + 16 * q, src + q * per, 16);
        if (sizeof(T) == 8)
            for (long long c = cols + lane; c < kb; c += 32) row[c] = 0.0;
    }
}

/* A thread's copies landed, and its warp's (the warp converts its rows). */
__device__ static inline void gdn_mma_wait()
{
    gdn_copies_land();
    __syncwarp();
}

/* The columns a lane converts between two __syncwarp: a row of up to 128
 * at once (one before and one after every 32 columns spilled more:
 * gdn_chunk_grad's spill loads 152 bytes against 40, sm_90a).  A later
 * row's slot is another row's bytes, so no __syncwarp between rows. */
#define GDN_MMA_CONVERT_B 4

template <typename T>
__device__ static void gdn_mma_convert(double *s, long long ld, gdn_rows<T> a, int rows, long long j0, int kb,
                                       long long L)
{
    if (sizeof(T) == 8 || !gdn_mma_async_ok(a, L, j0)) return;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
    const long long cols = L - j0 < kb ? L - j0 : kb, E = gdn_mma_raw_at<T>(ld, kb);
    for (int r = warp; r < rows && r < a.count; r += warps) {
        double *row = s + r * ld;
        const T *raw = (const T *)((const char *)row + E);
        for (int c0 = 0; c0 < kb; c0 += 32 * GDN_MMA_CONVERT_B) {
            double x[GDN_MMA_CONVERT_B];
#pragma unroll
            for (int b = 0; b < GDN_MMA_CONVERT_B; b++) {
                const int c = c0 + 32 * b + lane;
                x[b] = c < cols ? gdn_mma_in(raw[c]) : 0.0;
            }
            __syncwarp();
#pragma unroll
            for (int b = 0; b < GDN_MMA_CONVERT_B; b++) {
                const int c = c0 + 32 * b + lane;
                if (c < kb) row[c] = x[b];
            }
            if (c0 + 32 * GDN_MMA_CONVERT_B < kb) __syncwarp();
        }
    }
}

template <typename T>
__device__ static void gdn_mma_stage(double *s, long long ld, gdn_rows<T> a, int rows, long long j0, int kb, long long L)
{
    gdn_mma_copy(s, ld, a, rows, j0, kb, L);
    gdn_mma_wait();
    gdn_mma_convert(s, ld, a, rows, j0, kb, L);
}

/* The set's rows from i0 on. */
template <typename T>
__device__ static inline gdn_rows<T> gdn_rows_from(gdn_rows<T> a, long long i0)
{
    return gdn_rows<T>{a.p, a.base + i0 * a.stride, a.stride, a.count - i0};
}

/* The k-steps k0 = 0, 4, .. < lk of R tile rows: A's 8 R rows at a, B's
 * columns the rows of N tiles at b, 8 rows apart (B(j, i) = m_i(j)), all
 * at a stride of ld doubles; into d[r][0..N-1], in increasing k.  A step's
 * fragments serve R N products: each B fragment R of them, where a warp of
 * one tile row loaded it for one (the fragment loads from shared memory
 * are what the scans waited on: gdn_scan_state_mma, 12-07). */
template <int R, int N>
__device__ static inline void gdn_mma_steps(gdn_mma_acc (*d)[N], const double *a, const double *b, long long ld,
                                            long long lk)
{
    using namespace nvcuda;
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa[R];
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fb;
    for (long long k0 = 0; k0 < lk; k0 += 4) {
#pragma unroll
        for (int r = 0; r < R; r++) wmma::load_matrix_sync(fa[r], a + r * 8 * ld + k0, (unsigned)ld);
#pragma unroll
        for (int c = 0; c < N; c++) {
            wmma::load_matrix_sync(fb, b + c * 8 * ld + k0, (unsigned)ld);
#pragma unroll
            for (int r = 0; r < R; r++) wmma::mma_sync(d[r][c], fa[r], fb, d[r][c]);
        }
    }
}

/* MMA = m16n8k4 (-DMMA_M16N8K4, an experiment, off by default): the
 * products of gdn_mma_rows, gdn_mma_gram and both scans take a 16 x 8
 * tile (two of a warp's 8 x 8 tile rows by one column) in one m16n8k4 f64
 * step of sm_90 (mma.sync, DMMA.16x8x4), where WMMA's m8n8k4 (DMMA.884)
 * takes two.  No WMMA fragment has that shape, so the lanes load their
 * fragments from shared memory by hand: lane (g, t) = (lane / 4, lane %
 * 4) holds A(g, k0 + t), A(g + 8, k0 + t), B(k0 + t, g) and D(g, 2t), D(g,
 * 2t + 1), D(g + 8, 2t), D(g + 8, 2t + 1) (PTX ISA, the .f64 fragments of
 * mma.m16n8k4).  The same bits only if the step adds its four products
 * with fma in increasing k, as m8n8k4's does: tools/mma-rates.cu checks
 * that on the device ("f64 m16n8k4 .. differ from the fma chain"), and
 * spec/gdn_mma_spec.lua under KCV_BACKEND=cuda.  The CPU backend forms
 * that chain from shared memory.  The k loop is not unrolled
 * (GDN_DMMA_UNROLL): unrolled, gdn_chunk_grad spilled 64/364 bytes
 * (stores/loads) and bprep 96/208; not unrolled, no launch of the
 * backward spills, the scans included (80/160 and 72/168 under WMMA). */
#ifndef GDN_DMMA_UNROLL
#define GDN_DMMA_UNROLL 1
#endif
constexpr int gdn_dmma_unroll = GDN_DMMA_UNROLL;

struct gdn_dmma_acc {
    double x[4];
};

/* The k-steps k0 <= k < k1 (a multiple of 4 apart): A's rows g at a0 and
 * g + 8 at a1 (this lane's g; A(row, k) at a[(k - k0) * astep]: 1
 * row-major, the stride column-major) by N tiles of B (B(k, n) at b[k * bk
 * + n * bn]), into d[0..N-1] in increasing k. */
template <int N>
__device__ static inline void gdn_dmma_steps(gdn_dmma_acc *d, const double *a0, const double *a1, long long astep,
                                             const double *b, long long bk, long long bn, long long k0, long long k1)
{
    const int lane = threadIdx.x % 32, t = lane % 4;
#pragma unroll (gdn_dmma_unroll)
    for (long long k = k0; k < k1; k += 4) {
#ifdef KCV_CPU_MMA_H
#pragma unroll
        for (int c = 0; c < N; c++)
            for (int e = 0; e < 4; e++) {
                const double *ar = e < 2 ? a0 : a1;
                for (int kk = 0; kk < 4; kk++)
                    d[c].x[e] = fma(ar[(k - k0 + kk) * astep], b[(k + kk) * bk + (c * 8 + 2 * t + e % 2) * bn],
                                    d[c].x[e]);
            }
#else
        const double x0 = a0[(k - k0 + t) * astep], x1 = a1[(k - k0 + t) * astep];
#pragma unroll
        for (int c = 0; c < N; c++) {
            const double y = b[(k + t) * bk + (c * 8 + lane / 4) * bn];
            asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                : "+d"(d[c].x[0]), "+d"(d[c].x[1]), "+d"(d[c].x[2]), "+d"(d[c].x[3])
                : "d"(x0), "d"(x1), "d"(y));
        }
#endif
    }
}

/* gdn_mma_steps<2, N>'s operands (A's 16 rows at a, B's columns the rows
 * of N tiles at b, both at a stride of ld) in m16n8k4 steps. */
template <int N>
__device__ static inline void gdn_dmma_rows_steps(gdn_dmma_acc *d, const double *a, const double *b, long long ld,
                                                  long long lk)
{
    const int g = threadIdx.x % 32 / 4;
    gdn_dmma_steps<N>(d, a + g * ld, a + (g + 8) * ld, 1, b, 1, ld, 0, lk);
}

/* store(t, i, value) for the elements t < na, i < nm of the warp's N
 * 16 x 8 tiles (rows t0.., columns i0 + 8c..), an 8 x 8 half at a time
 * through the warp's scratch tile, as gdn_mma_store.  (Written when the
 * k loop was unrolled and gdn_chunk_grad spilled: 64/364 bytes stored
 * straight from the lanes, 76/404 through the scratch; the unrolling was
 * the cause, and the two forms have not been compared since.) */
template <int N, class Store>
__device__ static inline void gdn_dmma_store(const gdn_dmma_acc *d, double *tile, long long t0, long long i0,
                                             long long na, long long nm, Store store)
{
    const int lane = threadIdx.x % 32, g = lane / 4, t = lane % 4;
#pragma unroll
    for (int c = 0; c < N; c++)
#pragma unroll
        for (int r = 0; r < 2; r++) {
            tile[g * 8 + 2 * t] = d[c].x[2 * r];
            tile[g * 8 + 2 * t + 1] = d[c].x[2 * r + 1];
            __syncwarp();
#pragma unroll
            for (int h = 0; h < 2; h++) {
                const int e = lane + 32 * h;
                const long long tt = t0 + r * 8 + e / 8, i = i0 + c * 8 + e % 8;
                if (tt < na && i < nm) store(tt, i, tile[e]);
            }
            __syncwarp();
        }
}

/* A store that reads what it adds to (gdn_chunk_grad's dK += d, dQ from
 * R): load(t, i) for each of the warp's elements that exist, a lane's
 * GDN_MMA_LOADS doubles issued together before the first of their stores,
 * store(t, i, value, loaded).  Loaded inside the store, each load waited
 * for the last store (the compiler cannot tell that two elements'
 * addresses differ): the 8 loads a lane a block of 32 columns, one memory
 * latency each, were 11% of gdn_chunk_grad's stall samples on an H100
 * (12-06).  More at once spilled: dK's last pass loads two doubles an
 * element, and all 16 of a lane's took the launch's spill from 12/56 to
 * 148/812 bytes (stores/loads), 8 to 28/108.  (In bytes, 8 doubles: with
 * ACC=f32 dK is float, 16 of them.) */
#define GDN_MMA_LOADS 8

struct gdn_no_load {
    __device__ double operator()(long long, long long) const { return 0.0; }
};

template <class T>
__device__ T &&gdn_declval();                     /* decltype's operand only: never defined */

template <class Load>
using gdn_loaded_t = decltype(gdn_declval<Load &>()(0LL, 0LL));

/* The tiles of N whose loads go out together: 2 elements a lane a tile,
 * at most GDN_MMA_LOADS doubles' bytes. */
template <int N, class Load>
__device__ constexpr int gdn_mma_batch()
{
    constexpr int per = (int)(GDN_MMA_LOADS * sizeof(double) / (2 * sizeof(gdn_loaded_t<Load>)));
    constexpr int P = per < 1 ? 1 : per > N ? N : per;
    static_assert(N % P == 0, "a batch of tiles divides N");
    return P;
}

template <int N, class Load>
struct gdn_mma_loaded {
    gdn_loaded_t<Load> x[N][2];

    __device__ gdn_mma_loaded(Load load, long long t0, long long i0, long long na, long long nm)
    {
        const int lane = threadIdx.x % 32;
#pragma unroll
        for (int c = 0; c < N; c++)
#pragma unroll
            for (int h = 0; h < 2; h++) {
                const int e = lane + 32 * h;
                const long long t = t0 + e / 8, i = i0 + c * 8 + e % 8;
                if (t < na && i < nm) x[c][h] = load(t, i);
            }
    }
};

/* The warp's N finished tiles d[c] (rows t0.., columns i0 + 8c..) through
 * its 8 x 8 scratch tile: store(t, i, value, loaded) for the elements
 * t < na, i < nm that exist (loaded: load(t, i), above). */
template <int N, class Load, class Store>
__device__ static inline void gdn_mma_store(gdn_mma_acc *d, double *tile, long long t0, long long i0,
                                            long long na, long long nm, Load load, Store store)
{
    const int lane = threadIdx.x % 32;
    constexpr int P = gdn_mma_batch<N, Load>();
#pragma unroll
    for (int c0 = 0; c0 < N; c0 += P) {
        const gdn_mma_loaded<P, Load> p(load, t0, i0 + 8 * c0, na, nm);
#pragma unroll
        for (int c = c0; c < c0 + P; c++) {
            nvcuda::wmma::store_matrix_sync(tile, d[c], 8, nvcuda::wmma::mem_row_major);
            __syncwarp();
#pragma unroll
            for (int h = 0; h < 2; h++) {
                const int e = lane + 32 * h;
                const long long t = t0 + e / 8, i = i0 + c * 8 + e % 8;
                if (t < na && i < nm) store(t, i, tile[e], p.x[c - c0][h]);
            }
            __syncwarp();
        }
    }
}

template <int N, class Store>
__device__ static inline void gdn_mma_store(gdn_mma_acc *d, double *tile, long long t0, long long i0,
                                            long long na, long long nm, Store store)
{
    gdn_mma_store<N>(d, tile, t0, i0, na, nm, gdn_no_load(),
                     [&](long long t, long long i, double y, double) { store(t, i, y); });
}

/* D over a's rows (at most GDN_CHUNK) and m's; `store(t, i, d)` for each
 * t < a.count, i < m.count.  The whole block calls it (it has barriers),
 * blockDim.x a multiple of 32; sm 32-byte aligned, (GDN_CHUNK + GDN_MMA_IB)
 * gdn_mma_ld(L) + 64 warps doubles (the sidecar's grad_smem,
 * gdn_chunked_bwd.lua, counts them). */
#include "gdn_split.cuh"   /* PROD = split's form of gdn_mma_rows */

template <typename TA, typename TM, class Store>
__device__ static void gdn_mma_rows(double *sm, gdn_rows<TA> a, gdn_rows<TM> m, long long L, Store store)
{
#ifdef PROD_SPLIT
    gdn_split_rows(sm, a, m, L, store);
    return;
#endif
    using namespace nvcuda;
    const long long ld = gdn_mma_ld(L), lk = (L + 3) / 4 * 4, n = a.count;
    const int warp = threadIdx.x / 32, warps = blockDim.x / 32;
    double *sa = sm, *sb = sa + GDN_CHUNK * ld, *tile = sb + GDN_MMA_IB * ld + warp * 64;

    /* a's rows and m's first GDN_MMA_IB under one wait */
    gdn_mma_copy(sa, ld, a, GDN_CHUNK, 0, (int)lk, L);
    gdn_mma_copy(sb, ld, m, GDN_MMA_IB, 0, (int)lk, L);
    gdn_mma_wait();
    gdn_mma_convert(sa, ld, a, GDN_CHUNK, 0, (int)lk, L);
    gdn_mma_convert(sb, ld, m, GDN_MMA_IB, 0, (int)lk, L);
    for (long long i0 = 0; i0 < m.count; i0 += GDN_MMA_IB) {
        if (i0 > 0) {
            __syncthreads();                      /* m's last rows read */
            gdn_mma_stage(sb, ld, gdn_rows_from(m, i0), GDN_MMA_IB, 0, (int)lk, L);
        }
        __syncthreads();
        /* a warp's unit: two tile rows (p) by half the block's tile columns
         * (q); a's rows past n are zeros, their results dropped */
        for (int u = warp; u < (int)(n + 15) / 16 * 2; u += warps) {
            constexpr int NC = GDN_MMA_IB / 16;
            const int p = u / 2, q = u % 2;
#ifdef MMA_M16N8K4
            gdn_dmma_acc d16[NC] = {};
            gdn_dmma_rows_steps<NC>(d16, sa + p * 16 * ld, sb + q * NC * 8 * ld, ld, lk);
            gdn_dmma_store<NC>(d16, tile, p * 16, i0 + q * NC * 8, n, m.count, store);
            continue;
#endif
            gdn_mma_acc d[2][NC];
#pragma unroll
            for (int r = 0; r < 2; r++)
#pragma unroll
                for (int c = 0; c < NC; c++) wmma::fill_fragment(d[r][c], 0.0);
            gdn_mma_steps<2, NC>(d, sa + p * 16 * ld, sb + q * NC * 8 * ld, ld, lk);
#pragma unroll
            for (int r = 0; r < 2; r++)
                gdn_mma_store<NC>(d[r], tile, p * 16 + r * 8, i0 + q * NC * 8, n, m.count, store);
        }
    }
    __syncthreads();                              /* every store done, sm free */
}

/* The Gram product of two sets of at most GDN_CHUNK rows (a chunk's k k^T,
 * q k^T), D(t, s) for t < a.count, s < m.count, in less shared memory than
 * gdn_mma_rows: both sets staged GDN_GRAM_KB columns at a time, each
 * warp's 8 accumulators (tile rows 2p and 2p + 1, p = warp % 4, by the
 * tile columns 4q.. 4q + 3, q = warp / 4) held across the slices.  The
 * slices go in increasing j, so each element is the same fma chain as
 * above.  The whole block calls it, at least 8 warps (the first 8 hold
 * the tiles); sm 32-byte aligned, 2 GDN_CHUNK gdn_mma_ld(GDN_GRAM_KB) + 64
 * warps doubles (the sidecars' gram_smem). */
#define GDN_GRAM_KB 32

/* The slice of both sets from column j0 (at most GDN_GRAM_KB of lk) to sa
 * and sb, between two barriers; its width. */
template <typename TA, typename TM>
__device__ static long long gdn_gram_stage(double *sa, double *sb, long long ld, gdn_rows<TA> a, gdn_rows<TM> m,
                                           long long j0, long long lk, long long L)
{
    const long long kb = lk - j0 < GDN_GRAM_KB ? lk - j0 : GDN_GRAM_KB;
    __syncthreads();                              /* the last slice read */
    GDN_EACH_ROW(r, GDN_CHUNK, c, kb) {
        const long long j = j0 + c;
        sa[r * ld + c] = r < a.count && j < L ? gdn_mma_in(a.at(r, j, L)) : 0.0;
        sb[r * ld + c] = r < m.count && j < L ? gdn_mma_in(m.at(r, j, L)) : 0.0;
    }
    __syncthreads();
    return kb;
}

template <typename TA, typename TM, class Store>
__device__ static void gdn_mma_gram(double *sm, gdn_rows<TA> a, gdn_rows<TM> m, long long L, Store store)
{
    using namespace nvcuda;
    const long long ld = gdn_mma_ld(GDN_GRAM_KB), lk = (L + 3) / 4 * 4;
    const int warp = threadIdx.x / 32, p = warp % 4, q = warp / 4;
    constexpr int NC = GDN_CHUNK / 16;            /* a warp's tile columns */
    const bool mine = warp < 8 && p * 16 < a.count;
    double *sa = sm, *sb = sa + GDN_CHUNK * ld, *tile = sb + GDN_CHUNK * ld + warp * 64;
#ifdef MMA_M16N8K4
    gdn_dmma_acc d16[NC] = {};
    for (long long j0 = 0; j0 < lk; j0 += GDN_GRAM_KB) {
        const long long kb = gdn_gram_stage(sa, sb, ld, a, m, j0, lk, L);
        if (mine) gdn_dmma_rows_steps<NC>(d16, sa + p * 16 * ld, sb + q * NC * 8 * ld, ld, kb);
    }
    if (mine) gdn_dmma_store<NC>(d16, tile, p * 16, q * NC * 8, a.count, m.count, store);
    __syncthreads();                              /* every store done, sm free */
    return;
#endif
    gdn_mma_acc d[2][NC];

#pragma unroll
    for (int r = 0; r < 2; r++)
#pragma unroll
        for (int c = 0; c < NC; c++) wmma::fill_fragment(d[r][c], 0.0);
    for (long long j0 = 0; j0 < lk; j0 += GDN_GRAM_KB) {
        const long long kb = gdn_gram_stage(sa, sb, ld, a, m, j0, lk, L);
        if (mine) gdn_mma_steps<2, NC>(d, sa + p * 16 * ld, sb + q * NC * 8 * ld, ld, kb);
    }
    if (mine)
#pragma unroll
        for (int r = 0; r < 2; r++) gdn_mma_store<NC>(d[r], tile, p * 16 + r * 8, q * NC * 8, a.count, m.count, store);
    __syncthreads();                              /* every store done, sm free */
}

/* The triangular products of gdn_chunk_prep (W = A diag(beta Gam(.,-1)) K,
 * U = A diag(beta) V) and gdn_chunk_bprep (W again; ddelta's dO term):
 *
 *   lower:  D(t, j) = sum_{s <= t} A(t, s) M(s, j),        t < n, j < cols,
 *   upper:  D(s, j) = sum_{s <= t < n} X(t, s) M(t, j),    s < n,
 *
 * each element the chain fma(A, M, .) from +0 in increasing s (lower) or t
 * (upper), as the scalar loops form it.  A tile row of D, the rows
 * t0..t0+7, is one warp's.  The terms of the tiles off the diagonal go on
 * the tensor cores, the diagonal tile's as a scalar chain: after the
 * tensor cores' steps (lower: s < t0 come first) or before them (upper: t <
 * t0 + 8 come first; the
 * chains' values enter the accumulators through the warp's tile), so each
 * element keeps its terms and their order.  No term across the diagonal is
 * formed (the triangle's zeros): a NaN in M's other rows stays out.
 * A(t, s) at A[t * lda + s] (s <= t < n read only) and X(t, s) at X[t * ldx
 * + s] (t < (n + 3) / 4 * 4 read; rows past n must hold zeros), doubles in
 * shared or global memory; m(s, j) gives M's element as a double (s < n);
 * store(row, j, d).  sb: GDN_CHUNK x (CB + 4) doubles (M's columns CB at a
 * time), tiles: 64 doubles a warp, both 32-byte aligned, as A and X.  The
 * whole block calls them (barriers); warp w takes the tile rows w, w +
 * warps, .. of the (n + 7) / 8. */
template <int CB, class FM>
__device__ static void gdn_mma_stage_cols(double *sb, long long n, long long cols, long long j0, FM m)
{
    __syncthreads();                              /* the last columns read */
    GDN_EACH(w, GDN_CHUNK * CB) {
        const long long s = w / CB, j = j0 + w % CB;
        sb[s * (CB + 4) + w % CB] = s < n && j < cols ? m(s, j) : 0.0;
    }
    __syncthreads();
}

/* The k-steps k0 <= k < k1 (k - k0 a multiple of 4) of a triangular
 * product's tile row: A's step k at a + k * astep (layout LA, stride lda),
 * B's at b + k * ldb (N tiles side by side, row-major); into d[0..N-1], in
 * increasing k.  gdn_mma_lower's A is row-major (astep 1), gdn_mma_upper's
 * X^T column-major (astep ldx). */
template <int N, class LA>
__device__ static inline void gdn_mma_tri_steps(gdn_mma_acc *d, const double *a, long long astep, long long lda,
                                                const double *b, long long ldb, long long k0, long long k1)
{
    using namespace nvcuda;
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, LA> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb;
    for (long long k = k0; k < k1; k += 4) {
        wmma::load_matrix_sync(fa, a + k * astep, (unsigned)lda);
#pragma unroll
        for (int c = 0; c < N; c++) {
            wmma::load_matrix_sync(fb, b + k * ldb + c * 8, (unsigned)ldb);
            wmma::mma_sync(d[c], fa, fb, d[c]);
        }
    }
}

/* One block of CB columns from j0 of gdn_mma_lower, M's staged at sb (as
 * gdn_mma_stage_cols leaves them, or gdn_mma_stage at a stride of CB + 4):
 * the warp's tile row.  DIAG false leaves the diagonal's terms out, D(t, j)
 * = sum_{s < t} (gdn_chunk_grad's dk through L's row). */
template <int CB, bool DIAG, class Load, class Store>
__device__ static void gdn_mma_lower_block(const double *A, long long lda, const double *sb, double *tiles,
                                           long long n, long long cols, long long j0, Load load, Store store)
{
    using namespace nvcuda;
    const long long ldb = CB + 4;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
    double *tile = tiles + warp * 64;

    for (long long t0 = warp * 8; t0 < n; t0 += warps * 8) {
        gdn_mma_acc d[CB / 8];
#pragma unroll
        for (int c = 0; c < CB / 8; c++) wmma::fill_fragment(d[c], 0.0);
        gdn_mma_tri_steps<CB / 8, wmma::row_major>(d, A + t0 * lda, 1, lda, sb, ldb, 0, t0);
        constexpr int P = gdn_mma_batch<CB / 8, Load>();
#pragma unroll
        for (int c0 = 0; c0 < CB / 8; c0 += P) {
            const gdn_mma_loaded<P, Load> p(load, t0, j0 + 8 * c0, n, cols);
#pragma unroll
            for (int c = c0; c < c0 + P; c++) {
                wmma::store_matrix_sync(tile, d[c], 8, wmma::mem_row_major);
                __syncwarp();
                /* the diagonal tile's chains, a lane's two side by side, then
                 * their stores (a store between them kept the second's loads
                 * after it) */
                const long long jj = c * 8 + lane % 8;
                double y[2] = {tile[lane], tile[lane + 32]};
#pragma unroll
                for (int k = 0; k < 8; k++)
#pragma unroll
                    for (int h = 0; h < 2; h++) {
                        const long long t = t0 + (lane + 32 * h) / 8, s = t0 + k;
                        if (s < t + DIAG) y[h] += A[t * lda + s] * sb[s * ldb + jj];
                    }
#pragma unroll
                for (int h = 0; h < 2; h++) {
                    const long long t = t0 + (lane + 32 * h) / 8;
                    if (t < n && j0 + jj < cols) store(t, j0 + jj, y[h], p.x[c - c0][h]);
                }
                __syncwarp();
            }
        }
    }
}

template <int CB, bool DIAG, class Store>
__device__ static void gdn_mma_lower_block(const double *A, long long lda, const double *sb, double *tiles,
                                           long long n, long long cols, long long j0, Store store)
{
    gdn_mma_lower_block<CB, DIAG>(A, lda, sb, tiles, n, cols, j0, gdn_no_load(),
                                  [&](long long t, long long j, double y, double) { store(t, j, y); });
}

template <int CB, class FM, class Store>
__device__ static void gdn_mma_lower(const double *A, long long lda, double *sb, double *tiles, long long n,
                                     long long cols, FM m, Store store)
{
    for (long long j0 = 0; j0 < cols; j0 += CB) {
        gdn_mma_stage_cols<CB>(sb, n, cols, j0, m);
        gdn_mma_lower_block<CB, true>(A, lda, sb, tiles, n, cols, j0, store);
    }
    __syncthreads();                              /* every store done, sb free */
}

/* One block of CB columns from j0 of gdn_mma_upper (sb as for
 * gdn_mma_lower_block).  DIAG false: D(s, j) = sum_{s < t < n} (dk through
 * L's column). */
template <int CB, bool DIAG, class Load, class Store>
__device__ static void gdn_mma_upper_block(const double *X, long long ldx, const double *sb, double *tiles,
                                           long long n, long long cols, long long j0, Load load, Store store)
{
    using namespace nvcuda;
    const long long ldb = CB + 4, np = (n + 3) / 4 * 4;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
    double *tile = tiles + warp * 64;

    for (long long s0 = warp * 8; s0 < n; s0 += warps * 8) {
        const long long t1 = s0 + 8 < n ? s0 + 8 : n;
        gdn_mma_acc d[CB / 8];
        /* the diagonal tile's chains first, a lane's 2 CB / 8 side by side
         * (one after another, each waited for its shared loads term by term) */
        double y[CB / 8][2];
#pragma unroll
        for (int c = 0; c < CB / 8; c++)
#pragma unroll
            for (int h = 0; h < 2; h++) y[c][h] = 0.0;
#pragma unroll
        for (int k = 0; k < 8; k++)
#pragma unroll
            for (int h = 0; h < 2; h++) {
                const long long s = s0 + (lane + 32 * h) / 8, t = s + !DIAG + k;
                if (t >= t1) continue;
#pragma unroll
                for (int c = 0; c < CB / 8; c++) y[c][h] += X[t * ldx + s] * sb[t * ldb + c * 8 + lane % 8];
            }
#pragma unroll
        for (int c = 0; c < CB / 8; c++) {
            tile[lane] = y[c][0];
            tile[lane + 32] = y[c][1];
            __syncwarp();
            wmma::load_matrix_sync(d[c], tile, 8, wmma::mem_row_major);
            __syncwarp();
        }
        gdn_mma_tri_steps<CB / 8, wmma::col_major>(d, X + s0, ldx, ldx, sb, ldb, s0 + 8, np);
        gdn_mma_store<CB / 8>(d, tile, s0, j0, n, cols, load, store);
    }
}

template <int CB, bool DIAG, class Store>
__device__ static void gdn_mma_upper_block(const double *X, long long ldx, const double *sb, double *tiles,
                                           long long n, long long cols, long long j0, Store store)
{
    gdn_mma_upper_block<CB, DIAG>(X, ldx, sb, tiles, n, cols, j0, gdn_no_load(),
                                  [&](long long t, long long j, double y, double) { store(t, j, y); });
}

template <int CB, class FM, class Store>
__device__ static void gdn_mma_upper(const double *X, long long ldx, double *sb, double *tiles, long long n,
                                     long long cols, FM m, Store store)
{
    for (long long j0 = 0; j0 < cols; j0 += CB) {
        gdn_mma_stage_cols<CB>(sb, n, cols, j0, m);
        gdn_mma_upper_block<CB, true>(X, ldx, sb, tiles, n, cols, j0, store);
    }
    __syncthreads();                              /* every store done, sb free */
}

#endif
