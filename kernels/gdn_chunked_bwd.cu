/*
 * gdn_chunked_bwd.cu — the Gated DeltaNet training backward in chunks of
 * 64, the VJP of the WY form of gdn_chunked_fwd.cu (specs/gdn_bwd.lua),
 * portable path: no Hopper-only instruction, so it runs on kcv's CPU
 * backend.
 *
 * The forward of a chunk (gdn_chunked_fwd.cu's header has the notation:
 * positions t = 0..n-1, Gam(t,s) = exp(sum of g over (s, t]), s = -1 the
 * chunk's start, gt = Gam(t,-1), S0 the state at the chunk's start):
 *   L(t,s) = beta_t (k_t . k_s) Gam(t,s) (s < t),   A = (I + L)^-1,
 *   W = A diag(beta gt) K,   U = A diag(beta) V,   delta = U - W S0,
 *   S_end = Gam(n-1,-1) S0 + sum_t Gam(n-1,t) k_t delta_t^T,
 *   o_t = scale (gt S0^T q_t + sum_{s<=t} Gam(t,s) (q_t . k_s) delta_s).
 * Its VJP, given dO and dSe (the adjoint of S_end), stage by stage:
 *   ddelta_s = scale sum_{t>=s} Gam(t,s) (q_t . k_s) dO_t + Gam(n-1,s) dSe^T k_s
 *   dS0 = Gam(n-1,-1) dSe + scale sum_t gt q_t dO_t^T - W^T ddelta
 *   dW = -ddelta S0^T,   dU = ddelta,
 *   dA(a,b) = (beta gt)_b (dW_a . k_b) + beta_b (ddelta_a . v_b)   (b < a),
 *   dL = -(A^T dA A^T) on the strict lower triangle,
 *   dv_t = beta_t (A^T dU)_t,  and dk, dq, dbeta from every stage that
 *   holds them (k enters L, W, S_end and o; q only o; beta L, W and U);
 *   every Gam(t,s) the forward used gets dD(t,s) = dGam(t,s) Gam(t,s),
 *   and dg_r = sum of dD(t,s) over the pairs with s < r <= t;
 * then q and k through the normalisation, dx = (dy - y (y . dy)) / n.
 * Only the strict lower triangle of dA matters: A's diagonal is 1 whatever
 * L is, and A^T dA A^T takes nothing from it below the diagonal.
 * Six launches (kernels/gdn_chunked_bwd.lua):
 *   gdn_chunk_prep, gdn_chunk_scan  the forward's own (included below): q, k
 *                   normalised, W, delta and every chunk's S0;
 *   gdn_chunk_bprep a block of 256 per (lane, chunk): A and W again, in
 *                   double (the forward's are f32), and ddelta's dO term;
 *   gdn_chunk_dscan a block per (lane, tile of 16 columns) of the adjoint
 *                   state: chunk by chunk from the last, its dSe to a
 *                   workspace, ddelta's dSe term, then dS0 (their products
 *                   on the double tensor cores); dh0 at the end;
 *   gdn_chunk_grad  a block of 256 per (lane, chunk): dW, dA, dL, then
 *                   dv, dg, dbeta of the chunk and the gradients of its
 *                   normalised q and k (dQ, dK);
 *   gdn_chunk_group a warp per key token and gradient: dq, dk, the sums of the
 *                   key head's G value lanes' dQ and dK (grouped heads,
 *                   kcv.gdn: a lane is a (batch, value head)), through
 *                   the normalisation.
 * Launches 1, 3 and 5 spread each phase over their threads an output
 * element at a time: every element is one thread's sum, in a fixed order,
 * whichever thread it is (the same bits as a thread a position gave).
 * Why the details (the forward's reasons, and):
 *   - the decays are exp of pairwise sums of g in double, never exp of a
 *     difference of cumulative sums: a g of -Inf makes them 0, not NaN;
 *   - the tail chunk, the causal mask and the triangles are selections
 *     (loops that stop), never products with 0: a NaN cannot leak into an
 *     element the oracle keeps finite;
 *   - A, W, dA, dL, ddelta, the adjoint state and every gradient sum are
 *     double, summed in acc_t (the ACC knob; double as written) in a fixed
 *     order: values near FLT_MAX do not overflow on the way, dg's sums of
 *     n^2 pair terms do not lose what they cancel, W^T ddelta keeps its
 *     digits where a strong decay makes W subnormal in f32, and the result
 *     is bit for bit the same on every run (no atomics);
 *   - like the chunked forward it relies on the spec's nonfinite_class =
 *     "merged": an Inf meets the WY products in another order than the
 *     sequential oracle's steps, so an element can end +-Inf where the
 *     oracle has NaN (dv, with an Inf injected; spec/gdn_chunked_bwd_spec.lua).
 */
#include "gdn_chunked_fwd.cu"
#include "block_reduce.cuh"

/* Launch 5's products of the chunk with a whole state (dW, gdn_grad_yz's
 * y and z) and its Gram products (dA's, the pair tables' k.k, q.k and
 * delta.dO) go on the double tensor cores too, where gdn_mma_on
 * (gdn_chunked_fwd.cu). */

#define GDN_CC (GDN_CHUNK * GDN_CHUNK)

/* Where chunk c of a lane lies: its first token and its length. */
struct gdn_chunk {
    long long lane, c, n, base;
};

__device__ static gdn_chunk gdn_chunk_at(long long lane, long long c, long long T, long long H)
{
    gdn_chunk k;
    const long long t0 = c * GDN_CHUNK;
    k.lane = lane;
    k.c = c;
    k.n = T - t0 < GDN_CHUNK ? T - t0 : GDN_CHUNK;
    k.base = gdn_tok(lane / H, t0, H, T, lane % H);
    return k;
}

/* The chunk of a block launched one per (lane, chunk). */
__device__ static gdn_chunk gdn_block_chunk(long long T, long long H)
{
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    return gdn_chunk_at(blockIdx.x / nc, blockIdx.x % nc, T, H);
}

/* x (f32, K long) . y (double), in acc_t in index order. */
__device__ static double gdn_dot_fd(const float *x, const double *y, long long K)
{
    acc_t d = acc_of(0.0);
    for (long long i = 0; i < K; i++) d += (acc_t)x[i] * (acc_t)y[i];
    return acc_value(d);
}

/* The per-chunk state of launches 3 and 5, shared by their phases. */
struct gdn_grad {
    gdn_chunk ch;
    long long H, K, V;
    const float *qn, *kn, *S0;                   /* S0: the chunk's start state, [K][V] */
    const __nv_bfloat16 *v, *dO, *beta;
    const double *delta, *dSe, *dD;               /* dSe: [K][V] */
    double *Am, *Xm, *dW;                         /* [GDN_CHUNK][GDN_CHUNK] twice; dW per token */
    __nv_bfloat16 *dv;
    double *gq, *ex, *bt, *e0, *es;               /* shared: Gam(.,-1), Gam(n-1,.), beta, dD(.,-1), dD(n-1,.) */
    double *P;                                    /* launch 5: the pair tables */
    acc_t *dK, *dQ, *R;                           /* launch 5: per token, K, K and gdn_rw long */
    double (*X)[GDN_CHUNK];                       /* shared: launch 3's dO coefficients, launch 5's X = dA A^T */
    double *db;                                   /* launch 5, shared: dbeta */
    double *sm;                                   /* launch 5: its dynamic shared memory */
    const float *gs;                              /* shared: the chunk's g (gdn_stage_g) */
};

__device__ static const float *gdn_k(const gdn_grad *G, long long t) { return G->kn + (G->ch.base + t * G->H) * G->K; }
__device__ static const float *gdn_q(const gdn_grad *G, long long t) { return G->qn + (G->ch.base + t * G->H) * G->K; }
__device__ static long long gdn_row(const gdn_grad *G, long long t) { return G->ch.base + t * G->H; }

/* Where a warp's lanes walk positions (or A's rows), a row read from
 * global memory would be 32 cache lines an instruction: launches 3 and 5
 * stage those rows in their dynamic shared memory first (gdn_stage_rows,
 * sized by the sidecar, gdn_chunked_bwd.lua, as the kernels carve it),
 * padded by one element so that the lanes fall in different banks.  A
 * staged element is the global one's value in its own type (a bf16 as the
 * float it is exactly), so every sum keeps its operands, its order and
 * its bits.  The chunk's rows of src into dst: */
template <typename T>
__device__ static void gdn_stage_chunk(T *dst, const T *src, const gdn_grad *G, long long cols)
{
    gdn_stage_rows(dst, src, G->ch.base, G->ch.n, G->H, cols);
}

__device__ static void gdn_stage_chunk_bf16(float *dst, const __nv_bfloat16 *src, const gdn_grad *G, long long cols)
{
    GDN_EACH_ROW(t, G->ch.n, j, cols) dst[t * gdn_pad(cols) + j] = __bfloat162float(src[gdn_row(G, t) * cols + j]);
}

/* Gam(t,-1) and beta_t into the shared arrays (the decay walked back from
 * t, as L's row t walks it). */
__device__ static void gdn_bprep_row(gdn_grad *G, long long t)
{
    G->gq[t] = gdn_start_decay(G->gs, t);
    G->bt[t] = __bfloat162float(G->beta[gdn_row(G, t)]);
}

/* At (t, s), s <= t: L(t,s) = beta_t (k_t . k_s) Gam(t,s) into Xm (s < t;
 * the decay walked back from t), and the coefficient of ddelta's dO term,
 * Gam(t,s) (q_t . k_s), into the shared X (the decay walked forward from s),
 * from the dots qk and kk. */
__device__ static double gdn_bprep_x(const gdn_grad *G, long long t, long long s, double qk)
{
    double fwd = 0.0;
    for (long long r = s + 1; r <= t; r++) fwd += G->gs[r];
    return exp(fwd) * qk;
}

__device__ static double gdn_bprep_l(const gdn_grad *G, long long t, long long s, double kk)
{
    double back = 0.0;
    for (long long r = t; r > s; r--) back += G->gs[r];
    return G->bt[t] * kk * exp(back);
}

__device__ static void gdn_bprep_pair(gdn_grad *G, long long t, long long s, const float *sk)
{
    const float *ks = sk + s * gdn_pad(G->K);
    G->X[t][s] = gdn_bprep_x(G, t, s, gdn_dot(gdn_q(G, t), ks, G->K));
    if (s < t) G->Xm[t * GDN_CHUNK + s] = gdn_bprep_l(G, t, s, gdn_dot(sk + t * gdn_pad(G->K), ks, G->K));
}

/* A chunk's rows of p (gdn_mma.cuh's operands). */
template <typename T>
__device__ static gdn_rows<T> gdn_chunk_rows(const gdn_grad *G, const T *p)
{
    return gdn_rows<T>{p, G->ch.base, G->H, G->ch.n};
}

/* The pairs on the double tensor cores (gdn_mma_gram, the same fma chains
 * as gdn_dot's): q k^T, then k k^T; sm the launch's dynamic shared memory. */
__device__ static void gdn_bprep_pairs_mma(gdn_grad *G, double *sm)
{
    const gdn_rows<float> kr = gdn_chunk_rows(G, G->kn);
    gdn_mma_gram(sm, gdn_chunk_rows(G, G->qn), kr, G->K,
                 [&](long long t, long long s, double qk) { if (s <= t) G->X[t][s] = gdn_bprep_x(G, t, s, qk); });
    gdn_mma_gram(sm, kr, kr, G->K, [&](long long t, long long s, double kk) {
        if (s < t) G->Xm[t * GDN_CHUNK + s] = gdn_bprep_l(G, t, s, kk);
    });
}

/* ddelta's dO term at (s, j): scale sum_{t>=s} Gam(t,s) (q_t . k_s) dO_t(j),
 * into dD. */
__device__ static void gdn_bprep_ddo(const gdn_grad *G, long long s, long long j, double *dD)
{
    const double scale = 1.0 / sqrt((double)G->K);
    acc_t y = acc_of(0.0);
    for (long long t = s; t < G->ch.n; t++) y += (acc_t)G->X[t][s] * (acc_t)__bfloat162float(G->dO[gdn_row(G, t) * G->V + j]);
    dD[gdn_row(G, s) * G->V + j] = acc_value(y) * scale;
}

/* A = (I + L)^-1 in double (gdn_inverse_col; thread s owns column s),
 * from L in Xm into Am; then every thread waits.  L goes through sL (the
 * launch's dynamic shared memory, 64 x 64 doubles, free between the pairs
 * and W), so the inverse's eight loads a step are shared ones. */
__device__ static void gdn_grad_inverse(gdn_grad *G, double *sL)
{
    const long long s = threadIdx.x, n = G->ch.n;
    double *A = G->Am;
    GDN_EACH_ROW(i, n, r, i) sL[i * GDN_CHUNK + r] = G->Xm[i * GDN_CHUNK + r];
    __syncthreads();
    gdn_inverse_col(s, n, [&](long long i, long long r) { return sL[i * GDN_CHUNK + r]; },
                    [&](long long r) { return (acc_t)A[r * GDN_CHUNK + s]; },
                    [&](long long i, acc_t d) { A[i * GDN_CHUNK + s] = acc_value(d); return (acc_t)A[i * GDN_CHUNK + s]; });
    __syncthreads();
}

/* W(t, i) = (A diag(beta gt) K)(t, i) again, in double (A's row t, summed
 * in acc_t as gdn_chunk_prep sums it). */
__device__ static void gdn_grad_w(const gdn_grad *G, long long t, long long i, double *Wd)
{
    acc_t w = acc_of(0.0);
    for (long long s = 0; s <= t; s++)
        w += (acc_t)G->Am[t * GDN_CHUNK + s] * (acc_t)(G->bt[s] * G->gq[s] * gdn_k(G, s)[i]);
    Wd[gdn_row(G, t) * G->K + i] = acc_value(w);
}

/* W and ddelta's dO term on the double tensor cores (gdn_mma_lower and
 * gdn_mma_upper: gdn_grad_w's and gdn_bprep_ddo's chains, the same bits),
 * A read from global memory (this block's, written by the inverse), X from
 * shared, M's columns GDN_BPREP_CB at a time in sm, the launch's dynamic
 * shared memory: 22,528 bytes with the warps' tiles (of the sidecar's
 * prep_smem, 40,960).  32 columns: 80 registers and a 40-byte spill under
 * the launch bound; 64 spilled 96 bytes. */
#define GDN_BPREP_CB 32

__device__ static void gdn_bprep_w_mma(const gdn_grad *G, double *Wd, double *sm)
{
    gdn_mma_lower<GDN_BPREP_CB>(G->Am, GDN_CHUNK, sm, sm + GDN_CHUNK * (GDN_BPREP_CB + 4), G->ch.n, G->K,
                                [&](long long s, long long i) { return G->bt[s] * G->gq[s] * gdn_k(G, s)[i]; },
                                [&](long long t, long long i, double w) { Wd[gdn_row(G, t) * G->K + i] = w; });
}

__device__ static void gdn_bprep_ddo_mma(const gdn_grad *G, double *dD, double *sm)
{
    const long long n = G->ch.n;
    const double scale = 1.0 / sqrt((double)G->K);
    GDN_EACH(w, ((n + 3) / 4 * 4 - n) * GDN_CHUNK) G->X[n + w / GDN_CHUNK][w % GDN_CHUNK] = 0.0;   /* X's rows past n */
    gdn_mma_upper<GDN_BPREP_CB>(&G->X[0][0], GDN_CHUNK, sm, sm + GDN_CHUNK * (GDN_BPREP_CB + 4), n, G->V,
                                [&](long long t, long long j) { return (double)__bfloat162float(G->dO[gdn_row(G, t) * G->V + j]); },
                                [&](long long s, long long j, double y) { dD[gdn_row(G, s) * G->V + j] = y * scale; });
}

/* Launch 3: a block per (lane, chunk) of at least GDN_CHUNK threads (the
 * inverse gives a thread a column; the sidecar launches 256), the work of
 * each phase spread over them an element at a time (as launch 5's, below).
 * A = (I + L)^-1 in double into Am (L in Xm on the way; the inverse's
 * thread s owns column s), W again in double into Wd, and ddelta's dO term
 * into dD.  The forward's W is f32: where Gam(t,-1) is tiny it is
 * subnormal there, and W^T ddelta, which the reverse scan subtracts from
 * dS0 (all of dh0 past a strong decay), would keep few of its digits
 * (ORD-01, dh0 -0 where the oracle is 1.2e-44, seed 7). */
/* Three blocks of 256 an SM, as before the tensor-core pairs (the shared
 * memory allows three): at most 85 registers a thread (80 and a 28-byte
 * spill, ptxas; 102 unbounded, two blocks an SM). */
extern "C" __global__ void __launch_bounds__(256, 3) gdn_chunk_bprep(const float *__restrict__ g, const __nv_bfloat16 *__restrict__ beta,
                                           const float *__restrict__ qn, const float *__restrict__ kn,
                                           const __nv_bfloat16 *__restrict__ dO,
                                           double *__restrict__ Am, double *__restrict__ Xm,
                                           double *__restrict__ Wd, double *__restrict__ dD,
                                           long long B, long long T, long long Hk, long long groups,
                                           long long K, long long V)
{
    __shared__ double gq[GDN_CHUNK], bt[GDN_CHUNK];
    __shared__ __align__(32) double cf[GDN_CHUNK][GDN_CHUNK];   /* X: gdn_mma_upper's operand */
    __shared__ float gs[GDN_CHUNK];
    /* kn's rows, stride gdn_pad(K), or gdn_mma_gram's doubles */
    extern __shared__ __align__(32) float gdn_bprep_sk[];
    const long long H = Hk * groups;   /* value heads: every row here is a value lane's */
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const gdn_chunk ch = gdn_block_chunk(T, H);
    const long long n = ch.n, blk = ch.lane * nc + ch.c;
    /* what the phases of this launch read and write; the rest is launch 5's */
    gdn_grad G = {ch, H, K, V, qn, kn, NULL, NULL, dO, beta, NULL, NULL, dD,
                  Am + blk * GDN_CC, Xm + blk * GDN_CC, NULL, NULL, gq, NULL, bt, NULL, NULL,
                  NULL, NULL, NULL, NULL, cf, NULL, NULL, gs};

    if (ch.lane >= B * H) return;
    gdn_stage_g(gs, g, ch.base, n, H);
    GDN_EACH(t, n) gdn_bprep_row(&G, t);
    if (!gdn_mma_on) gdn_stage_chunk(gdn_bprep_sk, kn, &G, K);
    __syncthreads();
    GDN_CUT(1);
    if (gdn_mma_on) {
        gdn_bprep_pairs_mma(&G, (double *)gdn_bprep_sk);
    } else {
        GDN_EACH(w, n * GDN_CHUNK)
            if (w % GDN_CHUNK <= w / GDN_CHUNK) gdn_bprep_pair(&G, w / GDN_CHUNK, w % GDN_CHUNK, gdn_bprep_sk);
        __syncthreads();
    }
    GDN_CUT(2);
    gdn_grad_inverse(&G, (double *)gdn_bprep_sk);
    GDN_CUT(3);
    if (gdn_mma_on) gdn_bprep_w_mma(&G, Wd, (double *)gdn_bprep_sk);
    else GDN_EACH(w, n * K) gdn_grad_w(&G, w / K, w % K, Wd);
    GDN_CUT(4);
    if (gdn_mma_on) gdn_bprep_ddo_mma(&G, dD, (double *)gdn_bprep_sk);
    else GDN_EACH(w, n * V) gdn_bprep_ddo(&G, w / V, w % V, dD);
}

/* Launch 4's thread sums GDN_DS_ROWS of its rows (or positions) at a time,
 * their chains advanced together: independent sums for the scheduler, and
 * what they share (a position's dO and ddelta, a row of dSe) loaded once.
 * Each element's sum keeps its own terms in its own order. */
#define GDN_DS_ROWS 8

/* ddelta_t[j] += Gam(n-1,t) (k_t . dSe[:, jj]) for the thread's positions
 * t0, t0 + rstep, ... (at most GDN_DS_ROWS). */
__device__ static void gdn_dscan_ddelta(const float *kn, double *dD, const double (*dS)[GDN_SCAN_COLS],
                                        const double *ex, gdn_chunk ch, long long H, long long K,
                                        long long V, long long t0, long long rstep, long long jj, long long j)
{
    const float *k0 = kn + (ch.base + t0 * H) * K;
    const long long step = rstep * H * K;          /* from one of the positions to the next */
    const int m_end = (int)((ch.n - t0 + rstep - 1) / rstep);
    acc_t d[GDN_DS_ROWS];
#pragma unroll
    for (int m = 0; m < GDN_DS_ROWS; m++) d[m] = acc_of(0.0);
    for (long long i = 0; i < K; i++) {
        const acc_t x = (acc_t)dS[i][jj];
#pragma unroll
        for (int m = 0; m < GDN_DS_ROWS; m++)
            if (m < m_end) d[m] += (acc_t)k0[m * step + i] * x;
    }
#pragma unroll
    for (int m = 0; m < GDN_DS_ROWS; m++)
        if (m < m_end) dD[(ch.base + (t0 + m * rstep) * H) * V + j] += ex[t0 + m * rstep] * acc_value(d[m]);
}

/* dS0[i][jj] = Gam(n-1,-1) dSe + scale sum_t gt q_t dO_t^T - W^T ddelta for
 * the thread's rows i0, i0 + rstep, ... (at most GDN_DS_ROWS), into dS. */
__device__ static void gdn_dscan_ds0(const float *qn, const double *W, const __nv_bfloat16 *dO,
                                     const double *dD, double (*dS)[GDN_SCAN_COLS], const double *ex,
                                     const double *gq, gdn_chunk ch, long long H, long long K, long long V,
                                     long long i0, long long rstep, long long jj, long long j, double scale)
{
    const int m_end = (int)((K - i0 + rstep - 1) / rstep), rs = (int)rstep;
    acc_t a[GDN_DS_ROWS];
#pragma unroll
    for (int m = 0; m < GDN_DS_ROWS; m++)
        if (m < m_end) a[m] = acc_of(ex[ch.n] * dS[i0 + m * rs][jj]);
    for (long long t = 0; t < ch.n; t++) {
        const long long tok = ch.base + t * H;
        const float *q = qn + tok * K + i0;
        const double sg = scale * gq[t];
        const acc_t o = (acc_t)__bfloat162float(dO[tok * V + j]);
#pragma unroll
        for (int m = 0; m < GDN_DS_ROWS; m++)
            if (m < m_end) a[m] += (acc_t)(sg * q[m * rs]) * o;
    }
    for (long long t = 0; t < ch.n; t++) {
        const long long tok = ch.base + t * H;
        const double *w = W + tok * K + i0;
        const acc_t d = (acc_t)dD[tok * V + j];
#pragma unroll
        for (int m = 0; m < GDN_DS_ROWS; m++)
            if (m < m_end) a[m] -= (acc_t)w[m * rs] * d;
    }
#pragma unroll
    for (int m = 0; m < GDN_DS_ROWS; m++)
        if (m < m_end) dS[i0 + m * rs][jj] = acc_value(a[m]);
}

/* Launch 4's chunk on the double tensor cores (gdn_mma_on): its three
 * products as WMMA m8n8k4 steps (gdn_mma.cuh has why a double step is the
 * scalar fma chain), each element's terms in the scalar order:
 *   ddelta_t[j] += Gam(n-1,t) (k_t . dSe[:, j])   (chain over i from +0)
 *   dS0[i][j] = Gam(n-1,-1) dSe[i][j] (+ over t: (scale gt q_t[i]) dO_t[j])
 *               (then over t: (-W_t[i]) ddelta_t[j])
 * with the accumulator of dS0 started from the scaled dSe, as the scalar
 * sum starts.  Padding: a padded step adds +0 x -0 = -0, which leaves any
 * sum, -0 included, as it was; the rows of dS past K are -0 and stay so
 * (a row past K that took a product could hold a NaN the next chunk's
 * ddelta would read); columns past V are computed and never stored.
 * Shared memory: gdn_scan_mma_at's, with two B operands (ddelta, dO).
 * dS and the B operands keep the stride GDN_SCAN_COLS, not the forward
 * scan's GDN_SCAN_LD: padded, dS and the two operands take 8 KiB more a
 * block, and dscan fits four blocks an SM only with smaller staging
 * blocks.  Each way it was slower on an H100 (2.82 ms unpadded, 3.24..3.27
 * padded at four blocks with staging blocks of 16 or 24 columns and 12
 * positions, 4.24..4.46 padded at three; ncu, 2026-12-06, docs/PERF.md). */

/* The B operands of dS0 for the chunk's tile, -0 past n and V: dO, and
 * ddelta as bprep left it, which the store of ddelta's dSe term then
 * completes in place: its += reads shared memory, where a load of dD
 * waited a memory latency an element: the backward 9.713 -> 9.698 ms on the
 * H200, 12-07, a small gain.  (A's rows staged by async copies too,
 * gdn_mma_stage, took it to 9.924: issuing the copies was a fifth of the
 * launch's stall samples; docs/PERF.md.) */
__device__ static void gdn_dscan_stage_b(const gdn_scan_mma &m, const __nv_bfloat16 *dO, const double *dD,
                                         gdn_chunk ch, long long H, long long V, long long j0)
{
    GDN_EACH(w, GDN_CHUNK * GDN_SCAN_COLS) {
        const long long t = w / GDN_SCAN_COLS, j = j0 + w % GDN_SCAN_COLS;
        const bool in = t < ch.n && j < V;
        m.so[w] = in ? (double)__bfloat162float(dO[(ch.base + t * H) * V + j]) : -0.0;
        m.sd[w] = in ? dD[(ch.base + t * H) * V + j] : -0.0;
    }
}

/* dS0 over dS: the q terms, then the W terms, through gdn_scan_state_mma
 * (dO and ddelta of the tile staged as its B operands by gdn_dscan_stage_b). */
__device__ static void gdn_dscan_ds0_mma(const gdn_scan_mma &m, const float *qn, const double *W,
                                         double (*dS)[GDN_SCAN_COLS], const double *ex, const double *gq,
                                         gdn_chunk ch, long long H, long long K, double scale)
{
    const long long n = ch.n;
    gdn_scan_state_mma<0>(m, dS, ex[n], 2,
                       [&](int term, long long t, long long i) {
                           const long long tok = ch.base + t * H;
                           return term == 0 ? scale * gq[t] * qn[tok * K + i] : -W[tok * K + i];
                       },
                       [&](int term) { return (const double *)(term == 0 ? m.so : m.sd); }, n, K,
                       [&](long long i, long long jj, double d) { dS[i][jj] = d; });
}

/* Launch 4: a block per (lane, tile of GDN_SCAN_COLS adjoint-state
 * columns; the columns are independent, as the forward scan's are), the
 * tile in shared memory (double); thread x owns column jj = x % COLS of the
 * tile and rows x / COLS + k * (THREADS / COLS) of it.  From the last chunk:
 * its dSe to dhs; ddelta_t += Gam(n-1,t) dSe^T k_t (a thread a t); then each
 * element of dS0 = Gam(n-1,-1) dSe + scale sum_t gt q_t dO_t^T - W^T ddelta,
 * in acc_t, by the thread that owns it.  The adjoint of h0 to dh0.  Each
 * element's sums are those of one thread per column, in the same order. */
/* At most 64 registers a thread: four blocks an SM hold the 512 blocks of
 * (4,2048,16,128) at once on 132 SMs (80 without the bound: one wave
 * becomes two). */
extern "C" __global__ void __launch_bounds__(GDN_SCAN_THREADS, 4)
gdn_chunk_dscan(const float *__restrict__ g, const float *__restrict__ qn, const float *__restrict__ kn,
                const double *__restrict__ W, const __nv_bfloat16 *__restrict__ dO,
                const float *__restrict__ dht, double *__restrict__ dD, double *__restrict__ dhs,
                float *__restrict__ dh0, long long B, long long T, long long Hk, long long groups,
                long long K, long long V)
{
    __shared__ double ex[GDN_CHUNK + 1], gq[GDN_CHUNK];
    __shared__ __align__(32) double dS[GDN_KMAX][GDN_SCAN_COLS];
    __shared__ float gs[GDN_CHUNK];
    extern __shared__ __align__(32) double gdn_dscan_sm[];   /* the tensor-core path's (gdn_scan_mma_at) */
    const long long H = Hk * groups;   /* value heads: every row here is a value lane's */
    const long long ntile = (V + GDN_SCAN_COLS - 1) / GDN_SCAN_COLS;
    const long long lane = blockIdx.x / ntile, nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const long long jj = threadIdx.x % GDN_SCAN_COLS, j = (blockIdx.x % ntile) * GDN_SCAN_COLS + jj;
    const long long r0 = threadIdx.x / GDN_SCAN_COLS, rstep = blockDim.x / GDN_SCAN_COLS;
    const double scale = 1.0 / sqrt((double)K);

    if (lane >= B * H || K > GDN_KMAX) return;
    for (long long i = r0; i < K; i += rstep) dS[i][jj] = j < V ? dht[(lane * K + i) * V + j] : 0.0;
    const gdn_scan_mma m = gdn_scan_mma_at(gdn_dscan_sm, K, 2, dS);
    const long long j0 = (blockIdx.x % ntile) * GDN_SCAN_COLS;
    if (gdn_mma_on) gdn_scan_pad_rows(dS, K);
    for (long long c = nc - 1; c >= 0; c--) {
        const gdn_chunk ch = gdn_chunk_at(lane, c, T, H);
        __syncthreads();            /* dS written; the last chunk's readers of ex, gq are done */
        gdn_stage_g(gs, g, ch.base, ch.n, H);
        GDN_EACH(t, ch.n) gq[t] = gdn_start_decay(gs, t);
        gdn_chunk_decays(gs, 0, ch.n, 1, ex);      /* and the barrier for gq */
        if (j < V)
            for (long long i = r0; i < K; i += rstep) dhs[((lane * nc + c) * K + i) * V + j] = dS[i][jj];
        if (gdn_mma_on) {
            GDN_CUT_CHUNK(1);
            /* ddelta_t[j] += Gam(n-1,t) (k_t . dSe[:, j]), in sd (its first
             * barrier orders the staging before the store) and to dD */
            gdn_dscan_stage_b(m, dO, dD, ch, H, V, j0);
            gdn_scan_rows_mma<0>(m, kn, dS, ch.base, ch.n, H, K, [&](long long t, long long jj, double d) {
                if (t < ch.n && j0 + jj < V) {
                    double *x = m.sd + t * GDN_SCAN_COLS + jj;
                    *x += ex[t] * d;
                    dD[(ch.base + t * H) * V + j0 + jj] = *x;
                }
            });
            __syncthreads();        /* every ddelta of the tile written, dSe's copy to dhs done */
            GDN_CUT_CHUNK(2);
            gdn_dscan_ds0_mma(m, qn, W, dS, ex, gq, ch, H, K, scale);
            continue;
        }
        if (j < V)
            for (long long t0 = r0; t0 < ch.n; t0 += GDN_DS_ROWS * rstep)
                gdn_dscan_ddelta(kn, dD, dS, ex, ch, H, K, V, t0, rstep, jj, j);
        __syncthreads();            /* every ddelta of the tile written, dSe read */
        if (j < V)
            for (long long i0 = r0; i0 < K; i0 += GDN_DS_ROWS * rstep)
                gdn_dscan_ds0(qn, W, dO, dD, dS, ex, gq, ch, H, K, V, i0, rstep, jj, j, scale);
    }
    __syncthreads();
    if (j < V)
        for (long long i = r0; i < K; i += rstep) dh0[(lane * K + i) * V + j] = (float)dS[i][jj];
}

/* ---- launch 5 ------------------------------------------------------------
 * A block per (lane, chunk) (the sidecar launches 256), the work of each phase
 * spread over them an output element at a time: every element is still one
 * thread's sum over the terms the math above lists, in the order it lists
 * them, so how the work is spread changes no bit.  A barrier between
 * phases.  What a per-position sum needs from the (position, column)
 * phases goes through workspaces: dK and dQ (the gradients of kn and qn
 * as they accumulate) and R (the column sums a position's dot products
 * then read); the pair quantities of the chunk go to the tables of Pt. */

/* The pair tables, GDN_CC doubles each, (t, s) at t * GDN_CHUNK + s:
 * Gam(t,s) summed back from t (as the rows of L and o walk it) and forward
 * from s (as their columns do), k_t . k_s, q_t . k_s (s < t), and
 * delta_s . dO_t (s <= t). */
enum { GDN_GR, GDN_GC, GDN_KK, GDN_QK, GDN_PD, GDN_NPAIR };

__device__ static double *gdn_pair(const gdn_grad *G, int table, long long t, long long s)
{
    return G->P + table * GDN_CC + t * GDN_CHUNK + s;
}

/* Row width of R: a position's column sums, two vectors of up to max(K, V). */
__device__ static long long gdn_rw(const gdn_grad *G) { return 2 * (G->K > G->V ? G->K : G->V); }

/* x + sum_{u < n} a(u) b(u), the chain in increasing u, GDN_DOT_BATCH terms'
 * loads issued before their fmas: a loop of a load pair and an fma (the
 * PTX of 5156ef0) waits one memory latency a term, this one a batch.  a
 * and b give their factors as acc_t. */
#define GDN_DOT_BATCH 8

template <class FA, class FB>
__device__ static acc_t gdn_chain(acc_t x, long long n, FA a, FB b)
{
    long long u = 0;
    for (; u + GDN_DOT_BATCH <= n; u += GDN_DOT_BATCH) {
        acc_t p[GDN_DOT_BATCH], q[GDN_DOT_BATCH];
#pragma unroll
        for (int k = 0; k < GDN_DOT_BATCH; k++) {
            p[k] = a(u + k);
            q[k] = b(u + k);
        }
#pragma unroll
        for (int k = 0; k < GDN_DOT_BATCH; k++) x += p[k] * q[k];
    }
    for (; u < n; u++) x += a(u) * b(u);
    return x;
}

/* A lane's GDN_LANE_COLS columns of a row, 32 apart from j0 (the phases
 * below run GDN_EACH_ROW with a step of GDN_LANE_COLS * 32 columns): their
 * fma chains run side by side, where an element at a time left a thread
 * one chain in flight (those phases are latency-bound: an issue every
 * 2.4-2.8 cycles a scheduler, 12-05), and each row's coefficient is read
 * once for all of them.  Each chain keeps its terms and their order.  A
 * column past the width runs on j0 (an address that exists) and is not
 * stored. */
#define GDN_LANE_COLS 4

struct gdn_cols {
    long long j[GDN_LANE_COLS];
    bool on[GDN_LANE_COLS];
};

__device__ static gdn_cols gdn_cols_at(long long j0, long long width)
{
    gdn_cols c;
#pragma unroll
    for (int u = 0; u < GDN_LANE_COLS; u++) {
        c.on[u] = j0 + 32 * u < width;
        c.j[u] = c.on[u] ? j0 + 32 * u : j0;
    }
    return c;
}

/* dW_t(i) = -(ddelta_t . S0 row i), into the dW workspace; dd is
 * ddelta_t's staged row. (Four of a thread's elements summed together,
 * here and in gdn_grad_yz, measured slower on the H200: gdn_chunk_grad
 * 24.21 against 20.30 ms, 12-04.) */
__device__ static void gdn_grad_dw(gdn_grad *G, long long t, long long i, const double *dd)
{
    acc_t w = acc_of(0.0);
    for (long long j = 0; j < G->V; j++) w += (acc_t)G->S0[i * G->V + j] * (acc_t)dd[j];
    G->dW[gdn_row(G, t) * G->K + i] = -acc_value(w);
}

/* The staged rows of each phase, carved from G->sm (offsets in bytes, each
 * a multiple of 8). */
__device__ static float *gdn_sm_k(const gdn_grad *G) { return (float *)G->sm; }
__device__ static void *gdn_sm_after_k(const gdn_grad *G)
{
    return (char *)G->sm + ((GDN_CHUNK * gdn_pad(G->K) * 4 + 7) / 8) * 8;
}
__device__ static double *gdn_sm_a(const gdn_grad *G) { return G->sm + GDN_CC; }   /* after X */
/* dA's strict lower triangle, staged after A for the phase of X */
__device__ static double *gdn_sm_da(const gdn_grad *G) { return gdn_sm_a(G) + GDN_CHUNK * gdn_pad(GDN_CHUNK); }

/* dA(a,b), b < a, into Xm; k and v are the staged rows (positions b). */
__device__ static void gdn_grad_da(gdn_grad *G, long long a, long long b, const float *sk, const float *sv)
{
    const double *dw = G->dW + gdn_row(G, a) * G->K, *dd = G->dD + gdn_row(G, a) * G->V;
    const float *vb = sv + b * gdn_pad(G->V);
    acc_t y = acc_of(0.0);
    for (long long j = 0; j < G->V; j++) y += (acc_t)dd[j] * (acc_t)vb[j];
    G->Xm[a * GDN_CHUNK + b] = G->bt[b] * G->gq[b] * gdn_dot_fd(sk + b * gdn_pad(G->K), dw, G->K) + G->bt[b] * acc_value(y);
}

/* delta_s . dO_t, in acc_t; ds is delta_s's staged row. */
__device__ static double gdn_grad_pd(const gdn_grad *G, long long t, const double *ds)
{
    acc_t y = acc_of(0.0);
    for (long long j = 0; j < G->V; j++)
        y += (acc_t)ds[j] * (acc_t)__bfloat162float(G->dO[gdn_row(G, t) * G->V + j]);
    return acc_value(y);
}

/* The decay tables: Gam(t,s), s < t, as exp of g's sum over s < r <= t
 * summed back from t (GDN_GR: as the rows of L and o walk it) and forward
 * from s (GDN_GC: as their columns do), for every pair at once.  A thread
 * walks row t's sums back (back(t, s) = back(t, s + 1) + g[s + 1], s going
 * down) or column s's forward (fwd(t, s) = fwd(t - 1, s) + g[t], t going
 * up): each pair's chains, from +0 in the same order, n - 1 adds a
 * thread, where a thread a pair formed its own two (n^3 / 3 terms a chunk,
 * each f32 g converted to double: 3.7% of the launch's stall samples on
 * an H100, 12-06).  Then the block takes each pair's two exponentials. */
__device__ static void gdn_grad_decay_tables(gdn_grad *G)
{
    const long long n = G->ch.n;
    GDN_EACH(w, 2 * n) {
        double x = 0.0;
        if (w < n) {
            for (long long s = w - 1; s >= 0; s--) *gdn_pair(G, GDN_GR, w, s) = x += G->gs[s + 1];
        } else {
            for (long long t = w - n + 1; t < n; t++) *gdn_pair(G, GDN_GC, t, w - n) = x += G->gs[t];
        }
    }
    __syncthreads();
    GDN_EACH(w, n * GDN_CHUNK) {
        const long long t = w / GDN_CHUNK, s = w % GDN_CHUNK;
        if (s >= t) continue;
        double *gr = gdn_pair(G, GDN_GR, t, s), *gc = gdn_pair(G, GDN_GC, t, s);
        *gr = exp(*gr);
        *gc = exp(*gc);
    }
}

/* The tables at (t, s), s <= t; k and delta are the staged rows. */
__device__ static void gdn_grad_pairs(gdn_grad *G, long long t, long long s, const float *sk, const double *sd)
{
    const float *ks = sk + s * gdn_pad(G->K);
    *gdn_pair(G, GDN_PD, t, s) = gdn_grad_pd(G, t, sd + s * gdn_pad(G->V));
    if (s == t) return;
    *gdn_pair(G, GDN_KK, t, s) = gdn_dot(sk + t * gdn_pad(G->K), ks, G->K);
    *gdn_pair(G, GDN_QK, t, s) = gdn_dot(gdn_q(G, t), ks, G->K);
}

/* The lower triangle of a chunk's n x n table (stride GDN_CHUNK: A, or E
 * over it), the pairs (t, s), s < t + diag (diag 1: with the diagonal),
 * into dst at a stride of ld (gdn_stage_lower: gdn_pad(GDN_CHUNK)), by
 * async copies (as gdn_stage_rows: landed for the block after the caller's
 * barrier). */
__device__ static void gdn_stage_lower_at(double *dst, long long ld, const double *src, long long n, long long diag)
{
    GDN_EACH(w, n * GDN_CHUNK)
        if (w % GDN_CHUNK < w / GDN_CHUNK + diag)
            __pipeline_memcpy_async(&dst[(w / GDN_CHUNK) * ld + w % GDN_CHUNK], &src[w], sizeof(double));
    gdn_copies_land();
}

__device__ static void gdn_stage_lower(double *dst, const double *src, long long n, long long diag)
{
    gdn_stage_lower_at(dst, gdn_pad(GDN_CHUNK), src, n, diag);
}

/* A(r, c) from the staged copy (stride gdn_pad(GDN_CHUNK)). */
__device__ static double gdn_a(const gdn_grad *G, long long r, long long c)
{
    return gdn_sm_a(G)[r * gdn_pad(GDN_CHUNK) + c];
}

/* X(a,s) = sum_{b<=s} dA(a,b) A(s,b), s < a, into the shared X; dA from
 * its staged copy (gdn_sm_da: read from global memory, each term waited
 * a load's latency). */
__device__ static void gdn_grad_x(gdn_grad *G, long long a, long long s)
{
    const double *da = gdn_sm_da(G) + a * gdn_pad(GDN_CHUNK);
    acc_t y = acc_of(0.0);
    for (long long b = 0; b <= s; b++) y += (acc_t)da[b] * (acc_t)gdn_a(G, s, b);
    G->X[a][s] = acc_value(y);
}

/* dL(t,s) = -sum_{a>=t} A(a,t) X(a,s), s < t, into Xm over dA. */
__device__ static void gdn_grad_dl(gdn_grad *G, long long t, long long s)
{
    acc_t y = acc_of(0.0);
    for (long long a = t; a < G->ch.n; a++) y += (acc_t)gdn_a(G, a, t) * (acc_t)G->X[a][s];
    G->Xm[t * GDN_CHUNK + s] = -acc_value(y);
}

/* (A^T M)_t at the lane's columns from j0 of M's rows (the chunk's rows
 * of src, width wide): store(j, sum) for each that exists. */
template <class Store>
__device__ static void gdn_grad_at_cols(const gdn_grad *G, long long t, long long j0, const double *src,
                                        long long width, Store store)
{
    const gdn_cols c = gdn_cols_at(j0, width);
    acc_t x[GDN_LANE_COLS];
#pragma unroll
    for (int u = 0; u < GDN_LANE_COLS; u++) x[u] = acc_of(0.0);
    for (long long a = t; a < G->ch.n; a++) {
        const acc_t f = (acc_t)gdn_a(G, a, t);
        const double *r = src + gdn_row(G, a) * width;
#pragma unroll
        for (int u = 0; u < GDN_LANE_COLS; u++) x[u] += f * (acc_t)r[c.j[u]];
    }
#pragma unroll
    for (int u = 0; u < GDN_LANE_COLS; u++)
        if (c.on[u]) store(c.j[u], x[u]);
}

/* Through W (A's column t): dk_t(i) = beta gt (A^T dW)_t(i); the sum
 * itself to R for dbeta's dot.  The lane's columns from i0. */
__device__ static void gdn_grad_wy_k(gdn_grad *G, long long t, long long i0)
{
    const long long tok = gdn_row(G, t);
    gdn_grad_at_cols(G, t, i0, G->dW, G->K, [&](long long i, acc_t x) {
        G->dK[tok * G->K + i] = (acc_t)(G->bt[t] * G->gq[t]) * x;
        G->R[tok * gdn_rw(G) + i] = x;
    });
}

/* Through U: dv_t(j) = beta (A^T dU)_t(j); the sum to R after W's.  The
 * lane's columns from j0. */
__device__ static void gdn_grad_wy_v(gdn_grad *G, long long t, long long j0)
{
    const long long tok = gdn_row(G, t);
    gdn_grad_at_cols(G, t, j0, G->dD, G->V, [&](long long j, acc_t y) {
        G->dv[tok * G->V + j] = __double2bfloat16(G->bt[t] * acc_value(y));
        G->R[tok * gdn_rw(G) + G->K + j] = y;
    });
}

/* W and U's share of position t: dD(t,-1) into e0, dbeta into db. */
__device__ static void gdn_grad_wy_sum(gdn_grad *G, long long t)
{
    const long long tok = gdn_row(G, t);
    const acc_t *x = G->R + tok * gdn_rw(G), *y = x + G->K;
    const float *k = gdn_k(G, t);
    const __nv_bfloat16 *v = G->v + tok * G->V;
    const acc_t dwk = gdn_chain(acc_of(0.0), G->K, [&](long long i) { return (acc_t)k[i]; },
                                [&](long long i) { return x[i]; });
    const acc_t db = gdn_chain(acc_of(0.0), G->V, [&](long long j) { return (acc_t)__bfloat162float(v[j]); },
                               [&](long long j) { return y[j]; });
    G->e0[t] = G->bt[t] * G->gq[t] * acc_value(dwk);
    G->db[t] = acc_value(db) + G->gq[t] * acc_value(dwk);
}

/* E(t,s) = dD(t,s), s < t, from L and o, into Am over A (read no more). */
__device__ static void gdn_grad_e(gdn_grad *G, long long t, long long s)
{
    const double scale = 1.0 / sqrt((double)G->K);
    const double gam = *gdn_pair(G, GDN_GR, t, s), c = G->Xm[t * GDN_CHUNK + s];
    G->Am[t * GDN_CHUNK + s] = c * G->bt[t] * *gdn_pair(G, GDN_KK, t, s) * gam;
    const double cf = gam * *gdn_pair(G, GDN_PD, t, s);
    G->Am[t * GDN_CHUNK + s] += scale * cf * *gdn_pair(G, GDN_QK, t, s);
}

/* The two column sums of (t, i) that read a row of S0 or dSe (i), before
 * the dk and dq passes: y = S0 row i . dO_t and z = dSe row i . delta_t,
 * into R (where gdn_grad_qk_rows, gdn_grad_qk_cols and gdn_grad_sums read
 * them).  A warp's lanes walk t (the caller's mapping), so the state's row
 * is one broadcast and dO_t, delta_t come from the staged rows so and sd. */
__device__ static void gdn_grad_yz(gdn_grad *G, long long t, long long i, const float *so, const double *sd)
{
    const long long K = G->K, V = G->V, tok = gdn_row(G, t);
    const float *o = so + t * gdn_pad(V);
    const double *dl = sd + t * gdn_pad(V);
    acc_t y = acc_of(0.0), z = acc_of(0.0);
    for (long long j = 0; j < V; j++) y += (acc_t)G->S0[i * V + j] * (acc_t)o[j];
    for (long long j = 0; j < V; j++) z += (acc_t)G->dSe[i * V + j] * (acc_t)dl[j];
    G->R[tok * gdn_rw(G) + i] = y;
    G->R[tok * gdn_rw(G) + K + i] = z;
}

/* The columns of dk and dq, after W's share, in two passes over (t, i):
 * through L's row t (s < t, from t down) and o's (dq), then L's column t
 * (a > t), o's column (dk, a >= t) and S_end (gdn_grad_yz's sums, in R).
 * A pair's coefficient is a product of the pair tables that every column
 * shares: each pass forms its two once, into the triangular tables ta and
 * tb ((t, s), s <= t, at gdn_tri), beside the chunk's rows of k and q, all
 * in the dynamic shared memory (gdn_sm_qk).  Each element's terms, their
 * order and the rounding of each coefficient are those of the loop over
 * the pair tables it replaces (a column at a time, 12-04): the same bits. */
__device__ static long long gdn_tri(long long t, long long s) { return t * (t + 1) / 2 + s; }

struct gdn_sm_qk {
    float *sk, *sq;                               /* the chunk's rows, stride gdn_pad(K) */
    double *ta, *tb;                              /* GDN_CHUNK (GDN_CHUNK + 1) / 2 each */
};

__device__ static gdn_sm_qk gdn_sm_qk_at(const gdn_grad *G)
{
    gdn_sm_qk m;
    m.sk = (float *)G->sm;
    m.sq = m.sk + GDN_CHUNK * gdn_pad(G->K);
    m.ta = (double *)((char *)G->sm + ((2 * GDN_CHUNK * gdn_pad(G->K) * 4 + 7) / 8) * 8);
    m.tb = m.ta + GDN_CHUNK * (GDN_CHUNK + 1) / 2;
    return m;
}

/* Pass 1's coefficients of the pair (t, s), s <= t: L's row (s < t, into
 * *a) and o's row (*b). */
__device__ static void gdn_qk_row_coefs(const gdn_grad *G, long long t, long long s, double *a, double *b)
{
    if (s < t) {
        const double gam = *gdn_pair(G, GDN_GR, t, s), c = G->Xm[t * GDN_CHUNK + s];
        *a = c * G->bt[t] * gam;
        *b = *gdn_pair(G, GDN_GR, t, s) * *gdn_pair(G, GDN_PD, t, s);
    } else {
        *b = *gdn_pair(G, GDN_PD, t, t);
    }
}

/* Pass 2's coefficients of the pair (a, t), a >= t: L's column (a > t,
 * into *x) and o's column (*y). */
__device__ static void gdn_qk_col_coefs(const gdn_grad *G, long long a, long long t, double *x, double *y)
{
    if (a > t) {
        *x = G->Xm[a * GDN_CHUNK + t] * G->bt[a] * *gdn_pair(G, GDN_GC, a, t);
        *y = *gdn_pair(G, GDN_GC, a, t) * *gdn_pair(G, GDN_PD, a, t);
    } else {
        *y = *gdn_pair(G, GDN_PD, t, t);
    }
}

__device__ static void gdn_qk_rows(const gdn_grad *G, const gdn_sm_qk &m, long long t, long long s)
{
    gdn_qk_row_coefs(G, t, s, &m.ta[gdn_tri(t, s)], &m.tb[gdn_tri(t, s)]);
}

__device__ static void gdn_qk_cols(const gdn_grad *G, const gdn_sm_qk &m, long long a, long long t)
{
    gdn_qk_col_coefs(G, a, t, &m.ta[gdn_tri(a, t)], &m.tb[gdn_tri(a, t)]);
}

/* Pass 1 at (t, the lane's columns from i0): dk's terms through L's row t
 * (to dK, where pass 2 goes on from), and dq. */
__device__ static void gdn_grad_qk_rows(gdn_grad *G, const gdn_sm_qk &m, long long t, long long i0)
{
    const long long K = G->K, tok = gdn_row(G, t), pk = gdn_pad(K);
    const double scale = 1.0 / sqrt((double)K);
    const double *ta = m.ta + gdn_tri(t, 0), *tb = m.tb + gdn_tri(t, 0);
    const gdn_cols c = gdn_cols_at(i0, K);
    acc_t dk[GDN_LANE_COLS], z[GDN_LANE_COLS];
#pragma unroll
    for (int u = 0; u < GDN_LANE_COLS; u++) dk[u] = G->dK[tok * K + c.j[u]];
    for (long long s = t - 1; s >= 0; s--) {
        const acc_t f = (acc_t)ta[s];
#pragma unroll
        for (int u = 0; u < GDN_LANE_COLS; u++) dk[u] += f * (acc_t)m.sk[s * pk + c.j[u]];
    }
#pragma unroll
    for (int u = 0; u < GDN_LANE_COLS; u++) {
        if (c.on[u]) G->dK[tok * K + c.j[u]] = dk[u];
        z[u] = acc_of(0.0);
    }
    for (long long s = 0; s <= t; s++) {
        const acc_t f = (acc_t)tb[s];
#pragma unroll
        for (int u = 0; u < GDN_LANE_COLS; u++) z[u] += f * (acc_t)m.sk[s * pk + c.j[u]];
    }
#pragma unroll
    for (int u = 0; u < GDN_LANE_COLS; u++) {
        if (!c.on[u]) continue;
        const acc_t y = G->R[tok * gdn_rw(G) + c.j[u]];
        G->dQ[tok * K + c.j[u]] = (acc_t)scale * ((acc_t)G->gq[t] * y + z[u]);
    }
}

/* Pass 2 at (t, the lane's columns from i0): dk's terms through L's
 * column t, o's column and S_end. */
__device__ static void gdn_grad_qk_cols(gdn_grad *G, const gdn_sm_qk &m, long long t, long long i0)
{
    const long long n = G->ch.n, K = G->K, tok = gdn_row(G, t), pk = gdn_pad(K);
    const double scale = 1.0 / sqrt((double)K);
    const gdn_cols c = gdn_cols_at(i0, K);
    acc_t dk[GDN_LANE_COLS], z[GDN_LANE_COLS];
#pragma unroll
    for (int u = 0; u < GDN_LANE_COLS; u++) {
        dk[u] = G->dK[tok * K + c.j[u]];
        z[u] = acc_of(0.0);
    }
    for (long long a = t + 1; a < n; a++) {
        const acc_t f = (acc_t)m.ta[gdn_tri(a, t)];
#pragma unroll
        for (int u = 0; u < GDN_LANE_COLS; u++) dk[u] += f * (acc_t)m.sk[a * pk + c.j[u]];
    }
    for (long long a = t; a < n; a++) {
        const acc_t f = (acc_t)m.tb[gdn_tri(a, t)];
#pragma unroll
        for (int u = 0; u < GDN_LANE_COLS; u++) z[u] += f * (acc_t)m.sq[a * pk + c.j[u]];
    }
#pragma unroll
    for (int u = 0; u < GDN_LANE_COLS; u++) {
        if (!c.on[u]) continue;
        acc_t d = dk[u] + (acc_t)scale * z[u];
        d += (acc_t)G->ex[t] * G->R[tok * gdn_rw(G) + K + c.j[u]];
        G->dK[tok * K + c.j[u]] = d;
    }
}

/* The two passes on the double tensor cores (gdn_mma_on): each pass's
 * coefficients into dense tables ta and tb (GDN_CHUNK rows at a stride of
 * GDN_QK_LD, 32-byte aligned, as gdn_mma_lower's A and gdn_mma_upper's X
 * want them), then, GDN_QK_CB columns of k or q at a time (staged as
 * doubles by gdn_mma_stage), the four triangular products:
 *   pass 1:  dk_t += sum_{s<t} ta(t,s) k_s,   dq_t = scale (gq_t y_t + sum_{s<=t} tb(t,s) k_s);
 *   pass 2:  dk_t += sum_{a>t} ta(a,t) k_a,   then + scale sum_{a>=t} tb(a,t) q_a + ex_t z_t.
 * Why: the scalar passes converted a staged f32 of k or q to double for
 * every term, a conversion an fma, and conversions to and from 64-bit
 * types issue at a quarter of the rate of fp64 fmas (sm_90: 16 a clock an
 * SM against 64, the CUDA C++ Programming Guide's throughput table); their ~128 terms an element were 1.30 of the launch's
 * 6.26 ms on an H100 (docs/PERF.md, 12-06 cuts).  Here each element of k
 * and q is converted once a pass.  The sums are the products' chains
 * (increasing s or a, gdn_mma.cuh) added to dk as one term each, where
 * the scalar passes walked s down from t - 1 into dk's chain: not the same
 * bits as the scalar passes, the same on every run.  No term across the
 * diagonal is formed (gdn_mma_lower_block, gdn_mma_upper_block), so a NaN
 * of a k or q row reaches only the elements whose sums hold it. */
#define GDN_QK_CB 32
#define GDN_QK_LD (GDN_CHUNK + 4)

struct gdn_sm_qkt {
    double *ta, *tb;                              /* GDN_CHUNK x GDN_QK_LD each */
    double *sb;                                   /* GDN_CHUNK x (GDN_QK_CB + 4): k's or q's columns */
    double *tiles;                                /* 64 a warp */
};

__device__ static gdn_sm_qkt gdn_sm_qkt_at(const gdn_grad *G)
{
    gdn_sm_qkt m;
    m.ta = G->sm;
    m.tb = m.ta + GDN_CHUNK * GDN_QK_LD;
    m.sb = m.tb + GDN_CHUNK * GDN_QK_LD;
    m.tiles = m.sb + GDN_CHUNK * (GDN_QK_CB + 4);
    return m;
}

/* The columns j0.. of the chunk's rows of x (L long: k or q, dW, dU) into
 * m.sb, landed for the block; the caller's last reads of m.sb done before. */
template <typename T>
__device__ static void gdn_qk_stage(const gdn_grad *G, const gdn_sm_qkt &m, const T *x, long long j0, long long L)
{
    __syncthreads();
    gdn_mma_stage(m.sb, GDN_QK_CB + 4, gdn_chunk_rows(G, x), GDN_CHUNK, j0, GDN_QK_CB, L);
    __syncthreads();
}

__device__ static void gdn_grad_qk_rows_mma(gdn_grad *G, const gdn_sm_qkt &m)
{
    const long long n = G->ch.n, K = G->K, rw = gdn_rw(G);
    const double scale = 1.0 / sqrt((double)K);
    const auto dk = [&](long long t, long long i) { return G->dK[gdn_row(G, t) * K + i]; };
    GDN_EACH(w, n * GDN_CHUNK) {
        const long long t = w / GDN_CHUNK, s = w % GDN_CHUNK;
        if (s <= t) gdn_qk_row_coefs(G, t, s, &m.ta[t * GDN_QK_LD + s], &m.tb[t * GDN_QK_LD + s]);
    }
    for (long long j0 = 0; j0 < K; j0 += GDN_QK_CB) {
        gdn_qk_stage(G, m, G->kn, j0, K);
        gdn_mma_lower_block<GDN_QK_CB, false>(m.ta, GDN_QK_LD, m.sb, m.tiles, n, K, j0, dk,
                                              [&](long long t, long long i, double d, double k) {
                                                  G->dK[gdn_row(G, t) * K + i] = k + d;
                                              });
        gdn_mma_lower_block<GDN_QK_CB, true>(m.tb, GDN_QK_LD, m.sb, m.tiles, n, K, j0,
                                             [&](long long t, long long i) { return G->R[gdn_row(G, t) * rw + i]; },
                                             [&](long long t, long long i, double z, double r) {
                                                 G->dQ[gdn_row(G, t) * K + i] = scale * (G->gq[t] * r + z);
                                             });
    }
    __syncthreads();                              /* the tables read: pass 2's go over them */
}

/* Two values a store reads before it writes (gdn_mma_loaded). */
struct gdn_two {
    double x, y;
};

__device__ static void gdn_grad_qk_cols_mma(gdn_grad *G, const gdn_sm_qkt &m)
{
    const long long n = G->ch.n, K = G->K, rw = gdn_rw(G), np = (n + 3) / 4 * 4;
    const double scale = 1.0 / sqrt((double)K);
    const auto dk = [&](long long t, long long i) { return G->dK[gdn_row(G, t) * K + i]; };
    GDN_EACH(w, np * GDN_CHUNK) {
        const long long a = w / GDN_CHUNK, t = w % GDN_CHUNK;
        if (a >= n) {                             /* gdn_mma_upper's rows past n: zeros */
            m.ta[a * GDN_QK_LD + t] = 0.0;
            m.tb[a * GDN_QK_LD + t] = 0.0;
        } else if (t <= a) {
            gdn_qk_col_coefs(G, a, t, &m.ta[a * GDN_QK_LD + t], &m.tb[a * GDN_QK_LD + t]);
        }
    }
    for (long long j0 = 0; j0 < K; j0 += GDN_QK_CB) {
        gdn_qk_stage(G, m, G->kn, j0, K);
        gdn_mma_upper_block<GDN_QK_CB, false>(m.ta, GDN_QK_LD, m.sb, m.tiles, n, K, j0, dk,
                                              [&](long long t, long long i, double d, double k) {
                                                  G->dK[gdn_row(G, t) * K + i] = k + d;
                                              });
        gdn_qk_stage(G, m, G->qn, j0, K);
        gdn_mma_upper_block<GDN_QK_CB, true>(m.tb, GDN_QK_LD, m.sb, m.tiles, n, K, j0,
                                             [&](long long t, long long i) {
                                                 const long long tok = gdn_row(G, t);
                                                 return gdn_two{G->dK[tok * K + i], G->R[tok * rw + K + i]};
                                             },
                                             [&](long long t, long long i, double z, gdn_two p) {
                                                 double d = p.x + scale * z;
                                                 d += G->ex[t] * p.y;
                                                 G->dK[gdn_row(G, t) * K + i] = d;
                                             });
    }
    __syncthreads();                              /* every store done, the tables free */
}

/* W and U's VJP on the double tensor cores (gdn_mma_on), gdn_grad_wy_k's
 * and gdn_grad_wy_v's sums (A^T dW)_t and (A^T dU)_t as gdn_mma_upper_block
 * with X = A: A's lower triangle staged again from global memory at a
 * stride of GDN_QK_LD (its rows n.. to a multiple of 4 zero), dW's and
 * dU's rows GDN_QK_CB columns at a time, into m's space (gdn_sm_qkt_at:
 * X and the staged A of the phases before are read no more).  Each sum is
 * the chain in increasing a that the scalar loops form (the diagonal
 * tile's terms first, then the tensor cores' steps).  (The scalar sums read
 * dW's and dU's rows from global memory, four loads a term: 16% of the
 * launch's stall samples on an H100, 12-06; the tensor-core form of 12-04
 * staged the rows a load and a store an element and gained 0.6%.) */
__device__ static void gdn_grad_wy_mma(gdn_grad *G)
{
    const gdn_sm_qkt m = gdn_sm_qkt_at(G);
    const long long n = G->ch.n, np = (n + 3) / 4 * 4, K = G->K, V = G->V, rw = gdn_rw(G);
    gdn_stage_lower_at(m.ta, GDN_QK_LD, G->Am, n, 1);
    GDN_EACH(w, (np - n) * GDN_CHUNK) m.ta[(n + w / GDN_CHUNK) * GDN_QK_LD + w % GDN_CHUNK] = 0.0;
    for (long long j0 = 0; j0 < K; j0 += GDN_QK_CB) {
        gdn_qk_stage(G, m, (const double *)G->dW, j0, K);
        gdn_mma_upper_block<GDN_QK_CB, true>(m.ta, GDN_QK_LD, m.sb, m.tiles, n, K, j0,
                                             [&](long long t, long long i, double x) {
                                                 const long long tok = gdn_row(G, t);
                                                 G->dK[tok * K + i] = (G->bt[t] * G->gq[t]) * x;
                                                 G->R[tok * rw + i] = x;
                                             });
    }
    for (long long j0 = 0; j0 < V; j0 += GDN_QK_CB) {
        gdn_qk_stage(G, m, G->dD, j0, V);
        gdn_mma_upper_block<GDN_QK_CB, true>(m.ta, GDN_QK_LD, m.sb, m.tiles, n, V, j0,
                                             [&](long long t, long long j, double y) {
                                                 const long long tok = gdn_row(G, t);
                                                 G->dv[tok * V + j] = __double2bfloat16(G->bt[t] * y);
                                                 G->R[tok * rw + K + j] = y;
                                             });
    }
    __syncthreads();                              /* every store done */
}

/* <S0, dSe>, the sum over the state's K V elements of S0 dSe (S_end's
 * share of dD(n-1,-1)), by the whole block: each thread a strided slice
 * (gdn_chain: the loop of a load pair and an fma waited one memory latency
 * an element, 64 a thread at K = V = 128), then block_sum's fixed tree, so
 * the bits are the same on every run.  (One thread's serial sum, in
 * gdn_grad_sums until 12-05, was 5.3 of the launch's 14.0 ms on the H200:
 * tools/gdn-cuts.)  scratch: 32 accumulators of shared memory. */
__device__ static double gdn_grad_state_dot(const gdn_grad *G, acc_t *scratch)
{
    const long long n = G->K * G->V, step = blockDim.x, m0 = threadIdx.x;
    const acc_t x = gdn_chain(acc_of(0.0), m0 < n ? (n - m0 + step - 1) / step : 0,
                              [&](long long u) { return (acc_t)G->S0[m0 + u * step]; },
                              [&](long long u) { return (acc_t)G->dSe[m0 + u * step]; });
    return acc_value(block_sum(x, scratch));
}

/* The rest of position t, in two steps.  gdn_grad_chain forms one of its
 * three sums, part 0: dbeta's through L's row; 1: q_t . y (o's share of
 * dD(t,-1)); 2: k_t . z (S_end's share of dD(n-1,t)), into sums[part][t];
 * the three are independent chains, so three threads a position run them
 * side by side (a thread a position walked them one after the other, 64
 * of the block's 256 threads busy), q_t and k_t read from the staged rows
 * (m.sq, m.sk: the same floats as qn, kn).  Then gdn_grad_sums: dD(t,-1),
 * for t = n-1 from S_end too (sd, gdn_grad_state_dot's); dD(n-1,t) into
 * es[t] (none for t = n-1: Gam(n-1,n-1) is 1); dbeta out. */
__device__ static void gdn_grad_chain(const gdn_grad *G, const gdn_sm_qk &m, long long t, int part,
                                      double (*sums)[GDN_CHUNK])
{
    const long long K = G->K, tok = gdn_row(G, t), pk = gdn_pad(K);
    const acc_t *y = G->R + tok * gdn_rw(G), *z = y + K;
    acc_t x;
    if (part == 0) {                              /* s = t - 1 - u, down to 0 */
        x = gdn_chain(acc_of(0.0), t,
                      [&](long long u) {
                          const long long s = t - 1 - u;
                          return (acc_t)(G->Xm[t * GDN_CHUNK + s] * *gdn_pair(G, GDN_KK, t, s));
                      },
                      [&](long long u) { return (acc_t)*gdn_pair(G, GDN_GR, t, t - 1 - u); });
    } else if (part == 1) {
        x = gdn_chain(acc_of(0.0), K, [&](long long i) { return (acc_t)m.sq[t * pk + i]; },
                      [&](long long i) { return y[i]; });
    } else {
        x = gdn_chain(acc_of(0.0), K, [&](long long i) { return (acc_t)m.sk[t * pk + i]; },
                      [&](long long i) { return z[i]; });
    }
    sums[part][t] = acc_value(x);
}

__device__ static void gdn_grad_sums(gdn_grad *G, long long t, double sd, const double (*sums)[GDN_CHUNK],
                                     __nv_bfloat16 *dbeta)
{
    const long long n = G->ch.n, tok = gdn_row(G, t);
    const double scale = 1.0 / sqrt((double)G->K);
    G->db[t] += sums[0][t];
    G->e0[t] += scale * G->gq[t] * sums[1][t];
    G->es[t] = t < n - 1 ? G->ex[t] * sums[2][t] : 0.0;
    if (t == n - 1) G->e0[t] += G->ex[n] * sd;
    dbeta[tok] = __double2bfloat16(G->db[t]);
}

/* dg_r = the sum of dD(t,s) over the pairs s < r <= t: the rows t >= r of
 * E (se, its copy in shared memory at a stride of gdn_pad(GDN_CHUNK),
 * s < t; e0 for s = -1) and S_end's es[s], s < r.  In two steps of short
 * chains: gdn_grad_dg_row turns row t of E into its prefix sums in place,
 * P(t, r) = e0[t] + E(t,0) + .. + E(t,r-1) at se[t][r], r <= t (the
 * diagonal's slot takes the whole row); then gdn_grad_dg adds P(t, r) over
 * t >= r and es[s] over s < r.  (One chain a value of r, every term of the
 * rows t >= r in turn, was up to n^2 / 4 terms long, a chain on 64 of the
 * block's 256 threads: the launch's last 0.52 of 6.26 ms on an H100,
 * 12-06.  Its sums associate differently, so the f32 dg may differ from
 * that chain's in its last bit; it is the same on every run.) */
__device__ static void gdn_grad_dg_row(const gdn_grad *G, long long t, double *se)
{
    double *row = se + t * gdn_pad(GDN_CHUNK);
    acc_t y = acc_of(0.0);
    y += (acc_t)G->e0[t];
    for (long long r = 0; r < t; r++) {
        const double e = row[r];
        row[r] = acc_value(y);
        y += (acc_t)e;
    }
    row[t] = acc_value(y);
}

__device__ static float gdn_grad_dg(const gdn_grad *G, long long r, const double *se)
{
    const long long n = G->ch.n, ld = gdn_pad(GDN_CHUNK);
    acc_t y = acc_of(0.0);
    for (long long t = r; t < n; t++) y += (acc_t)se[t * ld + r];
    for (long long s = 0; s < r; s++) y += (acc_t)G->es[s];
    return (float)acc_value(y);
}

/* The tensor-core forms of the phases above (gdn_mma_on; gdn_mma.cuh):
 * each element the same fma chain as the scalar phase's, so the same bits,
 * and the same elements written. */

__device__ static void gdn_grad_dw_mma(gdn_grad *G)
{
    const long long K = G->K;
    gdn_mma_rows(G->sm, gdn_chunk_rows(G, G->dD), gdn_rows<float>{G->S0, 0, 1, K}, G->V,
                 [&](long long t, long long i, double d) { G->dW[gdn_row(G, t) * K + i] = -d; });
}

__device__ static void gdn_grad_da_mma(gdn_grad *G)
{
    double *Xm = G->Xm;
    gdn_mma_rows(G->sm, gdn_chunk_rows(G, (const double *)G->dW), gdn_chunk_rows(G, G->kn), G->K,
                 [&](long long a, long long b, double d) { if (b < a) Xm[a * GDN_CHUNK + b] = d; });
    gdn_mma_rows(G->sm, gdn_chunk_rows(G, G->dD), gdn_chunk_rows(G, G->v), G->V,
                 [&](long long a, long long b, double y) {
                     if (b < a) Xm[a * GDN_CHUNK + b] = G->bt[b] * G->gq[b] * Xm[a * GDN_CHUNK + b] + G->bt[b] * y;
                 });
}

__device__ static void gdn_grad_pairs_mma(gdn_grad *G)
{
    gdn_grad_decay_tables(G);
    gdn_mma_rows(G->sm, gdn_chunk_rows(G, G->kn), gdn_chunk_rows(G, G->kn), G->K,
                 [&](long long t, long long s, double d) { if (s < t) *gdn_pair(G, GDN_KK, t, s) = d; });
    gdn_mma_rows(G->sm, gdn_chunk_rows(G, G->qn), gdn_chunk_rows(G, G->kn), G->K,
                 [&](long long t, long long s, double d) { if (s < t) *gdn_pair(G, GDN_QK, t, s) = d; });
    gdn_mma_rows(G->sm, gdn_chunk_rows(G, G->dO), gdn_chunk_rows(G, G->delta), G->V,
                 [&](long long t, long long s, double d) { if (s <= t) *gdn_pair(G, GDN_PD, t, s) = d; });
}

__device__ static void gdn_grad_yz_mma(gdn_grad *G)
{
    const long long K = G->K, rw = gdn_rw(G);
    gdn_mma_rows(G->sm, gdn_chunk_rows(G, G->dO), gdn_rows<float>{G->S0, 0, 1, K}, G->V,
                 [&](long long t, long long i, double y) { G->R[gdn_row(G, t) * rw + i] = y; });
    gdn_mma_rows(G->sm, gdn_chunk_rows(G, G->delta), gdn_rows<double>{G->dSe, 0, 1, K}, G->V,
                 [&](long long t, long long i, double z) { G->R[gdn_row(G, t) * rw + K + i] = z; });
}

/* Launch 5: a block per (lane, chunk) (launch 5's header above), its
 * dynamic shared memory the sidecar's grad_smem(s) bytes.  The phases: dW; dA;
 * the pair tables; X; dL; W and U's VJP; their per-position sums and E;
 * the S0 and dSe column sums; the columns of dk and dq; the per-position
 * sums; dg (each ended by a GDN_CUT mark).  Phases whose lanes walk
 * positions (dW, the column sums) take w = i * n + t, the others
 * w = t * width + column. */
/* At most 128 registers a thread, two blocks of 256 an SM (the sidecar's
 * GRAD_THREADS; the shared memory allows two): the inlined tensor-core
 * phases would take 150, one block an SM. */
extern "C" __global__ void __launch_bounds__(256, 2) gdn_chunk_grad(const __nv_bfloat16 *__restrict__ v,
                                          const float *__restrict__ g,
                                          const __nv_bfloat16 *__restrict__ beta,
                                          const __nv_bfloat16 *__restrict__ dO,
                                          const float *__restrict__ qn, const float *__restrict__ kn,
                                          const double *__restrict__ delta, const float *__restrict__ hs,
                                          const double *__restrict__ dhs, const double *__restrict__ dD,
                                          double *__restrict__ Am, double *__restrict__ Xm,
                                          double *__restrict__ dW, double *__restrict__ Pt,
                                          double *__restrict__ dKw, double *__restrict__ dQw,
                                          double *__restrict__ Rw,
                                          __nv_bfloat16 *__restrict__ dv, float *__restrict__ dg,
                                          __nv_bfloat16 *__restrict__ dbeta,
                                          long long B, long long T, long long Hk, long long groups,
                                          long long K, long long V)
{
    __shared__ double gq[GDN_CHUNK], ex[GDN_CHUNK + 1], bt[GDN_CHUNK], e0[GDN_CHUNK], es[GDN_CHUNK];
    __shared__ double db[GDN_CHUNK];
    __shared__ float gs[GDN_CHUNK];
    extern __shared__ __align__(32) double gdn_grad_sm[];   /* gdn_mma.cuh's tiles: 32 bytes */
    const long long H = Hk * groups;   /* value heads: every row here is a value lane's */
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const gdn_chunk ch = gdn_block_chunk(T, H);
    const long long n = ch.n, blk = ch.lane * nc + ch.c;
    /* the accumulators are stored as acc_t in double-sized slots; X is the
     * head of the dynamic shared memory (the phases of X, dL and W, U's VJP) */
    gdn_grad G = {ch, H, K, V, qn, kn, hs + blk * K * V, v, dO, beta, delta, dhs + blk * K * V, dD,
                  Am + blk * GDN_CC, Xm + blk * GDN_CC, dW, dv, gq, ex, bt, e0, es,
                  Pt + blk * GDN_NPAIR * GDN_CC, (acc_t *)dKw, (acc_t *)dQw, (acc_t *)Rw,
                  (double (*)[GDN_CHUNK])gdn_grad_sm, db, gdn_grad_sm, gs};
    float *sk = gdn_sm_k(&G);

    if (ch.lane >= B * H || K > GDN_KMAX) return;
    gdn_stage_g(gs, g, ch.base, n, H);
    GDN_EACH(t, n) {
        gq[t] = gdn_start_decay(gs, t);
        bt[t] = __bfloat162float(beta[gdn_row(&G, t)]);
    }
    if (gdn_mma_on) {
        gdn_chunk_decays(gs, 0, n, 1, ex);    /* and the barrier for gq, bt */
        gdn_grad_dw_mma(&G);
        GDN_CUT(1);
        gdn_grad_da_mma(&G);
        GDN_CUT(2);
        gdn_grad_pairs_mma(&G);
    } else {
        gdn_stage_chunk(gdn_grad_sm, dD, &G, V);
        gdn_chunk_decays(gs, 0, n, 1, ex);    /* and the barrier for gq, bt and the rows */
        GDN_EACH(w, n * K) gdn_grad_dw(&G, w % n, w / n, gdn_grad_sm + (w % n) * gdn_pad(V));
        __syncthreads();
        gdn_stage_chunk(sk, kn, &G, K);
        gdn_stage_chunk_bf16((float *)gdn_sm_after_k(&G), v, &G, V);
        __syncthreads();
        GDN_EACH(w, n * GDN_CHUNK) {
            const long long t = w / GDN_CHUNK, s = w % GDN_CHUNK;
            if (s < t) gdn_grad_da(&G, t, s, sk, (const float *)gdn_sm_after_k(&G));
        }
        __syncthreads();
        gdn_stage_chunk((double *)gdn_sm_after_k(&G), delta, &G, V);
        __syncthreads();
        GDN_EACH(w, n * GDN_CHUNK) {
            const long long t = w / GDN_CHUNK, s = w % GDN_CHUNK;
            if (s <= t) gdn_grad_pairs(&G, t, s, sk, (const double *)gdn_sm_after_k(&G));
        }
        gdn_grad_decay_tables(&G);
    }
    __syncthreads();
    GDN_CUT(3);
    gdn_stage_lower(gdn_sm_a(&G), G.Am, n, 1);
    gdn_stage_lower(gdn_sm_da(&G), G.Xm, n, 0);
    __syncthreads();
    GDN_EACH(w, n * GDN_CHUNK) if (w % GDN_CHUNK < w / GDN_CHUNK) gdn_grad_x(&G, w / GDN_CHUNK, w % GDN_CHUNK);
    __syncthreads();
    GDN_CUT(4);
    GDN_EACH(w, n * GDN_CHUNK) if (w % GDN_CHUNK < w / GDN_CHUNK) gdn_grad_dl(&G, w / GDN_CHUNK, w % GDN_CHUNK);
    __syncthreads();
    GDN_CUT(5);
    if (gdn_mma_on) {
        gdn_grad_wy_mma(&G);
    } else {
        GDN_EACH_ROW_BY(t, n, i0, K, GDN_LANE_COLS) gdn_grad_wy_k(&G, t, i0);
        GDN_EACH_ROW_BY(t, n, j0, V, GDN_LANE_COLS) gdn_grad_wy_v(&G, t, j0);
        __syncthreads();                          /* A is read no more: E goes over it */
    }
    GDN_CUT(6);
    GDN_EACH(t, n) gdn_grad_wy_sum(&G, t);
    GDN_EACH(w, n * GDN_CHUNK) if (w % GDN_CHUNK < w / GDN_CHUNK) gdn_grad_e(&G, w / GDN_CHUNK, w % GDN_CHUNK);
    __syncthreads();                              /* R's W and U sums read: the column sums go over them */
    GDN_CUT(7);
    if (gdn_mma_on) {
        gdn_grad_yz_mma(&G);
    } else {
        gdn_stage_chunk(gdn_grad_sm, delta, &G, V);
        gdn_stage_chunk_bf16((float *)(gdn_grad_sm + GDN_CHUNK * gdn_pad(V)), dO, &G, V);
        __syncthreads();
        GDN_EACH(w, n * K)
            gdn_grad_yz(&G, w % n, w / n, (const float *)(gdn_grad_sm + GDN_CHUNK * gdn_pad(V)), gdn_grad_sm);
        __syncthreads();
    }
    GDN_CUT(8);
    const gdn_sm_qk m = gdn_sm_qk_at(&G);   /* over delta and dO, read no more */
    if (gdn_mma_on) {
        const gdn_sm_qkt mt = gdn_sm_qkt_at(&G);
        gdn_grad_qk_rows_mma(&G, mt);
        GDN_CUT(9);
        gdn_grad_qk_cols_mma(&G, mt);
        gdn_stage_chunk(m.sk, kn, &G, K);        /* the rows of k and q for the sums below */
        gdn_stage_chunk(m.sq, qn, &G, K);
        __syncthreads();
    } else {
        gdn_stage_chunk(m.sk, kn, &G, K);
        gdn_stage_chunk(m.sq, qn, &G, K);
        GDN_EACH(w, n * GDN_CHUNK) if (w % GDN_CHUNK <= w / GDN_CHUNK) gdn_qk_rows(&G, m, w / GDN_CHUNK, w % GDN_CHUNK);
        __syncthreads();
        GDN_EACH_ROW_BY(t, n, i0, K, GDN_LANE_COLS) gdn_grad_qk_rows(&G, m, t, i0);
        __syncthreads();
        GDN_CUT(9);
        GDN_EACH(w, n * GDN_CHUNK) if (w % GDN_CHUNK <= w / GDN_CHUNK) gdn_qk_cols(&G, m, w / GDN_CHUNK, w % GDN_CHUNK);
        __syncthreads();
        GDN_EACH_ROW_BY(t, n, i0, K, GDN_LANE_COLS) gdn_grad_qk_cols(&G, m, t, i0);
        __syncthreads();
    }
    GDN_CUT(10);
    /* ta and tb read no more: the state dot's scratch and the three sums go there */
    const double sd = gdn_grad_state_dot(&G, (acc_t *)m.tb);
    double (*sums)[GDN_CHUNK] = (double (*)[GDN_CHUNK])m.ta;
    GDN_EACH(w, 3 * n) gdn_grad_chain(&G, m, w % n, (int)(w / n), sums);
    __syncthreads();
    GDN_EACH(t, n) gdn_grad_sums(&G, t, sd, sums, dbeta);
    __syncthreads();                              /* the sums read: E goes over k, q and them */
    gdn_stage_lower(gdn_grad_sm, G.Am, n, 0);
    __syncthreads();
    GDN_CUT(11);
    GDN_EACH(t, n) gdn_grad_dg_row(&G, t, gdn_grad_sm);
    __syncthreads();
    GDN_EACH(t, n) dg[gdn_row(&G, t)] = gdn_grad_dg(&G, t, gdn_grad_sm);
}

/* Launch 6: a warp per key token (b, t, h) and gradient, q's or k's
 * (GDN_GROUP_WARPS a block).  The gradient of the normalised x (q_t or k_t
 * of key head h) is the sum of its G value lanes' (launch 5's dQ or dK,
 * value token tok * G + j), added in head order as the oracle adds them,
 * starting from the first (not from a zero, which would turn -0 into +0):
 * the lanes an element each, into the warp's row dy of shared memory.
 * Then through the normalisation, dx = (dy - y (y . dy)) / n, y = x / n,
 * n = sqrt(sum x^2 + eps), in double: the lanes stage x and then y in
 * shared memory, lane 0 forms the two sums in index order from there (as
 * a thread a token did: the same terms, the same bits), the lanes dx.
 * (A thread a token read its rows K * 8 bytes apart, 32 cache lines a
 * load: 1.23 ms at (4,2048,16,128) on the H200, 12-05; a warp whose lane
 * 0 read x from global memory and divided each term, 1.93 ms; this
 * form: 0.58 ms, against 1.82 ms for the 1.93 one, on an H100, 12-05.) */
#define GDN_GROUP_WARPS 4

extern "C" __global__ void gdn_chunk_group(const __nv_bfloat16 *__restrict__ q,
                                           const __nv_bfloat16 *__restrict__ k,
                                           const double *__restrict__ dKw, const double *__restrict__ dQw,
                                           __nv_bfloat16 *__restrict__ dq, __nv_bfloat16 *__restrict__ dk,
                                           long long B, long long T, long long H, long long groups,
                                           long long K, float eps)
{
    __shared__ acc_t dys[GDN_GROUP_WARPS][GDN_KMAX];
    __shared__ double xs[GDN_GROUP_WARPS][GDN_KMAX];      /* x, then y = x / n */
    __shared__ double nps[GDN_GROUP_WARPS][2];
    const int lane = threadIdx.x % 32, wl = threadIdx.x / 32;
    const long long item = (long long)blockIdx.x * GDN_GROUP_WARPS + wl, tok = item / 2;
    const bool isk = item % 2;
    acc_t *dy = dys[wl];
    double *y = xs[wl];

    if (tok >= B * T * H || K > GDN_KMAX || wl >= GDN_GROUP_WARPS) return;   /* the whole warp */
    const acc_t *src = (const acc_t *)(isk ? dKw : dQw) + tok * groups * K;
    const __nv_bfloat16 *x = (isk ? k : q) + tok * K;
    for (long long i = lane; i < K; i += 32) {
        acc_t a = src[i];
        for (long long j = 1; j < groups; j++) a += src[j * K + i];
        dy[i] = a;
        y[i] = __bfloat162float(x[i]);
    }
    __syncwarp();
    if (lane == 0) {
        double ss = 0.0;
        for (long long i = 0; i < K; i++) {
            double a = y[i];
            ss += a * a;
        }
        nps[wl][0] = sqrt(ss + (double)eps);
    }
    __syncwarp();
    const double n = nps[wl][0];
    for (long long i = lane; i < K; i += 32) y[i] = y[i] / n;
    __syncwarp();
    if (lane == 0) {
        double p = 0.0;
        for (long long i = 0; i < K; i++) p += y[i] * acc_value(dy[i]);
        nps[wl][1] = p;
    }
    __syncwarp();
    const double p = nps[wl][1];
    for (long long i = lane; i < K; i += 32)
        (isk ? dk : dq)[tok * K + i] = __double2bfloat16((acc_value(dy[i]) - y[i] * p) / n);
}
