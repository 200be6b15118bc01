/*
 * mp_gdn.c — the fp64 oracle of the gated linear recurrence family
 * (kcv.mp.gdn and kcv.mp.gdn_bwd; docs/ORACLE.md, "Gated DeltaNet").
 *
 * Per batch b and head h the state S is K x V (flash-linear-attention's
 * convention), S_0 = h0 or 0, and each step t is
 *
 *   A_t = D_t S_{t-1}                  D_t = exp(g_t) (scalar gate),
 *                                          Diag(exp(g_t)) (per-key gate), I
 *   S_t = A_t + beta_t k_t r_t^T,      r_t = v_t - A_t^T k_t  (delta rule)
 *   S_t = A_t + k_t v_t^T              (no beta: GLA, simple GLA)
 *   o_t = scale S_t^T q_t
 *
 * Gated DeltaNet: scalar gate and beta; DeltaNet: beta, no gate; KDA:
 * per-key gate and beta; GLA: per-key gate; simple GLA / Mamba-2: scalar
 * gate.  Plain IEEE double arithmetic in the order written, sequential in
 * t: NaN and Inf propagate as the formula says.  The backward is the
 * adjoint recurrence written out (reverse mode by hand), recomputing the
 * states of each 64-step segment from checkpoints.
 *
 * Magnitudes (what a kernel's error is measured against).  (I - beta k k^T)
 * is a contraction for 0 <= beta |k|^2 <= 2, so an error in a column of S
 * is not amplified by later steps, only decayed: n_t[j] = exp(max g_t)
 * n_{t-1}[j] + (the terms rounded at step t, column j, in 2-norm).  An
 * output's magnitude is sum |terms| of its own formula plus |q|_2 n_t[j];
 * see docs/ORACLE.md for the backward's.
 */
#include <stdlib.h>
#include <string.h>
#include "mp.h"

#define SEG 64                  /* steps between checkpoints (backward) */

typedef struct {
    int64_t B, T, H, K, V;
    int gate;                   /* 0 none, 1 scalar [B,T,H], 2 per key [B,T,H,K] */
    int delta;                  /* beta given: the delta rule */
    double scale;
    const double *q, *k, *v, *g, *beta, *h0, *dO, *dht;
    double *o, *ht, *o_mag, *ht_mag;                       /* forward */
    double *dq, *dk, *dv, *dg, *dbeta, *dh0;               /* backward */
    double *mdq, *mdk, *mdv, *mdg, *mdbeta, *mdh0;
    int failed;
} gdn_ctx;

static int64_t at_tok(const gdn_ctx *c, int64_t b, int64_t t, int64_t h)
{
    return (b * c->T + t) * c->H + h;
}

/* A = D_t S in place (S becomes A); returns max_i exp(g_t,i) (1: no gate). */
static double decay(const gdn_ctx *c, int64_t tok, double *S)
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

static double norm2(const double *x, int64_t n)
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
static void col_dots(const gdn_ctx *c, const double *A, const double *k, double *u, double *ua)
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
static void col_squares(const gdn_ctx *c, const double *A, double *col)
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
static void residuals(const gdn_ctx *c, const double *A, const double *k, const double *v, double *r,
                      double *ua, double *u)
{
    col_dots(c, A, k, u, ua);
    for (int64_t j = 0; j < c->V; j++) r[j] = c->delta ? v[j] - u[j] : v[j];
}

/* One step on S (K x V, holding S_{t-1}): S becomes S_t; r (V) gets r_t
 * (delta rule).  n (V, or NULL) is the magnitude state; x: 3V doubles of
 * scratch. */
static void step(const gdn_ctx *c, int64_t tok, double *S, double *r, double *n, double *x)
{
    const int64_t K = c->K, V = c->V;
    const double *k = c->k + tok * K, *v = c->v + tok * V;
    double amax = decay(c, tok, S), knorm = norm2(k, K), bt = c->delta ? c->beta[tok] : 1;
    double *ua = x, *col = x + V;
    residuals(c, S, k, v, r, ua, x + 2 * V);
    col_squares(c, S, col);
    for (int64_t j = 0; j < V; j++)
        if (n) n[j] = amax * n[j] + sqrt(col[j]) + fabs(bt) * knorm * (fabs(v[j]) + (c->delta ? ua[j] : 0));
    for (int64_t i = 0; i < K; i++)
        for (int64_t j = 0; j < V; j++)
            S[i * V + j] += bt * k[i] * r[j];
}

static void fwd_lane(gdn_ctx *c, int64_t lane, double *S, double *r, double *n)
{
    const int64_t K = c->K, V = c->V, b = lane / c->H, h = lane % c->H;
    if (c->h0) memcpy(S, c->h0 + lane * K * V, sizeof(double) * (size_t)(K * V));
    else memset(S, 0, sizeof(double) * (size_t)(K * V));
    memset(n, 0, sizeof(double) * (size_t)V);   /* h0 is given exactly: no error yet */
    for (int64_t t = 0; t < c->T; t++) {
        int64_t tok = at_tok(c, b, t, h);
        step(c, tok, S, r, n, n + V);
        const double *q = c->q + tok * K;
        double qn = norm2(q, K);
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

static void fwd_task(void *ctx, int64_t lo, int64_t hi)
{
    gdn_ctx *c = ctx;
    double *w = malloc(sizeof(double) * (size_t)(c->K * c->V + 5 * c->V));
    if (!w) { c->failed = 1; return; }
    for (int64_t lane = lo; lane < hi; lane++) fwd_lane(c, lane, w, w + c->K * c->V, w + c->K * c->V + c->V);
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
static void step_back(gdn_ctx *c, int64_t tok, const double *S_prev, const double *np, const double *nt,
                      double *dS, double *md, double *w)
{
    const int64_t K = c->K, V = c->V;
    const double *q = c->q + tok * K, *k = c->k + tok * K, *v = c->v + tok * V, *dO = c->dO + tok * V;
    double *A = w, *r = w + K * V, *rm = r + V, *dr = rm + V, *drm = dr + V;
    double *x1 = drm + V, *x2 = x1 + V, *x3 = x2 + V;   /* scratch */
    memcpy(A, S_prev, sizeof(double) * (size_t)(K * V));
    double amax = decay(c, tok, A), bt = c->delta ? c->beta[tok] : 1, knorm = norm2(k, K);
    residuals(c, A, k, v, r, x1, x2);
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
    col_dots(c, dS, k, x1, x2);
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
    col_squares(c, dS, x3);
    for (int64_t j = 0; j < V; j++)            /* the error dS carries on, decayed */
        md[j] = amax * (md[j] + fabs(c->scale) * fabs(dO[j]) + knorm * drm[j]) + sqrt(x3[j]);
}

static void bwd_lane(gdn_ctx *c, int64_t lane, double *w)
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
        for (int64_t t = s * SEG; t < T && t < (s + 1) * SEG; t++) step(c, at_tok(c, b, t, h), S, r, n, sw);
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
            step(c, at_tok(c, b, t, h), seg + (m + 1) * KV, r, segn + (m + 1) * V, sw);
        }
        for (int64_t t = t1 - 1; t >= t0; t--) {
            int64_t m = t - t0;
            step_back(c, at_tok(c, b, t, h), seg + m * KV, segn + m * V, segn + (m + 1) * V, dS, md, sw);
        }
    }
    for (int64_t x = 0; x < KV; x++) {
        c->dh0[lane * KV + x] = dS[x];
        c->mdh0[lane * KV + x] = fabs(dS[x]) + md[x % V];
    }
}

static void bwd_task(void *ctx, int64_t lo, int64_t hi)
{
    gdn_ctx *c = ctx;
    const int64_t KV = c->K * c->V, nseg = (c->T + SEG - 1) / SEG;
    double *w = malloc(sizeof(double) * (size_t)((nseg + SEG + 3) * KV + (nseg + SEG + 11) * c->V));
    if (!w) { c->failed = 1; return; }
    for (int64_t lane = lo; lane < hi; lane++) bwd_lane(c, lane, w);
    free(w);
}

/* ---- Lua glue ------------------------------------------------------------- */

/* args[name] as contiguous f64: a float buffer of the given shape, or NULL
 * when absent and optional.  Pushes one value (the copy's anchor, or nil). */
static const double *field(lua_State *L, const char *name, int required, int ndim, const int64_t *dims)
{
    lua_getfield(L, 1, name);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        if (required) luaL_error(L, "kcv.mp.gdn: field '%s' is required", name);
        lua_pushnil(L);
        return NULL;
    }
    kcv_buf *b = kcv_testbuf(L, -1);
    if (!b || !kcv_dtypes[b->dtype].is_float)
        luaL_error(L, "kcv.mp.gdn: field '%s' must be a float buffer", name);
    int ok = b->ndim == ndim;
    for (int d = 0; ok && d < ndim; d++) ok = b->shape[d] == dims[d];
    if (!ok) {
        luaL_Buffer sb;
        luaL_buffinit(L, &sb);
        for (int d = 0; d < ndim; d++) {
            lua_pushfstring(L, d ? ",%I" : "%I", (lua_Integer)dims[d]);
            luaL_addvalue(&sb);
        }
        luaL_pushresult(&sb);
        luaL_error(L, "kcv.mp.gdn: field '%s' must have shape [%s]", name, lua_tostring(L, -1));
    }
    const double *x = mp_loadf64(L, b);        /* pushes its f64 copy (or nil) */
    lua_remove(L, -2);                          /* the buffer stays anchored in the table */
    return x;
}

/* Read q, k, v, g, beta, h0, scale (and, for the backward, dO and dht). */
static void read_inputs(lua_State *L, gdn_ctx *c, int backward)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    kcv_checkopts(L, 1, backward ? "q k v g beta h0 scale do dht" : "q k v g beta h0 scale");
    lua_getfield(L, 1, "q");
    kcv_buf *q = kcv_testbuf(L, -1);
    lua_getfield(L, 1, "v");
    kcv_buf *v = kcv_testbuf(L, -1);
    if (!q || q->ndim != 4) luaL_error(L, "kcv.mp.gdn: field 'q' must be a [B,T,H,K] buffer");
    if (!v || v->ndim != 4) luaL_error(L, "kcv.mp.gdn: field 'v' must be a [B,T,H,V] buffer");
    lua_pop(L, 2);
    c->B = q->shape[0]; c->T = q->shape[1]; c->H = q->shape[2]; c->K = q->shape[3]; c->V = v->shape[3];
    int64_t qk[4] = {c->B, c->T, c->H, c->K}, vv[4] = {c->B, c->T, c->H, c->V};
    int64_t st[4] = {c->B, c->H, c->K, c->V};
    c->q = field(L, "q", 1, 4, qk);
    c->k = field(L, "k", 1, 4, qk);
    c->v = field(L, "v", 1, 4, vv);
    lua_getfield(L, 1, "g");
    kcv_buf *g = kcv_testbuf(L, -1);
    lua_pop(L, 1);
    c->gate = !g ? 0 : g->ndim == 3 ? 1 : 2;
    c->g = field(L, "g", 0, c->gate == 2 ? 4 : 3, qk);
    c->beta = field(L, "beta", 0, 3, qk);
    c->delta = c->beta != NULL;
    c->h0 = field(L, "h0", 0, 4, st);
    lua_getfield(L, 1, "scale");
    c->scale = lua_isnil(L, -1) ? 1 / sqrt((double)c->K) : luaL_checknumber(L, -1);
    lua_pop(L, 1);
    if (backward) {
        c->dO = field(L, "do", 1, 4, vv);
        c->dht = field(L, "dht", 0, 4, st);
    }
}

/* kcv.mp.gdn{q=, k=, v=, g=, beta=, h0=, scale=} -> o, ht, o_mag, ht_mag */
static int l_gdn(lua_State *L)
{
    gdn_ctx c = {0};
    read_inputs(L, &c, 0);
    int64_t os[4] = {c.B, c.T, c.H, c.V}, st[4] = {c.B, c.H, c.K, c.V};
    c.o = kcv_newbuf(L, KCV_F64, 4, os)->data;
    c.ht = kcv_newbuf(L, KCV_F64, 4, st)->data;
    c.o_mag = kcv_newbuf(L, KCV_F64, 4, os)->data;
    c.ht_mag = kcv_newbuf(L, KCV_F64, 4, st)->data;
    mp_parallel(c.B * c.H, 8.0 * (double)(c.T * c.K * c.V), fwd_task, &c);
    mp_fail_oom(L, c.failed);
    return 4;
}

/* kcv.mp.gdn_bwd{q=, k=, v=, g=, beta=, h0=, scale=, do=, dht=} ->
 * {dq=, dk=, dv=, dg=, dbeta=, dh0=, mag = {the same names}} */
static int l_gdn_bwd(lua_State *L)
{
    gdn_ctx c = {0};
    read_inputs(L, &c, 1);
    int64_t qk[4] = {c.B, c.T, c.H, c.K}, vv[4] = {c.B, c.T, c.H, c.V}, st[4] = {c.B, c.H, c.K, c.V};
    lua_createtable(L, 0, 7);
    lua_createtable(L, 0, 6);                   /* mag, at -1; result at -2 */
    struct { const char *name; int ndim; const int64_t *shape; double **val, **mag; int on; } out[] = {
        {"dq", 4, qk, &c.dq, &c.mdq, 1}, {"dk", 4, qk, &c.dk, &c.mdk, 1},
        {"dv", 4, vv, &c.dv, &c.mdv, 1}, {"dg", c.gate == 2 ? 4 : 3, qk, &c.dg, &c.mdg, c.gate != 0},
        {"dbeta", 3, qk, &c.dbeta, &c.mdbeta, c.delta}, {"dh0", 4, st, &c.dh0, &c.mdh0, 1},
    };
    for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) {
        if (!out[i].on) continue;                /* dg without a gate, dbeta without beta */
        *out[i].mag = kcv_newbuf(L, KCV_F64, out[i].ndim, out[i].shape)->data;
        lua_setfield(L, -2, out[i].name);
        *out[i].val = kcv_newbuf(L, KCV_F64, out[i].ndim, out[i].shape)->data;
        lua_setfield(L, -3, out[i].name);
    }
    lua_setfield(L, -2, "mag");
    mp_parallel(c.B * c.H, 24.0 * (double)(c.T * c.K * c.V), bwd_task, &c);
    mp_fail_oom(L, c.failed);
    return 1;
}

/* kcv.mp.l2norm(x [, {eps=1e-6}]) -> y, n: y = x / n over the last axis,
 * n = sqrt(sum x^2 + eps) per row (f64, the sum in order).  The Gated
 * DeltaNet specs normalise q and k with it, as fla's l2norm does. */
static int l_l2norm(lua_State *L)
{
    kcv_buf *x = mp_checkfbuf(L, 1);
    kcv_checkopts(L, 2, "eps");
    double eps = mp_optnum(L, 2, "eps", 1e-6);
    if (x->ndim < 1) luaL_argerror(L, 1, "x needs at least one dim");
    const double *xv = mp_loadf64(L, x);
    int64_t K = x->shape[x->ndim - 1], rows = K ? x->numel / K : 0;
    double *y = kcv_newbuf(L, KCV_F64, x->ndim, x->shape)->data;
    double *n = kcv_newbuf(L, KCV_F64, 1, &rows)->data;
    for (int64_t r = 0; r < rows; r++) {
        double ss = 0;
        for (int64_t i = 0; i < K; i++) ss += xv[r * K + i] * xv[r * K + i];
        n[r] = sqrt(ss + eps);
        for (int64_t i = 0; i < K; i++) y[r * K + i] = xv[r * K + i] / n[r];
    }
    return 2;
}

/* kcv.mp.l2norm_vjp(y, n, dy, dym) -> dx, mag: dx = (dy - y (y . dy)) / n
 * per row, and its magnitude (dym + |y| sum |y| dym) / n. */
static int l_l2norm_vjp(lua_State *L)
{
    kcv_buf *y = mp_checkfbuf(L, 1), *n = mp_checkfbuf(L, 2), *dy = mp_checkfbuf(L, 3), *dym = mp_checkfbuf(L, 4);
    int64_t K = y->ndim ? y->shape[y->ndim - 1] : 0, rows = K ? y->numel / K : 0;
    if (n->numel != rows) luaL_argerror(L, 2, "n needs one value per row of y");
    if (dy->numel != y->numel) luaL_argerror(L, 3, "dy must have y's size");
    if (dym->numel != y->numel) luaL_argerror(L, 4, "dym must have y's size");
    const double *yv = mp_loadf64(L, y), *nv = mp_loadf64(L, n), *g = mp_loadf64(L, dy), *gm = mp_loadf64(L, dym);
    double *dx = kcv_newbuf(L, KCV_F64, y->ndim, y->shape)->data;
    double *mag = kcv_newbuf(L, KCV_F64, y->ndim, y->shape)->data;
    for (int64_t r = 0; r < rows; r++) {
        double dot = 0, dotm = 0;
        for (int64_t i = 0; i < K; i++) {
            dot += yv[r * K + i] * g[r * K + i];
            dotm += fabs(yv[r * K + i]) * gm[r * K + i];
        }
        for (int64_t i = 0; i < K; i++) {
            dx[r * K + i] = (g[r * K + i] - yv[r * K + i] * dot) / nv[r];
            mag[r * K + i] = (gm[r * K + i] + fabs(yv[r * K + i]) * dotm) / nv[r];
        }
    }
    return 2;
}

void mp_open_gdn(lua_State *L)
{
    lua_pushcfunction(L, l_l2norm);
    lua_setfield(L, -2, "l2norm");
    lua_pushcfunction(L, l_l2norm_vjp);
    lua_setfield(L, -2, "l2norm_vjp");
    lua_pushcfunction(L, l_gdn);
    lua_setfield(L, -2, "gdn");
    lua_pushcfunction(L, l_gdn_bwd);
    lua_setfield(L, -2, "gdn_bwd");
}
