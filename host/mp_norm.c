/*
 * mp_norm.c — row-wise normalisations: softmax, log_softmax, layernorm,
 * rmsnorm, and the cross-entropy loss built on log_softmax.
 *
 * All are computed at mp_prec bits from exact inputs and rounded once.  The
 * softmax family shifts by the row maximum m (first index imax) and keeps
 * S' = Σ_{j != imax} exp(x_j - m) apart from the 1 contributed by imax, so
 * log Σ exp(x_j - m) = log1p(S') keeps full relative accuracy when S' is
 * tiny.  Non-finite rows follow the max-shifted evaluation every stable
 * kernel uses (docs/ORACLE.md): a NaN, a +Inf, or a row of only -Inf makes
 * the whole row NaN.  With kcv.mp.fast (the default) a row is first tried
 * on the certified double-double path (mp_dd.c), which gives the same bits
 * or declines.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mp.h"

/* ---- softmax family ------------------------------------------------------ */

typedef struct {
    const double *x;
    mp_lanes g;
    double *y, *mag;
    int log;                    /* 1: log_softmax */
    int failed;
} sm_ctx;

/* Per-row state: e[j] = exp(x_j - m) at P bits, sp = S'. */
typedef struct { mp_terms e; mpfr_t sp, t, u; } sm_tmp;

/* 1 and m, imax, e, sp set when the row is regular; 0 when it is all NaN. */
static int row_lse(const double *x, int64_t n, sm_tmp *w, double *m, int64_t *imax)
{
    int64_t im = 0;
    for (int64_t j = 0; j < n; j++) {
        if (isnan(x[j])) return 0;
        if (x[j] > x[im]) im = j;
    }
    if (n == 0 || !isfinite(x[im])) return 0;         /* +Inf, or only -Inf */
    *m = x[im];
    *imax = im;
    mpfr_set_zero(w->sp, 1);
    for (int64_t j = 0; j < n; j++) {
        mpfr_set_d(w->t, x[j], MPFR_RNDN);
        mpfr_sub_d(w->t, w->t, *m, MPFR_RNDN);
        mpfr_exp(w->e.v[j], w->t, MPFR_RNDN);         /* exp(-Inf) = 0 */
        if (j != im) mpfr_add(w->sp, w->sp, w->e.v[j], MPFR_RNDN);
    }
    return 1;
}

static void sm_row(const sm_ctx *c, const double *x, int64_t n, double *y,
                   double *mag, sm_tmp *w)
{
    double m;
    int64_t im;
    if (!row_lse(x, n, w, &m, &im)) {
        for (int64_t j = 0; j < n; j++) y[j] = mag[j] = NAN;
        return;
    }
    mpfr_log1p(w->u, w->sp, MPFR_RNDN);                /* lse - m */
    double lse = m + mpfr_get_d(w->u, MPFR_RNDN);
    mpfr_add_ui(w->sp, w->sp, 1, MPFR_RNDN);           /* S */
    for (int64_t j = 0; j < n; j++) {
        if (c->log) {
            mpfr_set_d(w->t, x[j], MPFR_RNDN);
            mpfr_sub_d(w->t, w->t, m, MPFR_RNDN);
            mpfr_sub(w->t, w->t, w->u, MPFR_RNDN);
            y[j] = mpfr_get_d(w->t, MPFR_RNDN);
            mag[j] = 1 + (fabs(x[j]) + fabs(lse)) / (double)n;
        } else {
            mpfr_div(w->t, w->e.v[j], w->sp, MPFR_RNDN);
            y[j] = mpfr_get_d(w->t, MPFR_RNDN);
            mag[j] = y[j] * (1 + (fabs(x[j] - m) + 2) / (double)n);
        }
        if (isinf(x[j]) && isnan(mag[j])) mag[j] = 0;     /* -Inf entry */
    }
}

static int sm_tmp_init(sm_tmp *w, int64_t n)
{
    if (mp_terms_init(&w->e, n, mp_prec)) return -1;
    mpfr_inits2(mp_prec, w->sp, w->t, w->u, (mpfr_ptr)0);
    return 0;
}

static void sm_tmp_free(sm_tmp *w)
{
    mp_terms_free(&w->e);
    mpfr_clears(w->sp, w->t, w->u, (mpfr_ptr)0);
}

static void sm_task(void *vc, int64_t lo, int64_t hi)
{
    sm_ctx *c = vc;
    int64_t n = c->g.n, st = c->g.inner;
    sm_tmp w;
    int have_w = 0;             /* MPFR temporaries, made at the first MPFR row */
    double *buf = malloc(sizeof(double) * 5 * (size_t)(n ? n : 1));
    if (!buf) { c->failed = 1; return; }
    double *x = buf, *y = buf + n, *mag = buf + 2 * n, *dw = buf + 3 * n;
    for (int64_t r = lo; r < hi; r++) {
        int64_t base = mp_lane_base(&c->g, r);
        for (int64_t k = 0; k < n; k++) x[k] = c->x[base + k * st];
        if (!(mp_fast && mp_dd_softmax_row(x, n, c->log, y, mag, dw))) {
            if (!have_w) {
                if (sm_tmp_init(&w, n)) { c->failed = 1; break; }
                have_w = 1;
            }
            sm_row(c, x, n, y, mag, &w);
        }
        for (int64_t k = 0; k < n; k++) {
            c->y[base + k * st] = y[k];
            c->mag[base + k * st] = mag[k];
        }
    }
    if (have_w) sm_tmp_free(&w);
    free(buf);
}

static int softmax_common(lua_State *L, int log)
{
    kcv_buf *b = mp_checkfbuf(L, 1);
    kcv_checkopts(L, 2, "axis");
    int axis = mp_optaxis(L, 2, b);
    sm_ctx c = {0};
    c.log = log;
    c.g = mp_geometry(b, axis);
    c.x = mp_loadf64(L, b);
    c.y = mp_newout(L, b, -1, KCV_F64)->data;
    c.mag = mp_newout(L, b, -1, KCV_F64)->data;
    mp_parallel(c.g.outer * c.g.inner, 1500.0 * (double)c.g.n, sm_task, &c);
    mp_fail_oom(L, c.failed);
    return 2;
}

static int l_softmax(lua_State *L) { return softmax_common(L, 0); }
static int l_log_softmax(lua_State *L) { return softmax_common(L, 1); }

/* ---- layernorm / rmsnorm ------------------------------------------------ */

typedef struct {
    const double *x, *gamma, *beta;
    int64_t rows, n;
    double eps;
    double *y, *mag;
    int rms;
    int failed;
} ln_ctx;

static void ln_row(const ln_ctx *c, const double *x, double *y, double *mag,
                   mp_terms *t, mpfr_ptr mu, mpfr_ptr v, mpfr_ptr d, mpfr_ptr g,
                   mpfr_ptr bb)
{
    int64_t n = c->n;
    double m1 = 0;
    for (int64_t j = 0; j < n; j++) {
        m1 += fabs(x[j]);
        mpfr_set_d(t->v[j], x[j], MPFR_RNDN);
    }
    m1 /= (double)n;
    if (c->rms) {
        mpfr_set_zero(mu, 1);
        mpfr_set_zero(v, 1);
        for (int64_t j = 0; j < n; j++) {
            mpfr_sqr(d, t->v[j], MPFR_RNDN);
            mpfr_add(v, v, d, MPFR_RNDN);
        }
    } else {
        mpfr_sum(mu, t->p, (unsigned long)n, MPFR_RNDN);
        mpfr_div_si(mu, mu, (long)n, MPFR_RNDN);
        mpfr_set_zero(v, 1);
        for (int64_t j = 0; j < n; j++) {          /* two-pass variance */
            mpfr_sub(d, t->v[j], mu, MPFR_RNDN);
            mpfr_sqr(d, d, MPFR_RNDN);
            mpfr_add(v, v, d, MPFR_RNDN);
        }
    }
    mpfr_div_si(v, v, (long)n, MPFR_RNDN);
    mpfr_add_d(v, v, c->eps, MPFR_RNDN);           /* var + eps (or ms + eps) */
    double sd = sqrt(mpfr_get_d(v, MPFR_RNDN));
    mpfr_rec_sqrt(v, v, MPFR_RNDN);                /* 1 / sigma_hat */
    for (int64_t j = 0; j < n; j++) {
        mpfr_sub(d, t->v[j], mu, MPFR_RNDN);       /* rms: mu = 0 */
        mpfr_mul(d, d, v, MPFR_RNDN);              /* z_j */
        double z = mpfr_get_d(d, MPFR_RNDN);
        double gj = c->gamma ? c->gamma[j] : 1, bj = c->beta ? c->beta[j] : 0;
        if (c->gamma) mpfr_set_d(g, gj, MPFR_RNDN); else mpfr_set_ui(g, 1, MPFR_RNDN);
        if (c->beta) {
            mpfr_set_d(bb, bj, MPFR_RNDN);
            mpfr_fma(d, d, g, bb, MPFR_RNDN);      /* z gamma + beta, one rounding */
        } else {
            mpfr_mul(d, d, g, MPFR_RNDN);
        }
        y[j] = mpfr_get_d(d, MPFR_RNDN);
        if (c->rms) mag[j] = fabs(y[j]);
        else mag[j] = mp_layernorm_mag(gj, bj, m1, sd, z, n);
    }
}

static void ln_task(void *vc, int64_t lo, int64_t hi)
{
    ln_ctx *c = vc;
    mp_terms t;
    mpfr_t mu, v, d, g, bb;
    double *w = malloc(sizeof(double) * 2 * (size_t)(c->n ? c->n : 1));
    if (!w || mp_terms_init(&t, c->n, 53)) { c->failed = 1; free(w); return; }
    mpfr_inits2(mp_prec, mu, v, d, g, bb, (mpfr_ptr)0);
    for (int64_t r = lo; r < hi; r++) {
        const double *x = c->x + r * c->n;
        double *y = c->y + r * c->n, *mag = c->mag + r * c->n;
        if (mp_fast && (c->rms ? mp_dd_rmsnorm_row(x, c->n, c->gamma, c->eps, y, mag)
                               : mp_dd_layernorm_row(x, c->n, c->gamma, c->beta, c->eps,
                                                     y, mag, w)))
            continue;
        ln_row(c, x, y, mag, &t, mu, v, d, g, bb);
    }
    mpfr_clears(mu, v, d, g, bb, (mpfr_ptr)0);
    mp_terms_free(&t);
    free(w);
}

static const double *affine_param(lua_State *L, const char *k, int64_t n)
{
    kcv_buf *p = mp_optbuf(L, 2, k);     /* pushes the field */
    if (!p) return NULL;
    if (p->numel != n)
        luaL_argerror(L, 2, lua_pushfstring(L, "field '%s' must have %I elements "
            "(the last axis), got %I", k, (lua_Integer)n, (lua_Integer)p->numel));
    return mp_loadf64(L, p);
}

static int norm_common(lua_State *L, int rms)
{
    kcv_buf *b = mp_checkfbuf(L, 1);
    kcv_checkopts(L, 2, rms ? "gamma eps" : "gamma beta eps");
    if (b->ndim == 0) luaL_argerror(L, 1, "cannot normalise a 0-d buffer");
    ln_ctx c = {0};
    c.rms = rms;
    c.n = b->shape[b->ndim - 1];
    c.rows = c.n ? b->numel / c.n : 0;
    c.eps = mp_optnum(L, 2, "eps", rms ? 1e-6 : 1e-5);
    if (!(c.eps >= 0) || isinf(c.eps)) luaL_argerror(L, 2, "field 'eps' must be finite and >= 0");
    c.gamma = affine_param(L, "gamma", c.n);
    if (!rms) c.beta = affine_param(L, "beta", c.n);
    c.x = mp_loadf64(L, b);
    c.y = mp_newout(L, b, -1, KCV_F64)->data;
    c.mag = mp_newout(L, b, -1, KCV_F64)->data;
    mp_parallel(c.rows, 400.0 * (double)c.n, ln_task, &c);
    mp_fail_oom(L, c.failed);
    return 2;
}

static int l_layernorm(lua_State *L) { return norm_common(L, 0); }
static int l_rmsnorm(lua_State *L) { return norm_common(L, 1); }

/* ---- cross entropy --------------------------------------------------------
 * loss_r = -log_softmax(x_r)[t_r] = log1p(S') + m - x_{r,t_r}; per-row values
 * stay at P bits and are added in row order on the calling thread. */

typedef struct {
    const double *x;
    const int64_t *tgt;
    int64_t rows, n;
    mpfr_t *loss;
    double *lse, *lossd;
    int failed;
} ce_ctx;

static void ce_task(void *vc, int64_t lo, int64_t hi)
{
    ce_ctx *c = vc;
    sm_tmp w;
    if (sm_tmp_init(&w, c->n)) { c->failed = 1; return; }
    for (int64_t r = lo; r < hi; r++) {
        const double *x = c->x + r * c->n;
        double m;
        int64_t im;
        if (!row_lse(x, c->n, &w, &m, &im)) {
            mpfr_set_nan(c->loss[r]);
            c->lse[r] = NAN;
        } else {
            mpfr_log1p(w.u, w.sp, MPFR_RNDN);
            c->lse[r] = m + mpfr_get_d(w.u, MPFR_RNDN);
            mpfr_set_d(w.t, x[c->tgt[r]], MPFR_RNDN);
            mpfr_d_sub(w.t, m, w.t, MPFR_RNDN);         /* m - x_t >= 0, or +Inf */
            mpfr_add(c->loss[r], w.u, w.t, MPFR_RNDN);
        }
        c->lossd[r] = mpfr_get_d(c->loss[r], MPFR_RNDN);
    }
    sm_tmp_free(&w);
}

static int l_cross_entropy(lua_State *L)
{
    kcv_buf *X = mp_checkfbuf(L, 1), *T = kcv_checkbuf(L, 2);
    if (X->ndim != 2) luaL_argerror(L, 1, "logits must be 2-d [rows, classes]");
    if (kcv_dtypes[T->dtype].is_float || T->dtype == KCV_BOOL)
        luaL_argerror(L, 2, lua_pushfstring(L, "targets must be an integer buffer, got %s",
                                            kcv_dtypes[T->dtype].name));
    if (T->ndim != 1 || T->numel != X->shape[0])
        luaL_argerror(L, 2, "targets must be 1-d with one entry per row of logits");
    ce_ctx c = {0};
    c.rows = X->shape[0];
    c.n = X->shape[1];
    int64_t *tgt = mp_scratch(L, sizeof(int64_t) * (size_t)c.rows);
    for (int64_t r = 0; r < c.rows; r++) {
        double v = kcv_load(T->dtype, kcv_buf_ptr(T, r));
        if (!(v >= 0 && v < (double)c.n))
            luaL_argerror(L, 2, lua_pushfstring(L, "target %I of row %I outside [0, %I)",
                (lua_Integer)v, (lua_Integer)r, (lua_Integer)c.n));
        tgt[r] = (int64_t)v;
    }
    c.tgt = tgt;
    c.x = mp_loadf64(L, X);
    c.lse = mp_scratch(L, sizeof(double) * 2 * (size_t)c.rows);
    c.lossd = c.lse + c.rows;
    int64_t one = 1;
    double *y = kcv_newbuf(L, KCV_F64, 1, &one)->data;
    double *mag = kcv_newbuf(L, KCV_F64, 1, &one)->data;
    mp_terms loss;
    if (mp_terms_init(&loss, c.rows, mp_prec)) mp_fail_oom(L, 1);
    c.loss = loss.v;
    mp_parallel(c.rows, 1500.0 * (double)c.n, ce_task, &c);
    if (c.failed) { mp_terms_free(&loss); mp_fail_oom(L, 1); }
    mpfr_t s;
    mpfr_init2(s, mp_prec);
    mpfr_set_zero(s, 1);
    double a = 0, l1 = 0;
    for (int64_t r = 0; r < c.rows; r++) {
        mpfr_add(s, s, loss.v[r], MPFR_RNDN);
        a += 1 + (fabs(c.lse[r]) + fabs(c.x[r * c.n + tgt[r]])) / (double)c.n;
        l1 += fabs(c.lossd[r]);
    }
    mpfr_div_si(s, s, (long)c.rows, MPFR_RNDN);        /* 0 rows: NaN */
    *y = mpfr_get_d(s, MPFR_RNDN);
    *mag = (a + l1 * (double)c.rows / (double)c.n) / (double)c.rows;
    mpfr_clear(s);
    mp_terms_free(&loss);
    return 2;
}

void mp_open_norm(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"softmax", l_softmax}, {"log_softmax", l_log_softmax},
        {"layernorm", l_layernorm}, {"rmsnorm", l_rmsnorm},
        {"cross_entropy", l_cross_entropy}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
}
