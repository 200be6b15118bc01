/*
 * mp.h — the MPFR oracle (kcv.mp), shared by host/mp_*.c only.
 *
 * Every primitive reads its inputs exactly (kcv_load into f64), computes with
 * MPFR at mp_prec bits (or exactly, for sums of products), and rounds once to
 * f64.  Work is split over output rows ("lanes") by mp_parallel; each worker
 * call owns its MPFR temporaries, so nothing MPFR is shared between threads.
 * docs/ORACLE.md states the semantics and error-model magnitudes.
 */
#ifndef KCV_MP_H
#define KCV_MP_H

/* TwoSum below needs each operation rounded on its own (no fma contraction). */
#pragma GCC optimize ("fp-contract=off")
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include "kcv.h"

#define MP_PREC_DEFAULT 128
#define MP_PREC_MIN 64
#define MP_PREC_MAX 65536
/* Bits that hold any sum of up to 2^100 doubles exactly (2098 + 100 + slack). */
#define MP_EXACT_PREC 2240

/* ---- state and threads (mp_pool.c) ----------------------------------- */

extern mpfr_prec_t mp_prec;     /* working precision, bits */
extern int mp_fast;             /* 1: certified f64 fast paths enabled */
int mp_threads(void);
void mp_set_threads(int n);     /* n >= 1 */

/* Run fn(ctx, lo, hi) over [0, n) split in contiguous ranges, one per
 * thread; `work` is the rough cost of one item (flops) so tiny jobs stay on
 * the calling thread.  A worker reports failure by setting *failed. */
typedef void (*mp_task)(void *ctx, int64_t lo, int64_t hi);
void mp_parallel(int64_t n, double work, mp_task fn, void *ctx);

/* ---- exact f64 paths (mp_exact.c) ------------------------------------ */

#include "mp_acc.h"

/* RN(exact value of a) when provable from nterms roundings; 0 otherwise. */
#define mp_certify mp_acc_certify
/* Correctly rounded Σx[i*st] (n terms) and Σ|x|.  Returns 1 when certified,
 * 0 when the caller must use the MPFR path. */
int mp_fast_sum(const double *x, int64_t n, int64_t st, double *y, double *mag);
/* Correctly rounded Σ a[i]*b[i] (both contiguous) and Σ|a b|. */
int mp_fast_dot(const double *a, const double *b, int64_t n, double *y, double *mag);
/* mp_fast_dot of a with b[0..3], in one pass (AVX2 lanes where the CPU has
 * them): the same bits and the same certified flags ok[l] as four calls.
 * mp_fast_dot4_enabled = 0 makes it four calls (tests compare the two). */
void mp_fast_dot4(const double *a, const double *const b[4], int64_t n, double y[4],
                  double mag[4], int ok[4]);
extern int mp_fast_dot4_enabled;

/* The IEEE double nearest to the exact value that `r` (53 bits) is the
 * RN rounding of with ternary `inex` in MPFR's unbounded exponent range:
 * handles overflow and gradual underflow without double rounding. */
double mp_round53(mpfr_t r, int inex);
/* Exact Σ of n mpfr terms rounded once to double (r: a 53-bit temp). */
double mp_exact_sum(mpfr_ptr *tab, int64_t n, mpfr_t r);

/* n MPFR variables of one precision and the pointer array mpfr_sum wants;
 * 0 on success, -1 out of memory. */
typedef struct { mpfr_t *v; mpfr_ptr *p; int64_t n; } mp_terms;
int mp_terms_init(mp_terms *t, int64_t n, mpfr_prec_t prec);
void mp_terms_free(mp_terms *t);

/* Exact Σ a[k] * b[k*sb] rounded once (t: n terms of 106 bits, r: 53). */
double mp_exact_dot(const double *a, const double *b, int64_t n, int64_t sb,
                    mp_terms *t, mpfr_t r);

/* ---- certified double-double paths for the exp family (mp_dd.c) ----- */

enum { MP_DD_EXP, MP_DD_SIGMOID, MP_DD_SILU, MP_DD_TANH, MP_DD_GELU };
/* f(x) rounded to f64, 1 when certified equal to the MPFR path's result at
 * mp_prec bits; 0 (and a count in mp_dd_fallbacks) when the caller must
 * evaluate it with MPFR. */
int mp_dd_map(int f, double x, double *y);
/* softmax (log = 0) or log_softmax (log = 1) of one contiguous row and its
 * magnitudes; 1 when every value is certified, 0 (counted) when the caller
 * must run the MPFR row.  w: 2n doubles of scratch. */
int mp_dd_softmax_row(const double *x, int64_t n, int log, double *y, double *mag,
                      double *w);
/* One rmsnorm row (gamma may be NULL); 1 when every value is certified. */
int mp_dd_rmsnorm_row(const double *x, int64_t n, const double *gamma,
                      double eps, double *y, double *mag);
/* One layernorm row (gamma, beta may be NULL), w: 2n doubles; the
 * magnitudes may differ from the MPFR path's by an ulp (docs/ORACLE.md). */
int mp_dd_layernorm_row(const double *x, int64_t n, const double *gamma,
                        const double *beta, double eps, double *y, double *mag,
                        double *w);
/* exp(th + tl) = 2^E (h + l) within the returned relative error bound, for
 * finite th in [-746, 710], |tl| <= ulp(th) (exposed for the tests). */
double mp_dd_exp(double th, double tl, int *E, double *h, double *l);
/* Rows and elements that left the double-double paths (a debug counter,
 * updated atomically; tests read and reset it). */
extern unsigned long mp_dd_fallbacks;

/* ---- Lua glue (mp_lua.c) --------------------------------------------- */

/* Reduction geometry of an axis: lane r covers x[base + k*inner], k < n,
 * base = (r / inner) * n * inner + r % inner. */
typedef struct { int64_t outer, n, inner; } mp_lanes;

static inline int64_t mp_lane_base(const mp_lanes *g, int64_t r)
{
    return (r / g->inner) * g->n * g->inner + r % g->inner;
}

kcv_buf *mp_checkfbuf(lua_State *L, int arg);
/* Contiguous f64 copy of b (pushes one value: a scratch userdata or nil). */
const double *mp_loadf64(lua_State *L, const kcv_buf *b);
/* Pushes a GC-managed scratch block of `bytes` bytes. */
void *mp_scratch(lua_State *L, size_t bytes);
/* Option fields (the keys themselves are checked with kcv_checkopts). */
lua_Integer mp_optint(lua_State *L, int arg, const char *k, lua_Integer def);
double mp_optnum(lua_State *L, int arg, const char *k, double def);
int mp_optbool(lua_State *L, int arg, const char *k, int def);
const char *mp_optstr(lua_State *L, int arg, const char *k, const char *def);
/* Optional buffer field; pushes it (or nil); NULL when absent. */
kcv_buf *mp_optbuf(lua_State *L, int arg, const char *k);
/* 0-based axis from opts.axis (1-based or negative; default -1). */
int mp_optaxis(lua_State *L, int arg, const kcv_buf *b);
mp_lanes mp_geometry(const kcv_buf *b, int axis);
/* New f64 buffer shaped like b without `axis` (axis < 0: same shape). */
kcv_buf *mp_newout(lua_State *L, const kcv_buf *b, int axis, kcv_dtype dt);
void mp_fail_oom(lua_State *L, int failed);

/* Registration, one per file. */
void mp_open_reduce(lua_State *L);
void mp_open_map(lua_State *L);
void mp_open_norm(lua_State *L);
void mp_open_gemm(lua_State *L);
void mp_open_gdn(lua_State *L);

/* The error-model magnitude of one layernorm output (docs/ORACLE.md): the
 * mean carries absolute error ~ N u m1 (m1 = mean |x|), which reaches z_j
 * divided by sigma_hat; a numerically stable variance (two-pass or
 * Welford: a sum of non-negative terms) carries relative error ~ N u,
 * half of it in sigma_hat, so z_j errs by ~ N u |z_j| (counted twice for
 * the division).  A one-pass E[x^2] - mu^2 variance errs by N u m2 /
 * sigma_hat^2 instead — unbounded as the mean grows — and is NOT covered:
 * the contract demands a stable variance. */
static inline double mp_layernorm_mag(double gamma, double beta, double m1,
                                      double sd, double z, int64_t n)
{
    return fabs(gamma) * (m1 / sd + 2 * fabs(z)) + fabs(beta) / (double)n;
}

#endif
