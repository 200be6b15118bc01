/*
 * gdn_bwd.cu — kcv.mp.gdn_bwd's lanes on the device, with their bits
 * (host/mp_gdn_lanes.h: bwd_lane and step_back, the same IEEE operations in
 * the same order; built with -fmad=false, the decays exp(g) from the host,
 * as gdn_fwd.cu).  A block per (batch, head) lane, of max(K, V) threads (at
 * most GDN_BWD_MAX); thread x works as state column j = x where a step
 * works by columns (the forward's recomputation, dS's column sums, the
 * magnitudes) and as row i = x where the lanes sum along a row (dq, dk, a
 * per-key dg), with a barrier between.  A scalar gate's dg sums all of
 * A * dS in row-major order: every thread rounds its column's terms, then
 * thread 0 adds them up in that order, as the lanes do.
 *
 * The workspace W holds, per lane, the checkpoint states and magnitudes
 * (every GDN_SEG steps), a segment of states and magnitudes, dS, A and the
 * terms of a scalar gate's dg (computed by all, then summed by one):
 * (nseg + GDN_SEG + 5) K V + (nseg + GDN_SEG + 1) V doubles.
 */
#include "gdn_col.cuh"

#define GDN_SEG 64              /* steps between checkpoints (mp_gdn.c's SEG) */
#define GDN_BWD_MAX 256         /* the most threads a block: K, V <= this */

struct gdn_out {
    double *dq, *dk, *dv, *dg, *dbeta, *dh0, *mdq, *mdk, *mdv, *mdg, *mdbeta, *mdh0;
};

/* The reverse of step tok (S_prev: the lane's state before it, np its
 * magnitude per column, nt the magnitude after it): dS from dL/dS_t to
 * dL/dS_{t-1}, md its magnitude per column (shared); A, P and Pm: K V
 * doubles of scratch each.  Thread x: column j = x < V, row i = x < K. */
__device__ static void gdn_step_back(const gdn_dev *c, const gdn_out *out, long long tok, const double *S_prev,
                                     const double *np, const double *nt, double *dS, double *A, double *P,
                                     double *Pm, double *md, double *r, double *rm, double *dr, double *drm,
                                     double *dd, double *ddm)
{
    const long long K = c->K, V = c->V, x = threadIdx.x;
    const double *q = c->q + tok * K, *k = c->k + tok * K, *v = c->v + tok * V, *dO = c->dO + tok * V;
    const double amax = gdn_amax(c, tok), bt = c->delta ? c->beta[tok] : 1, knorm = gdn_norm2(k, K);
    if (x < V) {                                  /* A = D S_prev; r, its magnitude */
        const long long j = x;
        for (long long i = 0; i < K; i++) A[i * V + j] = S_prev[i * V + j];
        gdn_col_decay(c, tok, A + j);
        double u, ua;
        gdn_col_dots(c, A + j, k, &u, &ua);
        r[j] = c->delta ? v[j] - u : v[j];
        rm[j] = fabs(r[j]) + fabs(v[j]) + (c->delta ? ua + knorm * amax * np[j] : 0);
    }
    __syncthreads();
    if (x < K) {                                  /* o_t = scale S_t^T q_t: dq, and dS += scale q dO^T */
        const long long i = x;
        double acc = 0, mag = 0;
        for (long long j = 0; j < V; j++) {
            double s = A[i * V + j] + bt * k[i] * r[j];           /* S_t[i][j] */
            acc += s * dO[j];
            mag += (fabs(s) + nt[j]) * fabs(dO[j]);
            dS[i * V + j] += c->scale * q[i] * dO[j];
        }
        out->dq[tok * K + i] = c->scale * acc;
        out->mdq[tok * K + i] = fabs(c->scale) * mag;
    }
    __syncthreads();
    if (x < V) {                                  /* S_t = A + beta k r^T: dr */
        const long long j = x;
        double d, dm;
        gdn_col_dots(c, dS + j, k, &d, &dm);
        dm += knorm * md[j];
        dr[j] = bt * d;
        drm[j] = fabs(bt) * dm;
        dd[j] = d;
        ddm[j] = dm;
    }
    __syncthreads();
    if (x == 0 && c->delta) {                     /* dbeta: sums over j in order */
        double db = 0, dbm = 0;
        for (long long j = 0; j < V; j++) {
            db += dd[j] * r[j];
            dbm += ddm[j] * rm[j];
        }
        out->dbeta[tok] = db;
        out->mdbeta[tok] = dbm;
    }
    if (x < K) {                                  /* dk */
        const long long i = x;
        double d = 0, dm = 0, a = 0, am = 0;
        for (long long j = 0; j < V; j++) {
            d += dS[i * V + j] * r[j];
            dm += (fabs(dS[i * V + j]) + md[j]) * rm[j];
            a += A[i * V + j] * dr[j];
            am += (fabs(A[i * V + j]) + amax * np[j]) * drm[j];
        }
        out->dk[tok * K + i] = bt * d - (c->delta ? a : 0);
        out->mdk[tok * K + i] = fabs(bt) * dm + (c->delta ? am : 0);
    }
    if (x < V) {                                  /* r = v - A^T k (or v): dv = dr */
        out->dv[tok * V + x] = dr[x];
        out->mdv[tok * V + x] = drm[x];
    }
    __syncthreads();
    if (c->delta && x < V)                        /* dA = dS - k dr^T */
        for (long long i = 0; i < K; i++) dS[i * V + x] -= k[i] * dr[x];
    __syncthreads();
    if (c->gate == 1) {                           /* A = D S_prev, D scalar: dg over all of A * dS */
        if (x < V)                                /* the terms, each rounded as the lanes round it */
            for (long long i = 0; i < K; i++) {
                const long long e = i * V + x;
                P[e] = A[e] * dS[e];
                Pm[e] = (fabs(A[e]) + amax * np[x]) * (fabs(dS[e]) + md[x] + (c->delta ? fabs(k[i]) * drm[x] : 0));
            }
        __syncthreads();
        if (x == 0) {                             /* summed in row-major order, one thread */
            double dg = 0, dgm = 0;
            for (long long e = 0; e < K * V; e++) {
                dg += P[e];
                dgm += Pm[e];
            }
            out->dg[tok] = dg;
            out->mdg[tok] = dgm;
        }
        __syncthreads();
        if (x < V)
            for (long long i = 0; i < K; i++) dS[i * V + x] *= c->eg[tok];
    } else if (c->gate == 2 && x < K) {           /* per key: row i */
        const long long i = x;
        const double a = c->eg[tok * K + i];
        double dg = 0, dgm = 0;
        for (long long j = 0; j < V; j++) {
            dg += A[i * V + j] * dS[i * V + j];
            dgm += (fabs(A[i * V + j]) + amax * np[j])
                   * (fabs(dS[i * V + j]) + md[j] + (c->delta ? fabs(k[i]) * drm[j] : 0));
            dS[i * V + j] *= a;
        }
        out->dg[tok * K + i] = dg;
        out->mdg[tok * K + i] = dgm;
    }
    __syncthreads();
    if (x < V)                                    /* the error dS carries on, decayed */
        md[x] = amax * (md[x] + fabs(c->scale) * fabs(dO[x]) + knorm * drm[x]) + sqrt(gdn_col_square(c, dS + x));
    __syncthreads();
}

extern "C" __global__ void gdn_bwd_oracle(const double *__restrict__ q, const double *__restrict__ k,
                                          const double *__restrict__ v, const double *__restrict__ eg,
                                          const double *__restrict__ beta, const double *__restrict__ h0,
                                          const double *__restrict__ dO, const double *__restrict__ dht,
                                          double *__restrict__ W,
                                          double *dq, double *dk, double *dv, double *dg, double *dbeta,
                                          double *dh0, double *mdq, double *mdk, double *mdv, double *mdg,
                                          double *mdbeta, double *mdh0,
                                          long long B, long long T, long long H, long long K, long long V,
                                          long long gate, long long delta, long long has_h0,
                                          long long has_dht, double scale)
{
    __shared__ double md[GDN_BWD_MAX], r[GDN_BWD_MAX], rm[GDN_BWD_MAX], dr[GDN_BWD_MAX], drm[GDN_BWD_MAX],
        dd[GDN_BWD_MAX], ddm[GDN_BWD_MAX];
    const gdn_dev c = {q, k, v, eg, beta, h0, dO, dht, B, T, H, K, V, gate, delta, scale};
    const gdn_out out = {dq, dk, dv, dg, dbeta, dh0, mdq, mdk, mdv, mdg, mdbeta, mdh0};
    const long long lane = blockIdx.x, x = threadIdx.x, b = lane / H, h = lane % H, KV = K * V;
    const long long nseg = (T + GDN_SEG - 1) / GDN_SEG;
    if (lane >= B * H || K > GDN_BWD_MAX || V > GDN_BWD_MAX) return;
    double *ck = W + lane * ((nseg + GDN_SEG + 5) * KV + (nseg + GDN_SEG + 1) * V);
    double *ckn = ck + nseg * KV, *seg = ckn + nseg * V, *segn = seg + (GDN_SEG + 1) * KV;
    double *dS = segn + (GDN_SEG + 1) * V, *A = dS + KV, *P = A + KV, *Pm = P + KV;
    if (x < V) {                                  /* the forward, checkpointed: column x */
        const long long j = x;
        double *s = seg + j, n = 0;
        for (long long i = 0; i < K; i++) s[i * V] = has_h0 ? h0[lane * KV + i * V + j] : 0.0;
        for (long long sg = 0; sg < nseg; sg++) {
            for (long long i = 0; i < K; i++) ck[sg * KV + i * V + j] = s[i * V];
            ckn[sg * V + j] = n;
            for (long long t = sg * GDN_SEG; t < T && t < (sg + 1) * GDN_SEG; t++)
                gdn_col_step(&c, (b * T + t) * H + h, j, s, &n);
        }
        for (long long i = 0; i < K; i++) dS[i * V + j] = has_dht ? dht[lane * KV + i * V + j] : 0.0;
        md[j] = 0;
    }
    __syncthreads();
    for (long long sg = nseg - 1; sg >= 0; sg--) {
        const long long t0 = sg * GDN_SEG, t1 = t0 + GDN_SEG < T ? t0 + GDN_SEG : T;
        if (x < V) {                              /* seg[m], segn[m]: before step t0 + m */
            const long long j = x;
            for (long long i = 0; i < K; i++) seg[i * V + j] = ck[sg * KV + i * V + j];
            segn[j] = ckn[sg * V + j];
            for (long long t = t0; t < t1; t++) {
                const long long m = t - t0;
                for (long long i = 0; i < K; i++) seg[(m + 1) * KV + i * V + j] = seg[m * KV + i * V + j];
                segn[(m + 1) * V + j] = segn[m * V + j];
                gdn_col_step(&c, (b * T + t) * H + h, j, seg + (m + 1) * KV + j, segn + (m + 1) * V + j);
            }
        }
        __syncthreads();
        for (long long t = t1 - 1; t >= t0; t--) {
            const long long m = t - t0;
            gdn_step_back(&c, &out, (b * T + t) * H + h, seg + m * KV, segn + m * V, segn + (m + 1) * V,
                          dS, A, P, Pm, md, r, rm, dr, drm, dd, ddm);
        }
    }
    if (x < V)
        for (long long i = 0; i < K; i++) {
            dh0[lane * KV + i * V + x] = dS[i * V + x];
            mdh0[lane * KV + i * V + x] = fabs(dS[i * V + x]) + md[x];
        }
}
