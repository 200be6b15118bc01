/*
 * kcv_cpu_fmath.h — CUDA's single-precision intrinsics and conversions.
 *
 * The IEEE ones (__fadd_rz, __fmaf_rd, __fdiv_ru, __frcp_rn, __fsqrt_rz,
 * __float2int_rd, __ll2float_ru, ...) are exact: the operation's exact
 * result, rounded once in the suffix's mode (kcv_cpu_round.h), canonical
 * NaN, saturating integer conversions, whose NaN rules the H200 showed
 * (kcv__nan_int, kcv__nan_from_f64).  The approximate ones mimic the
 * GPU's special function unit: an exp2/log2 of a float-rounded argument,
 * a result flushed to zero below FLT_MIN, a small perturbation so that
 * they differ from the accurate expf, logf, ... as they do on a device,
 * and each stays inside the error bound CUDA documents for it (CUDA C++
 * Programming Guide, "Intrinsic Functions"), which the conformance test
 * checks (spec/cpu_conformance_spec.lua).
 */
#ifndef KCV_CPU_FMATH_H
#define KCV_CPU_FMATH_H

/* ---- IEEE arithmetic in the four rounding modes --------------------------- */

#define KCV_FOUR(NAME, ARGS, CALL) \
    static inline float NAME##_rn ARGS { return CALL(KCV_RN); } \
    static inline float NAME##_rz ARGS { return CALL(KCV_RZ); } \
    static inline float NAME##_rd ARGS { return CALL(KCV_RD); } \
    static inline float NAME##_ru ARGS { return CALL(KCV_RU); }
#define KCV_ADD(m) kcv__fadd(a, b, m)
#define KCV_SUB(m) kcv__fadd(a, -b, m)
#define KCV_MUL(m) kcv__fmul(a, b, m)
#define KCV_FMA(m) kcv__ffma(a, b, c, m)
#define KCV_DIV(m) kcv__fdiv(a, b, m)
#define KCV_RCP(m) kcv__fdiv(1.0f, a, m)
#define KCV_SQRT(m) kcv__fsqrt(a, m)
KCV_FOUR(__fadd, (float a, float b), KCV_ADD)
KCV_FOUR(__fsub, (float a, float b), KCV_SUB)
KCV_FOUR(__fmul, (float a, float b), KCV_MUL)
KCV_FOUR(__fmaf, (float a, float b, float c), KCV_FMA)
KCV_FOUR(__fdiv, (float a, float b), KCV_DIV)
KCV_FOUR(__frcp, (float a), KCV_RCP)
KCV_FOUR(__fsqrt, (float a), KCV_SQRT)
#undef KCV_ADD
#undef KCV_SUB
#undef KCV_MUL
#undef KCV_FMA
#undef KCV_DIV
#undef KCV_RCP
#undef KCV_SQRT
#undef KCV_FOUR
static inline float __fmaf_ieee_rn(float a, float b, float c) { return __fmaf_rn(a, b, c); }
/* 1/sqrt(x) through double: wrong only when the exact value lies within
 * 2^-52 relative of a float midpoint, which for a square root's
 * reciprocal of a float does not happen in practice */
static inline float __frsqrt_rn(float x)
{
    if (x != x || x < 0) return kcv__canon_f(NAN);
    return (float)(1.0 / sqrt((double)x));
}
/* +0 for x <= 0 (also -0) and for NaN, 1 for x >= 1 */
static inline float __saturatef(float x) { return !(x > 0.0f) ? 0.0f : x > 1.0f ? 1.0f : x; }
static inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }
static inline double __dadd_rn(double a, double b) { return a + b; }
static inline double __dsub_rn(double a, double b) { return a - b; }
static inline double __dmul_rn(double a, double b) { return a * b; }
static inline double __ddiv_rn(double a, double b) { return a / b; }
static inline double __drcp_rn(double a) { return 1.0 / a; }
static inline double __dsqrt_rn(double a) { return sqrt(a); }

/* ---- conversions ---------------------------------------------------------------- */

#define KCV_TOINT(FROM, FT, TO, IT, D) \
    static inline IT __##FROM##2##TO##_rn(FT x) { return kcv__to_int<IT>(x, KCV_RN, D); } \
    static inline IT __##FROM##2##TO##_rz(FT x) { return kcv__to_int<IT>(x, KCV_RZ, D); } \
    static inline IT __##FROM##2##TO##_rd(FT x) { return kcv__to_int<IT>(x, KCV_RD, D); } \
    static inline IT __##FROM##2##TO##_ru(FT x) { return kcv__to_int<IT>(x, KCV_RU, D); }
KCV_TOINT(float, float, int, int, 0) KCV_TOINT(float, float, uint, unsigned, 0)
KCV_TOINT(float, float, ll, long long, 0) KCV_TOINT(float, float, ull, unsigned long long, 0)
KCV_TOINT(double, double, int, int, 1) KCV_TOINT(double, double, uint, unsigned, 1)
KCV_TOINT(double, double, ll, long long, 1) KCV_TOINT(double, double, ull, unsigned long long, 1)
#undef KCV_TOINT
#define KCV_TOFLOAT(FROM, IT, TOD) \
    static inline float __##FROM##2float_rn(IT i) { return kcv__dbl2f(TOD(i), KCV_RN); } \
    static inline float __##FROM##2float_rz(IT i) { return kcv__dbl2f(TOD(i), KCV_RZ); } \
    static inline float __##FROM##2float_rd(IT i) { return kcv__dbl2f(TOD(i), KCV_RD); } \
    static inline float __##FROM##2float_ru(IT i) { return kcv__dbl2f(TOD(i), KCV_RU); }
KCV_TOFLOAT(int, int, (double)) KCV_TOFLOAT(uint, unsigned, (double))
KCV_TOFLOAT(ll, long long, kcv__ll_odd) KCV_TOFLOAT(ull, unsigned long long, kcv__ull_odd)
KCV_TOFLOAT(double, double, )
#undef KCV_TOFLOAT
static inline double __int2double_rn(int x) { return (double)x; }
static inline double __uint2double_rn(unsigned x) { return (double)x; }
static inline double __ll2double_rn(long long x) { return (double)x; }
static inline double __ull2double_rn(unsigned long long x) { return (double)x; }
static inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
static inline int __double2loint(double x) { return (int)__double_as_longlong(x); }
static inline double __hiloint2double(int hi, int lo)
{ return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo)); }

/* ---- fast approximations ----------------------------------------------------- */

static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
static inline float normcdff(float x) { return 0.5f * erfcf(-x * 0.70710678118654752f); }
static inline float kcv__ftz(float x) { return fabsf(x) < FLT_MIN ? copysignf(0.0f, x) : x; }
/* ex2.approx.ftz: within a quarter ulp of exp2 before rounding.  Every
 * approximation returns the float unit's canonical NaN, as on the H200. */
static inline float kcv__ex2(float x) { return kcv__canon_f(kcv__ftz((float)(exp2((double)x) * (1.0 + 0x1p-26)))); }
/* lg2.approx: 2^-24 off above 1.  A subnormal argument is not flushed:
 * the H200's __log2f(2^-149) is -149 and __log2f(-2^-149) NaN. */
static inline float kcv__lg2(float x) { return kcv__canon_f((float)log2((double)x) + 0x1p-24f * (x > 1.0f)); }
static inline float kcv_expf(float x) { return kcv__ex2(x * 1.4426950408889634f); }
static inline float kcv_exp10f(float x) { return kcv__ex2(x * 3.3219280948873622f); }
static inline float kcv_logf(float x) { return kcv__lg2(x) * 0.69314718055994531f; }
static inline float kcv_log2f(float x) { return kcv__lg2(x); }
static inline float kcv_log10f(float x) { return kcv__lg2(x) * 0.30102999566398120f; }
static inline float kcv_powf(float x, float y) { return kcv__ex2(y * kcv__lg2(x)); }
/* sin.approx/cos.approx: 2^-23 relative, inside the documented 2^-21.41
 * absolute on [-pi, pi], and never beyond +-1 (the H200's __cosf(0) is 1) */
static inline float kcv__unit(double v) { return kcv__canon_f(fabs(v) > 1.0 ? (float)copysign(1.0, v) : (float)v); }
static inline float kcv_sinf(float x) { return kcv__unit(sin((double)kcv__ftz(x)) * (1.0 + 0x1p-23)); }
static inline float kcv_cosf(float x) { return kcv__unit(cos((double)kcv__ftz(x)) * (1.0 + 0x1p-23)); }
static inline float kcv_tanf(float x) { return kcv_sinf(x) * (1.0f / kcv_cosf(x)); }
static inline void kcv_sincosf(float x, float *s, float *c) { *s = kcv_sinf(x); *c = kcv_cosf(x); }
/* tanh.approx: 2^-11 relative in between, but x itself where tanh(x) is
 * x to float precision and never beyond +-1 (the H200 gives x for
 * subnormals and 1 for large x) */
static inline float kcv_tanhf(float x)
{
    if (fabsf(x) < 0x1p-12f) return x;
    return kcv__unit(tanh((double)x) * (1.0 + 0x1p-11));
}
/* x * rcp.approx(y), where the reciprocal of 2^126 < |y| < 2^128 is
 * flushed to a zero of y's sign: then a signed 0 (the H200's
 * __fdividef(0, -FLT_MAX) is -0), or NaN for an infinite or NaN x */
static inline float __fdividef(float x, float y)
{
    if (fabsf(y) > 0x1p126f && fabsf(y) < INFINITY) return kcv__canon_f(x * copysignf(0.0f, y));
    return kcv__canon_f(x * (1.0f / y));
}
#define __expf kcv_expf
#define __exp10f kcv_exp10f
#define __logf kcv_logf
#define __log2f kcv_log2f
#define __log10f kcv_log10f
#define __powf kcv_powf
#define __sinf kcv_sinf
#define __cosf kcv_cosf
#define __tanf kcv_tanf
#define __sincosf kcv_sincosf
#define __tanhf kcv_tanhf

#endif
