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
