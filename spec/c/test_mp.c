/*
 * test_mp.c — the oracle's exact f64 paths against MPFR, bit for bit.
 *
 * The certified TwoSum/TwoProduct results (mp_fast_sum, mp_fast_dot) must
 * equal the exact MPFR sum rounded once (mp_exact_sum, mp_exact_dot) on
 * random data with heavy cancellation and wide exponent ranges, and
 * mp_round53 must round into the subnormal range without double rounding.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mp.h"

static int failures;

static void check(int ok, const char *name)
{
    printf("%s - %s\n", ok ? "ok" : "not ok", name);
    if (!ok) failures++;
}

static int same(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}
static double unif(void) { return (double)(next() >> 11) * 0x1p-53; }
/* Signed value with a random exponent in [-spread, spread]. */
static double wild(int spread)
{
    double v = ldexp(1 + unif(), (int)(next() % (2 * spread + 1)) - spread);
    return next() & 1 ? -v : v;
}

static double ref_sum(const double *x, int64_t n)
{
    mp_terms t;
    mpfr_t r;
    mp_terms_init(&t, n, 53);
    mpfr_init2(r, 53);
    for (int64_t i = 0; i < n; i++) mpfr_set_d(t.v[i], x[i], MPFR_RNDN);
    double y = mp_exact_sum(t.p, n, r);
    mpfr_clear(r);
    mp_terms_free(&t);
    return y;
}

static double ref_dot(const double *a, const double *b, int64_t n)
{
    mp_terms t;
    mpfr_t r;
    mp_terms_init(&t, n, 106);
    mpfr_init2(r, 53);
    double y = mp_exact_dot(a, b, n, 1, &t, r);
    mpfr_clear(r);
    mp_terms_free(&t);
    return y;
}

static void test_hand_sums(void)
{
    double y, m;
    double a[] = {1e16, 1, -1e16, 3};
    check(mp_fast_sum(a, 4, 1, &y, &m) && y == 4 && m == 2e16 + 4,
          "sum with cancellation: 1e16 + 1 - 1e16 + 3 = 4");
    double tie[] = {1, -0x1p-54};            /* midpoint: ties to even = 1 */
    check(ref_sum(tie, 2) == 1 && mp_fast_sum(tie, 2, 1, &y, &m) && y == 1,
          "an exact tie is rounded to even on both paths");
    double below[] = {1, -0x1p-54, -0x1p-110};
    check(ref_sum(below, 3) == 1 - 0x1p-53, "just below the midpoint under 1 rounds down");
    double above[] = {1, 0x1p-53, 0x1p-110};
    int fast = mp_fast_sum(above, 3, 1, &y, &m);
    check(ref_sum(above, 3) == 1 + 0x1p-52 && (!fast || y == 1 + 0x1p-52),
          "just above the midpoint over 1 rounds up (the fast path agrees or declines)");
    double negz[] = {-0.0, -0.0};
    check(mp_fast_sum(negz, 2, 1, &y, &m) && y == 0 && signbit(y) &&
          signbit(ref_sum(negz, 2)), "a sum of -0 is -0 on both paths");
    double canc[] = {1e300, 1, -1e300, -1};
    check(ref_sum(canc, 4) == 0 && !signbit(ref_sum(canc, 4)),
          "an exactly cancelling sum is +0");
    double inf[] = {INFINITY, -INFINITY};
    check(isnan(ref_sum(inf, 2)) && !mp_fast_sum(inf, 2, 1, &y, &m),
          "+Inf + -Inf is NaN and leaves the fast path");
    double big[] = {0x1.fffffffffffffp1023, 0x1p970};
    check(isinf(ref_sum(big, 2)), "max + half an ulp overflows to Inf (ties to even)");
}

static void test_subnormal_rounding(void)
{
    /* 3 * 2^-538 * 2^-537 = 1.5 * 2^-1074: a tie between 1 and 2 min
     * subnormals, to even = 2; 2.5 * 2^-1074 -> 2; plus a tiny term -> 3. */
    double a[] = {0x3p-538}, b[] = {0x1p-537};
    check(ref_dot(a, b, 1) == 0x2p-1074, "1.5 min-subnormal rounds to 2 (even)");
    double a2[] = {0x5p-538, 0x1p-600}, b2[] = {0x1p-537, 0x1p-600};
    check(ref_dot(a2, b2, 2) == 0x3p-1074, "2.5 min-subnormal plus a tiny product rounds up to 3");
    double y, m;
    check(!mp_fast_dot(a, b, 1, &y, &m), "an underflowing product leaves the fast path");
    double a3[] = {0x1p-540}, b3[] = {0x1p-540};
    check(ref_dot(a3, b3, 1) == 0, "a product below half the min subnormal rounds to +0");
}

static void test_random_sums(void)
{
    int bad = 0, certified = 0, trials = 400;
    double x[300];
    for (int t = 0; t < trials; t++) {
        int n = 1 + (int)(next() % 300), spread = t % 4 == 0 ? 600 : 30;
        for (int i = 0; i < n; i++) x[i] = wild(spread);
        if (t % 3 == 0) {                  /* force heavy cancellation */
            for (int i = 0; i + 1 < n; i += 2) x[i + 1] = -x[i] * (1 + 0x1p-40 * unif());
        }
        double y, m, r = ref_sum(x, n);
        if (mp_fast_sum(x, n, 1, &y, &m)) { certified++; if (!same(y, r)) bad++; }
    }
    check(bad == 0, "certified f64 sums equal the exact MPFR sum bit for bit");
    check(certified > trials * 9 / 10, "the certificate holds for most random sums");
}

static void test_random_dots(void)
{
    int bad = 0, certified = 0, trials = 400;
    double a[257], b[257];
    for (int t = 0; t < trials; t++) {
        int n = 1 + (int)(next() % 257), spread = t % 4 == 0 ? 300 : 20;
        for (int i = 0; i < n; i++) { a[i] = wild(spread); b[i] = wild(spread); }
        if (t % 3 == 0)
            for (int i = 0; i + 1 < n; i += 2) { a[i + 1] = a[i]; b[i + 1] = -b[i] * (1 + 0x1p-45); }
        double y, m, r = ref_dot(a, b, n);
        if (mp_fast_dot(a, b, n, &y, &m)) { certified++; if (!same(y, r)) bad++; }
    }
    check(bad == 0, "certified f64 dots equal the exact MPFR dot bit for bit");
    check(certified > trials * 9 / 10, "the certificate holds for most random dots");
}

/* An independent rounding: accumulate products exactly (4400 bits hold any
 * sum of products of doubles) and let mpfr_get_d round once; it must agree
 * with mpfr_sum + mp_round53, also for results in the subnormal range,
 * where exact products have bits below 2^-1074. */
static void test_round53_independent(void)
{
    int bad = 0, subnormal = 0;
    double a[64], b[64];
    mpfr_t acc, p;
    mpfr_init2(acc, 4400);
    mpfr_init2(p, 106);
    for (int t = 0; t < 300; t++) {
        int n = 1 + (int)(next() % 60);
        int base = t % 2 ? -537 : (int)(next() % 200) - 100;
        for (int i = 0; i < n; i++) { a[i] = ldexp(wild(4), base); b[i] = ldexp(wild(4), base); }
        mpfr_set_zero(acc, 1);
        for (int i = 0; i < n; i++) {
            mpfr_set_d(p, a[i], MPFR_RNDN);
            mpfr_mul_d(p, p, b[i], MPFR_RNDN);
            mpfr_add(acc, acc, p, MPFR_RNDN);
        }
        double r = ref_dot(a, b, n);
        if (r != 0 && fabs(r) < 0x1p-1022) subnormal++;
        if (!same(mpfr_get_d(acc, MPFR_RNDN), r)) bad++;
    }
    mpfr_clear(acc);
    mpfr_clear(p);
    check(bad == 0 && subnormal > 50,
          "mpfr_sum + mp_round53 equals an exact accumulation rounded once (subnormals too)");
}

static void test_threads(void)
{
    int before = mp_threads();
    mp_set_threads(3);
    int ok = mp_threads() == 3;
    mp_set_threads(0);
    ok = ok && mp_threads() == 1;
    mp_set_threads(before);
    check(ok && mpfr_buildopt_tls_p(), "thread count is settable and MPFR is thread-safe (TLS)");
}

int main(void)
{
    test_hand_sums();
    test_subnormal_rounding();
    test_random_sums();
    test_random_dots();
    test_round53_independent();
    test_threads();
    return failures != 0;
}
