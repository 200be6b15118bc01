/*
 * gdn_col.cuh — one step of kcv.mp.gdn's lanes (host/mp_gdn_lanes.h, step)
 * on one state column j, for the device oracles gdn_fwd.cu and gdn_bwd.cu:
 * the same IEEE operations in the same order, every sum over i in index
 * order as the lanes' column loops take it.  s is column j (s[i * V]),
 * n its magnitude; eg the decays exp(g) computed by the host.
 */
#ifndef KCV_GDN_COL_CUH
#define KCV_GDN_COL_CUH

struct gdn_dev {
    const double *q, *k, *v, *eg, *beta, *h0, *dO, *dht;
    long long B, T, H, K, V, gate, delta;
    double scale;
};

/* A = D_t S on column j in place; returns max_i exp(g_t,i) (1: no gate). */
__device__ static double gdn_col_decay(const gdn_dev *c, long long tok, double *s)
{
    const long long K = c->K, V = c->V;
    if (c->gate == 1) {
        const double a = c->eg[tok];
        for (long long i = 0; i < K; i++) s[i * V] *= a;
        return a;
    }
    if (c->gate == 2) {
        double amax = 0;
        for (long long i = 0; i < K; i++) {
            const double a = c->eg[tok * K + i];
            s[i * V] *= a;
            amax = fmax(amax, a);
        }
        return amax;
    }
    return 1;
}

/* max_i exp(g_t,i) alone (what gdn_col_decay returns). */
__device__ static double gdn_amax(const gdn_dev *c, long long tok)
{
    if (c->gate == 1) return c->eg[tok];
    if (c->gate != 2) return 1;
    double amax = 0;
    for (long long i = 0; i < c->K; i++) amax = fmax(amax, c->eg[tok * c->K + i]);
    return amax;
}

__device__ static double gdn_norm2(const double *x, long long n)
{
    double s = 0;
    for (long long i = 0; i < n; i++) s += x[i] * x[i];
    return sqrt(s);
}

/* u = A[:,j] . k and ua = sum_i |A_ij k_i| (i in order). */
__device__ static void gdn_col_dots(const gdn_dev *c, const double *s, const double *k, double *u, double *ua)
{
    double x = 0, y = 0;
    for (long long i = 0; i < c->K; i++) {
        x += s[i * c->V] * k[i];
        y += fabs(s[i * c->V] * k[i]);
    }
    *u = x;
    *ua = y;
}

/* sum_i A_ij^2, i in order. */
__device__ static double gdn_col_square(const gdn_dev *c, const double *s)
{
    double x = 0;
    for (long long i = 0; i < c->K; i++) x += s[i * c->V] * s[i * c->V];
    return x;
}

/* One step on column j of S (holding S_{t-1}): it becomes S_t, n its
 * magnitude after the step. */
__device__ static void gdn_col_step(const gdn_dev *c, long long tok, long long j, double *s, double *n)
{
    const long long K = c->K, V = c->V;
    const double *kt = c->k + tok * K;
    const double amax = gdn_col_decay(c, tok, s), knorm = gdn_norm2(kt, K), bt = c->delta ? c->beta[tok] : 1;
    double u, ua;
    gdn_col_dots(c, s, kt, &u, &ua);
    const double col = gdn_col_square(c, s), vj = c->v[tok * V + j], r = c->delta ? vj - u : vj;
    *n = amax * *n + sqrt(col) + fabs(bt) * knorm * (fabs(vj) + (c->delta ? ua : 0));
    for (long long i = 0; i < K; i++) s[i * V] += bt * kt[i] * r;
}

#endif
