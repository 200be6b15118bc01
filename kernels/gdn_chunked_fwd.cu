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

/* x normalised into y (f32, K long): x / sqrt(sum x^2 + eps), the sum of
 * squares in double in index order (what gdn_normalise does, per thread). */
__device__ static void gdn_norm_row(const __nv_bfloat16 *x, float *y, long long K, float eps)
{
    double n = 0.0;
    for (long long i = 0; i < K; i++) {
        double a = __bfloat162float(x[i]);
        n += a * a;
    }
    const float r = (float)(1.0 / sqrt(n + (double)eps));
    for (long long i = 0; i < K; i++) y[i] = __bfloat162float(x[i]) * r;
}

/* a . b, K long, summed in acc_t in index order. */
__device__ static double gdn_dot(const float *a, const float *b, long long K)
{
    acc_t d = acc_of(0.0);
    for (long long i = 0; i < K; i++) d += (acc_t)opnd(a[i]) * (acc_t)opnd(b[i]);
    return acc_value(d);
}

/* Row t of L into Lm[t][0..t-1]: beta_t (k_t . k_s) Gam(t,s), the decay a
 * pairwise sum of g walked back from t; returns Gam(t,-1). */
__device__ static double gdn_l_row(float (*Lm)[GDN_CHUNK], const float *kn, const float *g,
                                   long long t, long long K, long long H, float bt)
{
    double d = 0.0;
    for (long long s = t - 1; s >= 0; s--) {
        d += g[(s + 1) * H];
        Lm[t][s] = (float)((double)bt * gdn_dot(kn + t * H * K, kn + s * H * K, K) * exp(d));
    }
    return exp(d + g[0]);
}

/* A = (I + L)^-1 by forward substitution, a row at a time (row i needs the
 * rows above it):  A(i,s) = -L(i,s) - sum_{s<r<i} L(i,r) A(r,s);  thread s
 * owns column s.  Only s <= i is ever written or read. */
__device__ static void gdn_tri_inverse(float (*Lm)[GDN_CHUNK], float (*Am)[GDN_CHUNK], long long n)
{
    const long long s = threadIdx.x;
    for (long long i = 0; i < n; i++) {
        if (s < i) {
            acc_t a = -(acc_t)Lm[i][s];
            for (long long r = s + 1; r < i; r++) a -= (acc_t)Lm[i][r] * (acc_t)Am[r][s];
            Am[i][s] = (float)acc_value(a);
        } else if (s == i) {
            Am[i][s] = 1.0f;
        }
        __syncthreads();
    }
}

/* w over [0, count), spread over the block's threads. */
#define GDN_EACH(w, count) for (long long w = threadIdx.x; w < (count); w += blockDim.x)

/* Launch 1: a block per (lane, chunk) of at least GDN_CHUNK threads (the
 * inverse gives a thread a column; the sidecar launches 256), the work of each
 * phase spread over them an element at a time (each element one thread's
 * sum, in the order written: how the work is spread changes no bit).
 * Writes qn, kn (normalised, f32), W and U of the chunk. */
extern "C" __global__ void gdn_chunk_prep(const __nv_bfloat16 *__restrict__ q,
                                          const __nv_bfloat16 *__restrict__ k,
                                          const __nv_bfloat16 *__restrict__ v,
                                          const float *__restrict__ g,
                                          const __nv_bfloat16 *__restrict__ beta,
                                          float *__restrict__ qn, float *__restrict__ kn,
                                          float *__restrict__ W, double *__restrict__ U,
                                          long long B, long long T, long long H, long long G,
                                          long long K, long long V, float eps)
{
    __shared__ float Lm[GDN_CHUNK][GDN_CHUNK], Am[GDN_CHUNK][GDN_CHUNK];
    __shared__ double wk[GDN_CHUNK], bv[GDN_CHUNK];    /* beta Gam(.,-1), beta */
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const long long HV = H * G;     /* value heads; value head hv reads key head hv / G */
    const long long lane = blockIdx.x / nc, c = blockIdx.x % nc, b = lane / HV, hv = lane % HV;
    const long long t0 = c * GDN_CHUNK, n = T - t0 < GDN_CHUNK ? T - t0 : GDN_CHUNK;
    const long long base = gdn_tok(b, t0, HV, T, hv), kbase = gdn_tok(b, t0, H, T, hv / G);

    if (lane >= B * HV) return;
    /* q and k at the key head, normalised into the value head's rows (each
     * of the G value heads of a key head normalises them alike) */
    GDN_EACH(w, 2 * n) {
        const long long t = w >> 1;
        if (w & 1) gdn_norm_row(k + (kbase + t * H) * K, kn + (base + t * HV) * K, K, eps);
        else gdn_norm_row(q + (kbase + t * H) * K, qn + (base + t * HV) * K, K, eps);
    }
    __syncthreads();
    GDN_EACH(t, n) {
        const float bt = __bfloat162float(beta[base + t * HV]);
        wk[t] = (double)bt * gdn_l_row(Lm, kn + base * K, g + base, t, K, HV, bt);
        bv[t] = bt;
    }
    __syncthreads();
    gdn_tri_inverse(Lm, Am, n);
    GDN_EACH(w, n * K) {
        const long long t = w / K, i = w % K;
        acc_t a = acc_of(0.0);
        for (long long s = 0; s <= t; s++) a += (acc_t)opnd(Am[t][s]) * (acc_t)opnd(wk[s] * kn[(base + s * HV) * K + i]);
        W[(base + t * HV) * K + i] = (float)acc_value(a);
    }
    GDN_EACH(w, n * V) {
        const long long t = w / V, j = w % V;
        acc_t u = acc_of(0.0);
        for (long long s = 0; s <= t; s++)
            u += (acc_t)opnd(Am[t][s]) * (acc_t)opnd(bv[s] * __bfloat162float(v[(base + s * HV) * V + j]));
        U[(base + t * HV) * V + j] = acc_value(u);
    }
}

/* Gam(n-1,t) for t < n into ex[t] and Gam(n-1,-1) into ex[n], walked back
 * from the chunk's end (thread 0; the same for every column). */
__device__ static void gdn_chunk_decays(const float *g, long long base, long long n, long long H, double *ex)
{
    if (threadIdx.x == 0) {
        double d = 0.0;
        for (long long t = n - 1; t >= 0; t--) {
            ex[t] = exp(d);
            d += g[base + t * H];
        }
        ex[n] = exp(d);
    }
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

/* Launch 2. */
extern "C" __global__ void gdn_chunk_scan(const float *__restrict__ g, const float *__restrict__ h0,
                                          const float *__restrict__ kn, const float *__restrict__ W,
                                          double *__restrict__ U, float *__restrict__ hs,
                                          float *__restrict__ ht,
                                          long long B, long long T, long long H, long long G,
                                          long long K, long long V)
{
    gdn_scan_lane(g, h0, kn, W, U, hs, ht, B, T, H * G, K, V, gdn_state_update());
}

/* Row t of the intra-chunk weights, cq[s] = Gam(t,s) (q_t . k_s) for the
 * s <= t with s % step == s0 (the threads of row t share the row), the
 * decays walked back from t as pairwise sums of g; returns Gam(t,-1).  A
 * functor, so that a red-team entry (redteam/gdn_chunked_cumsum_restart.cu)
 * runs launch 3 with broken decays. */
struct gdn_out_weights {
    __device__ double operator()(double *cq, const float *g, const float *qt, const float *kn,
                                 long long base, long long t, long long H, long long K,
                                 long long s0, long long step) const
    {
        double d = 0.0;
        if (t % step == s0) cq[t] = gdn_dot(qt, kn + (base + t * H) * K, K);
        for (long long s = t - 1; s >= 0; s--) {
            d += g[base + (s + 1) * H];
            if (s % step == s0) cq[s] = exp(d) * gdn_dot(qt, kn + (base + s * H) * K, K);
        }
        return exp(d + g[base]);
    }
};

/* Launch 3's threads a position: they share row t's weights and columns. */
#define GDN_OUT_SPLIT 4

/* Launch 3's body: a block of GDN_CHUNK * GDN_OUT_SPLIT threads per (lane,
 * chunk); thread x works on output row t = x / SPLIT, on the columns j and
 * weights s = x % SPLIT (mod SPLIT): o_t = scale (Gam(t,-1) S0^T q_t +
 * sum_{s<=t} Gam(t,s) (q_t . k_s) delta_s), each column summed in acc_t (in
 * the order one thread a row sums it: same bits), rounded once to bf16. */
template <class Weights>
__device__ static void gdn_out_chunk(const float *g, const float *qn, const float *kn, const double *U,
                                     const float *hs, __nv_bfloat16 *o,
                                     long long B, long long T, long long H, long long K, long long V,
                                     Weights weights)
{
    __shared__ double cq[GDN_CHUNK][GDN_CHUNK];   /* [t][s]: Gam(t,s) (q_t . k_s) */
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const long long lane = blockIdx.x / nc, c = blockIdx.x % nc, b = lane / H, h = lane % H;
    const long long t0 = c * GDN_CHUNK, n = T - t0 < GDN_CHUNK ? T - t0 : GDN_CHUNK;
    const long long t = threadIdx.x / GDN_OUT_SPLIT, part = threadIdx.x % GDN_OUT_SPLIT;
    const long long base = gdn_tok(b, t0, H, T, h);
    const double scale = 1.0 / sqrt((double)K);

    if (lane >= B * H) return;
    const float *qt = qn + (base + t * H) * K;
    double gq = 0.0;                              /* Gam(t,-1) */
    if (t < n) gq = weights(cq[t], g, qt, kn, base, t, H, K, part, GDN_OUT_SPLIT);
    __syncthreads();                              /* row t's weights, from its threads */
    if (t >= n) return;
    const float *S0 = hs + (lane * nc + c) * K * V;
    for (long long j = part; j < V; j += GDN_OUT_SPLIT) {
        acc_t y = acc_of(0.0);
        for (long long i = 0; i < K; i++) y += (acc_t)opnd(S0[i * V + j]) * (acc_t)opnd(qt[i]);
        y *= (acc_t)gq;
        for (long long s = 0; s <= t; s++) y += (acc_t)opnd(cq[t][s]) * (acc_t)opnd(U[(base + s * H) * V + j]);
        o[(base + t * H) * V + j] = __double2bfloat16(acc_value(y) * scale);
    }
}

/* Launch 3. */
extern "C" __global__ void gdn_chunk_out(const float *__restrict__ g, const float *__restrict__ qn,
                                         const float *__restrict__ kn, const double *__restrict__ U,
                                         const float *__restrict__ hs, __nv_bfloat16 *__restrict__ o,
                                         long long B, long long T, long long H, long long G,
                                         long long K, long long V)
{
    gdn_out_chunk(g, qn, kn, U, hs, o, B, T, H * G, K, V, gdn_out_weights());
}
