/*
 * gdn_chunked_fwd.cu — the Gated DeltaNet forward in chunks of 64, the WY
 * representation with the triangular inverse (specs/gdn_fwd.lua), portable
 * path: no Hopper-only instruction, so it runs on kcv's CPU backend.
 *
 * Within a chunk (positions t = 0..n-1, n <= 64; D(t,s) = sum of g over
 * (s, t], s = -1 the chunk's start; Gam(t,s) = exp(D(t,s))), with S0 the
 * state at the chunk's start, the delta rule unrolls to
 *   (I + L) delta = diag(beta) V - diag(beta Gam(.,-1)) K S0,
 *   L(t,s) = beta_t (k_t . k_s) Gam(t,s) for s < t,
 * so with A = (I + L)^-1 (unit lower triangular, by forward substitution),
 *   W = A diag(beta Gam(.,-1)) K,   U = A diag(beta) V,   delta = U - W S0,
 *   S_end = Gam(n-1,-1) S0 + sum_t Gam(n-1,t) k_t delta_t^T,
 *   o_t = scale (Gam(t,-1) S0^T q_t + sum_{s<=t} Gam(t,s) (q_t . k_s) delta_s).
 * Grouped heads (kcv.gdn): a lane is a (batch, value head); launch 1 reads
 * q and k at the lane's key head, and every later launch sees only the
 * lane's own rows (the helpers' H is the value heads' count, H * G).
 * Three launches (kernels/gdn_chunked_fwd.lua):
 *   gdn_chunk_prep  a block per (lane, chunk): q and k normalised, A, W, U;
 *   gdn_chunk_scan  a block per (lane, tile of 16 state columns; the
 *                   columns are independent): delta = U - W S0 chunk by
 *                   chunk (over U) and the state; every chunk's S0 to a
 *                   workspace, the last state to ht;
 *   gdn_chunk_out   a block per (lane, chunk), 4 threads a position: o
 *                   from S0, q, k and delta.
 * Why the details:
 *   - Gam(t,s) is exp of a pairwise sum of g in double, never a ratio of
 *     cumulative products nor exp(G_t - G_s): a g of -Inf gives a 0 decay
 *     (as the sequential oracle's exp(g) does), not -Inf - -Inf = NaN, and
 *     a sum of g near -FLT_MAX does not overflow;
 *   - a chunk's tail (n < 64) and the causal mask are selections (loops
 *     that stop at n, at t): no position past the sequence is loaded, and
 *     nothing is masked by multiplying with 0, so a NaN there cannot leak;
 *   - the state, A, W and the normalised q, k are f32; U and delta are
 *     double, as gdn_fwd.cu's residual r is: delta = beta (v - ...) can
 *     reach twice the largest |v| (3.4e38 in bf16) where neither the state
 *     nor o overflow (EXC-03's near-FLT_MAX cases);
 *   - each dot product and matrix product is summed in acc_t (double, as
 *     gdn_fwd.cu sums; the ACC knob, kernels/gdn_chunked_fwd.lua, makes it
 *     f32 to see what the contract says of an f32-accumulating chunked
 *     kernel) in a fixed order, so values near FLT_MAX do not overflow on
 *     the way, and the result is bit-for-bit deterministic (no atomics).
 */
#include "gdn.cuh"
#define ACC_DEFAULT double
#include "acc.cuh"
#include "gdn_loops.cuh"
#include "gdn_inverse.cuh"

#define GDN_CHUNK 64

/* The OPND knob (kernels/gdn_chunked_fwd.lua): bf16 rounds both operands of
 * every product, as tensor cores fed bf16 (and a bf16 state) do, to show
 * what the contract says of that precision (docs/KERNELS.md); f32, the
 * default, leaves them as they are. */
#ifdef OPND_BF16
__device__ static inline float opnd(double x) { return __bfloat162float(__double2bfloat16(x)); }
#else
__device__ static inline double opnd(double x) { return x; }
#endif

/* Token (b, t, h) of [B, T, H, ...]. */
__device__ static long long gdn_tok(long long b, long long t, long long H, long long T, long long h)
{
    return (b * T + t) * H + h;
}

/* GDN_PHASES=N ends each marked launch (gdn_chunk_prep and gdn_chunk_out
 * here; gdn_chunk_bprep and gdn_chunk_grad in the backward) after its
 * first N phases, at its GDN_CUT(k) marks, k >= N: tools/gdn-cuts writes
 * such copies, and device-gdn-bench's STEPS=cuts times each under Nsight
 * Compute, so the differences between the prefixes say where a launch's
 * time goes.  The scans, which walk the chunks in a loop, mark their
 * phases with GDN_CUT_CHUNK(k): each chunk then ends there (`continue`),
 * and the loop goes on.  Every thread of the block reaches a mark (none inside a
 * GDN_EACH or a branch of its own).  Never defined in a kernel that is
 * verified or timed as ours. */
#ifdef GDN_PHASES
#define GDN_CUT(k) do { if ((k) >= GDN_PHASES) return; } while (0)
#define GDN_CUT_CHUNK(k) if ((k) >= GDN_PHASES) continue
#else
#define GDN_CUT(k) do { } while (0)
#define GDN_CUT_CHUNK(k) do { } while (0)
#endif

/* a . b, K long, summed in acc_t in index order. */
__device__ static double gdn_dot(const float *a, const float *b, long long K)
{
    acc_t d = acc_of(0.0);
    for (long long i = 0; i < K; i++) d += (acc_t)opnd(a[i]) * (acc_t)opnd(b[i]);
    return acc_value(d);
}

/* The padded row stride of a chunk's rows staged in shared memory: one
 * element more than the row, so that lanes reading different rows at the
 * same column fall in different banks. */
__device__ static long long gdn_pad(long long n) { return n + 1; }

/* L(t,s) = beta_t (k_t . k_s) Gam(t,s), s < t, into Lm[t][s], the decay a
 * pairwise sum of g walked back from t (gs: the chunk's g; sk: its rows of
 * kn, stride gdn_pad(K); both staged in shared memory). */
__device__ static float gdn_l_value(const float *gs, long long t, long long s, float bt, double kk)
{
    double d = 0.0;
    for (long long r = t; r > s; r--) d += gs[r];
    return (float)((double)bt * kk * exp(d));
}

__device__ static void gdn_l_pair(float (*Lm)[GDN_CHUNK], const float *sk, const float *gs,
                                  long long t, long long s, long long K, float bt)
{
    Lm[t][s] = gdn_l_value(gs, t, s, bt, gdn_dot(sk + t * gdn_pad(K), sk + s * gdn_pad(K), K));
}

/* Gam(t,-1): the chunk's g (gs) summed back from t to its first position,
 * as L's row t walks it; every launch takes it from here. */
__device__ static double gdn_start_decay(const float *gs, long long t)
{
    double d = 0.0;
    for (long long r = t; r >= 0; r--) d += gs[r];
    return exp(d);
}

/* gdn_chunk_prep's inverse: L and A f32 in shared memory; then every
 * thread waits. */
__device__ static void gdn_tri_inverse(float (*Lm)[GDN_CHUNK], float (*Am)[GDN_CHUNK], long long n)
{
    const long long s = threadIdx.x;
    gdn_inverse_col(s, n, [&](long long i, long long r) { return Lm[i][r]; },
                    [&](long long r) { return (acc_t)Am[r][s]; },
                    [&](long long i, acc_t d) { Am[i][s] = (float)acc_value(d); return (acc_t)Am[i][s]; });
    __syncthreads();
}

/* Rows 0..n-1 of src (a chunk's positions: from base, stride H rows of
 * cols) into dst, stride gdn_pad(cols), a thread an element, by async
 * copies (a thread's all in flight at once; a loop of loads and stores
 * waits a memory latency an element, gdn_loops.cuh); landed for the
 * calling thread when it returns, for the block after the caller's
 * barrier.  T of 4 or 8 bytes. */
template <typename T>
__device__ static void gdn_stage_rows(T *dst, const T *src, long long base, long long n, long long H, long long cols)
{
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "an async copy of one element");
    GDN_EACH_ROW(t, n, j, cols) __pipeline_memcpy_async(&dst[t * gdn_pad(cols) + j], &src[(base + t * H) * cols + j], sizeof(T));
    gdn_copies_land();
}

/* The chunk's n values of g (from base, stride H) into gs, a thread a
 * value; then every thread waits.  The decays' sums then walk shared
 * memory instead of n scattered global loads in a row (the same floats,
 * so the same sums). */
__device__ static void gdn_stage_g(float *gs, const float *g, long long base, long long n, long long H)
{
    GDN_EACH(t, n) gs[t] = g[base + t * H];
    __syncthreads();
}

/* Rows 0..n-1 of x (bf16; from xbase, stride Hx rows of K) normalised into
 * y's rows (f32; from ybase, stride Hy): x / sqrt(sum x^2 + eps), the sum of
 * squares in double in index order, a thread a row.  The rows go through sx
 * (stride gdn_pad(K), as floats: a bf16 is the float it is), so the block
 * reads and writes them coalesced and a row's sum walks shared memory; sx
 * keeps the normalised rows, rn (n floats, shared) the factors.  (A thread
 * walking its row in global memory touched 32 cache lines a load and a
 * store: 0.66 ms of gdn_chunk_prep's 2.31 at (4,2048,16,128) on the H200,
 * 12-05.)  The whole block calls it; it ends with a barrier. */
__device__ static void gdn_norm_rows(float *sx, float *rn, const __nv_bfloat16 *x, long long xbase, long long Hx,
                                     float *y, long long ybase, long long Hy, long long n, long long K, float eps)
{
    const long long ld = gdn_pad(K);
    GDN_EACH_ROW(t, n, i, K) sx[t * ld + i] = __bfloat162float(x[(xbase + t * Hx) * K + i]);
    __syncthreads();
    GDN_EACH(t, n) {
        double ss = 0.0;
        for (long long i = 0; i < K; i++) {
            double a = sx[t * ld + i];
            ss += a * a;
        }
        rn[t] = (float)(1.0 / sqrt(ss + (double)eps));
    }
    __syncthreads();
    GDN_EACH_ROW(t, n, i, K) {
        float *e = sx + t * ld + i;
        *e *= rn[t];
        y[(ybase + t * Hy) * K + i] = *e;
    }
    __syncthreads();
}

/* L's Gram product (launch 1), launches 2 and 3, and launch 4 of the
 * backward (gdn_chunk_dscan) go on the double tensor cores (gdn_mma.cuh:
 * the same fma chains, so the same bits) where the accumulator is double;
 * the ACC knob's f32 and the OPND knob's bf16 keep the scalar loops. */
#ifdef OPND_BF16
constexpr bool gdn_mma_on = false;
#else
constexpr bool gdn_mma_on = sizeof(acc_t) == sizeof(double);
#endif

#include "gdn_mma.cuh"

/* gdn_chunk_prep's W and U on the tensor cores (gdn_mma_lower): A's rows
 * at a stride of GDN_PREP_LDA doubles (even, 4 past a multiple of 16: the
 * banks, as gdn_mma_ld), M's columns GDN_PREP_CB at a time.  A and the
 * warps' tiles take 38,912 bytes of the dynamic shared memory (the
 * sidecars' prep_smem, at least gram_smem's 40,960). */
#define GDN_PREP_LDA (GDN_CHUNK + 4)
#define GDN_PREP_CB 16

/* Launch 1: a block per (lane, chunk) of at least GDN_CHUNK threads (the
 * inverse gives a thread a column; the sidecar launches 256), the work of each
 * phase spread over them an element at a time (each element one thread's
 * sum, in the order written: how the work is spread changes no bit).
 * Writes qn, kn (normalised, f32), W and U of the chunk.  Three blocks
 * an SM by shared memory (75,264 bytes a block), so by registers too: at
 * most 85 (gdn_mma_gram's 2 x 4 tiles a warp took 96 unbounded). */
extern "C" __global__ void __launch_bounds__(256, 3) gdn_chunk_prep(const __nv_bfloat16 *__restrict__ q,
                                          const __nv_bfloat16 *__restrict__ k,
                                          const __nv_bfloat16 *__restrict__ v,
                                          const float *__restrict__ g,
                                          const __nv_bfloat16 *__restrict__ beta,
                                          float *__restrict__ qn, float *__restrict__ kn,
                                          float *__restrict__ W, double *__restrict__ U,
                                          long long B, long long T, long long H, long long G,
                                          long long K, long long V, float eps)
{
    /* Lm 32-byte aligned: gdn_mma_lower stages M's columns there (doubles) */
    __shared__ __align__(32) float Lm[GDN_CHUNK][GDN_CHUNK], Am[GDN_CHUNK][GDN_CHUNK];
    __shared__ double wk[GDN_CHUNK], bv[GDN_CHUNK];    /* beta Gam(.,-1), beta */
    __shared__ float gs[GDN_CHUNK], rn[GDN_CHUNK];     /* the chunk's g; gdn_norm_rows' factors */
    /* q's, then kn's rows, stride gdn_pad(K) */
    extern __shared__ __align__(32) float gdn_prep_sk[];   /* or gdn_mma_gram's doubles */
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const long long HV = H * G;     /* value heads; value head hv reads key head hv / G */
    const long long lane = blockIdx.x / nc, c = blockIdx.x % nc, b = lane / HV, hv = lane % HV;
    const long long t0 = c * GDN_CHUNK, n = T - t0 < GDN_CHUNK ? T - t0 : GDN_CHUNK;
    const long long base = gdn_tok(b, t0, HV, T, hv), kbase = gdn_tok(b, t0, H, T, hv / G);

    if (lane >= B * HV) return;
    /* q and k at the key head, normalised into the value head's rows (each
     * of the G value heads of a key head normalises them alike) */
    gdn_norm_rows(gdn_prep_sk, rn, q, kbase, H, qn, base, HV, n, K, eps);
    gdn_norm_rows(gdn_prep_sk, rn, k, kbase, H, kn, base, HV, n, K, eps);   /* the scalar path's rows of kn */
    gdn_stage_g(gs, g, base, n, HV);
    GDN_EACH(t, n) {
        const float bt = __bfloat162float(beta[base + t * HV]);
        wk[t] = (double)bt * gdn_start_decay(gs, t);
        bv[t] = bt;
    }
    __syncthreads();
    GDN_CUT(1);
    if (gdn_mma_on) {
        const gdn_rows<float> kr{kn, base, HV, n};
        gdn_mma_gram((double *)gdn_prep_sk, kr, kr, K, [&](long long t, long long s, double kk) {
            if (s < t) Lm[t][s] = gdn_l_value(gs, t, s, (float)bv[t], kk);
        });
    } else {
        GDN_EACH(w, n * GDN_CHUNK) {
            const long long t = w / GDN_CHUNK, s = w % GDN_CHUNK;
            if (s < t) gdn_l_pair(Lm, gdn_prep_sk, gs, t, s, K, (float)bv[t]);
        }
        __syncthreads();
    }
    GDN_CUT(2);
    gdn_tri_inverse(Lm, Am, n);
    GDN_CUT(3);
    /* W and U: on the tensor cores (A as doubles in the dynamic shared
     * memory; M's columns in Lm's, free after the inverse) */
    double *sa = (double *)gdn_prep_sk, *tiles = sa + GDN_CHUNK * GDN_PREP_LDA, *sb = (double *)&Lm[0][0];
    static_assert(GDN_CHUNK * (GDN_PREP_CB + 4) * sizeof(double) <= sizeof(Lm), "M's columns fit in Lm");
    if (gdn_mma_on) {
        GDN_EACH(w, n * GDN_CHUNK) {
            const long long t = w / GDN_CHUNK, s = w % GDN_CHUNK;
            if (s <= t) sa[t * GDN_PREP_LDA + s] = Am[t][s];
        }
        gdn_mma_lower<GDN_PREP_CB>(sa, GDN_PREP_LDA, sb, tiles, n, K,
                      [&](long long s, long long i) { return wk[s] * kn[(base + s * HV) * K + i]; },
                      [&](long long t, long long i, double a) { W[(base + t * HV) * K + i] = (float)a; });
    } else {
        GDN_EACH(w, n * K) {
            const long long t = w / K, i = w % K;
            acc_t a = acc_of(0.0);
            for (long long s = 0; s <= t; s++) a += (acc_t)opnd(Am[t][s]) * (acc_t)opnd(wk[s] * kn[(base + s * HV) * K + i]);
            W[(base + t * HV) * K + i] = (float)acc_value(a);
        }
    }
    GDN_CUT(4);
    if (gdn_mma_on) {
        gdn_mma_lower<GDN_PREP_CB>(sa, GDN_PREP_LDA, sb, tiles, n, V,
                      [&](long long s, long long j) { return bv[s] * __bfloat162float(v[(base + s * HV) * V + j]); },
                      [&](long long t, long long j, double u) { U[(base + t * HV) * V + j] = u; });
    } else {
        GDN_EACH(w, n * V) {
            const long long t = w / V, j = w % V;
            acc_t u = acc_of(0.0);
            for (long long s = 0; s <= t; s++)
                u += (acc_t)opnd(Am[t][s]) * (acc_t)opnd(bv[s] * __bfloat162float(v[(base + s * HV) * V + j]));
            U[(base + t * HV) * V + j] = acc_value(u);
        }
    }
}

/* Gam(n-1,t) for t < n into ex[t] and Gam(n-1,-1) into ex[n], walked back
 * from the chunk's end by thread 0 (the same for every column; that order
 * of the adds fixes the bits), then every thread waits.  The block loads
 * the n values of g side by side first and takes the n + 1 exps side by
 * side last: thread 0's chain is then n adds from shared memory, not n
 * global loads and n exps in a row with every other thread waiting. */
__device__ static void gdn_chunk_decays(const float *g, long long base, long long n, long long H, double *ex)
{
    GDN_EACH(t, n) ex[t] = g[base + t * H];
    __syncthreads();
    if (threadIdx.x == 0) {
        double d = 0.0;
        for (long long t = n - 1; t >= 0; t--) {
            const double gt = ex[t];
            ex[t] = d;
            d += gt;
        }
        ex[n] = d;
    }
    __syncthreads();
    GDN_EACH(t, n + 1) ex[t] = exp(ex[t]);
    __syncthreads();
}

/* The state update of element (i, j) over a chunk of n positions, S0(i,j)
 * = s on entry: returns Gam(n-1,-1) s + sum_t Gam(n-1,t) kn_t[i] delta_t[j],
 * summed in acc_t in t order.  A functor, so that the red-team entries
 * (redteam/gdn_chunked_*.cu) run launch 2 with a broken one. */
struct gdn_state_update {
    __device__ float operator()(float s, const float *kn, const double *U, const double *ex,
                                long long b, long long t0, long long n, long long base,
                                long long B, long long T, long long H, long long K, long long V,
                                long long i, long long j) const
    {
        acc_t acc = acc_of(ex[n] * s);
        for (long long t = 0; t < n; t++) {
            const long long tok = base + t * H;
            acc += (acc_t)opnd(kn[tok * K + i]) * (acc_t)opnd(ex[t] * U[tok * V + j]);
        }
        return (float)acc_value(acc);
    }
};

/* Launch 2's columns a block and threads: the state's columns are
 * independent (delta_t[j] needs column j of S0 only), so a block owns
 * GDN_SCAN_COLS of them, in shared memory, and GDN_SCAN_THREADS / COLS
 * threads share each column's rows: blocks by (lane, column tile) fill the
 * card where a block per lane (64 at B = 4, H = 16) left half of it idle. */
#define GDN_SCAN_COLS 16
#define GDN_SCAN_THREADS 256

/* Launch 2's body: a block per (lane, tile of GDN_SCAN_COLS columns); thread
 * x owns column jj = x % COLS of the tile and rows r = x / COLS + k * (THREADS
 * / COLS) of it.  Per chunk: S0 to hs; delta_t[j] = U_t[j] - W_t . S0[:, j]
 * (over U; the dot in i order, as one thread sums it); then the state
 * update, each element by the thread that owns it.  The last state to ht.
 * Each element's sums are those of the one-thread-per-column kernel, in the
 * same order: same bits, whatever the tiling. */
template <class Update>
__device__ static void gdn_scan_lane(const float *g, const float *h0, const float *kn, const float *W,
                                     double *U, float *hs, float *ht,
                                     long long B, long long T, long long H, long long K, long long V,
                                     Update update)
{
    __shared__ double ex[GDN_CHUNK + 1];
    __shared__ float S[GDN_KMAX][GDN_SCAN_COLS];
    const long long ntile = (V + GDN_SCAN_COLS - 1) / GDN_SCAN_COLS;
    const long long lane = blockIdx.x / ntile, b = lane / H, h = lane % H;
    const long long jj = threadIdx.x % GDN_SCAN_COLS, j = (blockIdx.x % ntile) * GDN_SCAN_COLS + jj;
    const long long r0 = threadIdx.x / GDN_SCAN_COLS, rstep = blockDim.x / GDN_SCAN_COLS;
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;

    if (lane >= B * H || K > GDN_KMAX) return;
    for (long long i = r0; i < K; i += rstep) S[i][jj] = j < V ? h0[(lane * K + i) * V + j] : 0.0f;
    for (long long c = 0; c < nc; c++) {
        const long long t0 = c * GDN_CHUNK, n = T - t0 < GDN_CHUNK ? T - t0 : GDN_CHUNK;
        const long long base = gdn_tok(b, t0, H, T, h);
        __syncthreads();            /* S written; the last chunk's readers of ex are done */
        /* g read here, not staged as launches 1 and 3 stage it: staged, this
         * launch took 6.10 ms instead of 4.44 on the H200 (12-04) */
        gdn_chunk_decays(g, base, n, H, ex);
        if (j < V) {
            float *S0 = hs + (lane * nc + c) * K * V;
            for (long long i = r0; i < K; i += rstep) S0[i * V + j] = S[i][jj];
            for (long long t = r0; t < n; t += rstep) {
                const long long tok = base + t * H;
                const float *w = W + tok * K;
                acc_t d = acc_of(0.0);
                for (long long i = 0; i < K; i++) d += (acc_t)opnd(w[i]) * (acc_t)opnd(S[i][jj]);
                U[tok * V + j] -= acc_value(d);
            }
        }
        __syncthreads();            /* every delta of the tile written, S0 read */
        if (j < V)
            for (long long i = r0; i < K; i += rstep)
                S[i][jj] = update(S[i][jj], kn, U, ex, b, t0, n, base, B, T, H, K, V, i, j);
    }
    __syncthreads();
    if (j < V)
        for (long long i = r0; i < K; i += rstep) ht[(lane * K + i) * V + j] = S[i][jj];
}


/* The scans' shared memory on the tensor cores (dynamic, doubles): the A
 * operand staged (a chunk's rows GDN_SCAN_KB columns at a time, or
 * GDN_SCAN_TB positions of rows of K at a stride of gdn_mma_ld(K)), nbuf
 * B operands of the tile (GDN_CHUNK x GDN_SCAN_COLS each at the stride of
 * the tile's state: the forward's Gam(n-1,t) delta_t, the backward's
 * ddelta and dO) and a warp's 8 x 8 scratch: the sidecars' scan_smem
 * (gdn_chunked_fwd.lua, gdn_chunked_bwd.lua).  The launch is GDN_SCAN_THREADS, 8 warps: warp w
 * owns the chunk's positions 8w.. and the tile's rows 8w.. and 8(w + 8).. */
#define GDN_SCAN_KB 32
#define GDN_SCAN_TB 16
/* The forward scan's stride in doubles of its state S and B operand: 4
 * past GDN_SCAN_COLS, so that the 4 rows x 4 columns a half warp reads of
 * an m8n8k4 B fragment fall in different banks.  At 16 (128 bytes) the
 * four rows fell in the same banks: the H100 counted 55% of the scan's
 * shared wavefronts excessive, 6% at 20, and the launch went 1.56 -> 1.34
 * ms (ncu, 2026-12-06; docs/PERF.md).  The backward's dscan keeps 16
 * (gdn_chunked_bwd.cu says why). */
#define GDN_SCAN_LD (GDN_SCAN_COLS + 4)
/* The forward scan's staging, a chunk's rows GDN_SCAN_RB of a warp at a
 * time (gdn_copy_rows; its state's A operand 2 rows a warp): 1.88 -> 1.57
 * ms on an H100 (12-05, against 1.64 at 1 and 1.72 at 8).  The backward's
 * dscan keeps the element loops (RB 0): batched, its spill grew and it was
 * slower (2.83 -> 2.89..3.10 ms). */
#define GDN_SCAN_RB 2

struct gdn_scan_mma {
    double *sa, *sd, *so, *tile;
    long long ldk, lda;                 /* sa's stride: a chunk's rows; rows of K */
};

/* S: the tile's state; its stride LD is the B operands' too (the products
 * take it from S's type as well). */
template <int LD>
__device__ static gdn_scan_mma gdn_scan_mma_at(double *sm, long long K, int nbuf, const double (*S)[LD])
{
    gdn_scan_mma m;
    m.ldk = GDN_SCAN_KB + 4;
    m.lda = gdn_mma_ld(K);
    const long long na = GDN_CHUNK * m.ldk > GDN_SCAN_TB * m.lda ? GDN_CHUNK * m.ldk : GDN_SCAN_TB * m.lda;
    m.sa = sm;
    m.sd = sm + na;
    m.so = m.sd + GDN_CHUNK * LD;
    m.tile = m.sd + nbuf * GDN_CHUNK * LD + (threadIdx.x / 32) * 64;
    return m;
}

/* The tile's rows from K to the next multiple of 8 (the tiles' last) to
 * -0: a padded step of the products over K then adds +0 x -0. */
template <int LD>
__device__ static void gdn_scan_pad_rows(double (*S)[LD], long long K)
{
    GDN_EACH(w, ((K + 7) / 8 * 8 - K) * GDN_SCAN_COLS) S[K + w / GDN_SCAN_COLS][w % GDN_SCAN_COLS] = -0.0;
}

/* d_t[jj] = rows_t . S[:, jj] for the warp's positions t = 8w.. and the
 * tile's columns, a chain over i from +0 (the chunk's rows, f32, staged
 * GDN_SCAN_KB columns at a time, 0 past n and K), then store(t, jj, d)
 * for each, t < GDN_CHUNK (the caller drops t >= n): the forward's delta
 * (rows W), the backward's ddelta (rows k). */
template <int RB, int LD, class Store>
__device__ static void gdn_scan_rows_mma(const gdn_scan_mma &m, const float *rows, double (*S)[LD],
                                         long long base, long long n, long long H, long long K, Store store)
{
    using namespace nvcuda;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, kp = (int)(K + 3) / 4 * 4;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> d[2];
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb;
    wmma::fill_fragment(d[0], 0.0);
    wmma::fill_fragment(d[1], 0.0);
    gdn_dmma_acc d16[2] = {};                 /* MMA = m16n8k4's */
    for (int i0 = 0; i0 < kp; i0 += GDN_SCAN_KB) {
        __syncthreads();                          /* the last block of rows read */
        if (RB > 0)
            gdn_copy_rows<RB ? RB : 1, 1>(GDN_CHUNK, GDN_SCAN_KB,
                [&](int t, int c) { return t < n && i0 + c < K ? rows[(base + t * H) * K + i0 + c] : 0.0f; },
                [&](int t, int c, float x) { m.sa[t * m.ldk + c] = x; });
        else
            GDN_EACH(w, GDN_CHUNK * GDN_SCAN_KB) {
                const long long t = w / GDN_SCAN_KB, i = i0 + w % GDN_SCAN_KB;
                m.sa[t * m.ldk + w % GDN_SCAN_KB] = t < n && i < K ? (double)rows[(base + t * H) * K + i] : 0.0;
            }
        __syncthreads();
#ifdef MMA_M16N8K4
        /* warps 0..3: positions 16w + g and 16w + 8 + g, one m16n8k4 step a
         * column tile */
        if (warp < 4 && warp * 16 < n)
            gdn_dmma_steps<2>(d16, m.sa + (warp * 16 + lane / 4) * m.ldk, m.sa + (warp * 16 + 8 + lane / 4) * m.ldk, 1,
                              &S[0][0], LD, 1, i0, kp < i0 + GDN_SCAN_KB ? kp : i0 + GDN_SCAN_KB);
        continue;
#endif
        if (warp * 8 < n)
            for (int k0 = i0; k0 < kp && k0 < i0 + GDN_SCAN_KB; k0 += 4) {
                wmma::load_matrix_sync(fa, m.sa + warp * 8 * m.ldk + (k0 - i0), (unsigned)m.ldk);
                for (int c = 0; c < 2; c++) {
                    wmma::load_matrix_sync(fb, &S[k0][c * 8], LD);
                    wmma::mma_sync(d[c], fa, fb, d[c]);
                }
            }
    }
#ifdef MMA_M16N8K4
    if (warp < 4)
        for (int c = 0; c < 2; c++)
            for (int x = 0; x < 4; x++)
                store(warp * 16 + lane / 4 + 8 * (x / 2), c * 8 + 2 * (lane % 4) + x % 2, d16[c].x[x]);
    return;
#endif
    for (int c = 0; c < 2; c++) {
        wmma::store_matrix_sync(m.tile, d[c], 8, wmma::mem_row_major);
        __syncwarp();
        for (int e = lane; e < 64; e += 32) store(warp * 8 + e / 8, c * 8 + e % 8, m.tile[e]);
        __syncwarp();
    }
}

/* The state product's A operand, positions t0.. t0 + GDN_SCAN_TB - 1 of
 * term's a(term, t, i) to sa (0 past n), between two barriers. */
template <int RB, class TermA>
__device__ static void gdn_scan_stage_a(const gdn_scan_mma &m, TermA a, int term, int t0, long long n, long long K)
{
    __syncthreads();                              /* the last block of the A operand read */
    if (RB > 0)
        gdn_copy_rows<GDN_SCAN_TB / 8, 1>(GDN_SCAN_TB, K,
            [&](int u, int i) { return t0 + u < n ? a(term, t0 + u, i) : 0.0; },
            [&](int u, int i, double x) { m.sa[u * m.lda + i] = x; });
    else
        GDN_EACH_ROW_INT(u, GDN_SCAN_TB, i, K) {
            const int t = t0 + u;
            m.sa[u * m.lda + i] = t < n ? a(term, t, i) : 0.0;
        }
    __syncthreads();
}

/* gdn_scan_state_mma's products under MMA_M16N8K4 (gdn_mma.cuh): a warp's
 * two row tiles (rows 8w + g and 8(w + 8) + g) and a column tile in one
 * m16n8k4 step, the accumulators started from the scaled S and stored
 * from the lanes' registers; the same chains in increasing t. */
template <int RB, int LD, class TermA, class TermB, class Store>
__device__ static void gdn_scan_state_dmma(const gdn_scan_mma &m, double (*S)[LD], int nterms, TermA a, TermB b,
                                           long long n, long long K, Store store)
{
    const int warp = threadIdx.x / 32, warps = blockDim.x / 32, lane = threadIdx.x % 32, g = lane / 4, t = lane % 4;
    const int np = (int)(n + 3) / 4 * 4, i0 = warp * 8 + g, i1 = (warp + warps) * 8 + g;
    const bool on = warp * 8 < K, on1 = i1 - g < K;
    gdn_dmma_acc d[2];

    for (int c = 0; c < 2; c++)
        for (int e = 0; e < 2; e++) {
            d[c].x[e] = on ? S[i0][c * 8 + 2 * t + e] : 0.0;
            d[c].x[2 + e] = on1 ? S[i1][c * 8 + 2 * t + e] : 0.0;
        }
    for (int term = 0; term < nterms; term++)
        for (int t0 = 0; t0 < np; t0 += GDN_SCAN_TB) {
            gdn_scan_stage_a<RB>(m, a, term, t0, n, K);
            if (!on) continue;
            const double *bt = b(term);
            /* A(i, t) = a(term, t, i): col-major in sa */
            gdn_dmma_steps<2>(d, m.sa + i0, m.sa + (on1 ? i1 : i0), m.lda, bt, LD, 1, t0,
                              np < t0 + GDN_SCAN_TB ? np : t0 + GDN_SCAN_TB);
        }
    __syncthreads();                              /* every warp's loads of S done */
    if (!on) return;
    for (int c = 0; c < 2; c++)
        for (int e = 0; e < 4; e++) {
            const long long i = e < 2 ? i0 : i1;
            if ((e < 2 || on1) && i < K) store(i, c * 8 + 2 * t + e % 2, d[c].x[e]);
        }
}

/* The tile's state over the chunk: S[i][jj] = Gam(n-1,-1) S[i][jj] (+ over
 * t: a(term, t, i) b(term)[t][jj]) for each term in turn, the accumulator
 * started from the scaled S as the scalar sums start, a chain over t (the
 * A operand, a(term, t, i) for t < n, staged GDN_SCAN_TB positions at a
 * time, 0 past n; b(term) a GDN_CHUNK x GDN_SCAN_COLS B operand at the
 * stride LD, -0 past n),
 * then store(i, jj, d) for the rows i < K (the rows past K stay -0): the
 * forward's state (one term, kn_t[i] Gam(n-1,t) delta_t), the backward's
 * dS0 (two, gdn_dscan_ds0_mma). */
template <int RB, int LD, class TermA, class TermB, class Store>
__device__ static void gdn_scan_state_mma(const gdn_scan_mma &m, double (*S)[LD], double exn,
                                          int nterms, TermA a, TermB b, long long n, long long K, Store store)
{
    using namespace nvcuda;
    const int warp = threadIdx.x / 32, warps = blockDim.x / 32, lane = threadIdx.x % 32;
    const int np = (int)(n + 3) / 4 * 4;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> d[2][2];
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb[2];

    GDN_EACH(w, K * GDN_SCAN_COLS) S[w / GDN_SCAN_COLS][w % GDN_SCAN_COLS] *= exn;
    __syncthreads();
#ifdef MMA_M16N8K4
    gdn_scan_state_dmma<RB>(m, S, nterms, a, b, n, K, store);
    return;
#endif
    for (int r = 0; r < 2; r++) {
        const int rt = warp + r * warps;
        if (rt * 8 < K)
            for (int c = 0; c < 2; c++) wmma::load_matrix_sync(d[r][c], &S[rt * 8][c * 8], LD, wmma::mem_row_major);
    }
    for (int term = 0; term < nterms; term++)
        for (int t0 = 0; t0 < np; t0 += GDN_SCAN_TB) {
            gdn_scan_stage_a<RB>(m, a, term, t0, n, K);
            const double *bt = b(term);
            /* a step's two B fragments loaded once for both of the warp's
             * row tiles: the products' shared-memory loads were the scans'
             * limit (L1/TEX at 79% of peak in the forward scan, 12-06);
             * each accumulator still takes its steps in increasing k0 */
            for (int k0 = t0; k0 < np && k0 < t0 + GDN_SCAN_TB; k0 += 4) {
                for (int c = 0; c < 2; c++) wmma::load_matrix_sync(fb[c], bt + k0 * LD + c * 8, LD);
                for (int r = 0; r < 2; r++) {
                    const int rt = warp + r * warps;
                    if (rt * 8 >= K) continue;
                    /* A(i, t) = a(term, t, i): col-major in sa */
                    wmma::load_matrix_sync(fa, m.sa + (k0 - t0) * m.lda + rt * 8, (unsigned)m.lda);
                    for (int c = 0; c < 2; c++) wmma::mma_sync(d[r][c], fa, fb[c], d[r][c]);
                }
            }
        }
    __syncthreads();                              /* every warp's loads of S done */
    for (int r = 0; r < 2; r++) {
        const int rt = warp + r * warps;
        if (rt * 8 >= K) continue;
        for (int c = 0; c < 2; c++) {
            wmma::store_matrix_sync(m.tile, d[r][c], 8, wmma::mem_row_major);
            __syncwarp();
            for (int e = lane; e < 64; e += 32) {
                const long long i = rt * 8 + e / 8;
                if (i < K) store(i, c * 8 + e % 8, m.tile[e]);
            }
            __syncwarp();
        }
    }
}

/* Launch 2 on the double tensor cores: gdn_scan_lane with the default
 * update, the tile in shared memory as doubles (each a float's value). */
__device__ static void gdn_scan_lane_mma(const float *g, const float *h0, const float *kn, const float *W,
                                         double *U, float *hs, float *ht,
                                         long long B, long long T, long long H, long long K, long long V)
{
    __shared__ double ex[GDN_CHUNK + 1];
    __shared__ __align__(32) double S[GDN_KMAX][GDN_SCAN_LD];
    extern __shared__ __align__(32) double gdn_scan_sm[];
    const long long ntile = (V + GDN_SCAN_COLS - 1) / GDN_SCAN_COLS;
    const long long lane = blockIdx.x / ntile, b = lane / H, h = lane % H;
    const long long jj = threadIdx.x % GDN_SCAN_COLS, j0 = (blockIdx.x % ntile) * GDN_SCAN_COLS, j = j0 + jj;
    const long long r0 = threadIdx.x / GDN_SCAN_COLS, rstep = blockDim.x / GDN_SCAN_COLS;
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const gdn_scan_mma m = gdn_scan_mma_at(gdn_scan_sm, K, 1, S);

    if (lane >= B * H || K > GDN_KMAX) return;
    for (long long i = r0; i < K; i += rstep) S[i][jj] = j < V ? h0[(lane * K + i) * V + j] : 0.0f;
    gdn_scan_pad_rows(S, K);
    for (long long c = 0; c < nc; c++) {
        const long long t0 = c * GDN_CHUNK, n = T - t0 < GDN_CHUNK ? T - t0 : GDN_CHUNK;
        const long long base = gdn_tok(b, t0, H, T, h);
        __syncthreads();            /* S written; the last chunk's readers of ex are done */
        gdn_chunk_decays(g, base, n, H, ex);
        if (j < V) {
            float *S0 = hs + (lane * nc + c) * K * V;
            for (long long i = r0; i < K; i += rstep) S0[i * V + j] = (float)S[i][jj];
        }
        GDN_CUT_CHUNK(1);
        /* delta_t[j] = U_t[j] - W_t . S0[:, j], over U; Gam(n-1,t) delta_t to sd */
        gdn_scan_rows_mma<GDN_SCAN_RB>(m, W, S, base, n, H, K, [&](long long t, long long jj, double d) {
            double u = -0.0;
            if (t < n && j0 + jj < V) {
                double *ut = U + (base + t * H) * V + j0 + jj;
                *ut -= d;
                u = ex[t] * *ut;
            }
            m.sd[t * GDN_SCAN_LD + jj] = u;
        });
        __syncthreads();            /* every delta of the tile written, S0 read */
        GDN_CUT_CHUNK(2);
        gdn_scan_state_mma<GDN_SCAN_RB>(m, S, ex[n], 1,
                           [&](int, long long t, long long i) { return (double)kn[(base + t * H) * K + i]; },
                           [&](int) { return (const double *)m.sd; }, n, K,
                           [&](long long i, long long jj, double d) { S[i][jj] = (double)(float)d; });
    }
    __syncthreads();
    if (j < V)
        for (long long i = r0; i < K; i += rstep) ht[(lane * K + i) * V + j] = (float)S[i][jj];
}

/* Launch 2, on the tensor cores where gdn_mma_on.  (Summing 8 of a
 * thread's rows together, as the scalar reverse scan does, measured slower
 * here on the H200: 6.74 against 4.52 ms, 12-04.)  At most 64 registers a
 * thread: four blocks an SM hold the 512 blocks of (4,2048,16,128) at
 * once on 132 SMs. */
extern "C" __global__ void __launch_bounds__(GDN_SCAN_THREADS, 4) gdn_chunk_scan(const float *__restrict__ g, const float *__restrict__ h0,
                                          const float *__restrict__ kn, const float *__restrict__ W,
                                          double *__restrict__ U, float *__restrict__ hs,
                                          float *__restrict__ ht,
                                          long long B, long long T, long long H, long long G,
                                          long long K, long long V)
{
    if (gdn_mma_on) gdn_scan_lane_mma(g, h0, kn, W, U, hs, ht, B, T, H * G, K, V);
    else gdn_scan_lane(g, h0, kn, W, U, hs, ht, B, T, H * G, K, V, gdn_state_update());
}

/* Row t of the intra-chunk weights, cq[s] = Gam(t,s) (q_t . k_s) for the
 * s <= t with s % step == s0 (the threads of row t share the row), the
 * decays walked back from t as pairwise sums of g; returns Gam(t,-1).  gs
 * is the chunk's g, staged in shared memory; dot(s) gives q_t . k_s (a
 * scalar chain over the staged rows, or the tensor cores' Gram product
 * already in cq[s]: the same bits).  A functor, so that a red-team entry
 * (redteam/gdn_chunked_cumsum_restart.cu) runs launch 3 with broken decays. */
struct gdn_out_weights {
    template <class Dot>
    __device__ double operator()(double *cq, const float *gs, long long t, long long s0, long long step, Dot dot) const
    {
        double d = 0.0;
        if (t % step == s0) cq[t] = dot(t);
        for (long long s = t - 1; s >= 0; s--) {
            d += gs[s + 1];
            if (s % step == s0) cq[s] = exp(d) * dot(s);
        }
        return exp(d + gs[0]);
    }
};

/* Launch 3's threads a position: they share row t's weights and columns. */
#define GDN_OUT_SPLIT 4

#ifdef OUT_WMMA   /* its only caller */
/* Element (t, j) of o, summed in acc_t: scale (Gam(t,-1) S0[:,j] . q_t +
 * sum_{s<=t} cq_t[s] delta_s[j]), rounded once to bf16: the OUT knob's
 * scalar fallback, with the bits of launch 3's loop (gdn_out_elems). */
__device__ static __nv_bfloat16 gdn_out_elem(const double *cqt, double gq, const float *qt, const double *U,
                                             const float *S0, long long base, long long t, long long H,
                                             long long K, long long V, long long j, double scale)
{
    acc_t y = acc_of(0.0);
    for (long long i = 0; i < K; i++) y += (acc_t)opnd(S0[i * V + j]) * (acc_t)opnd(qt[i]);
    y *= (acc_t)gq;
    for (long long s = 0; s <= t; s++) y += (acc_t)opnd(cqt[s]) * (acc_t)opnd(U[(base + s * H) * V + j]);
    return __double2bfloat16(acc_value(y) * scale);
}
#endif

/* Launch 3's thread forms GDN_OUT_ELEMS of its elements of row t at a time
 * (columns j0, j0 + GDN_OUT_SPLIT, ..., below V), their sums advanced
 * together, q_t[i] and the weight cq_t[s] loaded once for all; each
 * element's terms and order are gdn_out_elem's, so are its bits. */
#define GDN_OUT_ELEMS 4

__device__ static void gdn_out_elems(__nv_bfloat16 *o, const double *cqt, double gq, const float *qt,
                                     const double *U, const float *S0, long long base, long long t, long long H,
                                     long long K, long long V, long long j0, double scale)
{
    const int m_end = (int)((V - j0 + GDN_OUT_SPLIT - 1) / GDN_OUT_SPLIT);
    acc_t y[GDN_OUT_ELEMS];
#pragma unroll
    for (int m = 0; m < GDN_OUT_ELEMS; m++) y[m] = acc_of(0.0);
    for (long long i = 0; i < K; i++) {
        const acc_t q = (acc_t)opnd(qt[i]);
        const float *srow = S0 + i * V + j0;
#pragma unroll
        for (int m = 0; m < GDN_OUT_ELEMS; m++)
            if (m < m_end) y[m] += (acc_t)opnd(srow[m * GDN_OUT_SPLIT]) * q;
    }
#pragma unroll
    for (int m = 0; m < GDN_OUT_ELEMS; m++) y[m] *= (acc_t)gq;
    for (long long s = 0; s <= t; s++) {
        const acc_t c = (acc_t)opnd(cqt[s]);
        const double *u = U + (base + s * H) * V + j0;
#pragma unroll
        for (int m = 0; m < GDN_OUT_ELEMS; m++)
            if (m < m_end) y[m] += c * (acc_t)opnd(u[m * GDN_OUT_SPLIT]);
    }
#pragma unroll
    for (int m = 0; m < GDN_OUT_ELEMS; m++)
        if (m < m_end) o[(base + t * H) * V + j0 + m * GDN_OUT_SPLIT] = __double2bfloat16(acc_value(y[m]) * scale);
}

#ifdef OUT_WMMA
/* The OUT knob's tensor-core variant of launch 3 (kernels/gdn_chunked_fwd.lua,
 * OUT = wmma; an experiment of issue 12, not the shipped kernel): the two
 * matrix products of o, Y1 = Q S0 (n x K times K x V) and Y2 = P delta (P
 * the masked n x n weights cq, s <= t; delta n x V), go through
 * nvcuda::wmma m16n16k8 tf32 with float accumulators; the weights cq stay
 * scalar (gdn_out_weights, in double, as in the default path).
 *   - f32-accurate operands: each operand x is split into hi = tf32(x) and
 *     lo = tf32(x - hi) (x - hi is exact in f32), and the products hi*lo,
 *     lo*hi and hi*hi are summed into the float accumulator ("3xTF32"):
 *     each product carries about 2^-21 of relative error, where plain
 *     bf16 operands failed CMP-01 at 18.5x (the OPND knob).
 *   - range: every row t of Q and of P and every column j of S0 and of
 *     delta is scaled by the power of two 2^-e of its largest |value|
 *     (frexp: the largest becomes [0.5, 1)), exact, before it is rounded
 *     to float.  So delta (double, up to twice the largest bf16 v: EXC-03)
 *     fits in f32, the float sums of at most 128 terms below 1 cannot
 *     overflow, and a row or column of tiny values keeps its digits.
 *     o_t[j] = scale (Gam(t,-1) 2^(eQ_t + eS_j) Y1'[t][j] + 2^(eP_t + eD_j)
 *     Y2'[t][j]), formed in double and rounded once to bf16.
 *   - tiny elements: the scales are per row and column, so an element
 *     whose terms are all far below its row's and column's largest (the
 *     causal rows of P delta, PRC-01's wide case: o = 0 where the oracle
 *     is -5.9e-39 before this) had them flushed in f32; a fourth product,
 *     |A_hi| |B_hi|, gives each element's magnitude in the scaled units,
 *     and an element below GDN_WM_TINY there is summed by the scalar path
 *     (gdn_out_elem, the default's loop: its bits).
 *   - non-finite: a 0 in the padding or above the diagonal of P times an
 *     Inf in delta would be NaN, so a block whose operands (the rows of q,
 *     S0, the weights s <= t, Gam(t,-1), delta) are not all finite, or
 *     whose V passes GDN_WM_VMAX, takes the scalar path (the default's
 *     code, the same bits): NaN and Inf propagate as there.
 * 8 warps: output tile i (16 x 16; rows rb = i / nvb, columns cb = i % nvb,
 * nvb = ceil(V / 16)) is warp i % 8's, at most GDN_WM_TILES a warp.  The
 * inner dimension is staged GDN_WM_SLICE at a time in shared memory (A
 * 64 x 16, B 16 x 128 floats), scaled and zero-padded past K, n and V. */
#include <mma.h>

#define GDN_WM_SLICE 16
#define GDN_WM_VMAX 128
#define GDN_WM_WARPS 8
#define GDN_WM_TILES ((GDN_CHUNK / 16) * (GDN_WM_VMAX / 16) / GDN_WM_WARPS)

typedef nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 8, nvcuda::wmma::precision::tf32,
                               nvcuda::wmma::row_major> gdn_wm_a;
typedef nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 8, nvcuda::wmma::precision::tf32,
                               nvcuda::wmma::row_major> gdn_wm_b;
typedef nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 8, float> gdn_wm_c;

/* c += A B for the 16 x 16 tile at rows rb, columns cb of the staged slice:
 * A[rb*16.., 0..15] (ldm GDN_WM_SLICE), B[0..15, cb*16..] (ldm GDN_WM_VMAX),
 * two k-steps of 8, each three tf32 products, the small ones first; and
 * mg += |A_hi| |B_hi|, the products' magnitude (for the per-element check). */
__device__ static void gdn_wm_step(gdn_wm_c &c, gdn_wm_c &mg, const float *A, const float *Bm, int rb, int cb)
{
    for (int ks = 0; ks < GDN_WM_SLICE; ks += 8) {
        gdn_wm_a ah, al;
        gdn_wm_b bh, bl;
        nvcuda::wmma::load_matrix_sync(ah, A + rb * 16 * GDN_WM_SLICE + ks, GDN_WM_SLICE);
        nvcuda::wmma::load_matrix_sync(bh, Bm + ks * GDN_WM_VMAX + cb * 16, GDN_WM_VMAX);
        gdn_split_parts(ah, al);        /* gdn_split.cuh, through gdn_mma.cuh */
        gdn_split_parts(bh, bl);
        nvcuda::wmma::mma_sync(c, ah, bl, c);
        nvcuda::wmma::mma_sync(c, al, bh, c);
        nvcuda::wmma::mma_sync(c, ah, bh, c);
        for (int i = 0; i < ah.num_elements; i++) ah.x[i] = fabsf(ah.x[i]);
        for (int i = 0; i < bh.num_elements; i++) bh.x[i] = fabsf(bh.x[i]);
        nvcuda::wmma::mma_sync(mg, ah, bh, mg);
    }
}

/* Lane `lane`'s 8 elements of accumulator f (element lane + 32 q of the
 * 16 x 16 tile, row-major), through the warp's 256 floats at `tile`. */
__device__ static void gdn_wm_read(float *tile, const gdn_wm_c &f, float *v, int lane)
{
    nvcuda::wmma::store_matrix_sync(tile, f, 16, nvcuda::wmma::mem_row_major);
    __syncwarp();                                  /* the tile, from every lane */
    for (int q = 0; q < 8; q++) v[q] = tile[lane + 32 * q];
    __syncwarp();                                  /* read before the next store */
}

/* Below this, in the scaled units, an element's magnitude (the sum of
 * |A_hi| |B_hi|) means f32 may have flushed its terms (2^-126): 2^-90
 * leaves 2^36 for the 128 terms' own flushed parts to stay negligible. */
#define GDN_WM_TINY 0x1p-90f

/* The exponent e of m = |largest| (m = f 2^e, 0.5 <= f < 1; 0 for 0). */
__device__ static int gdn_wm_exp(double m)
{
    int e = 0;
    frexp(m, &e);
    return e;
}

/* o of the chunk through the tensor cores; every thread of the block calls
 * it (after the weights' barrier) with its row's Gam(t,-1).  Returns false,
 * having written nothing, when the block must take the scalar path. */
__device__ static bool gdn_out_wmma(double (*cq)[GDN_CHUNK], double gq, const float *qn, const double *U,
                                    const float *S0, __nv_bfloat16 *o, long long base, long long n,
                                    long long H, long long K, long long V, double scale)
{
    __shared__ __align__(32) float As[GDN_CHUNK * GDN_WM_SLICE];
    __shared__ __align__(32) float Bs[GDN_WM_SLICE * GDN_WM_VMAX];
    __shared__ int eq[GDN_CHUNK], ep[GDN_CHUNK], es[GDN_WM_VMAX], ed[GDN_WM_VMAX];
    __shared__ double gqs[GDN_CHUNK];
    __shared__ int unfit, bad;     /* two flags: each read only after its barrier */
    const int x = threadIdx.x, warp = x / 32, lane = x % 32;
    const long long t = x / GDN_OUT_SPLIT;
    const int nvb = (int)((V + 15) / 16), ntile = (GDN_CHUNK / 16) * nvb;

    if (x == 0) {
        unfit = V > GDN_WM_VMAX || blockDim.x != 32 * GDN_WM_WARPS;
        bad = 0;
    }
    if (x % GDN_OUT_SPLIT == 0 && t < n) gqs[t] = gq;
    __syncthreads();
    if (unfit) return false;
    /* the scales, and whether every operand is finite */
    int nonfinite = 0;
    if (x < GDN_CHUNK) {
        double mq = 0.0, mp = 0.0;
        if (x < n) {
            const float *qt = qn + (base + x * H) * K;
            for (long long i = 0; i < K; i++) {
                nonfinite |= !isfinite(qt[i]);
                mq = fmax(mq, fabs((double)qt[i]));
            }
            for (long long s = 0; s <= x; s++) {
                nonfinite |= !isfinite(cq[x][s]);
                mp = fmax(mp, fabs(cq[x][s]));
            }
            nonfinite |= !isfinite(gqs[x]);
        }
        eq[x] = gdn_wm_exp(mq);
        ep[x] = gdn_wm_exp(mp);
    } else if (x - GDN_CHUNK < V) {
        const long long j = x - GDN_CHUNK;
        double ms = 0.0, md = 0.0;
        for (long long i = 0; i < K; i++) {
            nonfinite |= !isfinite(S0[i * V + j]);
            ms = fmax(ms, fabs((double)S0[i * V + j]));
        }
        for (long long s = 0; s < n; s++) {
            const double d = U[(base + s * H) * V + j];
            nonfinite |= !isfinite(d);
            md = fmax(md, fabs(d));
        }
        es[j] = gdn_wm_exp(ms);
        ed[j] = gdn_wm_exp(md);
    }
    if (nonfinite) bad = 1;
    __syncthreads();
    if (bad) return false;

    gdn_wm_c y1[GDN_WM_TILES], y2[GDN_WM_TILES], m1[GDN_WM_TILES], m2[GDN_WM_TILES];
#pragma unroll
    for (int m = 0; m < GDN_WM_TILES; m++) {
        nvcuda::wmma::fill_fragment(y1[m], 0.0f);
        nvcuda::wmma::fill_fragment(y2[m], 0.0f);
        nvcuda::wmma::fill_fragment(m1[m], 0.0f);
        nvcuda::wmma::fill_fragment(m2[m], 0.0f);
    }
    /* Y1' = Q' S0' over K */
    for (long long k0 = 0; k0 < K; k0 += GDN_WM_SLICE) {
        for (int w = x; w < GDN_CHUNK * GDN_WM_SLICE; w += blockDim.x) {
            const long long r = w / GDN_WM_SLICE, i = k0 + w % GDN_WM_SLICE;
            As[w] = r < n && i < K ? (float)ldexp((double)qn[(base + r * H) * K + i], -eq[r]) : 0.0f;
        }
        for (int w = x; w < GDN_WM_SLICE * GDN_WM_VMAX; w += blockDim.x) {
            const long long i = k0 + w / GDN_WM_VMAX, j = w % GDN_WM_VMAX;
            Bs[w] = i < K && j < V ? (float)ldexp((double)S0[i * V + j], -es[j]) : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int m = 0; m < GDN_WM_TILES; m++) {
            const int i = warp + GDN_WM_WARPS * m, rb = i / nvb, cb = i % nvb;
            if (i < ntile && rb * 16 < n) gdn_wm_step(y1[m], m1[m], As, Bs, rb, cb);
        }
        __syncthreads();
    }
    /* Y2' = P' delta' over s < n; P'(t,s) = 0 for s > t (a 0 times a
     * finite delta: the operands are finite here) */
    for (long long s0 = 0; s0 < n; s0 += GDN_WM_SLICE) {
        for (int w = x; w < GDN_CHUNK * GDN_WM_SLICE; w += blockDim.x) {
            const long long r = w / GDN_WM_SLICE, s = s0 + w % GDN_WM_SLICE;
            As[w] = r < n && s <= r ? (float)ldexp(cq[r][s], -ep[r]) : 0.0f;
        }
        for (int w = x; w < GDN_WM_SLICE * GDN_WM_VMAX; w += blockDim.x) {
            const long long s = s0 + w / GDN_WM_VMAX, j = w % GDN_WM_VMAX;
            Bs[w] = s < n && j < V ? (float)ldexp(U[(base + s * H) * V + j], -ed[j]) : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int m = 0; m < GDN_WM_TILES; m++) {
            const int i = warp + GDN_WM_WARPS * m, rb = i / nvb, cb = i % nvb;
            if (i < ntile && rb * 16 < n && rb * 16 + 15 >= s0) gdn_wm_step(y2[m], m2[m], As, Bs, rb, cb);
        }
        __syncthreads();
    }
    /* o from the two tiles, through the warp's 256 floats of Bs */
    float *tile = Bs + warp * 256;
#pragma unroll
    for (int m = 0; m < GDN_WM_TILES; m++) {
        const int i = warp + GDN_WM_WARPS * m, rb = i / nvb, cb = i % nvb;
        if (i >= ntile || rb * 16 >= n) continue;
        float a[8], b[8], ma[8], mb[8];
        gdn_wm_read(tile, y1[m], a, lane);
        gdn_wm_read(tile, m1[m], ma, lane);
        gdn_wm_read(tile, y2[m], b, lane);
        gdn_wm_read(tile, m2[m], mb, lane);
        for (int q = 0; q < 8; q++) {
            const int e = lane + 32 * q;
            const long long r = rb * 16 + e / 16, j = cb * 16 + e % 16;
            if (r >= n || j >= V) continue;
            if (ma[q] < GDN_WM_TINY || mb[q] < GDN_WM_TINY) {
                /* its terms are all tiny beside the scales of its row and
                 * column: f32 lost them, so the default's scalar sum */
                o[(base + r * H) * V + j] = gdn_out_elem(cq[r], gqs[r], qn + (base + r * H) * K, U, S0,
                                                         base, r, H, K, V, j, scale);
                continue;
            }
            const double y = ldexp((double)a[q], eq[r] + es[j]) * gqs[r] + ldexp((double)b[q], ep[r] + ed[j]);
            o[(base + r * H) * V + j] = __double2bfloat16(y * scale);
        }
    }
    return true;
}
#endif

/* Launch 3's body: a block of GDN_CHUNK * GDN_OUT_SPLIT threads per (lane,
 * chunk); thread x works on output row t = x / SPLIT, on the columns j and
 * weights s = x % SPLIT (mod SPLIT): o_t = scale (Gam(t,-1) S0^T q_t +
 * sum_{s<=t} Gam(t,s) (q_t . k_s) delta_s), each column summed in acc_t (in
 * the order one thread a row sums it: same bits), rounded once to bf16. */
/* Launch 3's two products on the double tensor cores (gdn_mma_on), each
 * element's terms in gdn_out_elems' order and rounding (so its bits):
 *   y = q_t . S0[:, j]  (a chain over i from +0),  y *= Gam(t,-1),
 *   y += cq_t[s] delta_s[j] for s = 0..t,  o = bf16(y scale).
 * Warp w owns positions 8w..8w+7, GDN_OUT_CB columns at a time.  The
 * causal sum is not dense: its terms s < 8w, which every position of the
 * warp keeps, go as WMMA steps (cq's rows from its table, delta's staged),
 * and the rest, s = 8w..t, as a scalar chain after them, so no zero above
 * the diagonal meets a delta that may be NaN.  Shared memory (dynamic,
 * doubles, over the staged rows of k, read no more): q's rows and S0's
 * GDN_OUT_KB at a time, or delta's rows, and a warp's 8 x 8 scratch (the
 * sidecar's out_smem, gdn_chunked_fwd.lua). */
#define GDN_OUT_CB 32
#define GDN_OUT_KB 32
static_assert(GDN_OUT_KB <= GDN_OUT_CB, "q's staged rows take GDN_OUT_KB columns at the stride GDN_OUT_CB + 4");

__device__ static void gdn_out_mma(double *sm, double (*cq)[GDN_CHUNK], const double *gq, const float *qn,
                                   const double *U, const float *S0, __nv_bfloat16 *o, long long base,
                                   long long n, long long H, long long K, long long V, double scale)
{
    using namespace nvcuda;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, kp = (int)(K + 3) / 4 * 4;
    const long long ld = GDN_OUT_CB + 4, t0 = warp * 8;
    double *sa = sm, *sb = sa + GDN_CHUNK * ld, *tile = sb + GDN_OUT_KB * ld + warp * 64;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> d[GDN_OUT_CB / 8];
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb;

    for (long long j0 = 0; j0 < V; j0 += GDN_OUT_CB) {
#pragma unroll
        for (int c = 0; c < GDN_OUT_CB / 8; c++) wmma::fill_fragment(d[c], 0.0);
        for (int i0 = 0; i0 < kp; i0 += GDN_OUT_KB) {
            __syncthreads();                      /* the last operands read */
            GDN_EACH(w, GDN_CHUNK * GDN_OUT_KB) {
                const long long t = w / GDN_OUT_KB, i = i0 + w % GDN_OUT_KB;
                sa[t * ld + w % GDN_OUT_KB] = t < n && i < K ? (double)qn[(base + t * H) * K + i] : 0.0;
            }
            GDN_EACH(w, GDN_OUT_KB * GDN_OUT_CB) {
                const long long i = i0 + w / GDN_OUT_CB, j = j0 + w % GDN_OUT_CB;
                sb[(w / GDN_OUT_CB) * ld + w % GDN_OUT_CB] = i < K && j < V ? (double)S0[i * V + j] : 0.0;
            }
            __syncthreads();
            if (t0 < n)
                for (int k0 = i0; k0 < kp && k0 < i0 + GDN_OUT_KB; k0 += 4) {
                    wmma::load_matrix_sync(fa, sa + t0 * ld + (k0 - i0), (unsigned)ld);
#pragma unroll
                    for (int c = 0; c < GDN_OUT_CB / 8; c++) {
                        wmma::load_matrix_sync(fb, sb + (k0 - i0) * ld + c * 8, (unsigned)ld);
                        wmma::mma_sync(d[c], fa, fb, d[c]);
                    }
                }
        }
        __syncthreads();                          /* q and S0 read: delta's rows go over them */
        /* delta's rows by async copies: a thread's eight in flight at
         * once, no register between the load and the store */
        GDN_EACH(w, GDN_CHUNK * GDN_OUT_CB) {
            const long long s = w / GDN_OUT_CB, j = j0 + w % GDN_OUT_CB;
            double *e = &sa[s * ld + w % GDN_OUT_CB];
            if (s < n && j < V) __pipeline_memcpy_async(e, &U[(base + s * H) * V + j], sizeof(double));
            else *e = 0.0;
        }
        gdn_copies_land();
        __syncthreads();
        if (t0 >= n) continue;
#pragma unroll
        for (int c = 0; c < GDN_OUT_CB / 8; c++) {   /* y *= Gam(t,-1), through the scratch */
            wmma::store_matrix_sync(tile, d[c], 8, wmma::mem_row_major);
            __syncwarp();
            for (int e = lane; e < 64; e += 32) tile[e] *= gq[t0 + e / 8];
            __syncwarp();
            wmma::load_matrix_sync(d[c], tile, 8, wmma::mem_row_major);
            __syncwarp();
        }
        for (int k0 = 0; k0 < t0; k0 += 4) {
            wmma::load_matrix_sync(fa, &cq[t0][k0], GDN_CHUNK);
#pragma unroll
            for (int c = 0; c < GDN_OUT_CB / 8; c++) {
                wmma::load_matrix_sync(fb, sa + k0 * ld + c * 8, (unsigned)ld);
                wmma::mma_sync(d[c], fa, fb, d[c]);
            }
        }
#pragma unroll
        for (int c = 0; c < GDN_OUT_CB / 8; c++) {
            wmma::store_matrix_sync(tile, d[c], 8, wmma::mem_row_major);
            __syncwarp();
            for (int e = lane; e < 64; e += 32) {
                const long long t = t0 + e / 8, jj = c * 8 + e % 8, j = j0 + jj;
                if (t >= n || j >= V) continue;
                double y = tile[e];
                for (long long s = t0; s <= t; s++) y += cq[t][s] * sa[s * ld + jj];
                o[(base + t * H) * V + j] = __double2bfloat16(y * scale);
            }
            __syncwarp();
        }
    }
}

template <class Weights>
__device__ static void gdn_out_chunk(const float *g, const float *qn, const float *kn, const double *U,
                                     const float *hs, __nv_bfloat16 *o,
                                     long long B, long long T, long long H, long long K, long long V,
                                     Weights weights)
{
    __shared__ __align__(32) double cq[GDN_CHUNK][GDN_CHUNK];   /* [t][s]: Gam(t,s) (q_t . k_s) */
    __shared__ double gqs[GDN_CHUNK];              /* Gam(t,-1), for gdn_out_mma */
    __shared__ float gs[GDN_CHUNK];                /* the chunk's g */
    /* the scalar path's rows of kn, stride gdn_pad(K) (the weights of a
     * warp's rows read different rows at once); or gdn_mma_gram's, then
     * gdn_out_mma's doubles */
    extern __shared__ __align__(32) float gdn_out_sk[];
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const long long lane = blockIdx.x / nc, c = blockIdx.x % nc, b = lane / H, h = lane % H;
    const long long t0 = c * GDN_CHUNK, n = T - t0 < GDN_CHUNK ? T - t0 : GDN_CHUNK;
    const long long t = threadIdx.x / GDN_OUT_SPLIT, part = threadIdx.x % GDN_OUT_SPLIT;
    const long long base = gdn_tok(b, t0, H, T, h);
    const double scale = 1.0 / sqrt((double)K);

    if (lane >= B * H) return;
    const float *qt = qn + (base + t * H) * K;
    double gq = 0.0;                              /* Gam(t,-1) */
    if (gdn_mma_on) {
        /* q k^T on the tensor cores into cq (s <= t), then each row's
         * decays applied in place; the launch's rows of k stay unstaged */
        gdn_mma_gram((double *)gdn_out_sk, gdn_rows<float>{qn, base, H, n}, gdn_rows<float>{kn, base, H, n}, K,
                     [&](long long r, long long s, double qk) { if (s <= r) cq[r][s] = qk; });
        gdn_stage_g(gs, g, base, n, H);           /* and the barrier for cq */
        if (t < n) gq = weights(cq[t], gs, t, part, GDN_OUT_SPLIT, [&](long long s) { return cq[t][s]; });
    } else {
        gdn_stage_rows(gdn_out_sk, kn, base, n, H, K);
        gdn_stage_g(gs, g, base, n, H);           /* and the barrier for the rows */
        const float *sk = gdn_out_sk;
        if (t < n)
            gq = weights(cq[t], gs, t, part, GDN_OUT_SPLIT,
                         [&](long long s) { return gdn_dot(qt, sk + s * gdn_pad(K), K); });
    }
    if (part == 0) gqs[t] = gq;
    __syncthreads();                              /* row t's weights, from its threads */
    GDN_CUT(1);
#ifdef OUT_WMMA
    if (gdn_out_wmma(cq, gq, qn, U, hs + (lane * nc + c) * K * V, o, base, n, H, K, V, scale)) return;
#endif
    if (gdn_mma_on) {
        gdn_out_mma((double *)gdn_out_sk, cq, gqs, qn, U, hs + (lane * nc + c) * K * V, o, base, n, H, K, V, scale);
        return;
    }
    if (t >= n) return;
    const float *S0 = hs + (lane * nc + c) * K * V;
    for (long long j = part; j < V; j += GDN_OUT_ELEMS * GDN_OUT_SPLIT)
        gdn_out_elems(o, cq[t], gq, qt, U, S0, base, t, H, K, V, j, scale);
}

/* Launch 3: three blocks an SM by shared memory (74,496 bytes a block),
 * and by registers under the bound (gdn_mma_gram took 96 unbounded); the
 * OUT = wmma experiment takes 228 and one block an SM, unbounded. */
#ifdef OUT_WMMA
#define GDN_OUT_BOUNDS
#else
#define GDN_OUT_BOUNDS __launch_bounds__(256, 3)
#endif
extern "C" __global__ void GDN_OUT_BOUNDS gdn_chunk_out(const float *__restrict__ g, const float *__restrict__ qn,
                                         const float *__restrict__ kn, const double *__restrict__ U,
                                         const float *__restrict__ hs, __nv_bfloat16 *__restrict__ o,
                                         long long B, long long T, long long H, long long G,
                                         long long K, long long V)
{
    gdn_out_chunk(g, qn, kn, U, hs, o, B, T, H * G, K, V, gdn_out_weights());
}
