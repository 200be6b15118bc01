/*
 * mp_reduce.c — reductions along an axis: sum, mean, cumsum, max, min,
 * argmax; and the whole-buffer dot and mse.
 *
 * sum, cumsum and dot return the exact result rounded once (the certified
 * f64 path of mp_exact.c, else an exact MPFR sum), so they do not depend on
 * the working precision.  mean and mse divide, so they are computed at
 * mp_prec bits and rounded once.
 */
/* Running sums are error-free transformations: keep every rounding. */
#pragma GCC optimize ("fp-contract=off")
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mp.h"

typedef struct {
    const double *x, *x2;       /* x2: second operand (mse) */
    mp_lanes g;
    double *y, *mag;
    int64_t *idx;
    int want;                   /* reduce_max: +1 max, -1 min */
    int failed;
} red_ctx;

/* Lane r into a contiguous vector (scratch `tmp` when strided). */
static const double *lane(const red_ctx *c, int64_t r, double *tmp)
{
    const double *p = c->x + mp_lane_base(&c->g, r);
    if (c->g.inner == 1) return p;
    for (int64_t k = 0; k < c->g.n; k++) tmp[k] = p[k * c->g.inner];
    return tmp;
}

static double abs_sum(const double *x, int64_t n)
{
    double m = 0;
    for (int64_t k = 0; k < n; k++) m += fabs(x[k]);
    return m;
}

/* ---- sum / mean ------------------------------------------------------- */

static void sum_task(void *vc, int64_t lo, int64_t hi)
{
    red_ctx *c = vc;
    int64_t n = c->g.n;
    double *tmp = c->g.inner > 1 ? malloc(sizeof(double) * (size_t)n) : NULL;
    mp_terms t = {0};
    mpfr_t r;
    mpfr_init2(r, 53);
    if (c->g.inner > 1 && !tmp) { c->failed = 1; goto done; }
    for (int64_t i = lo; i < hi; i++) {
        const double *x = lane(c, i, tmp);
        if (mp_fast && mp_fast_sum(x, n, 1, &c->y[i], &c->mag[i])) continue;
        if (!t.v && mp_terms_init(&t, n, 53)) { c->failed = 1; break; }
        for (int64_t k = 0; k < n; k++) mpfr_set_d(t.v[k], x[k], MPFR_RNDN);
        c->y[i] = mp_exact_sum(t.p, n, r);
        c->mag[i] = abs_sum(x, n);
    }
done:
    mp_terms_free(&t);
    mpfr_clear(r);
    free(tmp);
}

static void mean_task(void *vc, int64_t lo, int64_t hi)
{
    red_ctx *c = vc;
    int64_t n = c->g.n;
    double *tmp = c->g.inner > 1 ? malloc(sizeof(double) * (size_t)n) : NULL;
    mp_terms t = {0};
    mpfr_t r;
    mpfr_init2(r, mp_prec);
    if ((c->g.inner > 1 && !tmp) || mp_terms_init(&t, n, 53)) { c->failed = 1; goto done; }
    for (int64_t i = lo; i < hi; i++) {
        const double *x = lane(c, i, tmp);
        for (int64_t k = 0; k < n; k++) mpfr_set_d(t.v[k], x[k], MPFR_RNDN);
        mpfr_sum(r, t.p, (unsigned long)n, MPFR_RNDN);
        mpfr_div_si(r, r, (long)n, MPFR_RNDN);          /* n = 0: 0/0 = NaN */
        c->y[i] = mpfr_get_d(r, MPFR_RNDN);
        c->mag[i] = abs_sum(x, n) / (double)n;
    }
done:
    mp_terms_free(&t);
    mpfr_clear(r);
    free(tmp);
}

static int reduce(lua_State *L, mp_task fn, double work_per_elem)
{
    kcv_buf *b = mp_checkfbuf(L, 1);
    kcv_checkopts(L, 2, "axis");
    int axis = mp_optaxis(L, 2, b);
    red_ctx c = {0};
    c.g = mp_geometry(b, axis);
    c.x = mp_loadf64(L, b);
    c.y = mp_newout(L, b, axis, KCV_F64)->data;
    c.mag = mp_newout(L, b, axis, KCV_F64)->data;
    mp_parallel(c.g.outer * c.g.inner, work_per_elem * (double)c.g.n, fn, &c);
    mp_fail_oom(L, c.failed);
    return 2;
}

static int l_sum(lua_State *L) { return reduce(L, sum_task, 4); }
static int l_mean(lua_State *L) { return reduce(L, mean_task, 30); }

/* ---- cumsum ------------------------------------------------------------ */

/* Certified running sums; 0 if any prefix is not certified. */
static int fast_cumsum(const double *x, int64_t n, int64_t st, double *y, double *mag)
{
    mp_acc a = MP_ACC_INIT;
    double m = 0;
    for (int64_t k = 0; k < n; k++) {
        double v = x[k * st];
        mp_acc_add(&a, v);
        m += fabs(v);
        mag[k * st] = m;
        if (!mp_certify(&a, k + 1, &y[k * st])) return 0;
    }
    return 1;
}

static void cumsum_task(void *vc, int64_t lo, int64_t hi)
{
    red_ctx *c = vc;
    int64_t n = c->g.n, st = c->g.inner;
    mpfr_t acc, v;
    mpfr_init2(acc, MP_EXACT_PREC);       /* holds any prefix sum exactly */
    mpfr_init2(v, 53);
    for (int64_t i = lo; i < hi; i++) {
        int64_t base = mp_lane_base(&c->g, i);
        const double *x = c->x + base;
        double *y = c->y + base, *mag = c->mag + base;
        if (mp_fast && fast_cumsum(x, n, st, y, mag)) continue;
        double m = 0;
        for (int64_t k = 0; k < n; k++) {
            if (k == 0) mpfr_set_d(acc, x[0], MPFR_RNDN);  /* keeps -0 */
            else { mpfr_set_d(v, x[k * st], MPFR_RNDN); mpfr_add(acc, acc, v, MPFR_RNDN); }
            y[k * st] = mpfr_get_d(acc, MPFR_RNDN);        /* one rounding of the exact sum */
            m += fabs(x[k * st]);
            mag[k * st] = m;
        }
    }
    mpfr_clear(acc);
    mpfr_clear(v);
}

static int l_cumsum(lua_State *L)
{
    kcv_buf *b = mp_checkfbuf(L, 1);
    kcv_checkopts(L, 2, "axis");
    int axis = mp_optaxis(L, 2, b);
    red_ctx c = {0};
    c.g = mp_geometry(b, axis);
    c.x = mp_loadf64(L, b);
    c.y = mp_newout(L, b, -1, KCV_F64)->data;
    c.mag = mp_newout(L, b, -1, KCV_F64)->data;
    mp_parallel(c.g.outer * c.g.inner, 30.0 * (double)c.g.n, cumsum_task, &c);
    return 2;
}

/* ---- max / min / argmax -------------------------------------------------
 * NaN wins (the first NaN, and its index); otherwise the first extreme,
 * with -0 < +0 as in IEEE 754-2019 maximum/minimum. */

static int better(double v, double best, int want)
{
    if (v != best) return want > 0 ? v > best : v < best;
    if (v == 0 && signbit(v) != signbit(best))
        return want > 0 ? !signbit(v) : signbit(v) != 0;
    return 0;
}

static void extreme_task(void *vc, int64_t lo, int64_t hi)
{
    red_ctx *c = vc;
    for (int64_t i = lo; i < hi; i++) {
        const double *x = c->x + mp_lane_base(&c->g, i);
        int64_t st = c->g.inner, arg = 0;
        double best = x[0];
        for (int64_t k = 0; k < c->g.n && !isnan(best); k++) {
            double v = x[k * st];
            if (isnan(v) || better(v, best, c->want)) { best = v; arg = k; }
        }
        if (c->y) c->y[i] = best;
        c->idx[i] = arg;
    }
}

static int extreme(lua_State *L, int want, int values)
{
    kcv_buf *b = mp_checkfbuf(L, 1);
    kcv_checkopts(L, 2, "axis");
    int axis = mp_optaxis(L, 2, b);
    red_ctx c = {0};
    c.g = mp_geometry(b, axis);
    if (c.g.n == 0) luaL_argerror(L, 2, "the reduced axis has length 0");
    c.want = want;
    c.x = mp_loadf64(L, b);
    if (values) c.y = mp_newout(L, b, axis, KCV_F64)->data;
    c.idx = mp_newout(L, b, axis, KCV_I64)->data;
    mp_parallel(c.g.outer * c.g.inner, (double)c.g.n, extreme_task, &c);
    return values ? 2 : 1;
}

static int l_max(lua_State *L) { return extreme(L, 1, 1); }
static int l_min(lua_State *L) { return extreme(L, -1, 1); }
static int l_argmax(lua_State *L) { return extreme(L, 1, 0); }
static int l_argmin(lua_State *L) { return extreme(L, -1, 0); }

/* ---- dot ------------------------------------------------------------- */

/* Exact Σ a_i b_i rounded once: products are exact at 106 bits. */
double mp_exact_dot(const double *a, const double *b, int64_t n, int64_t sb,
                    mp_terms *t, mpfr_t r)
{
    mpfr_t x, y;
    mpfr_init2(x, 53);
    mpfr_init2(y, 53);
    for (int64_t k = 0; k < n; k++) {
        mpfr_set_d(x, a[k], MPFR_RNDN);
        mpfr_set_d(y, b[k * sb], MPFR_RNDN);
        mpfr_mul(t->v[k], x, y, MPFR_RNDN);
    }
    mpfr_clear(x);
    mpfr_clear(y);
    return mp_exact_sum(t->p, n, r);
}

static void check_same_numel(lua_State *L, const kcv_buf *a, const kcv_buf *b)
{
    if (a->numel != b->numel)
        luaL_argerror(L, 2, lua_pushfstring(L, "length %I does not match the first "
            "operand's %I", (lua_Integer)b->numel, (lua_Integer)a->numel));
}

static int l_dot(lua_State *L)
{
    kcv_buf *A = mp_checkfbuf(L, 1), *B = mp_checkfbuf(L, 2);
    if (A->ndim != 1) luaL_argerror(L, 1, "dot wants a 1-d buffer");
    if (B->ndim != 1) luaL_argerror(L, 2, "dot wants a 1-d buffer");
    check_same_numel(L, A, B);
    const double *a = mp_loadf64(L, A), *b = mp_loadf64(L, B);
    int64_t one = 1, n = A->numel;
    double *y = kcv_newbuf(L, KCV_F64, 1, &one)->data;
    double *mag = kcv_newbuf(L, KCV_F64, 1, &one)->data;
    if (mp_fast && mp_fast_dot(a, b, n, y, mag)) return 2;
    mp_terms t;
    if (mp_terms_init(&t, n, 106)) mp_fail_oom(L, 1);
    mpfr_t r;
    mpfr_init2(r, 53);
    *y = mp_exact_dot(a, b, n, 1, &t, r);
    mpfr_clear(r);
    mp_terms_free(&t);
    double m = 0;
    for (int64_t k = 0; k < n; k++) m += fabs(a[k] * b[k]);
    *mag = m;
    return 2;
}

/* ---- mse ---------------------------------------------------------------
 * Fixed chunks (not one per thread) so the P-bit partial sums, added in
 * chunk order, do not depend on the number of threads. */

#define MSE_CHUNK 4096

typedef struct {
    const double *p, *t;
    int64_t n;
    mpfr_t *part;
} mse_ctx;

static void mse_task(void *vc, int64_t lo, int64_t hi)
{
    mse_ctx *c = vc;
    mpfr_t d, x;
    mpfr_init2(d, mp_prec);
    mpfr_init2(x, 53);
    for (int64_t ch = lo; ch < hi; ch++) {
        int64_t end = (ch + 1) * MSE_CHUNK < c->n ? (ch + 1) * MSE_CHUNK : c->n;
        mpfr_set_zero(c->part[ch], 1);
        for (int64_t i = ch * MSE_CHUNK; i < end; i++) {
            mpfr_set_d(d, c->p[i], MPFR_RNDN);
            mpfr_set_d(x, c->t[i], MPFR_RNDN);
            mpfr_sub(d, d, x, MPFR_RNDN);
            mpfr_sqr(d, d, MPFR_RNDN);
            mpfr_add(c->part[ch], c->part[ch], d, MPFR_RNDN);
        }
    }
    mpfr_clear(d);
    mpfr_clear(x);
}

static int l_mse(lua_State *L)
{
    kcv_buf *P = mp_checkfbuf(L, 1), *T = mp_checkfbuf(L, 2);
    if (P->ndim != T->ndim || memcmp(P->shape, T->shape, sizeof(int64_t) * P->ndim))
        luaL_argerror(L, 2, "target must have the shape of pred");
    mse_ctx c = {mp_loadf64(L, P), mp_loadf64(L, T), P->numel, NULL};
    int64_t one = 1, nch = (c.n + MSE_CHUNK - 1) / MSE_CHUNK;
    double *y = kcv_newbuf(L, KCV_F64, 1, &one)->data;
    double *mag = kcv_newbuf(L, KCV_F64, 1, &one)->data;
    mp_terms parts;
    if (mp_terms_init(&parts, nch, mp_prec)) mp_fail_oom(L, 1);
    c.part = parts.v;
    mp_parallel(nch, 60.0 * MSE_CHUNK, mse_task, &c);
    mpfr_t s;
    mpfr_init2(s, mp_prec);
    mpfr_set_zero(s, 1);
    for (int64_t ch = 0; ch < nch; ch++) mpfr_add(s, s, parts.v[ch], MPFR_RNDN);
    mpfr_div_si(s, s, (long)c.n, MPFR_RNDN);
    *y = mpfr_get_d(s, MPFR_RNDN);
    *mag = *y;             /* a mean of non-negative terms: perfectly conditioned */
    mpfr_clear(s);
    mp_terms_free(&parts);
    return 2;
}

void mp_open_reduce(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"sum", l_sum}, {"mean", l_mean}, {"cumsum", l_cumsum},
        {"max", l_max}, {"min", l_min}, {"argmax", l_argmax}, {"argmin", l_argmin},
        {"dot", l_dot}, {"mse", l_mse}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
}
