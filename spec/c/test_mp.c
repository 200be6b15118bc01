/*
 * test_mp.c — the oracle's exact f64 paths against MPFR, bit for bit.
 *
 * The certified TwoSum/TwoProduct results (mp_fast_sum, mp_fast_dot) must
 * equal the exact MPFR sum rounded once (mp_exact_sum, mp_exact_dot) on
 * random data with heavy cancellation and wide exponent ranges, and
 * mp_round53 must round into the subnormal range without double rounding.
 * The double-double paths of the exp family (mp_dd.c) must stay within
 * their error bound, equal the MPFR evaluation bit for bit, and decline
 * (counted in mp_dd_fallbacks) on constructed near-midpoint cases.
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

/* ---- double-double exp family (mp_dd.c) ---------------------------------- */

/* The MPFR path's evaluations, as mp_map.c and mp_norm.c do them. */
static double ref_map(int f, double x)
{
    mpfr_t a, t;
    mpfr_inits2(mp_prec, a, t, (mpfr_ptr)0);
    mpfr_set_d(a, x, MPFR_RNDN);
    if (f == MP_DD_EXP) {
        mpfr_exp(a, a, MPFR_RNDN);
    } else if (f == MP_DD_TANH) {
        mpfr_tanh(a, a, MPFR_RNDN);
    } else if (f == MP_DD_GELU) {         /* as host/mp_map.c: x/2 erfc(-x/sqrt 2) */
        mpfr_sqrt_ui(t, 2, MPFR_RNDN);
        mpfr_div(t, a, t, MPFR_RNDN);
        mpfr_neg(t, t, MPFR_RNDN);
        mpfr_erfc(t, t, MPFR_RNDN);
        mpfr_mul(a, t, a, MPFR_RNDN);
        mpfr_div_2ui(a, a, 1, MPFR_RNDN);
    } else {
        mpfr_neg(t, a, MPFR_RNDN);
        mpfr_exp(t, t, MPFR_RNDN);
        mpfr_add_ui(t, t, 1, MPFR_RNDN);
        mpfr_ui_div(t, 1, t, MPFR_RNDN);
        if (f == MP_DD_SILU) mpfr_mul(a, t, a, MPFR_RNDN); else mpfr_set(a, t, MPFR_RNDN);
    }
    double y = mpfr_get_d(a, MPFR_RNDN);
    mpfr_clears(a, t, (mpfr_ptr)0);
    return y;
}

static void ref_softmax_row(const double *x, int64_t n, int log, double *y)
{
    int64_t im = 0;
    for (int64_t j = 0; j < n; j++) if (x[j] > x[im]) im = j;
    double m = x[im];
    mpfr_t sp, t, u, *e = malloc(sizeof(mpfr_t) * (size_t)n);
    mpfr_inits2(mp_prec, sp, t, u, (mpfr_ptr)0);
    mpfr_set_zero(sp, 1);
    for (int64_t j = 0; j < n; j++) {
        mpfr_init2(e[j], mp_prec);
        mpfr_set_d(t, x[j], MPFR_RNDN);
        mpfr_sub_d(t, t, m, MPFR_RNDN);
        mpfr_exp(e[j], t, MPFR_RNDN);
        if (j != im) mpfr_add(sp, sp, e[j], MPFR_RNDN);
    }
    mpfr_log1p(u, sp, MPFR_RNDN);
    mpfr_add_ui(sp, sp, 1, MPFR_RNDN);
    for (int64_t j = 0; j < n; j++) {
        if (log) {
            mpfr_set_d(t, x[j], MPFR_RNDN);
            mpfr_sub_d(t, t, m, MPFR_RNDN);
            mpfr_sub(t, t, u, MPFR_RNDN);
        } else {
            mpfr_div(t, e[j], sp, MPFR_RNDN);
        }
        y[j] = mpfr_get_d(t, MPFR_RNDN);
        mpfr_clear(e[j]);
    }
    mpfr_clears(sp, t, u, (mpfr_ptr)0);
    free(e);
}

/* The error of 2^E (h + l) against exp(th + tl) at 320 bits, in units of
 * the bound mp_dd_exp returns divided by its safety factor 16: must stay
 * below 1 (the analysis holds) on a million arguments. */
static void test_dd_exp_bound(void)
{
    mpfr_t a, b;
    mpfr_inits2(320, a, b, (mpfr_ptr)0);
    double worst = 0, worst_u2 = 0;
    int trials = 1000000;
    for (int t = 0; t < trials; t++) {
        double th, tl = 0;
        switch (t % 4) {
        case 0: th = -746 + 1455 * unif(); break;
        case 1: th = (unif() * 2 - 1) * 0.01; break;
        case 2: th = -(1 + unif()) * ldexp(1.0, (int)(next() % 9)); break;
        default: th = ldexp(unif() * 2 - 1, -(int)(next() % 60)); break;
        }
        if (t % 2) tl = ldexp(unif() - 0.5, -52) * fabs(th) * 2;
        int E;
        double h, l, eps = mp_dd_exp(th, tl, &E, &h, &l);
        mpfr_set_d(a, th, MPFR_RNDN);
        mpfr_add_d(a, a, tl, MPFR_RNDN);
        mpfr_exp(a, a, MPFR_RNDN);                 /* exact, 320 bits */
        mpfr_set_d(b, h, MPFR_RNDN);
        mpfr_add_d(b, b, l, MPFR_RNDN);
        mpfr_mul_2si(b, b, E, MPFR_RNDN);
        mpfr_sub(b, b, a, MPFR_RNDN);
        mpfr_div(b, b, a, MPFR_RNDN);
        double rel = fabs(mpfr_get_d(b, MPFR_RNDN));
        if (rel / (eps / 16) > worst) worst = rel / (eps / 16);
        if (rel / 0x1p-106 > worst_u2) worst_u2 = rel / 0x1p-106;
    }
    mpfr_clears(a, b, (mpfr_ptr)0);
    printf("# dd exp: worst error %.2f u^2, %.3f of the analysed bound\n", worst_u2, worst);
    check(worst < 1, "double-double exp stays within its analysed error bound");
}

static void test_dd_maps(void)
{
    static const int fs[] = {MP_DD_EXP, MP_DD_SIGMOID, MP_DD_SILU, MP_DD_TANH};
    static const char *names[] = {"exp", "sigmoid", "silu", "tanh"};
    for (int k = 0; k < 4; k++) {
        int bad = 0, fast = 0, trials = 200000;
        for (int t = 0; t < trials; t++) {
            double x;
            switch (t % 5) {
            case 0: x = (unif() * 2 - 1) * 4; break;
            case 1: x = (unif() * 2 - 1) * 800; break;              /* both ends */
            case 2: x = -700 - 50 * unif(); break;                  /* subnormal exp */
            case 3: x = wild(k == 3 ? 12 : 60); break;
            default: x = (float)((unif() * 2 - 1) * 20); break;      /* f32 inputs */
            }
            double y, r = ref_map(fs[k], x);
            if (mp_dd_map(fs[k], x, &y)) { fast++; if (!same(y, r)) bad++; }
        }
        char msg[160];
        snprintf(msg, sizeof msg, "double-double %s equals MPFR bit for bit (%d of %d certified)",
                 names[k], fast, trials);
        check(bad == 0 && fast > trials / (k == 3 ? 3 : 2), msg);
    }
    /* gelu's erf series: both signs, the cancelling negative end, f32 inputs,
     * tiny |x|; at 64 and 128 bits. */
    mpfr_prec_t p1 = mp_prec;
    int gbad = 0, gfast = 0, gtrials = 60000;
    for (int t = 0; t < gtrials; t++) {
        double x;
        switch (t % 4) {
        case 0: x = (unif() * 2 - 1) * 6.4; break;
        case 1: x = -6.36 + unif(); break;
        case 2: x = (float)((unif() * 2 - 1) * 3); break;
        default: x = wild(20); break;
        }
        mp_prec = t % 3 ? 128 : 64;
        double y, r = ref_map(MP_DD_GELU, x);
        if (mp_dd_map(MP_DD_GELU, x, &y)) { gfast++; if (!same(y, r)) gbad++; }
    }
    mp_prec = p1;
    {
        char msg[160];
        snprintf(msg, sizeof msg, "double-double gelu equals MPFR bit for bit (%d of %d certified)", gfast, gtrials);
        check(gbad == 0 && gfast > gtrials * 3 / 4, msg);
    }
    /* At 64 and 256 bits the MPFR path's own error changes the bound. */
    mpfr_prec_t p0 = mp_prec;
    int badp = 0, fastp = 0;
    for (int pi = 0; pi < 2; pi++) {
        mp_prec = pi ? 256 : 64;
        for (int t = 0; t < 40000; t++) {
            double x = (unif() * 2 - 1) * (t % 2 ? 30 : 1), y, r = ref_map(t % 4, x);
            if (mp_dd_map(t % 4, x, &y)) { fastp++; badp += !same(y, r); }
        }
    }
    mp_prec = p0;
    check(badp == 0 && fastp > 70000, "the maps agree with MPFR at 64 and 256 bits too");
    /* exp(2^-53) = 1 + 2^-53 + 2^-107 + ...: 2^-107 above the midpoint
     * between 1 and 1 + 2^-52, below the bound: must decline, and MPFR
     * rounds up; likewise exp(-2^-54) just above 1 - 2^-54, and 3 2^-53, -3 2^-54. */
    double hard[] = {0x1p-53, -0x1p-54, 0x3p-53, -0x3p-54, 0x1p-60};
    int declined = 0, bad = 0;
    for (int i = 0; i < 5; i++) {
        unsigned long before = mp_dd_fallbacks;
        double y;
        if (mp_dd_map(MP_DD_EXP, hard[i], &y)) { if (!same(y, ref_map(MP_DD_EXP, hard[i]))) bad++; }
        else declined += mp_dd_fallbacks == before + 1;
    }
    check(declined >= 4 && bad == 0, "near-midpoint exp values leave the fast path (and are counted)");
    check(ref_map(MP_DD_EXP, 0x1p-53) == 1 + 0x1p-52 && ref_map(MP_DD_EXP, -0x1p-54) == 1,
          "... and MPFR rounds them correctly");
    double y;
    unsigned long before = mp_dd_fallbacks;
    int ok = !mp_dd_map(MP_DD_EXP, NAN, &y) && !mp_dd_map(MP_DD_EXP, INFINITY, &y) &&
             !mp_dd_map(MP_DD_EXP, 709.5, &y) && !mp_dd_map(MP_DD_EXP, -800, &y) &&
             !mp_dd_map(MP_DD_SIGMOID, -650, &y) && !mp_dd_map(MP_DD_TANH, 1e-5, &y);
    check(ok && mp_dd_fallbacks == before + 6,
          "non-finite, extreme and (tanh) tiny inputs go to MPFR");
}

static int row_same(const double *a, const double *b, int64_t n)
{
    for (int64_t j = 0; j < n; j++) if (!same(a[j], b[j])) return 0;
    return 1;
}

static void test_dd_softmax(void)
{
    enum { NMAX = 700 };
    double x[NMAX], y[NMAX], mag[NMAX], r[NMAX], w[2 * NMAX];
    int bad = 0, fast = 0, rows = 0, subn = 0, zeros = 0;
    for (int t = 0; t < 1200; t++) {
        int n = 2 + (int)(next() % (NMAX - 1)), kind = t % 6;
        for (int j = 0; j < n; j++) {
            switch (kind) {
            case 0: x[j] = unif() * 2 - 1; break;
            case 1: x[j] = (unif() * 2 - 1) * 400; break;           /* huge spread */
            case 2: x[j] = -(double)(next() % 760) - unif(); break; /* subnormal outputs */
            case 3: x[j] = 1e6 + (unif() - 0.5) * 1e-6; break;      /* cancellation in x - m */
            case 4: x[j] = wild(8); break;
            default: x[j] = (float)((unif() * 2 - 1) * 30); break;
            }
        }
        if (kind == 2) x[next() % n] = 0;
        for (int log = 0; log < 2; log++) {
            rows++;
            ref_softmax_row(x, n, log, r);
            for (int j = 0; j < n; j++) {
                subn += !log && r[j] != 0 && fabs(r[j]) < 0x1p-1022;
                zeros += !log && r[j] == 0;
            }
            if (mp_dd_softmax_row(x, n, log, y, mag, w)) { fast++; bad += !row_same(y, r, n); }
        }
    }
    printf("# dd softmax: %d of %d rows certified; %d subnormal and %d zero outputs\n",
           fast, rows, subn, zeros);
    check(bad == 0, "double-double softmax and log_softmax rows equal MPFR bit for bit");
    check(fast > rows * 9 / 10 && subn > 100 && zeros > 100,
          "the certificate holds for most rows, subnormal and zero outputs included");

    /* softmax of {0, a}, a = RN(-54 ln 2): 1/(1 + e^a) lies within about
     * 2^-102 of the midpoint 1 - 2^-54; and rows with non-finite entries. */
    unsigned long before = mp_dd_fallbacks;
    double h1[] = {0, -37.42994775023705};
    int declined = !mp_dd_softmax_row(h1, 2, 0, y, mag, w);
    double h2[] = {-INFINITY, -INFINITY}, h3[] = {1, NAN}, h4[] = {5}, h5[] = {1, INFINITY};
    declined += !mp_dd_softmax_row(h2, 2, 0, y, mag, w);
    declined += !mp_dd_softmax_row(h3, 2, 1, y, mag, w);
    declined += !mp_dd_softmax_row(h4, 1, 1, y, mag, w);
    declined += !mp_dd_softmax_row(h5, 2, 0, y, mag, w);
    check(declined == 5 && mp_dd_fallbacks == before + 5,
          "a near-midpoint softmax row and rows with +Inf, NaN, only -Inf or one entry go to MPFR");
    double mi[] = {0, -INFINITY, 1};
    check(mp_dd_softmax_row(mi, 3, 0, y, mag, w) && y[1] == 0 && !signbit(y[1]) && mag[1] == 0 &&
          mp_dd_softmax_row(mi, 3, 1, y, mag, w) && y[1] == -INFINITY && mag[1] == INFINITY,
          "a -Inf entry is certified: softmax +0 (magnitude 0), log_softmax -Inf");
    double tie[] = {3, 3};
    check(mp_dd_softmax_row(tie, 2, 0, y, mag, w) && y[0] == 0.5 && y[1] == 0.5,
          "an exact softmax value (0.5) is certified");
    /* At 64 bits MPFR's own error (n 2^-64) exceeds half an ulp: decline. */
    mpfr_prec_t p = mp_prec;
    mp_prec = 64;
    for (int j = 0; j < 300; j++) x[j] = unif();
    check(!mp_dd_softmax_row(x, 300, 0, y, mag, w), "at 64 bits the fast path declines");
    mp_prec = p;
}

/* rmsnorm as mp_norm.c's MPFR path computes it. */
static void ref_rmsnorm_row(const double *x, int64_t n, const double *g, double eps, double *y)
{
    mpfr_t v, d;
    mpfr_inits2(mp_prec, v, d, (mpfr_ptr)0);
    mpfr_set_zero(v, 1);
    for (int64_t j = 0; j < n; j++) {
        mpfr_set_d(d, x[j], MPFR_RNDN);
        mpfr_sqr(d, d, MPFR_RNDN);
        mpfr_add(v, v, d, MPFR_RNDN);
    }
    mpfr_div_si(v, v, (long)n, MPFR_RNDN);
    mpfr_add_d(v, v, eps, MPFR_RNDN);
    mpfr_rec_sqrt(v, v, MPFR_RNDN);
    for (int64_t j = 0; j < n; j++) {
        mpfr_set_d(d, x[j], MPFR_RNDN);
        mpfr_mul(d, d, v, MPFR_RNDN);
        if (g) mpfr_mul_d(d, d, g[j], MPFR_RNDN);
        y[j] = mpfr_get_d(d, MPFR_RNDN);
    }
    mpfr_clears(v, d, (mpfr_ptr)0);
}

static void test_dd_rmsnorm(void)
{
    enum { NMAX = 600 };
    double x[NMAX], g[NMAX], y[NMAX], mag[NMAX], r[NMAX];
    int bad = 0, fast = 0, rows = 600;
    for (int t = 0; t < rows; t++) {
        int n = 1 + (int)(next() % NMAX), kind = t % 4;
        for (int j = 0; j < n; j++) {
            x[j] = kind == 0 ? unif() * 2 - 1 : kind == 1 ? wild(100) :
                   kind == 2 ? 1e3 + unif() : (float)(unif() * 8 - 4);
            g[j] = t % 3 ? wild(3) : 0.0;
            if (next() % 50 == 0) x[j] = next() & 1 ? -0.0 : 0.0;
        }
        double eps = t % 2 ? 1e-5 : 0;
        const double *gp = t % 5 ? g : NULL;
        ref_rmsnorm_row(x, n, gp, eps, r);
        if (mp_dd_rmsnorm_row(x, n, gp, eps, y, mag)) { fast++; bad += !row_same(y, r, n); }
    }
    printf("# dd rmsnorm: %d of %d rows certified\n", fast, rows);
    check(bad == 0 && fast > rows * 9 / 10,
          "double-double rmsnorm rows equal MPFR bit for bit (signed zeros too)");
    double tiny[] = {1, 0x1p-600}, y2[2], m2[2];
    unsigned long before = mp_dd_fallbacks;
    check(!mp_dd_rmsnorm_row(tiny, 2, NULL, 0, y2, m2) && mp_dd_fallbacks == before + 1,
          "an rmsnorm row whose squares underflow goes to MPFR");
}

/* layernorm as mp_norm.c's MPFR path computes it (values only). */
static void ref_layernorm_row(const double *x, int64_t n, const double *g, const double *b,
                              double eps, double *y)
{
    mp_terms t;
    mpfr_t mu, v, d, gg, bb;
    mp_terms_init(&t, n, 53);
    mpfr_inits2(mp_prec, mu, v, d, gg, bb, (mpfr_ptr)0);
    for (int64_t j = 0; j < n; j++) mpfr_set_d(t.v[j], x[j], MPFR_RNDN);
    mpfr_sum(mu, t.p, (unsigned long)n, MPFR_RNDN);
    mpfr_div_si(mu, mu, (long)n, MPFR_RNDN);
    mpfr_set_zero(v, 1);
    for (int64_t j = 0; j < n; j++) {
        mpfr_sub(d, t.v[j], mu, MPFR_RNDN);
        mpfr_sqr(d, d, MPFR_RNDN);
        mpfr_add(v, v, d, MPFR_RNDN);
    }
    mpfr_div_si(v, v, (long)n, MPFR_RNDN);
    mpfr_add_d(v, v, eps, MPFR_RNDN);
    mpfr_rec_sqrt(v, v, MPFR_RNDN);
    for (int64_t j = 0; j < n; j++) {
        mpfr_sub(d, t.v[j], mu, MPFR_RNDN);
        mpfr_mul(d, d, v, MPFR_RNDN);
        mpfr_set_d(gg, g ? g[j] : 1, MPFR_RNDN);
        if (b) {
            mpfr_set_d(bb, b[j], MPFR_RNDN);
            mpfr_fma(d, d, gg, bb, MPFR_RNDN);
        } else {
            mpfr_mul(d, d, gg, MPFR_RNDN);
        }
        y[j] = mpfr_get_d(d, MPFR_RNDN);
    }
    mpfr_clears(mu, v, d, gg, bb, (mpfr_ptr)0);
    mp_terms_free(&t);
}

static void test_dd_layernorm(void)
{
    enum { NMAX = 600 };
    double x[NMAX], g[NMAX], b[NMAX], y[NMAX], mag[NMAX], r[NMAX], w[2 * NMAX];
    int bad = 0, fast = 0, rows = 800;
    for (int t = 0; t < rows; t++) {
        int n = 1 + (int)(next() % NMAX), kind = t % 5;
        for (int j = 0; j < n; j++) {
            x[j] = kind == 0 ? unif() * 2 - 1 : kind == 1 ? wild(100) :
                   kind == 2 ? 1e4 + unif() :                 /* var << mean^2 */
                   kind == 3 ? (float)(unif() * 8 - 4) : 1 + 0x1p-30 * unif();
            g[j] = next() % 10 == 0 ? 0.0 : wild(3);
            b[j] = next() % 10 == 0 ? 0.0 : wild(3);
        }
        double eps = t % 2 ? 1e-5 : 0;
        const double *gp = t % 3 ? g : NULL, *bp = t % 4 ? b : NULL;
        ref_layernorm_row(x, n, gp, bp, eps, r);
        if (mp_dd_layernorm_row(x, n, gp, bp, eps, y, mag, w)) {
            fast++;
            bad += !row_same(y, r, n);
        }
    }
    printf("# dd layernorm: %d of %d rows certified\n", fast, rows);
    check(bad == 0 && fast > rows * 3 / 4,
          "double-double layernorm rows equal MPFR bit for bit (zero gamma and beta too)");
    double cst[] = {2, 2, 2}, big[] = {1, 0x1p500}, y2[3], m2[3], w2[6];
    unsigned long before = mp_dd_fallbacks;
    check(!mp_dd_layernorm_row(cst, 3, NULL, NULL, 1e-5, y2, m2, w2) &&
          !mp_dd_layernorm_row(big, 2, NULL, NULL, 0, y2, m2, w2) &&
          mp_dd_fallbacks == before + 2, "constant and out-of-range layernorm rows go to MPFR");
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

/* mp_fast_dot4 (four columns in AVX2 lanes) gives, lane by lane, the bits,
 * the magnitude and the certified flag of mp_fast_dot: on random dots, on
 * heavy cancellation (some not certified), underflowing products, NaN, Inf,
 * zeros and every length from 0 to 9. */
static void test_dot4(void)
{
    int bad = 0, uncert = 0, trials = 1200;
    double a[130], b[4][130];
    for (int t = 0; t < trials; t++) {
        int n = t < 40 ? t % 10 : (int)(next() % 130), spread = t % 4 == 0 ? 300 : 20;
        for (int i = 0; i < n; i++) {
            a[i] = wild(spread);
            for (int l = 0; l < 4; l++) b[l][i] = wild(spread);
        }
        int kind = t % 7;
        for (int l = 0; l < 4 && n > 1; l++) {
            if ((kind + l) % 3 == 0)             /* cancellation: some lanes uncertified */
                for (int i = 0; i + 1 < n; i += 2) { b[l][i + 1] = -b[l][i] * (1 + 0x1p-52 * (int)(next() % 3)); }
            if (kind == 1 && l == 1) { a[0] = 0x1p-600; b[l][0] = 0x1p-500; }   /* tiny product */
            if (kind == 2 && l == 2) b[l][n / 2] = NAN;
            if (kind == 3 && l == 3) b[l][0] = INFINITY;
            if (kind == 4 && l == 0) b[l][n - 1] = 0x1p1000, a[n - 1] = 0x1p1000;  /* overflow */
            if (kind == 5) b[l][0] = l ? -0.0 : 0.0;
        }
        const double *bp[4] = {b[0], b[1], b[2], b[3]};
        double y4[4], m4[4], y, m;
        int ok4[4];
        mp_fast_dot4(a, bp, n, y4, m4, ok4);
        for (int l = 0; l < 4; l++) {
            int ok = mp_fast_dot(a, b[l], n, &y, &m);
            if (ok != ok4[l] || !same(m, m4[l]) || (ok && !same(y, y4[l]))) bad++;
            uncert += !ok;
        }
    }
    check(bad == 0, "mp_fast_dot4 gives mp_fast_dot's bits, magnitudes and certificates lane by lane");
    check(uncert > 50, "the dot4 test reaches uncertified lanes");
    mp_fast_dot4_enabled = 0;                 /* the fallback: four calls */
    const double *bp[4] = {b[0], b[1], b[2], b[3]};
    double y4[4], m4[4];
    int ok4[4];
    mp_fast_dot4(a, bp, 5, y4, m4, ok4);
    mp_fast_dot4_enabled = 1;
    double y, m;
    int ok = mp_fast_dot(a, b[2], 5, &y, &m);
    check(ok == ok4[2] && (!ok || same(y, y4[2])), "mp_fast_dot4's portable path is four mp_fast_dot calls");
}

int main(void)
{
    test_hand_sums();
    test_subnormal_rounding();
    test_random_sums();
    test_random_dots();
    test_dot4();
    test_round53_independent();
    test_threads();
    test_dd_exp_bound();
    test_dd_maps();
    test_dd_softmax();
    test_dd_rmsnorm();
    test_dd_layernorm();
    return failures != 0;
}
