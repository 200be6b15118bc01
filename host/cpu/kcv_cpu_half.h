/*
 * kcv_cpu_half.h — __half and __nv_bfloat16 (cuda_fp16.h, cuda_bf16.h).
 *
 * Storage is the 16-bit pattern.  + - * / go through float and round once
 * to nearest even (float's 24 bits are at least 2p+2 for both formats, so
 * the float rounding is innocuous); fma, directed roundings and double or
 * 64-bit integer inputs go through kcv__round_fmt.  As on the GPU (and as
 * the CUDA headers' own host code does it), every NaN result is the
 * canonical 0x7fff, except that a double NaN narrows as the GPU's cvt
 * from f64 narrows it (kcv__nan_from_f64: the H200 gives 0x7e00 and
 * 0x7fc0), __half2float of a NaN is the float 0x7fffffff, max
 * and min ignore a NaN operand, max(+0, -0) is +0 and min(+0, -0) is -0.
 * Both types are stamped from one macro; the names differ by a tag
 * (`half`, `bfloat16`): __float2half_rz, __float2bfloat16_rz.
 */
#ifndef KCV_CPU_HALF_H
#define KCV_CPU_HALF_H

/* ---- encoding and decoding ----------------------------------------------- */

/* float -> f16, nearest even (the hot path of every __half store) */
static inline uint16_t kcv__f2h(float f)
{
    uint32_t x; memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) return KCV_NAN_16;
    if (ax >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u);     /* rounds to Inf */
    if (ax < 0x38800000u) {                                        /* subnormal half */
        float a; memcpy(&a, &ax, 4);
        return (uint16_t)(sign | (uint32_t)nearbyintf(a * 0x1p24f));   /* exact scaling, RNE */
    }
    uint32_t m = ax + 0xc8000fffu + ((ax >> 13) & 1u);             /* rebias, RNE */
    return (uint16_t)(sign | (m >> 13));
}
static inline float kcv__h2f(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu, x;
    if (e == 0x1f) x = m ? KCV_NAN_F32 : sign | 0x7f800000u;
    else if (e == 0) { float f = (float)m * 0x1p-24f; memcpy(&x, &f, 4); x |= sign; }
    else x = sign | ((e + 112) << 23) | (m << 13);
    float f; memcpy(&f, &x, 4); return f;
}
static inline uint16_t kcv__f2bf(float f)
{
    uint32_t x; memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return KCV_NAN_16;
    x += 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)(x >> 16);
}
static inline float kcv__bf2f(uint16_t b) { uint32_t x = (uint32_t)b << 16; float f; memcpy(&f, &x, 4); return f; }

/* A double (maybe rounded to odd) rounded once in mode m. */
static inline uint16_t kcv__d2h(double d, int m)
{ return d != d ? KCV_NAN_16 : kcv__f2h((float)kcv__round_fmt(d, 11, -14, 15, m)); }
static inline uint16_t kcv__d2bf(double d, int m)
{ return d != d ? KCV_NAN_16 : kcv__f2bf((float)kcv__round_fmt(d, 8, -126, 127, m)); }
/* A double argument (__double2half, a constructor from double): its NaN
 * narrows as the GPU's cvt from f64 does (kcv__nan_from_f64), unlike the
 * NaN of a float. */
static inline uint16_t kcv__dbl2h(double d)
{ return d != d ? (uint16_t)kcv__nan_from_f64(d, 5, 10) : kcv__d2h(d, KCV_RN); }
static inline uint16_t kcv__dbl2bf(double d)
{ return d != d ? (uint16_t)kcv__nan_from_f64(d, 8, 7) : kcv__d2bf(d, KCV_RN); }

/* ---- the two types ------------------------------------------------------------ */

#define KCV_HALF_TYPE(N, ENC, DEC, CODE, DBL) \
struct N##_raw { unsigned short x; }; \
struct N { \
    uint16_t __x; \
    N() = default; \
    N(N##_raw r) : __x(r.x) {} \
    N(float f) : __x(ENC(f)) {} \
    N(double d) : __x(DBL(d)) {} \
    N(int i) : __x(CODE((double)i, KCV_RN)) {} \
    N(unsigned i) : __x(CODE((double)i, KCV_RN)) {} \
    N(short i) : __x(CODE((double)i, KCV_RN)) {} \
    N(unsigned short i) : __x(CODE((double)i, KCV_RN)) {} \
    N(long i) : __x(CODE(kcv__ll_odd(i), KCV_RN)) {} \
    N(unsigned long i) : __x(CODE(kcv__ull_odd(i), KCV_RN)) {} \
    N(long long i) : __x(CODE(kcv__ll_odd(i), KCV_RN)) {} \
    N(unsigned long long i) : __x(CODE(kcv__ull_odd(i), KCV_RN)) {} \
    operator float() const { return DEC(__x); } \
    operator N##_raw() const { N##_raw r = {__x}; return r; } \
    N &operator=(N##_raw r) { __x = r.x; return *this; } \
};

KCV_HALF_TYPE(__half, kcv__f2h, kcv__h2f, kcv__d2h, kcv__dbl2h)
KCV_HALF_TYPE(__nv_bfloat16, kcv__f2bf, kcv__bf2f, kcv__d2bf, kcv__dbl2bf)
#undef KCV_HALF_TYPE
typedef __half half;
typedef __nv_bfloat16 nv_bfloat16;

/* ---- functions of both types ------------------------------------------------ */

#define KCV_HALF_FUNCS(T, TAG, ENC, DEC, CODE, DBL, ONE) \
static inline T kcv__mk(T, uint16_t b) { T r; r.__x = b; return r; } \
static inline bool kcv__isnan(T a) { return (a.__x & 0x7fffu) > (ENC(INFINITY) & 0x7fffu); } \
/* conversions */ \
static inline T __float2##TAG(float f) { return T(f); } \
static inline T __float2##TAG##_rn(float f) { return T(f); } \
static inline T __float2##TAG##_rz(float f) { return kcv__mk(T(), CODE(f, KCV_RZ)); } \
static inline T __float2##TAG##_rd(float f) { return kcv__mk(T(), CODE(f, KCV_RD)); } \
static inline T __float2##TAG##_ru(float f) { return kcv__mk(T(), CODE(f, KCV_RU)); } \
static inline T __double2##TAG(double d) { return kcv__mk(T(), DBL(d)); } \
static inline float __##TAG##2float(T a) { return DEC(a.__x); } \
static inline unsigned short __##TAG##_as_ushort(T a) { return a.__x; } \
static inline short __##TAG##_as_short(T a) { return (short)a.__x; } \
static inline T __ushort_as_##TAG(unsigned short u) { return kcv__mk(T(), u); } \
static inline T __short_as_##TAG(short u) { return kcv__mk(T(), (uint16_t)u); } \
static inline signed char __##TAG##2char_rz(T a) { return kcv__to_int<signed char>(DEC(a.__x), KCV_RZ); } \
static inline unsigned char __##TAG##2uchar_rz(T a) { return kcv__to_int<unsigned char>(DEC(a.__x), KCV_RZ); } \
KCV_HALF_INT(T, TAG, DEC, CODE, int, int, (double)) \
KCV_HALF_INT(T, TAG, DEC, CODE, uint, unsigned, (double)) \
KCV_HALF_INT(T, TAG, DEC, CODE, short, short, (double)) \
KCV_HALF_INT(T, TAG, DEC, CODE, ushort, unsigned short, (double)) \
KCV_HALF_INT(T, TAG, DEC, CODE, ll, long long, kcv__ll_odd) \
KCV_HALF_INT(T, TAG, DEC, CODE, ull, unsigned long long, kcv__ull_odd) \
/* arithmetic: exact in float, then rounded once */ \
static inline T __hadd(T a, T b) { return T(DEC(a.__x) + DEC(b.__x)); } \
static inline T __hsub(T a, T b) { return T(DEC(a.__x) - DEC(b.__x)); } \
static inline T __hmul(T a, T b) { return T(DEC(a.__x) * DEC(b.__x)); } \
static inline T __hdiv(T a, T b) { return T(DEC(a.__x) / DEC(b.__x)); } \
static inline T __hadd_rn(T a, T b) { return __hadd(a, b); } \
static inline T __hsub_rn(T a, T b) { return __hsub(a, b); } \
static inline T __hmul_rn(T a, T b) { return __hmul(a, b); } \
static inline T __hfma(T a, T b, T c) \
{ \
    double p = (double)DEC(a.__x) * DEC(b.__x), z = DEC(c.__x); \
    if (!isfinite(p) || !isfinite(z)) return kcv__mk(T(), CODE(p + z, KCV_RN)); \
    double s = kcv__sum_odd(p, z); \
    return kcv__mk(T(), CODE(s == 0 ? kcv__zero_sum(p, z, KCV_RN) : s, KCV_RN)); \
} \
static inline T __hneg(T a) { return kcv__isnan(a) ? kcv__mk(T(), KCV_NAN_16) : kcv__mk(T(), a.__x ^ 0x8000u); } \
static inline T __habs(T a) { return kcv__isnan(a) ? kcv__mk(T(), KCV_NAN_16) : kcv__mk(T(), a.__x & 0x7fffu); } \
/* max and min: a NaN operand is ignored, two give the canonical NaN */ \
static inline T kcv__maxmin(T a, T b, int want_max, int nan_wins) \
{ \
    int na = kcv__isnan(a), nb = kcv__isnan(b); \
    if (na || nb) return (nan_wins || (na && nb)) ? kcv__mk(T(), KCV_NAN_16) : na ? b : a; \
    float fa = DEC(a.__x), fb = DEC(b.__x); \
    if (fa == fb) return (a.__x > b.__x) == !!want_max ? b : a;  /* +0 vs -0 */ \
    return (fa > fb) == !!want_max ? a : b; \
} \
static inline T __hmax(T a, T b) { return kcv__maxmin(a, b, 1, 0); } \
static inline T __hmin(T a, T b) { return kcv__maxmin(a, b, 0, 0); } \
static inline T __hmax_nan(T a, T b) { return kcv__maxmin(a, b, 1, 1); } \
static inline T __hmin_nan(T a, T b) { return kcv__maxmin(a, b, 0, 1); } \
/* _sat clamps to [+0, 1], NaN to +0; _relu is max_nan(x, +0) */ \
static inline T kcv__sat(T a) \
{ \
    float f = DEC(a.__x); \
    return f != f || f <= 0 ? kcv__mk(T(), 0) : f >= 1 ? kcv__mk(T(), ONE) : a; \
} \
static inline T __hadd_sat(T a, T b) { return kcv__sat(__hadd(a, b)); } \
static inline T __hsub_sat(T a, T b) { return kcv__sat(__hsub(a, b)); } \
static inline T __hmul_sat(T a, T b) { return kcv__sat(__hmul(a, b)); } \
static inline T __hfma_sat(T a, T b, T c) { return kcv__sat(__hfma(a, b, c)); } \
static inline T __hfma_relu(T a, T b, T c) { return __hmax_nan(__hfma(a, b, c), kcv__mk(T(), 0)); } \
/* comparisons: ordered (false on NaN) and unordered (u: true on NaN) */ \
static inline bool __heq(T a, T b) { return DEC(a.__x) == DEC(b.__x); } \
static inline bool __hne(T a, T b) { float x = DEC(a.__x), y = DEC(b.__x); return x < y || x > y; } \
static inline bool __hlt(T a, T b) { return DEC(a.__x) < DEC(b.__x); } \
static inline bool __hle(T a, T b) { return DEC(a.__x) <= DEC(b.__x); } \
static inline bool __hgt(T a, T b) { return DEC(a.__x) > DEC(b.__x); } \
static inline bool __hge(T a, T b) { return DEC(a.__x) >= DEC(b.__x); } \
static inline bool __hequ(T a, T b) { return !__hne(a, b); } \
static inline bool __hneu(T a, T b) { return !__heq(a, b); } \
static inline bool __hltu(T a, T b) { return !__hge(a, b); } \
static inline bool __hleu(T a, T b) { return !__hgt(a, b); } \
static inline bool __hgtu(T a, T b) { return !__hle(a, b); } \
static inline bool __hgeu(T a, T b) { return !__hlt(a, b); } \
static inline bool __hisnan(T a) { return kcv__isnan(a); } \
static inline int __hisinf(T a) \
{ return (a.__x & 0x7fffu) == (ENC(INFINITY) & 0x7fffu) ? (a.__x & 0x8000u ? -1 : 1) : 0; } \
/* exact roundings to an integral value (cvt.rpi.f16.f16 etc.) */ \
static inline T kcv__rint(T a, int m) \
{ \
    if (kcv__isnan(a)) return kcv__mk(T(), KCV_NAN_16); \
    float f = DEC(a.__x); \
    return T(m == KCV_RZ ? truncf(f) : m == KCV_RD ? floorf(f) : m == KCV_RU ? ceilf(f) : rintf(f)); \
} \
static inline T htrunc(T a) { return kcv__rint(a, KCV_RZ); } \
static inline T hfloor(T a) { return kcv__rint(a, KCV_RD); } \
static inline T hceil(T a) { return kcv__rint(a, KCV_RU); } \
static inline T hrint(T a) { return kcv__rint(a, KCV_RN); } \
/* math through float/double, rounded once: within one ulp of the GPU's \
 * approximate instructions (their error is not documented) */ \
static inline T hsqrt(T a) { return kcv__mk(T(), CODE(kcv__sqrt_odd(DEC(a.__x)), KCV_RN)); } \
static inline T hrsqrt(T a) { return kcv__mk(T(), CODE(1.0 / sqrt((double)DEC(a.__x)), KCV_RN)); } \
static inline T hrcp(T a) { return kcv__mk(T(), CODE(kcv__div_odd(1.0, DEC(a.__x)), KCV_RN)); } \
static inline T hexp(T a) { return kcv__mk(T(), CODE(exp((double)DEC(a.__x)), KCV_RN)); } \
static inline T hexp2(T a) { return kcv__mk(T(), CODE(exp2((double)DEC(a.__x)), KCV_RN)); } \
static inline T hlog(T a) { return kcv__mk(T(), CODE(log((double)DEC(a.__x)), KCV_RN)); } \
static inline T hlog2(T a) { return kcv__mk(T(), CODE(log2((double)DEC(a.__x)), KCV_RN)); } \
/* operators: CUDA's map to the functions above */ \
static inline T operator+(T a, T b) { return __hadd(a, b); } \
static inline T operator-(T a, T b) { return __hsub(a, b); } \
static inline T operator*(T a, T b) { return __hmul(a, b); } \
static inline T operator/(T a, T b) { return __hdiv(a, b); } \
static inline T &operator+=(T &a, T b) { return a = __hadd(a, b); } \
static inline T &operator-=(T &a, T b) { return a = __hsub(a, b); } \
static inline T &operator*=(T &a, T b) { return a = __hmul(a, b); } \
static inline T &operator/=(T &a, T b) { return a = __hdiv(a, b); } \
static inline T &operator++(T &a) { return a = __hadd(a, kcv__mk(T(), ONE)); } \
static inline T &operator--(T &a) { return a = __hsub(a, kcv__mk(T(), ONE)); } \
static inline T operator++(T &a, int) { T o = a; ++a; return o; } \
static inline T operator--(T &a, int) { T o = a; --a; return o; } \
static inline T operator+(T a) { return a; } \
static inline T operator-(T a) { return __hneg(a); } \
static inline bool operator==(T a, T b) { return __heq(a, b); } \
static inline bool operator!=(T a, T b) { return __hneu(a, b); } \
static inline bool operator<(T a, T b) { return __hlt(a, b); } \
static inline bool operator>(T a, T b) { return __hgt(a, b); } \
static inline bool operator<=(T a, T b) { return __hle(a, b); } \
static inline bool operator>=(T a, T b) { return __hge(a, b); }

/* __half2int_rn ... __half2ull_ru and __int2half_rn ... __ull2half_ru */
#define KCV_HALF_INT(T, TAG, DEC, CODE, IN, IT, TOD) \
static inline IT __##TAG##2##IN##_rn(T a) { return kcv__to_int<IT>(DEC(a.__x), KCV_RN); } \
static inline IT __##TAG##2##IN##_rz(T a) { return kcv__to_int<IT>(DEC(a.__x), KCV_RZ); } \
static inline IT __##TAG##2##IN##_rd(T a) { return kcv__to_int<IT>(DEC(a.__x), KCV_RD); } \
static inline IT __##TAG##2##IN##_ru(T a) { return kcv__to_int<IT>(DEC(a.__x), KCV_RU); } \
static inline T __##IN##2##TAG##_rn(IT i) { return kcv__mk(T(), CODE(TOD(i), KCV_RN)); } \
static inline T __##IN##2##TAG##_rz(IT i) { return kcv__mk(T(), CODE(TOD(i), KCV_RZ)); } \
static inline T __##IN##2##TAG##_rd(IT i) { return kcv__mk(T(), CODE(TOD(i), KCV_RD)); } \
static inline T __##IN##2##TAG##_ru(IT i) { return kcv__mk(T(), CODE(TOD(i), KCV_RU)); }

KCV_HALF_FUNCS(__half, half, kcv__f2h, kcv__h2f, kcv__d2h, kcv__dbl2h, 0x3c00u)
KCV_HALF_FUNCS(__nv_bfloat16, bfloat16, kcv__f2bf, kcv__bf2f, kcv__d2bf, kcv__dbl2bf, 0x3f80u)
#undef KCV_HALF_FUNCS
#undef KCV_HALF_INT

#endif
