/*
 * mp_gdn_lanes.h — the lanes of kcv.mp.gdn and kcv.mp.gdn_bwd (mp_gdn.c
 * includes it twice: plain, and for CPUs with AVX2 with every name through
 * GDN(name) suffixed _avx2).  The same C either way, so the same IEEE
 * operations in the same order and the same bits: vector instructions
 * only run the independent columns j of a loop side by side (no
 * contraction, no reassociation; mp_gdn.o is built with -ffp-contract=off).
 */
static int64_t GDN(at_tok)(const gdn_ctx *c, int64_t b, int64_t t, int64_t h)
{
    return (b * c->T + t) * c->H + h;
}

/* A = D_t S in place (S becomes A); returns max_i exp(g_t,i) (1: no gate). */
static double GDN(decay)(const gdn_ctx *c, int64_t tok, double *S)
{
    const int64_t K = c->K, V = c->V;
    if (c->gate == 0) return 1;
    if (c->gate == 1) {
        double a = exp(c->g[tok]);
        for (int64_t x = 0; x < K * V; x++) S[x] *= a;
        return a;
    }
    double amax = 0;
    for (int64_t i = 0; i < K; i++) {
        double a = exp(c->g[tok * K + i]);
        for (int64_t j = 0; j < V; j++) S[i * V + j] *= a;
        amax = fmax(amax, a);
    }
    return amax;
}

static double GDN(norm2)(const double *x, int64_t n)
{
    double s = 0;
    for (int64_t i = 0; i < n; i++) s += x[i] * x[i];
    return sqrt(s);
}

/* u_j = A[:,j] . k and ua_j = sum_i |A_ij k_i| for every column j of A
 * (K x V), each sum over i = 0, 1, ... in that order: the loops run along
 * A's rows (contiguous, vectorisable across j), but every u_j and ua_j gets
 * its terms in the order of a loop down column j, so the bits are a
 * column loop's. */
static void GDN(col_dots)(const gdn_ctx *c, const double *A, const double *k, double *u, double *ua)
{
    const int64_t K = c->K, V = c->V;
    for (int64_t j = 0; j < V; j++) { u[j] = 0; ua[j] = 0; }
    for (int64_t i = 0; i < K; i++) {
        const double *row = A + i * V;
        double ki = k[i];
        for (int64_t j = 0; j < V; j++) {
            u[j] += row[j] * ki;
            ua[j] += fabs(row[j] * ki);
        }
    }
}

/* col_j = sum_i A_ij^2, i in order (as col_dots). */
static void GDN(col_squares)(const gdn_ctx *c, const double *A, double *col)
{
    const int64_t K = c->K, V = c->V;
    for (int64_t j = 0; j < V; j++) col[j] = 0;
    for (int64_t i = 0; i < K; i++) {
        const double *row = A + i * V;
        for (int64_t j = 0; j < V; j++) col[j] += row[j] * row[j];
    }
}

/* Every column j of A: r_j = v_j - A[:,j] . k (delta rule; else v_j), and
 * sum_i |A_ij k_i| in ua[j]; u: V doubles of scratch. */
static void GDN(residuals)(const gdn_ctx *c, const double *A, const double *k, const double *v, double *r,
                      double *ua, double *u)
{
    GDN(col_dots)(c, A, k, u, ua);
    for (int64_t j = 0; j < c->V; j++) r[j] = c->delta ? v[j] - u[j] : v[j];
}

/* One step on S (K x V, holding S_{t-1}): S becomes S_t; r (V) gets r_t
 * (delta rule).  n (V, or NULL) is the magnitude state; x: 3V doubles of
 * scratch. */
static void GDN(step)(const gdn_ctx *c, int64_t tok, double *S, double *r, double *n, double *x)
{
    const int64_t K = c->K, V = c->V;
    const double *k = c->k + tok * K, *v = c->v + tok * V;
    double amax = GDN(decay)(c, tok, S), knorm = GDN(norm2)(k, K), bt = c->delta ? c->beta[tok] : 1;
    double *ua = x, *col = x + V;
    GDN(residuals)(c, S, k, v, r, ua, x + 2 * V);
    GDN(col_squares)(c, S, col);
    for (int64_t j = 0; j < V; j++)
        if (n) n[j] = amax * n[j] + sqrt(col[j]) + fabs(bt) * knorm * (fabs(v[j]) + (c->delta ? ua[j] : 0));
    for (int64_t i = 0; i < K; i++)
        for (int64_t j = 0; j < V; j++)
            S[i * V + j] += bt * k[i] * r[j];
}

static void GDN(fwd_lane)(gdn_ctx *c, int64_t lane, double *S, double *r, double *n)
{
    const int64_t K = c->K, V = c->V, b = lane / c->H, h = lane % c->H;
    if (c->h0) memcpy(S, c->h0 + lane * K * V, sizeof(double) * (size_t)(K * V));
    else memset(S, 0, sizeof(double) * (size_t)(K * V));
    memset(n, 0, sizeof(double) * (size_t)V);   /* h0 is given exactly: no error yet */
    for (int64_t t = 0; t < c->T; t++) {
        int64_t tok = GDN(at_tok)(c, b, t, h);
        GDN(step)(c, tok, S, r, n, n + V);
        const double *q = c->q + tok * K;
        double qn = GDN(norm2)(q, K);
        for (int64_t j = 0; j < V; j++) {
            double o = 0, oa = 0;
            for (int64_t i = 0; i < K; i++) {
                o += S[i * V + j] * q[i];
                oa += fabs(S[i * V + j] * q[i]);
            }
            c->o[tok * V + j] = c->scale * o;
            c->o_mag[tok * V + j] = fabs(c->scale) * (oa + qn * n[j]);
        }
    }
    for (int64_t x = 0; x < K * V; x++) {
        c->ht[lane * K * V + x] = S[x];
        c->ht_mag[lane * K * V + x] = fabs(S[x]) + n[x % V];
    }
}

static void GDN(fwd_task)(void *ctx, int64_t lo, int64_t hi)
{
    gdn_ctx *c = ctx;
    double *w = malloc(sizeof(double) * (size_t)(c->K * c->V + 5 * c->V));
    if (!w) { c->failed = 1; return; }
    for (int64_t lane = lo; lane < hi; lane++) GDN(fwd_lane)(c, lane, w, w + c->K * c->V, w + c->K * c->V + c->V);
    free(w);
}

/* ---- backward ----------------------------------------------------------- */

/* The reverse of one step t.  S_prev = S_{t-1} and np (V) its forward
 * error magnitude per column (kept); nt (V) the magnitude after step t.
 * dS = dL/dS_t on entry and dL/dS_{t-1} on exit; md (V) is dS's magnitude
 * per column.  Every gradient's magnitude is sum |terms| of its formula,
 * each factor widened by its own magnitude: |A| + np (the state), |r| + |v|
 * + sum |A k| + |k|_2 np (r, which may cancel to 0 in f64 and not in f32),
 * |dS| + md.  w: K*V + 7V doubles. */
static void GDN(step_back)(gdn_ctx *c, int64_t tok, const double *S_prev, const double *np, const double *nt,
                      double *dS, double *md, double *w)
{
    const int64_t K = c->K, V = c->V;
    const double *q = c->q + tok * K, *k = c->k + tok * K, *v = c->v + tok * V, *dO = c->dO + tok * V;
    double *A = w, *r = w + K * V, *rm = r + V, *dr = rm + V, *drm = dr + V;
    double *x1 = drm + V, *x2 = x1 + V, *x3 = x2 + V;   /* scratch */
    memcpy(A, S_prev, sizeof(double) * (size_t)(K * V));
    double amax = GDN(decay)(c, tok, A), bt = c->delta ? c->beta[tok] : 1, knorm = GDN(norm2)(k, K);
    GDN(residuals)(c, A, k, v, r, x1, x2);
    for (int64_t j = 0; j < V; j++)
        rm[j] = fabs(r[j]) + fabs(v[j]) + (c->delta ? x1[j] + knorm * amax * np[j] : 0);
    /* o_t = scale S_t^T q_t:  dS += scale q dO^T,  dq = scale S_t dO */
    for (int64_t i = 0; i < K; i++) {
        double acc = 0, mag = 0;
        for (int64_t j = 0; j < V; j++) {
            double s = A[i * V + j] + bt * k[i] * r[j];           /* S_t[i][j] */
            acc += s * dO[j];
            mag += (fabs(s) + nt[j]) * fabs(dO[j]);
            dS[i * V + j] += c->scale * q[i] * dO[j];
        }
        c->dq[tok * K + i] = c->scale * acc;
        c->mdq[tok * K + i] = fabs(c->scale) * mag;
    }
    /* S_t = A + beta k r^T */
    double db = 0, dbm = 0;
    GDN(col_dots)(c, dS, k, x1, x2);
    for (int64_t j = 0; j < V; j++) {
        double d = x1[j], dm = x2[j];
        dm += knorm * md[j];
        dr[j] = bt * d;                                          /* dL/dr_j */
        drm[j] = fabs(bt) * dm;
        db += d * r[j];
        dbm += dm * rm[j];
    }
    if (c->delta) { c->dbeta[tok] = db; c->mdbeta[tok] = dbm; }
    for (int64_t i = 0; i < K; i++) {
        double d = 0, dm = 0, a = 0, am = 0;
        for (int64_t j = 0; j < V; j++) {
            d += dS[i * V + j] * r[j];
            dm += (fabs(dS[i * V + j]) + md[j]) * rm[j];
            a += A[i * V + j] * dr[j];
            am += (fabs(A[i * V + j]) + amax * np[j]) * drm[j];
        }
        c->dk[tok * K + i] = bt * d - (c->delta ? a : 0);
        c->mdk[tok * K + i] = fabs(bt) * dm + (c->delta ? am : 0);
    }
    for (int64_t j = 0; j < V; j++) {
        c->dv[tok * V + j] = dr[j];             /* r = v - A^T k (or v): dv = dr */
        c->mdv[tok * V + j] = drm[j];
    }
    /* r = v - A^T k:  dA = dS - k dr^T  (delta rule), else dA = dS */
    if (c->delta)
        for (int64_t i = 0; i < K; i++)
            for (int64_t j = 0; j < V; j++) dS[i * V + j] -= k[i] * dr[j];
    /* A = D S_prev; dA's magnitude |dS| + md + |k| drm (the delta rule) */
    if (c->gate == 1) {
        double a = exp(c->g[tok]), dg = 0, dgm = 0;
        for (int64_t x = 0; x < K * V; x++) {
            int64_t i = x / V, j = x % V;
            dg += A[x] * dS[x];
            dgm += (fabs(A[x]) + amax * np[j]) * (fabs(dS[x]) + md[j] + (c->delta ? fabs(k[i]) * drm[j] : 0));
            dS[x] *= a;
        }
        c->dg[tok] = dg;
        c->mdg[tok] = dgm;
    } else if (c->gate == 2) {
        for (int64_t i = 0; i < K; i++) {
            double a = exp(c->g[tok * K + i]), dg = 0, dgm = 0;
            for (int64_t j = 0; j < V; j++) {
                dg += A[i * V + j] * dS[i * V + j];
                dgm += (fabs(A[i * V + j]) + amax * np[j])
                       * (fabs(dS[i * V + j]) + md[j] + (c->delta ? fabs(k[i]) * drm[j] : 0));
                dS[i * V + j] *= a;
            }
            c->dg[tok * K + i] = dg;
            c->mdg[tok * K + i] = dgm;
        }
    }
    GDN(col_squares)(c, dS, x3);
    for (int64_t j = 0; j < V; j++)            /* the error dS carries on, decayed */
        md[j] = amax * (md[j] + fabs(c->scale) * fabs(dO[j]) + knorm * drm[j]) + sqrt(x3[j]);
}

static void GDN(bwd_lane)(gdn_ctx *c, int64_t lane, double *w)
{
    const int64_t K = c->K, V = c->V, KV = K * V, T = c->T, b = lane / c->H, h = lane % c->H;
    const int64_t nseg = (T + SEG - 1) / SEG;
    /* checkpoints of the state and of its magnitude, a segment of states
     * and magnitudes, dS and md, and step scratch */
    double *ck = w, *ckn = ck + nseg * KV, *seg = ckn + nseg * V, *segn = seg + (SEG + 1) * KV;
    double *dS = segn + (SEG + 1) * V, *md = dS + KV, *r = md + V, *sw = r + V;
    double *S = seg, *n = segn;
    if (c->h0) memcpy(S, c->h0 + lane * KV, sizeof(double) * (size_t)KV);
    else memset(S, 0, sizeof(double) * (size_t)KV);
    memset(n, 0, sizeof(double) * (size_t)V);
    for (int64_t s = 0; s < nseg; s++) {
        memcpy(ck + s * KV, S, sizeof(double) * (size_t)KV);
        memcpy(ckn + s * V, n, sizeof(double) * (size_t)V);
        for (int64_t t = s * SEG; t < T && t < (s + 1) * SEG; t++) GDN(step)(c, GDN(at_tok)(c, b, t, h), S, r, n, sw);
    }
    if (c->dht) memcpy(dS, c->dht + lane * KV, sizeof(double) * (size_t)KV);
    else memset(dS, 0, sizeof(double) * (size_t)KV);
    for (int64_t j = 0; j < V; j++) md[j] = 0;
    for (int64_t s = nseg - 1; s >= 0; s--) {
        int64_t t0 = s * SEG, t1 = t0 + SEG < T ? t0 + SEG : T;
        /* seg[m], segn[m]: the state and its magnitude before step t0+m */
        memcpy(seg, ck + s * KV, sizeof(double) * (size_t)KV);
        memcpy(segn, ckn + s * V, sizeof(double) * (size_t)V);
        for (int64_t t = t0; t < t1; t++) {
            int64_t m = t - t0;
            memcpy(seg + (m + 1) * KV, seg + m * KV, sizeof(double) * (size_t)KV);
            memcpy(segn + (m + 1) * V, segn + m * V, sizeof(double) * (size_t)V);
            GDN(step)(c, GDN(at_tok)(c, b, t, h), seg + (m + 1) * KV, r, segn + (m + 1) * V, sw);
        }
        for (int64_t t = t1 - 1; t >= t0; t--) {
            int64_t m = t - t0;
            GDN(step_back)(c, GDN(at_tok)(c, b, t, h), seg + m * KV, segn + m * V, segn + (m + 1) * V, dS, md, sw);
        }
    }
    for (int64_t x = 0; x < KV; x++) {
        c->dh0[lane * KV + x] = dS[x];
        c->mdh0[lane * KV + x] = fabs(dS[x]) + md[x % V];
    }
}

static void GDN(bwd_task)(void *ctx, int64_t lo, int64_t hi)
{
    gdn_ctx *c = ctx;
    const int64_t KV = c->K * c->V, nseg = (c->T + SEG - 1) / SEG;
    double *w = malloc(sizeof(double) * (size_t)((nseg + SEG + 3) * KV + (nseg + SEG + 11) * c->V));
    if (!w) { c->failed = 1; return; }
    for (int64_t lane = lo; lane < hi; lane++) GDN(bwd_lane)(c, lane, w);
    free(w);
}
