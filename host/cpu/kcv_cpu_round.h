/*
 * kcv_cpu_round.h — rounding once, in any of CUDA's four modes.
 *
 * The intrinsics with a rounding suffix (_rn _rz _rd _ru) and the 16-bit
 * formats all need one thing: the exact result of an operation rounded
 * once to a narrower format.  The exact result is carried as a double
 * rounded to odd (its last bit set when inexact), which then rounds
 * correctly to any format of at most 51 significant bits in any mode
 * (Boldo and Melquiond, "Emulation of FMA and correctly rounded sums:
 * proved algorithms using rounding to odd", 2008).  The worker runs in
 * the default rounding mode (nearest even) and never changes it.
 */
#ifndef KCV_CPU_ROUND_H
#define KCV_CPU_ROUND_H

enum { KCV_RN, KCV_RZ, KCV_RD, KCV_RU };

/* The NaN the GPU writes for every NaN result of an arithmetic op. */
#define KCV_NAN_F32 0x7fffffffu
#define KCV_NAN_16 0x7fffu

static inline float kcv__canon_f(float x)
{
    if (x == x) return x;
    uint32_t u = KCV_NAN_F32; float f; memcpy(&f, &u, 4); return f;
}

/* hi + lo, where lo is the exact error of hi (TwoSum, a remainder), as a
 * double rounded to odd. */
static inline double kcv__odd(double hi, double lo)
{
    if (lo == 0 || hi != hi || isinf(hi)) return hi;
    uint64_t u; memcpy(&u, &hi, 8);
    if ((lo < 0) != (hi < 0)) u--;          /* truncate: one ulp toward zero */
    u |= 1;
    memcpy(&hi, &u, 8);
    return hi;
}

/* a + b exactly, rounded to odd (Knuth's TwoSum gives the error). */
static inline double kcv__sum_odd(double a, double b)
{
    double s = a + b;
    if (isinf(s) || s != s) return s;
    double bb = s - a, err = (a - (s - bb)) + (b - bb);
    return kcv__odd(s, err);
}

/* a / b and sqrt(a), rounded to odd: the remainder's sign says on which
 * side of the rounded quotient the exact one lies. */
static inline double kcv__div_odd(double a, double b)
{
    double q = a / b;
    if (!isfinite(q) || q == 0 || isinf(a) || isinf(b)) return q;
    double r = fma(-q, b, a);               /* exact: a - q b */
    if (r == 0) return q;                   /* an exact quotient stays as it is */
    /* the exact quotient is q + r/b: the error has the sign of r/b */
    return kcv__odd(q, (r < 0) != (b < 0) ? -1.0 : 1.0);
}
static inline double kcv__sqrt_odd(double a)
{
    double s = sqrt(a);
    if (!isfinite(s) || s == 0) return s;
    double r = fma(-s, s, a);
    if (r == 0) return s;                   /* an exact root stays as it is */
    return kcv__odd(s, r < 0 ? -1.0 : 1.0);
}

/* x (a double, maybe rounded to odd) rounded in mode m to the binary
 * format of p significant bits whose normal exponents are emin..emax:
 * the result as a double, +-Inf or the largest finite value on overflow
 * as the mode says.  Zero keeps its sign. */
static inline double kcv__round_fmt(double x, int p, int emin, int emax, int m)
{
    if (x == 0 || !isfinite(x)) return x;
    int e = ilogb(x);
    if (e < emin) e = emin;                 /* subnormal: a fixed quantum */
    double y = ldexp(x, p - 1 - e), r;      /* exact: the quantum is 1 */
    switch (m) {
    case KCV_RZ: r = trunc(y); break;
    case KCV_RD: r = floor(y); break;
    case KCV_RU: r = ceil(y); break;
    default: r = rint(y); break;
    }
    double v = ldexp(r, e - p + 1), big = ldexp(2.0 - ldexp(1.0, 1 - p), emax);
    if (fabs(v) <= big) return v == 0 ? copysign(0.0, x) : v;
    int up = m == KCV_RN || (m == KCV_RU && x > 0) || (m == KCV_RD && x < 0);
    return copysign(up ? INFINITY : big, x);
}

static inline float kcv__d2f_mode(double x, int m)
{
    if (x != x) return kcv__canon_f((float)x);
    return (float)kcv__round_fmt(x, 24, -126, 127, m);
}

/* IEEE's sign of an exact zero sum of two addends: -0 when both are -0,
 * or in round-down mode unless both are +0; else +0. */
static inline double kcv__zero_sum(double a, double b, int m)
{
    int na = signbit(a), nb = signbit(b);
    if (na && nb) return -0.0;
    if (m == KCV_RD && (na || nb || a != 0 || b != 0)) return -0.0;
    return 0.0;
}

/* The four basic float operations and fma, in mode m, as the GPU's
 * add.rz.f32 etc. do them (no flush to zero, canonical NaN). */
static inline float kcv__fadd(float a, float b, int m)
{
    double s = kcv__sum_odd(a, b);
    if (s == 0) return (float)kcv__zero_sum(a, b, m);
    return kcv__d2f_mode(s, m);
}
static inline float kcv__fmul(float a, float b, int m) { return kcv__d2f_mode((double)a * b, m); }
static inline float kcv__ffma(float a, float b, float c, int m)
{
    double p = (double)a * b;               /* exact */
    if (isinf(p) || p != p || isinf(c) || c != c) return kcv__canon_f((float)(p + c));
    double s = kcv__sum_odd(p, c);
    if (s == 0) return (float)kcv__zero_sum(p, c, m);
    return kcv__d2f_mode(s, m);
}
static inline float kcv__fdiv(float a, float b, int m) { return kcv__d2f_mode(kcv__div_odd(a, b), m); }
static inline float kcv__fsqrt(float a, int m) { return kcv__d2f_mode(kcv__sqrt_odd(a), m); }

/* A double NaN narrowed as the GPU's cvt from f64 narrows it, to the
 * format of ebits exponent and mbits fraction bits: the sign and the
 * payload's leading bits kept, the quiet bit set, as x86 does too.  The
 * H200 gives 0x7fc00000 (float), 0x7e00 (half) and 0x7fc0 (bfloat16) for
 * 0x7ff8000000000000, the one double NaN the conformance grid has; a
 * float NaN instead becomes the canonical NaN of the float unit. */
static inline uint32_t kcv__nan_from_f64(double x, int ebits, int mbits)
{
    uint64_t u; memcpy(&u, &x, 8);
    uint32_t sign = (uint32_t)(u >> 63) << (ebits + mbits);
    uint32_t exp = ((1u << ebits) - 1) << mbits;
    uint32_t pay = (uint32_t)((u & 0x000fffffffffffffull) >> (52 - mbits)) | 1u << (mbits - 1);
    return sign | exp | pay;
}

/* A double converted to float in mode m (__double2float_rn etc.). */
static inline float kcv__dbl2f(double x, int m)
{
    if (x == x) return kcv__d2f_mode(x, m);
    uint32_t u = kcv__nan_from_f64(x, 8, 23); float f; memcpy(&f, &u, 4); return f;
}

/* The integer the GPU gives for a NaN, as the H200 shows it: 0 where the
 * float unit converts (a float, half or bfloat16 to an integer of 32 bits
 * or fewer); where the FP64 unit does (from a double, or to a 64-bit
 * integer) the integer with only its top bit set, 0x80000000 or
 * 0x8000000000000000, signed or not. */
template <class IT> static inline IT kcv__nan_int(int from_double)
{
    if (!from_double && sizeof(IT) < 8) return 0;
    return (IT)(1ull << (8 * sizeof(IT) - 1));
}

/* A value rounded to an integer in mode m, saturated to IT's range, as
 * the GPU's cvt.rni/rzi/rmi/rpi do; from_double: x was a double (for
 * NaN, kcv__nan_int). */
template <class IT> static inline IT kcv__to_int(double x, int m, int from_double = 0)
{
    if (x != x) return kcv__nan_int<IT>(from_double);
    double r = m == KCV_RZ ? trunc(x) : m == KCV_RD ? floor(x) : m == KCV_RU ? ceil(x) : rint(x);
    if (r <= (double)std::numeric_limits<IT>::min()) return std::numeric_limits<IT>::min();
    if (r >= (double)std::numeric_limits<IT>::max()) return std::numeric_limits<IT>::max();
    return (IT)r;
}

/* 64-bit integers as doubles rounded to odd (exact below 2^53). */
static inline double kcv__ll_odd(long long i)
{
    double hi = (double)i;
    if (hi >= 0x1p63) return kcv__odd(hi, (double)(i - LLONG_MAX - 1));
    return kcv__odd(hi, (double)(i - (long long)hi));
}
static inline double kcv__ull_odd(unsigned long long i)
{
    double hi = (double)i;
    if (hi >= 0x1p64) return kcv__odd(hi, -(double)(0ull - i));
    unsigned long long h = (unsigned long long)hi;
    return kcv__odd(hi, i >= h ? (double)(i - h) : -(double)(h - i));
}

#endif
