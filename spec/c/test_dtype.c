/*
 * test_dtype.c — the float codecs against MPFR, exhaustively where the
 * format is small enough and by a sweep over every exponent where not.
 *
 * Reference rounding is MPFR's, set up as the format: precision p = M+1,
 * exponent range of the format, then mpfr_set_d + mpfr_check_range +
 * mpfr_subnormalize in MPFR_RNDN (the documented recipe for emulating IEEE
 * formats with gradual underflow).  f8e4m3 has no Inf: anything MPFR rounds
 * above 448 (or to Inf) must come out NaN.
 */
#include <math.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "kcv.h"

static int failures;

static void tap(int ok, const char *name)
{
    printf("%s - %s\n", ok ? "ok" : "not ok", name);
    if (!ok) failures++;
}

typedef struct {
    const char *name;
    kcv_dtype dt;
    int E, M, ieee;           /* ieee: the top exponent is Inf/NaN */
    int nbits;
} fmt;

static const fmt FMTS[] = {
    {"f16", KCV_F16, 5, 10, 1, 16},
    {"bf16", KCV_BF16, 8, 7, 1, 16},
    {"f8e4m3", KCV_F8E4M3, 4, 3, 0, 8},
    {"f8e5m2", KCV_F8E5M2, 5, 2, 1, 8},
    {"f32", KCV_F32, 8, 23, 1, 32},
};

/* Through the public element API, so kcv_store/kcv_load are what is tested. */
static uint32_t enc(const fmt *f, double x)
{
    unsigned char t[8];
    kcv_store(f->dt, t, x);
    return (uint32_t)kcv_loadbits(f->dt, t);
}

static double dec(const fmt *f, uint32_t bits)
{
    unsigned char t[8];
    kcv_storebits(f->dt, t, bits);
    return kcv_load(f->dt, t);
}

static int bias(const fmt *f) { return (1 << (f->E - 1)) - 1; }

static int is_nan_bits(const fmt *f, uint32_t b)
{
    uint32_t ex = (b >> f->M) & ((1u << f->E) - 1), man = b & ((1u << f->M) - 1);
    if (f->ieee) return ex == (1u << f->E) - 1 && man != 0;
    return ex == (1u << f->E) - 1 && man == (1u << f->M) - 1;
}

static double maxfinite(const fmt *f)
{
    uint32_t expmask = ((1u << f->E) - 1) << f->M;
    return dec(f, f->ieee ? expmask - 1 : (expmask | ((1u << f->M) - 2)));
}

/* The value MPFR says x rounds to in f (±Inf on overflow; NaN for e4m3). */
static double ref_round(const fmt *f, double x)
{
    if (isnan(x)) return x;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(2 - bias(f) - f->M);
    mpfr_set_emax(f->ieee ? bias(f) + 1 : bias(f) + 2);
    mpfr_t r;
    mpfr_init2(r, f->M + 1);
    int t = mpfr_set_d(r, x, MPFR_RNDN);
    t = mpfr_check_range(r, t, MPFR_RNDN);
    mpfr_subnormalize(r, t, MPFR_RNDN);
    double v = mpfr_get_d(r, MPFR_RNDN);    /* exact: r fits a double */
    mpfr_clear(r);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    if (!f->ieee && (isinf(v) || fabs(v) > maxfinite(f))) return copysign(NAN, x);
    return v;
}

/* Is enc(x) what MPFR says?  Decoding is checked exactly elsewhere and is
 * one-to-one on non-NaN codes, so comparing decoded value and sign is
 * comparing bits. */
static int rounds_right(const fmt *f, double x, double *got, double *want)
{
    *want = ref_round(f, x);
    *got = dec(f, enc(f, x));
    if (isnan(*want)) return isnan(*got) && (f->ieee || signbit(*got) == signbit(*want));
    return *got == *want && signbit(*got) == signbit(*want);
}

/* ---- exhaustive decode and round trip (8- and 16-bit formats) ---------- */

static void test_decode(const fmt *f)
{
    int ok = 1;
    mpfr_t ref;
    mpfr_init2(ref, 64);
    uint32_t n = 1u << f->nbits;
    for (uint32_t b = 0; b < n && ok; b++) {
        double v = dec(f, b);
        uint32_t s = b >> (f->E + f->M), ex = (b >> f->M) & ((1u << f->E) - 1);
        uint32_t man = b & ((1u << f->M) - 1);
        if (is_nan_bits(f, b)) {
            ok = isnan(v) && !!signbit(v) == !!s;
        } else if (f->ieee && ex == (1u << f->E) - 1) {
            ok = isinf(v) && !!signbit(v) == !!s;
        } else {
            /* value = man * 2^(1-bias-M) (subnormal) or (2^M+man) * 2^(ex-bias-M) */
            if (ex == 0) mpfr_set_ui_2exp(ref, man, 1 - bias(f) - f->M, MPFR_RNDN);
            else mpfr_set_ui_2exp(ref, man | (1u << f->M), (int)ex - bias(f) - f->M, MPFR_RNDN);
            if (s) mpfr_neg(ref, ref, MPFR_RNDN);
            ok = mpfr_cmp_d(ref, v) == 0 && !!signbit(v) == !!s;
        }
        if (!ok) printf("# %s: bits 0x%x decode to %a\n", f->name, b, v);
    }
    mpfr_clear(ref);
    char name[128];
    snprintf(name, sizeof name, "every %s bit pattern decodes to the exact value MPFR builds", f->name);
    tap(ok, name);
}

static void test_roundtrip(const fmt *f)
{
    int ok = 1;
    uint32_t n = 1u << f->nbits, qbit = 1u << (f->M - 1);
    for (uint32_t b = 0; b < n && ok; b++) {
        uint32_t r = enc(f, dec(f, b));
        if (is_nan_bits(f, b))
            ok = is_nan_bits(f, r) && (r >> (f->E + f->M)) == (b >> (f->E + f->M)) &&
                 (!f->ieee || (r & qbit));
        else
            ok = r == b;
        if (!ok) printf("# %s: 0x%x -> %a -> 0x%x\n", f->name, b, dec(f, b), r);
    }
    char name[128];
    snprintf(name, sizeof name, "every %s bit pattern round-trips (NaN: same sign, quiet)", f->name);
    tap(ok, name);
}

/* ---- rounding at every value, midpoint and neighbourhood ------------------ */

static int check_point(const fmt *f, double x, int *shown)
{
    int ok = 1;
    for (int s = 0; s < 2; s++, x = -x) {
        double got, want;
        if (!rounds_right(f, x, &got, &want)) {
            ok = 0;
            if ((*shown)++ < 5)
                printf("# %s: %a rounds to %a, MPFR says %a\n", f->name, x, got, want);
        }
    }
    return ok;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void test_rounding_grid(const fmt *f)
{
    uint32_t n = 1u << f->nbits;
    double *pos = malloc(sizeof(double) * n);
    size_t k = 0;
    for (uint32_t b = 0; b < n; b++) {
        double v = dec(f, b);
        if (isfinite(v) && v >= 0 && !signbit(v)) pos[k++] = v;
    }
    qsort(pos, k, sizeof *pos, cmpd);
    double top = ldexp(1.0, f->ieee ? bias(f) + 1 : bias(f) + 1);  /* next binade */
    if (!f->ieee) top = 2 * pos[k - 1] - pos[k - 2];   /* the NaN code's value */
    int ok_val = 1, ok_mid = 1, ok_near = 1, shown = 0;
    for (size_t i = 0; i < k; i++) {
        double hi = i + 1 < k ? pos[i + 1] : top;
        double mid = pos[i] + (hi - pos[i]) / 2;       /* exact in double */
        ok_val &= check_point(f, pos[i], &shown);
        ok_mid &= check_point(f, mid, &shown);
        ok_near &= check_point(f, nextafter(mid, INFINITY), &shown);
        ok_near &= check_point(f, nextafter(mid, 0), &shown);
    }
    free(pos);
    char name[160];
    snprintf(name, sizeof name, "%s: every representable value encodes to itself", f->name);
    tap(ok_val, name);
    snprintf(name, sizeof name, "%s: every midpoint rounds to even as MPFR does", f->name);
    tap(ok_mid, name);
    snprintf(name, sizeof name, "%s: midpoint +- 1 double ulp rounds to the nearer neighbour", f->name);
    tap(ok_near, name);

    double mx = maxfinite(f), minsub = dec(f, 1);
    double big[] = {2 * mx, 1e38, 3e38, 1e300, DBL_MAX, INFINITY};
    double tiny[] = {minsub / 2, nextafter(minsub / 2, 0), minsub / 4, 1e-300,
                     4.9406564584124654e-324, 0.0, nextafter(minsub / 2, 1)};
    int ok_over = 1, ok_under = 1;
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        if (big[i] <= mx) continue;                    /* within f32's range */
        ok_over &= check_point(f, big[i], &shown);
        double r = dec(f, enc(f, big[i]));
        ok_over &= f->ieee ? isinf(r) : isnan(r);
    }
    for (size_t i = 0; i < sizeof tiny / sizeof tiny[0]; i++)
        ok_under &= check_point(f, tiny[i], &shown);
    /* Below half the smallest subnormal (and at it: tie to even 0) is ±0. */
    ok_under &= enc(f, minsub / 2) == 0 && enc(f, -minsub / 4) == 1u << (f->E + f->M);
    snprintf(name, sizeof name, "%s: beyond the max overflows to %s", f->name,
             f->ieee ? "Inf" : "NaN");
    tap(ok_over, name);
    snprintf(name, sizeof name, "%s: below the min subnormal underflows to signed zero", f->name);
    tap(ok_under, name);
}

/* ---- sweep: f32 patterns of every exponent, and wider doubles ------------ */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t xorshift(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void test_sweep(const fmt *f)
{
    int ok = 1, shown = 0;
    long n = 0;
    /* ~10^6 f32 patterns: every sign and exponent field, edge mantissas and
     * random ones (the f32 format is itself checked with these inputs). */
    for (uint32_t ex = 0; ex < 256; ex++)
        for (uint32_t m = 0; m < 2048; m++) {
            uint32_t man = m == 0 ? 0 : m == 1 ? 1 : m == 2 ? 0x7fffff
                         : m < 64 ? (1u << (m % 23)) | (1u << ((m * 7) % 23))
                         : (uint32_t)xorshift() & 0x7fffff;
            uint32_t bits = (ex << 23) | man;
            float fl;
            memcpy(&fl, &bits, 4);
            if (isnan(fl)) continue;
            ok &= check_point(f, (double)fl, &shown);
            n += 2;
        }
    /* Doubles with more bits than f32 holds, exponents across every range. */
    for (int i = 0; i < 100000; i++) {
        uint64_t u = xorshift();
        int e = (int)(xorshift() % 360) - 180;
        double x = ldexp(1.0 + (double)(u >> 12) * 0x1p-52, e);
        ok &= check_point(f, x, &shown);
        n += 2;
    }
    char name[160];
    snprintf(name, sizeof name, "%s: %ld f32/f64 inputs of every exponent round as MPFR does",
             f->name, n);
    tap(ok, name);
}

static void test_nan_sign(void)
{
    int ok = 1;
    for (size_t i = 0; i < sizeof FMTS / sizeof FMTS[0]; i++) {
        const fmt *f = &FMTS[i];
        uint32_t sign = 1u << (f->E + f->M);
        ok &= is_nan_bits(f, enc(f, NAN)) && !(enc(f, NAN) & sign);
        ok &= is_nan_bits(f, enc(f, -NAN)) && (enc(f, -NAN) & sign);
        ok &= enc(f, 0.0) == 0 && enc(f, -0.0) == sign;
        ok &= f->ieee ? enc(f, -INFINITY) == (sign | (((1u << f->E) - 1) << f->M))
                      : is_nan_bits(f, enc(f, -INFINITY)) && (enc(f, -INFINITY) & sign);
    }
    tap(ok, "signed zero, NaN sign and -Inf encode exactly in every format");
}

/* The codec before its libm-free rewrite (ldexp/frexp), kept here as a
 * reference: the rewrite must give its bits for every double. */
static uint32_t old_encode(double x, int E, int M, int ieee)
{
    uint32_t sign = signbit(x) ? 1u << (E + M) : 0;
    uint32_t expmask = ((1u << E) - 1) << M;
    int bias = (1 << (E - 1)) - 1, emin = 1 - bias;
    int emax = ieee ? bias : bias + 1;
    double maxf = ldexp(ieee ? 2.0 - ldexp(1.0, -M) : 2.0 - ldexp(2.0, -M), emax);
    if (isnan(x)) {
        if (!ieee) return sign | expmask | ((1u << M) - 1);
        uint64_t b; memcpy(&b, &x, 8);
        return sign | expmask | (uint32_t)((b >> (52 - M)) & ((1u << M) - 1)) | (1u << (M - 1));
    }
    if (isinf(x)) return ieee ? (sign | expmask) : (sign | expmask | ((1u << M) - 1));
    double a = fabs(x);
    if (a == 0) return sign;
    int e;
    frexp(a, &e);
    int ue = e - 1, qexp = (ue < emin ? emin : ue) - M;
    double r = nearbyint(ldexp(a, -qexp)), v = ldexp(r, qexp);
    if (v > maxf) return ieee ? (sign | expmask) : (sign | expmask | ((1u << M) - 1));
    if (v < ldexp(1.0, emin)) return sign | (uint32_t)r;
    frexp(v, &e);
    ue = e - 1;
    return sign | ((uint32_t)(ue + bias) << M) | (uint32_t)(ldexp(v, M - ue) - ldexp(1.0, M));
}

static void test_against_old_codec(void)
{
    uint64_t s = 0x243f6a8885a308d3ull;
    long bad = 0;
    for (size_t i = 0; i < 4; i++) {
        const fmt *f = &FMTS[i];
        for (long t = 0; t < 400000; t++) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            double x;
            uint64_t b = s;
            if (t % 4 == 0) {       /* near the format's range: exponents -160..140 */
                int ex = (int)(s % 301) - 160;
                x = ldexp(1.0 + (double)(s >> 12) * 0x1p-52, ex);
                if (s >> 63) x = -x;
            } else memcpy(&x, &b, 8);                      /* any double: subnormals, NaN, Inf */
            uint32_t got = f->dt == KCV_F16 ? kcv_f64_to_f16(x) : f->dt == KCV_BF16 ? kcv_f64_to_bf16(x)
                         : f->dt == KCV_F8E4M3 ? kcv_f64_to_e4m3(x) : kcv_f64_to_e5m2(x);
            if (got != old_encode(x, f->E, f->M, f->ieee)) bad++;
        }
    }
    tap(bad == 0, "the libm-free codec encodes 1.6M doubles as the ldexp/frexp one did");
}

int main(void)
{
    for (size_t i = 0; i < sizeof FMTS / sizeof FMTS[0]; i++) {
        const fmt *f = &FMTS[i];
        if (f->nbits <= 16) {
            test_decode(f);
            test_roundtrip(f);
            test_rounding_grid(f);
        }
        test_sweep(f);
    }
    test_nan_sign();
    test_against_old_codec();
    return failures ? 1 : 0;
}
