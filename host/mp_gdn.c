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
 * Grouped value heads (flash-linear-attention's and FlashQLA's GVA): q and
 * k may have HK key heads while v, g, beta, h0 have H = G HK value heads
 * (the lanes' heads); value head h reads key head h / G.  The lanes run
 * the H heads with q and k repeated (expand_heads), and the backward adds
 * the G value heads' dq and dk of a key head in head order (sum_groups).
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
    int64_t B, T, H, K, V;      /* H: the lanes' heads (the value heads) */
    int64_t HK;                 /* the key heads of q and k (H / HK value heads each) */
    int gate;                   /* 0 none, 1 scalar [B,T,H], 2 per key [B,T,H,K] */
    int delta;                  /* beta given: the delta rule */
    double scale;
    const double *q, *k, *v, *g, *beta, *h0, *dO, *dht;
    double *o, *ht, *o_mag, *ht_mag;                       /* forward */
    double *dq, *dk, *dv, *dg, *dbeta, *dh0;               /* backward */
    double *mdq, *mdk, *mdv, *mdg, *mdbeta, *mdh0;
    int failed;
} gdn_ctx;

/* The lanes, once for any x86-64 (or other CPU) and once for AVX2 (four
 * doubles a vector instead of two), chosen at run time. */
#define GDN(name) name
#include "mp_gdn_lanes.h"
#undef GDN
#if defined(__GNUC__) && defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2")
#define GDN(name) name##_avx2
#include "mp_gdn_lanes.h"
#undef GDN
#pragma GCC pop_options
static mp_task lanes(mp_task plain, mp_task avx2)
{
    return __builtin_cpu_supports("avx2") ? avx2 : plain;
}
#define LANES(name) lanes(name, name##_avx2)
#else
#define LANES(name) name
#endif

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

/* x [B,T,HK,K] repeated to [B,T,H,K], key head h / (H / HK) for head h:
 * a new f64 buffer, pushed (its anchor). */
static const double *expand_heads(lua_State *L, const gdn_ctx *c, const double *x)
{
    int64_t shape[4] = {c->B, c->T, c->H, c->K}, G = c->H / c->HK;
    double *y = kcv_newbuf(L, KCV_F64, 4, shape)->data;
    for (int64_t bt = 0; bt < c->B * c->T; bt++)
        for (int64_t h = 0; h < c->H; h++)
            memcpy(y + (bt * c->H + h) * c->K, x + (bt * c->HK + h / G) * c->K, (size_t)c->K * sizeof *y);
    return y;
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
    if (!v || v->ndim != 4) luaL_error(L, "kcv.mp.gdn: field 'v' must be a [B,T,HV,V] buffer");
    lua_pop(L, 2);
    c->B = q->shape[0]; c->T = q->shape[1]; c->HK = q->shape[2]; c->K = q->shape[3];
    c->H = v->shape[2]; c->V = v->shape[3];
    if (c->HK < 1 || c->H % c->HK != 0)
        luaL_error(L, "kcv.mp.gdn: v's %I value heads are not a multiple of q's %I key heads",
                   (lua_Integer)c->H, (lua_Integer)c->HK);
    int64_t qk[4] = {c->B, c->T, c->HK, c->K}, vv[4] = {c->B, c->T, c->H, c->V};
    int64_t gk[4] = {c->B, c->T, c->H, c->K}, st[4] = {c->B, c->H, c->K, c->V};
    c->q = field(L, "q", 1, 4, qk);
    c->k = field(L, "k", 1, 4, qk);
    if (c->HK != c->H) {
        c->q = expand_heads(L, c, c->q);
        c->k = expand_heads(L, c, c->k);
    }
    c->v = field(L, "v", 1, 4, vv);
    lua_getfield(L, 1, "g");
    kcv_buf *g = kcv_testbuf(L, -1);
    lua_pop(L, 1);
    c->gate = !g ? 0 : g->ndim == 3 ? 1 : 2;
    c->g = field(L, "g", 0, c->gate == 2 ? 4 : 3, gk);
    c->beta = field(L, "beta", 0, 3, gk);
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

/* out [B,T,HK,K] = the sum over each key head's G value heads of x
 * [B,T,H,K], in head order (the value of head hk G, then + each next). */
static void sum_groups(const gdn_ctx *c, const double *x, double *out)
{
    int64_t G = c->H / c->HK, K = c->K;
    for (int64_t bt = 0; bt < c->B * c->T; bt++)
        for (int64_t hk = 0; hk < c->HK; hk++) {
            double *o = out + (bt * c->HK + hk) * K;
            const double *x0 = x + (bt * c->H + hk * G) * K;
            memcpy(o, x0, (size_t)K * sizeof *o);
            for (int64_t r = 1; r < G; r++)
                for (int64_t i = 0; i < K; i++) o[i] += x0[r * K + i];
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
    mp_parallel(c.B * c.H, 8.0 * (double)(c.T * c.K * c.V), LANES(fwd_task), &c);
    mp_fail_oom(L, c.failed);
    return 4;
}

/* kcv.mp.gdn_bwd{q=, k=, v=, g=, beta=, h0=, scale=, do=, dht=} ->
 * {dq=, dk=, dv=, dg=, dbeta=, dh0=, mag = {the same names}} */
static int l_gdn_bwd(lua_State *L)
{
    gdn_ctx c = {0};
    read_inputs(L, &c, 1);
    int64_t qk[4] = {c.B, c.T, c.HK, c.K}, vv[4] = {c.B, c.T, c.H, c.V}, st[4] = {c.B, c.H, c.K, c.V};
    int64_t gk[4] = {c.B, c.T, c.H, c.K};
    lua_createtable(L, 0, 7);
    lua_createtable(L, 0, 6);                   /* mag, at -1; result at -2 */
    struct { const char *name; int ndim; const int64_t *shape; double **val, **mag; int on; } out[] = {
        {"dq", 4, qk, &c.dq, &c.mdq, 1}, {"dk", 4, qk, &c.dk, &c.mdk, 1},
        {"dv", 4, vv, &c.dv, &c.mdv, 1}, {"dg", c.gate == 2 ? 4 : 3, gk, &c.dg, &c.mdg, c.gate != 0},
        {"dbeta", 3, gk, &c.dbeta, &c.mdbeta, c.delta}, {"dh0", 4, st, &c.dh0, &c.mdh0, 1},
    };
    for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) {
        if (!out[i].on) continue;                /* dg without a gate, dbeta without beta */
        *out[i].mag = kcv_newbuf(L, KCV_F64, out[i].ndim, out[i].shape)->data;
        lua_setfield(L, -2, out[i].name);
        *out[i].val = kcv_newbuf(L, KCV_F64, out[i].ndim, out[i].shape)->data;
        lua_setfield(L, -3, out[i].name);
    }
    lua_setfield(L, -2, "mag");
    /* grouped heads: the lanes write each value head's dq, dk apart */
    double *dq = c.dq, *dk = c.dk, *mdq = c.mdq, *mdk = c.mdk;
    if (c.HK != c.H) {
        c.dq = kcv_newbuf(L, KCV_F64, 4, gk)->data;
        c.dk = kcv_newbuf(L, KCV_F64, 4, gk)->data;
        c.mdq = kcv_newbuf(L, KCV_F64, 4, gk)->data;
        c.mdk = kcv_newbuf(L, KCV_F64, 4, gk)->data;
    }
    mp_parallel(c.B * c.H, 24.0 * (double)(c.T * c.K * c.V), LANES(bwd_task), &c);
    mp_fail_oom(L, c.failed);
    if (c.HK != c.H) {
        sum_groups(&c, c.dq, dq);
        sum_groups(&c, c.dk, dk);
        sum_groups(&c, c.mdq, mdq);
        sum_groups(&c, c.mdk, mdk);
        lua_pop(L, 4);
    }
    return 1;
}

/* The rows of an l2norm or its VJP: each row alone, so the cores split them
 * without changing a bit. */
typedef struct {
    int64_t K;
    double eps;
    const double *x, *y, *n, *g, *gm;   /* l2norm: x; the VJP: y, n, dy, dym */
    double *out, *out2;                 /* l2norm: y, n; the VJP: dx, mag */
} l2_rows;

static void l2norm_task(void *ctx, int64_t lo, int64_t hi)
{
    const l2_rows *c = ctx;
    const int64_t K = c->K;
    for (int64_t r = lo; r < hi; r++) {
        const double *x = c->x + r * K;
        double ss = 0;
        for (int64_t i = 0; i < K; i++) ss += x[i] * x[i];
        const double n = c->out2[r] = sqrt(ss + c->eps);
        for (int64_t i = 0; i < K; i++) c->out[r * K + i] = x[i] / n;
    }
}

static void l2norm_vjp_task(void *ctx, int64_t lo, int64_t hi)
{
    const l2_rows *c = ctx;
    const int64_t K = c->K;
    for (int64_t r = lo; r < hi; r++) {
        const double *y = c->y + r * K, *g = c->g + r * K, *gm = c->gm + r * K;
        double dot = 0, dotm = 0;
        for (int64_t i = 0; i < K; i++) {
            dot += y[i] * g[i];
            dotm += fabs(y[i]) * gm[i];
        }
        for (int64_t i = 0; i < K; i++) {
            c->out[r * K + i] = (g[i] - y[i] * dot) / c->n[r];
            c->out2[r * K + i] = (gm[i] + fabs(y[i]) * dotm) / c->n[r];
        }
    }
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
    l2_rows c = {.eps = eps, .x = mp_loadf64(L, x)};
    c.K = x->shape[x->ndim - 1];
    int64_t rows = c.K ? x->numel / c.K : 0;
    c.out = kcv_newbuf(L, KCV_F64, x->ndim, x->shape)->data;
    c.out2 = kcv_newbuf(L, KCV_F64, 1, &rows)->data;
    mp_parallel(rows, 4.0 * (double)c.K, l2norm_task, &c);
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
    l2_rows c = {.K = K, .y = mp_loadf64(L, y), .n = mp_loadf64(L, n), .g = mp_loadf64(L, dy),
                 .gm = mp_loadf64(L, dym)};
    c.out = kcv_newbuf(L, KCV_F64, y->ndim, y->shape)->data;
    c.out2 = kcv_newbuf(L, KCV_F64, y->ndim, y->shape)->data;
    mp_parallel(rows, 8.0 * (double)K, l2norm_vjp_task, &c);
    return 2;
}

/* kcv.mp.gdn_decays(g) -> exp(g) elementwise (f64, g's shape): the decays
 * exactly as the lanes compute them (this C library's exp), for an oracle
 * on the device that must give the lanes' bits (kcv/oracle/gpu.lua). */
static int l_gdn_decays(lua_State *L)
{
    kcv_buf *g = mp_checkfbuf(L, 1);
    const double *gv = mp_loadf64(L, g);
    double *e = kcv_newbuf(L, KCV_F64, g->ndim, g->shape)->data;
    for (int64_t i = 0; i < g->numel; i++) e[i] = exp(gv[i]);
    return 1;
}

void mp_open_gdn(lua_State *L)
{
    lua_pushcfunction(L, l_gdn_decays);
    lua_setfield(L, -2, "gdn_decays");
    lua_pushcfunction(L, l_l2norm);
    lua_setfield(L, -2, "l2norm");
    lua_pushcfunction(L, l_l2norm_vjp);
    lua_setfield(L, -2, "l2norm_vjp");
    lua_pushcfunction(L, l_gdn);
    lua_setfield(L, -2, "gdn");
    lua_pushcfunction(L, l_gdn_bwd);
    lua_setfield(L, -2, "gdn_bwd");
}
