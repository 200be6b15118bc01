/*
 * mp_dd.c — certified double-double fast paths for the exp family
 * (softmax, log_softmax, map exp / sigmoid / silu / tanh / gelu) and for rmsnorm
 * and layernorm, in the spirit of Ziv's strategy: evaluate in
 * double-double (about 106 bits) with a rigorous error bound, and return
 * the f64 rounding only when the bound proves it is the one the MPFR path
 * returns; otherwise the caller runs the MPFR code for that element (maps)
 * or that row (the row-wise primitives).
 *
 * "The one the MPFR path returns": the MPFR path is itself a P-bit
 * approximation (P = mp_prec) with a known error bound eps_mp.  If every
 * value within (our error + eps_mp) of our approximation rounds to the same
 * double, the true value, our value and MPFR's P-bit value all round to it,
 * so the bits agree.  docs/ORACLE.md ("The double-double fast path") gives
 * the bounds; spec/c/test_mp.c checks the bits against MPFR.
 *
 * Error-free transformations: TwoSum (Knuth), FastTwoSum (Dekker, |a| >=
 * |b| or a = 0), TwoProduct by fma (exact unless the product's error term
 * underflows: products stay above 2^-969 — by range checks on the inputs,
 * the 2^-900 floor of the certificate, or an explicit check — or their
 * loss, at most 2^-1074 each, is counted in the bound).  Double-double
 * operations follow Joldes, Muller and Popescu, "Tight and rigorous error
 * bounds for basic building blocks of double-word arithmetic" (TOMS 2017);
 * their relative error bounds, u = 2^-53: DWPlusFP 2u², AccurateDWPlusDW
 * 3u², DWTimesFP1 2u², DWTimesDW1 7u², DWDivDW (as below) 15u².  Every
 * bound used below is the analysed one times a safety factor of 16.
 */
#pragma GCC optimize ("fp-contract=off")
#include <math.h>
#include <pthread.h>
#include "mp.h"

#define U2 0x1p-106                         /* u^2 */
/* Relative error of dd_exp before the argument term: 15 u^2 analysed
 * (polynomial 6, table 1, product 8), times 16. */
#define EXP_ERR (240 * U2)
/* Beyond these the fast paths hand the element (or row) to MPFR. */
#define EXP_LO (-746.0)     /* exp below 2^-1076.2: rounds to +0 */
#define EXP_HI 709.0        /* exp above 2^1022.9: too close to overflow */

unsigned long mp_dd_fallbacks;

static void count_fallback(void)
{
    __atomic_fetch_add(&mp_dd_fallbacks, 1, __ATOMIC_RELAXED);
}

/* ---- double-double building blocks ------------------------------------- */

typedef struct { double h, l; } dd;

/* Everything below is inlined into the entry points, so that their fma
 * clones use the instruction. */
#define DDI static inline __attribute__((always_inline))

DDI dd fast_two_sum(double a, double b)
{
    double s = a + b;
    return (dd){s, b - (s - a)};
}

/* TwoProduct by fma: an inlined vfmadd in the fma clones of the entry
 * points (DD_CLONES), libm's correctly rounded fma() elsewhere. */
DDI dd two_prod(double a, double b)
{
    double p = a * b;
    return (dd){p, __builtin_fma(a, b, -p)};
}

#if defined(__GNUC__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__))
#define DD_CLONES __attribute__((target_clones("fma", "default")))
#else
#define DD_CLONES
#endif

/* DWPlusFP: 2u^2. */
DDI dd dd_add_d(dd a, double b)
{
    double s, e;
    two_sum(a.h, b, &s, &e);
    return fast_two_sum(s, a.l + e);
}

/* AccurateDWPlusDW: 3u^2. */
DDI dd dd_add(dd a, dd b)
{
    double s, e, t, f;
    two_sum(a.h, b.h, &s, &e);
    two_sum(a.l, b.l, &t, &f);
    dd r = fast_two_sum(s, e + t);
    return fast_two_sum(r.h, r.l + f);
}

/* DWTimesFP1: 2u^2. */
DDI dd dd_mul_d(dd a, double b)
{
    dd c = two_prod(a.h, b);
    dd t = fast_two_sum(c.h, a.l * b);
    return fast_two_sum(t.h, t.l + c.l);
}

/* DWTimesDW1: 7u^2. */
DDI dd dd_mul(dd a, dd b)
{
    dd c = two_prod(a.h, b.h);
    double t = a.h * b.l + a.l * b.h;
    return fast_two_sum(c.h, c.l + t);
}

/* DWDivDW (JMP Algorithm 17, with DWTimesFP1): 15u^2 + 56u^3. */
DDI dd dd_div(dd x, dd y)
{
    double th = x.h / y.h;
    dd r = dd_mul_d(y, th);
    double ph = x.h - r.h, dl = x.l - r.l, d = ph + dl;
    return fast_two_sum(th, d / y.h);
}

/* 2^e for e in [-1022, 1023], and x 2^e (exact when the result is normal). */
DDI double pow2i(int e)
{
    union { uint64_t u; double d; } b = {(uint64_t)(e + 1023) << 52};
    return b.d;
}

DDI double scale2(double x, int e)
{
    return e >= -1022 && e <= 1023 ? x * pow2i(e) : ldexp(x, e);
}

/* 2^-P, P = mp_prec (an upper bound past 2^-1000). */
DDI double ulp_p(void)
{
    return mp_prec <= 1000 ? pow2i(-(int)mp_prec) : 0x1p-1000;
}

/* ---- constants ------------------------------------------------------------
 * 2^(j/256) as hi + lo, ln2/256 = L1 + L2 + L3 (L1 with 32 bits, so k*L1 is
 * exact for |k| < 2^21), 1/6 and 1/24 as hi + lo: from MPFR at 256 bits,
 * so each hi + lo is within u^2 relative of the constant. */

static double TH[256], TL[256], L1, L2, L3, C3H, C3L, C4H, C4L;
static double R2H, R2L, K2H, K2L;               /* 1/sqrt 2, 2/sqrt pi */
static const double INVL = 369.3299304675746;   /* 256/ln 2, any rounding */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void split(mpfr_t v, mpfr_t t, double *h, double *l)
{
    *h = mpfr_get_d(v, MPFR_RNDN);
    mpfr_sub_d(t, v, *h, MPFR_RNDN);
    *l = mpfr_get_d(t, MPFR_RNDN);
}

static void init_tables(void)
{
    mpfr_t v, t;
    mpfr_inits2(256, v, t, (mpfr_ptr)0);
    for (int j = 0; j < 256; j++) {
        mpfr_set_ui(v, (unsigned long)j, MPFR_RNDN);
        mpfr_div_ui(v, v, 256, MPFR_RNDN);
        mpfr_exp2(v, v, MPFR_RNDN);
        split(v, t, &TH[j], &TL[j]);
    }
    mpfr_const_log2(v, MPFR_RNDN);
    mpfr_div_ui(v, v, 256, MPFR_RNDN);
    mpfr_set_prec(t, 32);
    mpfr_set(t, v, MPFR_RNDN);
    L1 = mpfr_get_d(t, MPFR_RNDN);
    mpfr_set_prec(t, 256);
    mpfr_sub_d(v, v, L1, MPFR_RNDN);
    split(v, t, &L2, &L3);
    mpfr_set_ui(v, 1, MPFR_RNDN);
    mpfr_div_ui(v, v, 6, MPFR_RNDN);
    split(v, t, &C3H, &C3L);
    mpfr_set_ui(v, 1, MPFR_RNDN);
    mpfr_div_ui(v, v, 24, MPFR_RNDN);
    split(v, t, &C4H, &C4L);
    mpfr_sqrt_ui(v, 2, MPFR_RNDN);
    mpfr_ui_div(v, 1, v, MPFR_RNDN);
    split(v, t, &R2H, &R2L);
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_sqrt(v, v, MPFR_RNDN);
    mpfr_ui_div(v, 2, v, MPFR_RNDN);
    split(v, t, &K2H, &K2L);
    mpfr_clears(v, t, (mpfr_ptr)0);
}

DDI void dd_init(void) { pthread_once(&once, init_tables); }

/* ---- exp --------------------------------------------------------------------
 * exp(th + tl) = 2^E (h + l) for finite th in [EXP_LO - 1, EXP_HI + 1] and
 * |tl| <= ulp(th): k = round(256 th / ln 2), r = th + tl - k ln2/256
 * (|r| <= 2^-9.4), exp(r) by its Taylor polynomial of degree 9 (truncation
 * below 2^-115), 2^(k/256) = 2^E 2^(j/256).  Returns the relative error
 * bound of h + l against the exact value.
 *
 * Argument: th - k L1 is exact (k L1 is; the difference is below 2^-9 and
 * a multiple of min(ulp th, 2^-40) >= 2^-62), k L2 is split exactly; the
 * rest (tl, the TwoProduct and TwoSum errors, k L3) are added in four
 * floating-point operations: absolute error <= 2^-50 (|tl| + 2^-60), plus
 * |k| 2^-140 for the rounding of k L3 and the truncation of ln2/256.  An
 * absolute error d in r is a relative error <= 1.01 d in exp(r).
 *
 * Polynomial: exp(r) = 1 + r(1 + r(1/2 + r(1/6 + r(1/24 + r T)))), T (the
 * degree 5..9 terms over r^5) in double (error <= 2^-105 relative after
 * the factor r^5), the four outer Horner steps in double-double: each adds
 * <= 2u^2 relative, inner errors damped by |r| <= 2^-9.4: <= 6u^2 in all,
 * with the constants.  The table entry adds u^2, the product DWTimesDW 7u^2.
 */
DDI double dd_exp(double th, double tl, int *E, dd *res)
{
    double kd = (th * INVL + 0x1.8p52) - 0x1.8p52;   /* round to nearest */
    int k = (int)kd, j = k & 255;
    *E = (k - j) / 256;
    double s, e, s2, e2;
    two_sum(th, -(kd * L1), &s, &e);
    dd p = two_prod(kd, L2);
    two_sum(s, -p.h, &s2, &e2);
    double low = (((e + tl) - p.l) - kd * L3) + e2;
    dd r;
    two_sum(s2, low, &r.h, &r.l);
    double rh = r.h;
    double T = 1.0 / 120 + rh * (1.0 / 720 + rh * (1.0 / 5040 +
               rh * (1.0 / 40320 + rh * (1.0 / 362880))));
    dd q = dd_add((dd){C4H, C4L}, two_prod(rh, T));
    q = dd_add((dd){C3H, C3L}, dd_mul(r, q));
    q = dd_add_d(dd_mul(r, q), 0.5);
    q = dd_add_d(dd_mul(r, q), 1.0);
    q = dd_add_d(dd_mul(r, q), 1.0);
    *res = dd_mul((dd){TH[j], TL[j]}, q);
    double arg = 0x1p-50 * (fabs(tl) + fabs(e) + 0x1p-60) + fabs(kd) * 0x1p-140;
    return EXP_ERR + 1.02 * 16 * arg;
}

DD_CLONES double mp_dd_exp(double th, double tl, int *E, double *h, double *l)
{
    dd_init();
    dd v;
    double eps = dd_exp(th, tl, E, &v);
    *h = v.h;
    *l = v.l;
    return eps;
}

/* ---- the certificate ----------------------------------------------------------
 * v = 2^E (h + l), h + l normalised (|l| <= ulp(h)), h > 2^-900 in
 * magnitude; err bounds |exact - (h + l)| (unscaled) and includes the MPFR
 * path's own error.  1 and *y = RN(2^E exact) when every value within err of
 * h + l, scaled, rounds to the same double; 0 otherwise. */
DDI int dd_round(dd v, int E, double err, double *y)
{
    double r, d;
    if (!(fabs(v.h) > 0x1p-900 && fabs(v.h) < 0x1p900)) return 0;
    two_sum(v.h, v.l, &r, &d);              /* r = RN(h + l), d exact */
    union { double d; uint64_t u; } b = {r};
    int ex = (int)((b.u >> 52) & 0x7ff) - 1022;    /* |r| = m 2^ex, m in [1/2, 1) */
    if (ex + E > 1023) return 0;            /* near or past overflow */
    double dist = (fabs(d) + err) * (1 + 0x1p-50);
    if (ex + E - 1 >= -1021) {              /* normal result, |v| >= 2^-1021 */
        double half = pow2i(ex - 54);
        if ((b.u & 0xfffffffffffffull) == 0) half *= 0.5;   /* a power of two: */
        if (!(dist < half)) return 0;                       /* finer gap below */
        *y = E == 0 ? r : scale2(r, E);
        return 1;
    }
    /* |v| < 2^-1021: the grid is 2^-1074; z = v / 2^-1074 (exact scaling:
     * h and l scaled stay normal), rounded to an integer. */
    int sc = E + 1074;
    if (sc < -8) return 0;
    double zh = scale2(v.h, sc), zl = scale2(v.l, sc), zerr = scale2(err * (1 + 0x1p-50), sc);
    double n = nearbyint(zh), f = (zh - n) + zl;   /* zh - n exact */
    if (f > 0.5) { n += 1; f -= 1; }               /* both exact */
    else if (f < -0.5) { n -= 1; f += 1; }
    if (!(fabs(f) * (1 + 0x1p-50) + zerr * 2 < 0.5)) return 0;
    *y = ldexp(n, -1074);
    if (n == 0) *y = v.h < 0 ? -0.0 : 0.0;
    return 1;
}

/* ---- maps ---------------------------------------------------------------------- */

/* gelu(x) = (x/2) erfc(-x/sqrt 2) for 2^-900 < |x| <= GELU_DD_MAX, from
 *   erf(z) = (2/sqrt pi) e^(-z^2) S,  S = sum_n a_n,  a_0 = z,
 *   a_n = a_(n-1) 2z^2 / (2n+1),  z = |x|/sqrt 2 <= 4.5,
 * a series of positive terms (no cancellation inside it), then erfc(-x/sqrt
 * 2) = 1 + erf(z) for x > 0 and 1 - erf(z) for x < 0 (a cancellation of at
 * most erf/erfc <= 2^32.3 at z = 4.5, counted).  Relative errors in u^2,
 * analysed, each times 16: z 3 (DWTimesFP and the constant); w = 2z^2 13;
 * a_n 3 + 35n (per step the product 7, w 13, the division by 2n+1 15);
 * the sum of n positive terms 3n more; the tail, once 2n+3 > 2w (every
 * later ratio < 1/2) and a_n < 2^-112 S, below a_n < 2^-112 S; e^(-z^2)
 * dd_exp's bound plus 1.01 x 13 z^2 for its argument; the constant and the
 * two products 15.  The MPFR path: t = x/sqrt 2 (2 roundings), erfc's
 * condition number at most 2z^2 + 2, then erfc's and x's roundings:
 * (4z^2 + 7) 2^-P, taken as (4z^2 + 8) 2^-P.
 * The tails need no evaluation (mp_dd_map), as tanh's: gelu(x) = x - (x/2)
 * erfc(x/sqrt 2) and erfc(z) <= exp(-z^2) for z >= 0, so for x >= 9 the
 * deficit is under x exp(-40.5)/2 < 2^-58 x, less than half the gap below
 * x (2^-54 x at least, at a power of two): the value rounds to x, as the
 * MPFR path's P-bit value does (P >= 64); for finite x <= -40, |gelu(x)| <=
 * (|x|/2) exp(-x^2/2) <= 20 e^-800, far under half the smallest subnormal
 * (2^-1075): it rounds to -0. */
#define GELU_DD_MAX 6.36
#define GELU_TERMS 160

DDI int dd_gelu(double x, dd *v, double *eps, double *eps_mp)
{
    double ax = fabs(x);
    if (!(ax > 0x1p-900 && ax <= GELU_DD_MAX)) return 0;
    dd z = dd_mul_d((dd){R2H, R2L}, ax);
    dd s = dd_mul(z, z);
    dd w = {2 * s.h, 2 * s.l};
    dd a = z, S = z;
    int n = 1;
    for (; n <= GELU_TERMS; n++) {
        a = dd_div(dd_mul(a, w), (dd){2.0 * n + 1, 0.0});
        S = dd_add(S, a);
        if (2.0 * n + 3 > 2 * w.h * (1 + 0x1p-40) && a.h < 0x1p-112 * S.h) break;
    }
    if (n > GELU_TERMS) return 0;
    int E;
    dd e;
    double eps_e = dd_exp(-s.h, -s.l, &E, &e);
    dd ee = {scale2(e.h, E), scale2(e.l, E)};          /* e^(-z^2) >= 2^-30 */
    dd erf = dd_mul(dd_mul((dd){K2H, K2L}, S), ee);
    double eps_erf = (3 + 38.0 * n + 1.01 * 13 * s.h + 15) * 16 * U2 + 0x1p-111 + eps_e;
    dd c = dd_add_d(x > 0 ? erf : (dd){-erf.h, -erf.l}, 1.0);
    *eps = eps_erf * erf.h / c.h * 1.01 + (3 + 2) * 16 * U2;
    *v = dd_mul_d(c, 0.5 * x);                         /* x/2 exact: |x| > 2^-900 */
    *eps_mp = (4 * s.h + 8) * ulp_p();
    return 1;
}

DD_CLONES int mp_dd_map(int f, double x, double *y)
{
    dd_init();
    double eps_mp = 8 * ulp_p();                  /* MPFR: <= 4 roundings at P bits */
    int E;
    dd v;
    double eps;
    if (f == MP_DD_EXP) {
        if (!(x >= EXP_LO && x <= EXP_HI)) goto fail;
        eps = dd_exp(x, 0, &E, &v);
    } else if (f == MP_DD_TANH) {
        /* tanh |x| = m / (m + 2), m = expm1(2|x|) = exp(2|x|) - 1: the
         * subtraction costs a factor e^a / (e^a - 1) <= 2^8.01 in relative
         * error for a = 2|x| >= 2^-8; smaller |x| go to MPFR.  Beyond 20,
         * 1 - tanh|x| < 2^-56: the value rounds to 1 (on both paths). */
        double ax = fabs(x);
        if (ax >= 20) { *y = x > 0 ? 1.0 : -1.0; return 1; }
        if (!(ax >= 0x1p-9)) goto fail;
        eps = dd_exp(2 * ax, 0, &E, &v);
        dd em = {scale2(v.h, E), scale2(v.l, E)};
        dd m1 = dd_add_d(em, -1.0);
        double epsm = eps * em.h / m1.h * 1.01 + 2 * 16 * U2;
        v = dd_div(m1, dd_add_d(m1, 2.0));
        if (x < 0) { v.h = -v.h; v.l = -v.l; }
        E = 0;
        eps = 2 * epsm + (2 + 15) * 16 * U2;
    } else if (f == MP_DD_GELU) {
        if (isfinite(x) && x >= 9) { *y = x; return 1; }        /* the tails */
        if (isfinite(x) && x <= -40) { *y = -0.0; return 1; }
        if (!dd_gelu(x, &v, &eps, &eps_mp)) goto fail;
        E = 0;
    } else {                                /* sigmoid, silu: 1 / (1 + exp(-x)) */
        if (!(x >= -600 && x <= 700)) goto fail;
        if (x == 0) { *y = f == MP_DD_SIGMOID ? 0.5 : x; return 1; }
        eps = dd_exp(-x, 0, &E, &v);
        dd e = {scale2(v.h, E), scale2(v.l, E)};   /* >= 2^-1010: l may lose bits */
        dd s = dd_add_d(e, 1.0);                  /* ... below 2^-1074 of s >= 1 */
        v = dd_div((dd){1.0, 0.0}, s);
        E = 0;
        eps += (2 + 15) * 16 * U2 + 0x1p-1070;
        if (f == MP_DD_SILU) { v = dd_mul_d(v, x); eps += 2 * 16 * U2; }
    }
    if (dd_round(v, E, (eps + eps_mp) * fabs(v.h) * (1 + 0x1p-50), y)) return 1;
fail:
    count_fallback();
    return 0;
}

/* ---- softmax / log_softmax rows --------------------------------------------------
 * m = max x, e_j = exp(x_j - m) (x_j - m split exactly by TwoSum), S' =
 * Σ_{j != imax} e_j accumulated exactly (mp_acc, two levels) from the
 * double-double terms, S = 1 + S'.  softmax_j = e_j / S; log_softmax_j =
 * (x_j - m) - log1p(S'), with log1p of the double-double S' taken in MPFR
 * (once per row).  Terms with x_j - m < -600 (e_j < 2^-865) are left out of
 * S' and counted in its error bound; their softmax values are computed
 * separately and may be subnormal (or +0 below x_j - m < EXP_LO). */

DD_CLONES int mp_dd_softmax_row(const double *x, int64_t n, int log, double *y,
                                double *mag, double *w)
{
    dd_init();
    if (n < 2) goto fail;
    int64_t im = 0;
    for (int64_t j = 0; j < n; j++) {          /* -Inf entries: e_j = 0 */
        if (isnan(x[j]) || x[j] == INFINITY) goto fail;
        if (x[j] > x[im]) im = j;
    }
    if (!isfinite(x[im])) goto fail;           /* only -Inf */
    double m = x[im], *eh = w, *el = w + n;
    mp_acc acc = MP_ACC_INIT;
    double epsmax = 0, tiny = 0;
    for (int64_t j = 0; j < n; j++) {
        double th, tl;
        two_sum(x[j], -m, &th, &tl);
        if (j == im) { eh[j] = 1; el[j] = 0; continue; }
        if (!(th >= -600)) { eh[j] = el[j] = 0; tiny += 0x1p-865; continue; }
        int E;
        dd v;
        double eps = dd_exp(th, tl, &E, &v);
        if (eps > epsmax) epsmax = eps;
        eh[j] = scale2(v.h, E);
        el[j] = scale2(v.l, E);                  /* may lose bits below 2^-1074 */
        tiny += 0x1p-1074;
        mp_acc_add(&acc, eh[j]);
        mp_acc_add(&acc, el[j]);
    }
    /* S' = s + e + e2 + δ, |δ| <= γ E2 (mp_certify's bound) */
    double Sh, d;
    two_sum(acc.s, acc.e, &Sh, &d);
    dd Sp = fast_two_sum(Sh, d + acc.e2);
    if (!isfinite(Sp.h) || Sp.h < 0) goto fail;
    double gam = (double)(2 * n + 4) * 0x1p-53 * 1.01;
    /* |S' - Sp| <= ES: the terms' own errors (all positive), the sum's,
     * the rounding of d + e2, the terms left out. */
    double ES = (epsmax * Sp.h * 1.01 + gam * acc.E2 + 0x1p-52 * fabs(Sp.l) + tiny)
                * (1 + 0x1p-50);
    /* The MPFR path's relative error in S' and e_j: its x_j - m is rounded
     * to P bits (2^-P |x_j - m| <= 746 2^-P in the exponent, for every term
     * that is not far below 2^-1074), then exp, n additions, 1 + S' and the
     * division, each 2^-P. */
    double eps_mp = (double)(n + 8 + 1500) * ulp_p();
    if (!log) {
        dd S = dd_add_d(Sp, 1.0);
        double epsS = ES / S.h * 1.01 + 2 * 16 * U2;   /* S >= 1 */
        double div = 15 * 16 * U2;
        for (int64_t j = 0; j < n; j++) {
            dd q;
            int E = 0;
            double eps = (j == im ? 0 : epsmax) + epsS + div + eps_mp;
            if (eh[j] != 0) {
                q = dd_div((dd){eh[j], el[j]}, S);
            } else if (isinf(x[j])) {
                y[j] = 0;
                mag[j] = 0;                          /* as the MPFR path's */
                continue;
            } else {
                double th, tl;
                two_sum(x[j], -m, &th, &tl);
                if (!(th >= EXP_LO)) { y[j] = 0; goto mag; }  /* e_j / S < 2^-1076 */
                dd v;
                eps = dd_exp(th, tl, &E, &v) + epsS + div + eps_mp;
                q = dd_div(v, S);
            }
            if (!dd_round(q, E, eps * fabs(q.h) * (1 + 0x1p-50), &y[j])) goto fail;
        mag:
            mag[j] = y[j] * (1 + (fabs(x[j] - m) + 2) / (double)n);
        }
        return 1;
    }
    /* u = log1p(S') in MPFR at 192 bits from the double-double S', split
     * into uh + ul: |u - (uh + ul)| <= ES / (1 + S') + 2^-104 u. */
    struct { mpfr_t a, b; } t;
    mpfr_inits2(192, t.a, t.b, (mpfr_ptr)0);
    mpfr_set_d(t.a, Sp.h, MPFR_RNDN);
    mpfr_add_d(t.a, t.a, Sp.l, MPFR_RNDN);
    mpfr_log1p(t.a, t.a, MPFR_RNDN);
    dd u;
    u.h = mpfr_get_d(t.a, MPFR_RNDN);
    mpfr_sub_d(t.b, t.a, u.h, MPFR_RNDN);
    u.l = mpfr_get_d(t.b, MPFR_RNDN);
    mpfr_clears(t.a, t.b, (mpfr_ptr)0);
    double Eu = (ES / (1 + Sp.h) * 1.01 + 0x1p-104 * u.h) * (1 + 0x1p-50);
    double lse = m + u.h;
    double pm = 1.01 * ulp_p();
    double spm = fmin((Sp.h + ES) * 1.01, 1.0);
    for (int64_t j = 0; j < n; j++) {
        double th, tl;
        if (isinf(x[j])) {                     /* -Inf - m - log S */
            y[j] = -INFINITY;
            mag[j] = 1 + (fabs(x[j]) + fabs(lse)) / (double)n;
            continue;
        }
        two_sum(x[j], -m, &th, &tl);
        dd v = dd_add((dd){th, tl}, (dd){-u.h, -u.l});
        /* ours: Eu + 3u^2 |v| (x16); MPFR's: 2^-P (|t| + |u| + |y| +
         * (n + 1 + 1492) min(S', 1)), S' with the relative error above */
        double err = Eu + 3 * 16 * U2 * fabs(v.h)
                   + pm * (fabs(th) + u.h + fabs(v.h) + (double)(n + 1500) * spm);
        if (!dd_round(v, 0, err, &y[j])) goto fail;
        mag[j] = 1 + (fabs(x[j]) + fabs(lse)) / (double)n;
    }
    return 1;
fail:
    count_fallback();
    return 0;
}

/* ---- rmsnorm rows ---------------------------------------------------------------
 * y_j = x_j r g_j, r = 1/sqrt(Σx²/N + eps).  Σx² exactly from TwoProduct
 * terms (mp_acc), Σx²/N + eps in double-double, r by one Newton step from
 * r0 = RN(1/RN(sqrt(v.h))): |r0/r - 1| = δ <= 2.5u, and the exact step
 * leaves 1.5 δ² + |δ|³/2 <= 9.4u²; the products v r0² (4u² absolute in
 * 1 - v r0²), the rounded correction (2u²) and the dropped low part of
 * 1 - v r0² (u²) add 5u²: 16u² in all (before the factor 16). */

DD_CLONES int mp_dd_rmsnorm_row(const double *x, int64_t n, const double *gamma,
                                double eps, double *y, double *mag)
{
    if (n < 1) goto fail;
    mp_acc acc = MP_ACC_INIT;
    for (int64_t j = 0; j < n; j++) {
        double a = fabs(x[j]);
        if (!(a == 0 || (a >= 0x1p-480 && a <= 0x1p480))) goto fail;
        if (gamma && !isfinite(gamma[j])) goto fail;
        dd p = two_prod(x[j], x[j]);
        mp_acc_add(&acc, p.h);
        mp_acc_err(&acc, p.l);
    }
    double Sh, d;
    two_sum(acc.s, acc.e, &Sh, &d);
    dd ss = fast_two_sum(Sh, d + acc.e2);
    if (!(ss.h > 0x1p-900 && ss.h < 0x1p900)) goto fail;
    double gam = (double)(2 * n + 4) * 0x1p-53 * 1.01;
    /* relative error of v = Σx²/N + eps (eps >= 0 only shrinks it) */
    double epsv = (gam * acc.E2 + 0x1p-52 * fabs(ss.l)) / ss.h * 1.01 + (15 + 2) * 16 * U2;
    dd v = dd_add_d(dd_div(ss, (dd){(double)n, 0}), eps);
    double r0 = 1 / sqrt(v.h);
    dd q = dd_mul_d(dd_mul_d(v, r0), r0);       /* v r0^2 = 1 - O(2^-51) */
    dd e = dd_add_d((dd){-q.h, -q.l}, 1.0);       /* absolute error <= 5u^2 */
    dd r = fast_two_sum(r0, r0 * (e.h * 0.5));
    double epsr = epsv * 0.5 * 1.01 + 16 * 16 * U2;
    double eps_y = epsr + (gamma ? 4 : 2) * 16 * U2 + (double)(n + 8) * ulp_p();
    for (int64_t j = 0; j < n; j++) {
        double g = gamma ? gamma[j] : 1;
        if (x[j] == 0 || g == 0) {
            y[j] = (x[j] * r.h) * g;        /* a signed zero, as x r g in MPFR */
        } else {
            dd t = dd_mul_d(r, x[j]);
            if (!(fabs(t.h) >= 0x1p-900)) goto fail;     /* t g may be large */
            if (gamma) t = dd_mul_d(t, g);
            if (!dd_round(t, 0, eps_y * fabs(t.h) * (1 + 0x1p-50), &y[j])) goto fail;
        }
        mag[j] = fabs(y[j]);
    }
    return 1;
fail:
    count_fallback();
    return 0;
}

/* ---- layernorm rows -----------------------------------------------------------
 * y_j = (x_j - μ) r γ_j + β_j, r = 1/sqrt(Σ(x_j - μ)²/N + eps).  Σx exactly
 * (mp_acc), μ = Σx / N, D_j = x_j - μ and D_j² in double-double, Σ D_j²
 * exactly from those, r as in rmsnorm.  Absolute error bounds per value,
 * the MPFR path's included: its μ is off by <= 2ε|μ| (ε = 2^-P), each of
 * its x_j - μ by ε more relative; its Σ(x_j - μ)² by (N + 4)ε relative
 * plus N (2ε μ)² (Σ(x_j - μ) = 0); r by half that and 3ε; the products and
 * the fma by ε each.  Bounds below are taken twice (MPFR) or 16 times
 * (ours, as everywhere in this file). */

DD_CLONES int mp_dd_layernorm_row(const double *x, int64_t n, const double *gamma,
                                  const double *beta, double eps, double *y,
                                  double *mag, double *w)
{
    if (n < 1) goto fail;
    mp_acc acc = MP_ACC_INIT;
    double m1 = 0;
    for (int64_t j = 0; j < n; j++) {
        double a = fabs(x[j]);
        if (!(a <= 0x1p400)) goto fail;
        if (gamma && !isfinite(gamma[j])) goto fail;
        if (beta && !isfinite(beta[j])) goto fail;
        mp_acc_add(&acc, x[j]);
        m1 += a;
    }
    m1 /= (double)n;
    double gam = (double)(2 * n + 4) * 0x1p-53 * 1.01;
    double Sh, d;
    two_sum(acc.s, acc.e, &Sh, &d);
    dd S = fast_two_sum(Sh, d + acc.e2);
    double ES = gam * acc.E2 + 0x1p-52 * fabs(S.l);
    dd mu = dd_div(S, (dd){(double)n, 0});
    double amu = fabs(mu.h);
    double Emu = (ES / (double)n + 15 * 16 * U2 * amu) * 1.01;
    /* D_j in w[0..n), w[n..2n); Σ D_j² exactly from the dd squares */
    double *Dh = w, *Dl = w + n;
    mp_acc a2 = MP_ACC_INIT;
    double sumD = 0, maxD = 0;
    for (int64_t j = 0; j < n; j++) {
        dd D = dd_add((dd){x[j], 0}, (dd){-mu.h, -mu.l});
        Dh[j] = D.h;
        Dl[j] = D.l;
        dd q = dd_mul(D, D);
        mp_acc_add(&a2, q.h);
        mp_acc_add(&a2, q.l);
        sumD += fabs(D.h);
        if (fabs(D.h) > maxD) maxD = fabs(D.h);
    }
    two_sum(a2.s, a2.e, &Sh, &d);
    dd V = fast_two_sum(Sh, d + a2.e2);
    if (!(V.h > 0x1p-800 && V.h < 0x1p900)) goto fail;
    double eD = Emu + 3 * 16 * U2 * maxD;            /* |D_j| error, all j */
    double EV = ((7 * 16 + 2 * 3 * 16) * U2 * V.h + 2 * Emu * sumD * 1.01 +
                 (double)n * eD * eD + gam * 2 * a2.E2 + 0x1p-52 * fabs(V.l) +
                 (double)n * 0x1p-1070) * 1.02;
    double epsv = EV / V.h + (15 + 2) * 16 * U2;
    dd v = dd_add_d(dd_div(V, (dd){(double)n, 0}), eps);
    double r0 = 1 / sqrt(v.h);
    dd q = dd_mul_d(dd_mul_d(v, r0), r0);
    dd e = dd_add_d((dd){-q.h, -q.l}, 1.0);
    dd r = fast_two_sum(r0, r0 * (e.h * 0.5));
    double epsr = epsv * 0.5 * 1.01 + 16 * 16 * U2;
    double ep = ulp_p();
    double rho = (double)(n + 16) * ep + 4 * (double)n * ep * ep * amu * amu / V.h;
    double sd = sqrt(v.h + v.l);                /* the magnitude's, as MPFR's */
    for (int64_t j = 0; j < n; j++) {
        double g = gamma ? gamma[j] : 1, b = beta ? beta[j] : 0;
        dd D = {Dh[j], Dl[j]};
        double aD = fabs(D.h), errD = Emu + 3 * 16 * U2 * aD;
        dd z = dd_mul(D, r);
        if (!(fabs(z.h) >= 0x1p-900) && g != 0) goto fail;   /* z g may be large */
        double Ez = (aD * r.h * (epsr + 7 * 16 * U2) + errD * r.h) * 1.02;
        if (g == 0) {                   /* z g = ±0 exactly: y = ±0 + b */
            if (!(aD > 2 * errD + 2 * ep * (aD + 3 * amu))) goto fail;  /* sign of D */
            y[j] = beta ? D.h * g + b : D.h * g;
        } else {
            dd t = dd_mul_d(z, g);
            if (beta) t = dd_add_d(t, b);
            double at = fabs(t.h);
            double err = fabs(g) * Ez + 2 * 16 * U2 * (fabs(z.h * g) + at)
                       + 2 * (fabs(g) * r.h * (aD * (rho + 2 * ep) + 3 * ep * amu) + ep * at);
            if (!dd_round(t, 0, err * 1.02, &y[j])) goto fail;
        }
        double zd = z.h + z.l;
        mag[j] = mp_layernorm_mag(g, b, m1, sd, zd, n);
    }
    return 1;
fail:
    count_fallback();
    return 0;
}
