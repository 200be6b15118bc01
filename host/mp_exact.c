/*
 * mp_exact.c — exact f64 paths: sums and dot products by error-free
 * transformations, with a certificate that the f64 result is the correctly
 * rounded exact value; and the MPFR fallback that rounds an exact sum once.
 *
 * TwoSum (Knuth) and TwoProduct (fma) give s + q = a + b and p + q = a * b
 * exactly (no overflow; TwoProduct also needs |ab| well above the underflow
 * threshold).  A two-level cascade (mp_acc in mp.h) keeps the running sum
 * s, the TwoSum sum e of its exact errors q, and the float sum e2 of the
 * second-level errors q2: the exact result is s + e + e2 + δ with
 * |δ| <= gamma_m Σ|q2|.  If r = RN(s + e) is provably within half a gap of
 * every value that close, r is the correctly rounded result; otherwise the
 * caller falls back to MPFR.  Both paths give the same bits
 * (spec/c/test_mp.c, spec/mp_spec.lua).
 */
/* The transformations need every product and sum rounded separately. */
#pragma GCC optimize ("fp-contract=off")
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mp.h"

int mp_fast_sum(const double *x, int64_t n, int64_t st, double *y, double *mag)
{
    mp_acc a = MP_ACC_INIT;
    double m = 0;
    if (n == 0) { *y = 0; *mag = 0; return 1; }
    for (int64_t i = 0; i < n; i++) {
        double v = x[i * st];
        mp_acc_add(&a, v);
        m += fabs(v);
    }
    *mag = m;
    return mp_certify(&a, n, y);
}

/* Fold b into a (both exact decompositions). */
static void acc_merge(mp_acc *a, const mp_acc *b)
{
    double q, q2;
    two_sum(a->s, b->s, &a->s, &q);
    a->E1 += b->E1 + fabs(q);
    two_sum(a->e, b->e, &a->e, &q2);
    a->e2 += b->e2 + q2; a->E2 += b->E2 + fabs(q2);
    two_sum(a->e, q, &a->e, &q2);
    a->e2 += q2; a->E2 += fabs(q2);
}

/* The dot kernel twice: with hardware fma where the CPU has it (an inlined
 * vfmadd), else through libm's correctly rounded fma().  Two independent
 * accumulators give the CPU two dependency chains. */
#define DOT_TERM(A, X, Y, FMA)                                               \
    p = (X) * (Y); pe = FMA((X), (Y), -p);                                   \
    tiny |= (fabs(p) < 0x1p-960) & ((X) != 0) & ((Y) != 0);                  \
    mp_acc_add(&(A), p); mp_acc_err(&(A), pe); m += fabs(p);

#define DOT_BODY(FMA)                                                        \
    mp_acc a0 = MP_ACC_INIT, a1 = MP_ACC_INIT;                               \
    double p, pe, m = 0;                                                     \
    int tiny = 0;                                                            \
    int64_t i = 0;                                                           \
    for (; i + 1 < n; i += 2) {                                              \
        DOT_TERM(a0, a[i], b[i], FMA)                                        \
        DOT_TERM(a1, a[i + 1], b[i + 1], FMA)                                \
    }                                                                        \
    if (i < n) { DOT_TERM(a0, a[i], b[i], FMA) }                             \
    *mag = m;                                                                \
    if (n == 0) { *y = 0; return 1; }                                        \
    if (tiny) return 0;                                                      \
    acc_merge(&a0, &a1);                                                     \
    return mp_certify(&a0, 2 * n + 4, y);

static int dot_libm(const double *a, const double *b, int64_t n, double *y, double *mag)
{
    DOT_BODY(fma)
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
__attribute__((target("fma")))
static int dot_hw(const double *a, const double *b, int64_t n, double *y, double *mag)
{
    DOT_BODY(__builtin_fma)
}
#define HAVE_DOT_HW 1
#endif

int mp_fast_dot(const double *a, const double *b, int64_t n, double *y, double *mag)
{
#ifdef HAVE_DOT_HW
    if (__builtin_cpu_supports("fma")) return dot_hw(a, b, n, y, mag);
#endif
    return dot_libm(a, b, n, y, mag);
}

/* Four dot products of one a with four b's at once: lane l runs exactly
 * the operations of mp_fast_dot(a, b[l], ...) in the same order (AVX2
 * lanes are IEEE doubles; fma(x, y, -p) is fmsub(x, y, p); |.| clears the
 * sign bit; TwoSum, the accumulators, the merge and the certificate are
 * the same per lane), so every lane gives mp_fast_dot's bits and its
 * certified / not certified answer: spec/c/test_mp.c checks both. */
#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define V4 __m256d
#define V4_FN static inline __attribute__((always_inline, target("avx2,fma")))

V4_FN void v4_two_sum(V4 a, V4 b, V4 *s, V4 *q)
{
    V4 x = _mm256_add_pd(a, b), z = _mm256_sub_pd(x, a);
    *q = _mm256_add_pd(_mm256_sub_pd(a, _mm256_sub_pd(x, z)), _mm256_sub_pd(b, z));
    *s = x;
}

typedef struct { V4 s, e, e2, E1, E2; } v4_acc;

V4_FN V4 v4_abs(V4 x) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), x); }

V4_FN void v4_acc_err(v4_acc *a, V4 q)
{
    V4 q2;
    a->E1 = _mm256_add_pd(a->E1, v4_abs(q));
    v4_two_sum(a->e, q, &a->e, &q2);
    a->e2 = _mm256_add_pd(a->e2, q2);
    a->E2 = _mm256_add_pd(a->E2, v4_abs(q2));
}

V4_FN void v4_acc_add(v4_acc *a, V4 v)
{
    V4 q;
    v4_two_sum(a->s, v, &a->s, &q);
    v4_acc_err(a, q);
}

#define V4_TERM(A, I)                                                            \
    x = _mm256_set1_pd(a[I]);                                                    \
    yv = _mm256_set_pd(b3[I], b2[I], b1[I], b0[I]);                               \
    p = _mm256_mul_pd(x, yv); pe = _mm256_fmsub_pd(x, yv, p);                     \
    tiny = _mm256_or_pd(tiny, _mm256_and_pd(_mm256_cmp_pd(v4_abs(p), lim, _CMP_LT_OQ), \
           _mm256_and_pd(_mm256_cmp_pd(x, zero, _CMP_NEQ_UQ), _mm256_cmp_pd(yv, zero, _CMP_NEQ_UQ)))); \
    v4_acc_add(&(A), p); v4_acc_err(&(A), pe); m = _mm256_add_pd(m, v4_abs(p));

__attribute__((target("avx2,fma")))
static void dot4_avx2(const double *a, const double *const b[4], int64_t n, double y[4],
                      double mag[4], int ok[4])
{
    const double *b0 = b[0], *b1 = b[1], *b2 = b[2], *b3 = b[3];
    V4 zero = _mm256_setzero_pd(), lim = _mm256_set1_pd(0x1p-960), mz = _mm256_set1_pd(-0.0);
    v4_acc A0 = {mz, zero, zero, zero, zero}, A1 = {mz, zero, zero, zero, zero};
    V4 x, yv, p, pe, m = zero, tiny = zero;
    int64_t i = 0;
    for (; i + 1 < n; i += 2) {
        V4_TERM(A0, i)
        V4_TERM(A1, i + 1)
    }
    if (i < n) { V4_TERM(A0, i) }
    double ls[5][4], ls1[5][4], lm[4], lt[4];
    _mm256_storeu_pd(ls[0], A0.s); _mm256_storeu_pd(ls[1], A0.e); _mm256_storeu_pd(ls[2], A0.e2);
    _mm256_storeu_pd(ls[3], A0.E1); _mm256_storeu_pd(ls[4], A0.E2);
    _mm256_storeu_pd(ls1[0], A1.s); _mm256_storeu_pd(ls1[1], A1.e); _mm256_storeu_pd(ls1[2], A1.e2);
    _mm256_storeu_pd(ls1[3], A1.E1); _mm256_storeu_pd(ls1[4], A1.E2);
    _mm256_storeu_pd(lm, m);
    _mm256_storeu_pd(lt, tiny);
    for (int l = 0; l < 4; l++) {
        mag[l] = lm[l];
        if (n == 0) { y[l] = 0; ok[l] = 1; continue; }
        uint64_t tb;
        memcpy(&tb, &lt[l], 8);
        if (tb) { ok[l] = 0; continue; }
        mp_acc a0 = {ls[0][l], ls[1][l], ls[2][l], ls[3][l], ls[4][l]};
        mp_acc a1 = {ls1[0][l], ls1[1][l], ls1[2][l], ls1[3][l], ls1[4][l]};
        acc_merge(&a0, &a1);
        ok[l] = mp_certify(&a0, 2 * n + 4, &y[l]);
    }
}
#define HAVE_DOT4 1
#endif

void mp_fast_dot4(const double *a, const double *const b[4], int64_t n, double y[4],
                  double mag[4], int ok[4])
{
#ifdef HAVE_DOT4
    if (mp_fast_dot4_enabled && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        dot4_avx2(a, b, n, y, mag, ok);
        return;
    }
#endif
    for (int l = 0; l < 4; l++) ok[l] = mp_fast_dot(a, b[l], n, &y[l], &mag[l]);
}

int mp_fast_dot4_enabled = 1;

double mp_round53(mpfr_t r, int inex)
{
    if (!mpfr_regular_p(r)) return mpfr_get_d(r, MPFR_RNDN);   /* NaN, Inf, 0 */
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    /* IEEE double in MPFR's convention (m in [1/2, 1)): subnormals emulated
     * by mpfr_subnormalize, which uses the ternary to avoid double rounding. */
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    inex = mpfr_check_range(r, inex, MPFR_RNDN);
    mpfr_subnormalize(r, inex, MPFR_RNDN);
    double d = mpfr_get_d(r, MPFR_RNDN);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return d;
}

double mp_exact_sum(mpfr_ptr *tab, int64_t n, mpfr_t r)
{
    int inex = mpfr_sum(r, tab, (unsigned long)n, MPFR_RNDN);
    return mp_round53(r, inex);
}

int mp_terms_init(mp_terms *t, int64_t n, mpfr_prec_t prec)
{
    t->n = 0;
    t->v = malloc(sizeof(mpfr_t) * (size_t)(n ? n : 1));
    t->p = malloc(sizeof(mpfr_ptr) * (size_t)(n ? n : 1));
    if (!t->v || !t->p) { free(t->v); free(t->p); t->v = NULL; t->p = NULL; return -1; }
    for (int64_t i = 0; i < n; i++) {
        mpfr_init2(t->v[i], prec);
        t->p[i] = t->v[i];
    }
    t->n = n;
    return 0;
}

void mp_terms_free(mp_terms *t)
{
    for (int64_t i = 0; i < t->n; i++) mpfr_clear(t->v[i]);
    free(t->v);
    free(t->p);
    t->v = NULL; t->p = NULL; t->n = 0;
}
