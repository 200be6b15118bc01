/*
 * mp_gemm.c — C = alpha op(A) op(B) + beta C, 2-d or batched 3-d.
 *
 * Every output element is an exact sum of products rounded once: with
 * alpha = 1 and beta = 0 the certified f64 dot (mp_exact.c), otherwise (or
 * when the certificate fails) an exact MPFR sum of alpha a_k b_k (159-bit
 * terms) and beta c (106 bits).  Operands are first copied so that each
 * output is a dot of two contiguous rows: A as [batch][M][K], B as
 * [batch][N][K].  As in BLAS, C is not read when beta = 0.
 */
#include <math.h>
#include "mp.h"

typedef struct {
    const double *a, *bt, *c;   /* c: NULL when beta = 0 */
    int64_t M, N, K;
    double alpha, beta;
    double *y, *mag;
    int failed;
} gemm_ctx;

static void gemm_task(void *vc, int64_t lo, int64_t hi)
{
    gemm_ctx *g = vc;
    int64_t K = g->K, N = g->N;
    int plain = g->alpha == 1 && !g->c;
    mp_terms t;
    mpfr_t r, x, y;
    if (mp_terms_init(&t, K + 1, plain ? 106 : 160)) { g->failed = 1; return; }
    mpfr_inits2(53, r, x, y, (mpfr_ptr)0);
    for (int64_t row = lo; row < hi; row++) {
        int64_t b = row / g->M;
        const double *arow = g->a + row * K;
        int64_t j4 = 0;
        if (plain && mp_fast)       /* four columns a pass; a lane not certified: MPFR below */
            for (; j4 + 4 <= N; j4 += 4) {
                const double *b4[4];
                double y4[4], m4[4];
                int ok[4];
                for (int l = 0; l < 4; l++) b4[l] = g->bt + (b * N + j4 + l) * K;
                mp_fast_dot4(arow, b4, K, y4, m4, ok);
                for (int l = 0; l < 4; l++) {
                    int64_t o = row * N + j4 + l;
                    if (ok[l]) { g->y[o] = y4[l]; g->mag[o] = m4[l]; continue; }
                    g->y[o] = mp_exact_dot(arow, b4[l], K, 1, &t, r);
                    double m = 0;
                    for (int64_t k = 0; k < K; k++) m += fabs(arow[k] * b4[l][k]);
                    g->mag[o] = m;
                }
            }
        for (int64_t j = j4; j < N; j++) {
            const double *brow = g->bt + (b * N + j) * K;
            int64_t o = row * N + j;
            if (plain) {
                if (mp_fast && mp_fast_dot(arow, brow, K, &g->y[o], &g->mag[o])) continue;
                g->y[o] = mp_exact_dot(arow, brow, K, 1, &t, r);
            } else {
                for (int64_t k = 0; k < K; k++) {     /* alpha a b, exact */
                    mpfr_set_d(x, arow[k], MPFR_RNDN);
                    mpfr_set_d(y, brow[k], MPFR_RNDN);
                    mpfr_mul(t.v[k], x, y, MPFR_RNDN);
                    mpfr_mul_d(t.v[k], t.v[k], g->alpha, MPFR_RNDN);
                }
                int64_t n = K;
                if (g->c) {
                    mpfr_set_d(x, g->c[o], MPFR_RNDN);
                    mpfr_mul_d(t.v[n++], x, g->beta, MPFR_RNDN);
                }
                g->y[o] = mp_exact_sum(t.p, n, r);
            }
            double m = 0;
            for (int64_t k = 0; k < K; k++) m += fabs(arow[k] * brow[k]);
            g->mag[o] = fabs(g->alpha) * m + (g->c ? fabs(g->beta * g->c[o]) : 0);
        }
    }
    mpfr_clears(r, x, y, (mpfr_ptr)0);
    mp_terms_free(&t);
}

/* Copy op(X) of batch `nb` into dst[nb][rows][cols] (trans: X is [cols][rows]). */
static void load_op(const kcv_buf *X, int trans, int64_t nb, int64_t rows,
                    int64_t cols, double *dst)
{
    for (int64_t b = 0; b < nb; b++)
        for (int64_t i = 0; i < rows; i++)
            for (int64_t k = 0; k < cols; k++) {
                int64_t src = b * rows * cols + (trans ? k * rows + i : i * cols + k);
                *dst++ = kcv_load(X->dtype, kcv_buf_ptr(X, src));
            }
}

static int l_gemm(lua_State *L)
{
    kcv_buf *A = mp_checkfbuf(L, 1), *B = mp_checkfbuf(L, 2);
    kcv_checkopts(L, 3, "ta tb alpha beta C");
    int ta = mp_optbool(L, 3, "ta", 0), tb = mp_optbool(L, 3, "tb", 0);
    gemm_ctx g = {0};
    g.alpha = mp_optnum(L, 3, "alpha", 1);
    g.beta = mp_optnum(L, 3, "beta", 0);
    kcv_buf *C = mp_optbuf(L, 3, "C");
    if (A->ndim != 2 && A->ndim != 3) luaL_argerror(L, 1, "A must be 2-d or 3-d (batched)");
    if (B->ndim != A->ndim)
        luaL_argerror(L, 2, lua_pushfstring(L, "B must be %d-d like A", A->ndim));
    int d = A->ndim - 2;
    int64_t nb = d ? A->shape[0] : 1;
    if (d && B->shape[0] != nb)
        luaL_argerror(L, 2, lua_pushfstring(L, "batch %I does not match A's %I",
                      (lua_Integer)B->shape[0], (lua_Integer)nb));
    g.M = A->shape[d + (ta ? 1 : 0)];
    g.K = A->shape[d + (ta ? 0 : 1)];
    int64_t kb = B->shape[d + (tb ? 1 : 0)];
    g.N = B->shape[d + (tb ? 0 : 1)];
    if (kb != g.K)
        luaL_argerror(L, 2, lua_pushfstring(L, "inner dimension %I does not match A's %I",
                      (lua_Integer)kb, (lua_Integer)g.K));
    int64_t shape[3] = {nb, g.M, g.N};
    const int64_t *oshape = d ? shape : shape + 1;
    if (g.beta != 0) {
        if (!C) luaL_argerror(L, 3, "beta ~= 0 needs field 'C'");
        int ok = C->ndim == A->ndim;
        for (int i = 0; ok && i < C->ndim; i++) ok = C->shape[i] == oshape[i];
        if (!ok) luaL_argerror(L, 3, "field 'C' must have the output's shape");
        g.c = mp_loadf64(L, C);
    }
    double *a = mp_scratch(L, sizeof(double) * (size_t)(nb * g.M * g.K));
    double *bt = mp_scratch(L, sizeof(double) * (size_t)(nb * g.N * g.K));
    load_op(A, ta, nb, g.M, g.K, a);
    load_op(B, !tb, nb, g.N, g.K, bt);
    g.a = a;
    g.bt = bt;
    g.y = kcv_newbuf(L, KCV_F64, A->ndim, oshape)->data;
    g.mag = kcv_newbuf(L, KCV_F64, A->ndim, oshape)->data;
    mp_parallel(nb * g.M, 12.0 * (double)(g.N * g.K), gemm_task, &g);
    mp_fail_oom(L, g.failed);
    return 2;
}

void mp_open_gemm(lua_State *L)
{
    lua_pushcfunction(L, l_gemm);
    lua_setfield(L, -2, "gemm");
}
