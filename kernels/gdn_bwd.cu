/*
 * gdn_bwd.cu — the Gated DeltaNet backward, portable path (specs/gdn_bwd.lua,
 * launched as kernels/gdn_bwd.lua says).
 *
 * Launch 1: one block per (batch, value head), of max(K, V) threads in
 * whole warps; value head hv reads q and k at key head hv / G (grouped
 * heads, kcv.gdn).
 * Thread j < V owns column j of the state S and of its adjoint dS; thread
 * i < K owns key row i of the sums over the columns.  The forward runs once to store the state at the start
 * of every 64-step segment (ckpt); then, segment by segment from the last,
 * it runs again from its checkpoint to store each state before a step
 * (seg), and the steps are reversed (the adjoint recurrence of
 * host/mp_gdn.c, with the forward's own f32 arithmetic):
 *   dS += scale q dO^T;  d = dS^T k;  dr = beta d;  dv = dr;
 *   dbeta = d . r;  dk_n = beta dS r - A dr;  dq_n = scale S dO;
 *   dA = dS - k dr^T;  dg = sum A o dA;  dS = exp(g) dA;
 * and dq, dk go through the normalisation, dx = (dy - y (y . dy)) / n, in
 * launch 2, after the G value heads' dq_n, dk_n of a key head are summed.
 * Sums over the columns go through the `red` workspace (double) and are
 * added in column order; scalar sums by thread 0 in order: no atomics, so
 * the result is bit for bit the same on every run.  The states are the
 * forward kernel's own f32 ones, recomputed the same way; the adjoint dS,
 * the products and every sum are double, so values near FLT_MAX do not
 * overflow on the way and tiny ones do not underflow in A o dA.  Slow (sequential in t, global-memory reductions): this is
 * the reference the gates run on kcv's CPU backend in CI.
 */
#include <cuda_bf16.h>
#include <math.h>

#include "gdn.cuh"

#define KMAX GDN_KMAX
#define SEG 64

extern "C" __global__ void gdn_bwd_kernel(const __nv_bfloat16 *__restrict__ q,
                                          const __nv_bfloat16 *__restrict__ k,
                                          const __nv_bfloat16 *__restrict__ v,
                                          const float *__restrict__ g,
                                          const __nv_bfloat16 *__restrict__ beta,
                                          const float *__restrict__ h0,
                                          const __nv_bfloat16 *__restrict__ dO,
                                          const float *__restrict__ dht,
                                          __nv_bfloat16 *__restrict__ dq,
                                          __nv_bfloat16 *__restrict__ dk,
                                          __nv_bfloat16 *__restrict__ dv,
                                          float *__restrict__ dg,
                                          __nv_bfloat16 *__restrict__ dbeta,
                                          float *__restrict__ dh0,
                                          float *__restrict__ ckpt, float *__restrict__ seg,
                                          double *__restrict__ red, double *__restrict__ dy,
                                          long long B, long long T, long long H, long long G,
                                          long long K, long long V, float eps)
{
    __shared__ float kn[KMAX], qn[KMAX];
    __shared__ double nrm[2], pb[KMAX], pg[KMAX];
    const long long HV = H * G;          /* value heads; value head hv reads key head hv / G */
    const long long lane = blockIdx.x, b = lane / HV, hv = lane % HV, j = threadIdx.x;
    const long long KV = K * V, nseg = (T + SEG - 1) / SEG;
    const float scale = 1.0f / sqrtf((float)K);
    float *CK = ckpt + lane * nseg * KV, *SB = seg + lane * SEG * KV;
    double *RD = red + lane * 2 * KV;
    float s[KMAX];
    double ds[KMAX];                                     /* the adjoint, in double */

    if (lane >= B * HV || K > KMAX || V > KMAX) return;
    gdn_load_column(s, h0, lane, K, V, j);
    for (long long t = 0; t < T; t++) {                  /* checkpoints */
        const long long tok = (b * T + t) * HV + hv, ktok = (b * T + t) * H + hv / G;
        if (t % SEG == 0 && j < V)
            for (long long i = 0; i < K; i++) CK[(t / SEG) * KV + i * V + j] = s[i];
        __syncthreads();
        gdn_normalise(q, k, ktok, K, eps, qn, kn, nrm);
        if (j < V) gdn_step(s, kn, K, expf(g[tok]), __bfloat162float(beta[tok]), __bfloat162float(v[tok * V + j]));
    }
    for (long long i = 0; i < K; i++) ds[i] = j < V ? dht[(lane * K + i) * V + j] : 0.0f;
    for (long long sg = nseg - 1; sg >= 0; sg--) {
        const long long t0 = sg * SEG, t1 = t0 + SEG < T ? t0 + SEG : T;
        if (j < V)
            for (long long i = 0; i < K; i++) s[i] = CK[sg * KV + i * V + j];
        for (long long t = t0; t < t1; t++) {          /* the states before each step */
            const long long tok = (b * T + t) * HV + hv, ktok = (b * T + t) * H + hv / G;
            if (j < V)
                for (long long i = 0; i < K; i++) SB[(t - t0) * KV + i * V + j] = s[i];
            __syncthreads();
            gdn_normalise(q, k, ktok, K, eps, qn, kn, nrm);
            if (j < V) gdn_step(s, kn, K, expf(g[tok]), __bfloat162float(beta[tok]), __bfloat162float(v[tok * V + j]));
        }
        for (long long t = t1 - 1; t >= t0; t--) {
            const long long tok = (b * T + t) * HV + hv, ktok = (b * T + t) * H + hv / G;
            __syncthreads();
            gdn_normalise(q, k, ktok, K, eps, qn, kn, nrm);
            if (j < V) {
                const float a = expf(g[tok]), bt = __bfloat162float(beta[tok]);
                const double ad = exp((double)g[tok]);
                float A[KMAX];                           /* as the forward computed it */
                double u = 0.0;
                for (long long i = 0; i < K; i++) {
                    A[i] = SB[(t - t0) * KV + i * V + j] * a;
                    u += (double)A[i] * kn[i];
                }
                const double r = (double)__bfloat162float(v[tok * V + j]) - u;
                const float doj = __bfloat162float(dO[tok * V + j]);
                double d = 0.0;
                for (long long i = 0; i < K; i++) {
                    float st = (float)((double)A[i] + (double)(bt * kn[i]) * r);   /* S_t */
                    ds[i] += (double)(scale * qn[i]) * doj;
                    d += ds[i] * kn[i];
                    RD[i * V + j] = (double)st * doj;
                }
                const double dr = (double)bt * d;
                dv[tok * V + j] = __double2bfloat16(dr);
                pb[j] = d * r;
                double pgj = 0.0;
                for (long long i = 0; i < K; i++) {
                    RD[KV + i * V + j] = (double)bt * ds[i] * r - (double)A[i] * dr;
                    const double dA = ds[i] - (double)kn[i] * dr;
                    pgj += (double)SB[(t - t0) * KV + i * V + j] * ad * dA;   /* A, exactly */
                    ds[i] = ad * dA;
                }
                pg[j] = pgj;
            }
            __syncthreads();
            if (j < K) {                                 /* sums over the columns, in order */
                double sq = 0.0, sk = 0.0;
                for (long long c = 0; c < V; c++) {
                    sq += RD[j * V + c];
                    sk += RD[KV + j * V + c];
                }
                dy[(tok * 2) * K + j] = scale * sq;      /* launch 2 sums the group's */
                dy[(tok * 2 + 1) * K + j] = sk;
            }
            if (j == 0) {
                double sb = 0.0, sgv = 0.0;
                for (long long c = 0; c < V; c++) {
                    sb += pb[c];
                    sgv += pg[c];
                }
                dbeta[tok] = __double2bfloat16(sb);
                dg[tok] = (float)sgv;
            }
        }
    }
    if (j < V)
        for (long long i = 0; i < K; i++) dh0[(lane * K + i) * V + j] = (float)ds[i];
}

/* Launch 2: a block per key token (b, t, h), of K threads or more.  The
 * gradients of the normalised q_t and k_t of key head h are the sums of
 * its G value heads' (launch 1's dy), added in head order as the oracle
 * adds them, the first one not added to a zero (that would turn -0 into
 * +0); then through the normalisation, dx = (dy - y (y . dy)) / n. */
extern "C" __global__ void gdn_bwd_group(const __nv_bfloat16 *__restrict__ q,
                                         const __nv_bfloat16 *__restrict__ k,
                                         const double *__restrict__ dy,
                                         __nv_bfloat16 *__restrict__ dq,
                                         __nv_bfloat16 *__restrict__ dk,
                                         long long B, long long T, long long H, long long G,
                                         long long K, float eps)
{
    __shared__ float kn[KMAX], qn[KMAX];
    __shared__ double nrm[2], sy[2][KMAX], dot[2];
    const long long tok = blockIdx.x, j = threadIdx.x;   /* (b * T + t) * H + h */

    if (tok >= B * T * H || K > KMAX) return;
    gdn_normalise(q, k, tok, K, eps, qn, kn, nrm);
    if (j < K)
        for (int w = 0; w < 2; w++) {                  /* value token tok * G + gg */
            const double *y = dy + (tok * G * 2 + w) * K + j;
            double acc = y[0];
            for (long long gg = 1; gg < G; gg++) acc += y[gg * 2 * K];
            sy[w][j] = acc;
        }
    __syncthreads();
    if (j == 0) {
        double dq_ = 0.0, dk_ = 0.0;
        for (long long i = 0; i < K; i++) {
            dq_ += (double)qn[i] * sy[0][i];
            dk_ += (double)kn[i] * sy[1][i];
        }
        dot[0] = dq_;
        dot[1] = dk_;
    }
    __syncthreads();
    if (j < K) {
        dq[tok * K + j] = __double2bfloat16((sy[0][j] - (double)qn[j] * dot[0]) / nrm[0]);
        dk[tok * K + j] = __double2bfloat16((sy[1][j] - (double)kn[j] * dot[1]) / nrm[1]);
    }
}
