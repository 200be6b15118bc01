/*
 * kcv_cpu_half2.h — __half2 and __nv_bfloat162: two lanes, each computed
 * by the scalar function of kcv_cpu_half.h (the GPU's f16x2 instructions
 * are two independent scalar operations).  Compares come in three forms:
 * __heq2 gives 1.0 or 0.0 per lane, __heq2_mask 0xffff or 0 per lane,
 * __hbeq2 true when both lanes are true.
 */
#ifndef KCV_CPU_HALF2_H
#define KCV_CPU_HALF2_H

#define KCV_PAIR_TYPE(T, T2) \
struct T2##_raw { unsigned short x, y; }; \
struct alignas(4) T2 { \
    T x, y; \
    T2() = default; \
    T2(T a, T b) : x(a), y(b) {} \
    T2(T2##_raw r) { x.__x = r.x; y.__x = r.y; } \
    operator T2##_raw() const { T2##_raw r = {x.__x, y.__x}; return r; } \
};
KCV_PAIR_TYPE(__half, __half2)
KCV_PAIR_TYPE(__nv_bfloat16, __nv_bfloat162)
#undef KCV_PAIR_TYPE
typedef __half2 half2;
typedef __nv_bfloat162 nv_bfloat162;

#define KCV_LANES1(T2, F, G) static inline T2 F(T2 a) { return T2(G(a.x), G(a.y)); }
#define KCV_LANES2(T2, F, G) static inline T2 F(T2 a, T2 b) { return T2(G(a.x, b.x), G(a.y, b.y)); }
#define KCV_LANES3(T2, F, G) \
    static inline T2 F(T2 a, T2 b, T2 c) { return T2(G(a.x, b.x, c.x), G(a.y, b.y, c.y)); }
/* a compare per lane: as 1.0/0.0, as a 16-bit mask, and both lanes */
#define KCV_CMP2(T, T2, C, ONE) \
    static inline T2 C##2(T2 a, T2 b) \
    { return T2(kcv__mk(T(), C(a.x, b.x) ? ONE : 0), kcv__mk(T(), C(a.y, b.y) ? ONE : 0)); } \
    static inline unsigned C##2_mask(T2 a, T2 b) \
    { return (C(a.x, b.x) ? 0xffffu : 0) | (C(a.y, b.y) ? 0xffff0000u : 0); } \
    static inline bool kcv__b##C##2(T2 a, T2 b) { return C(a.x, b.x) && C(a.y, b.y); }

#define KCV_PAIR_FUNCS(T, T2, TAG, ONE) \
static inline T2 __##TAG##2##TAG##2(T a) { return T2(a, a); } \
static inline T2 __halves2##TAG##2(T a, T b) { return T2(a, b); } \
static inline T2 make_##TAG##2(T a, T b) { return T2(a, b); } \
static inline T2 __floats2##TAG##2_rn(float a, float b) { return T2(T(a), T(b)); } \
static inline T2 __float2##TAG##2_rn(float a) { return T2(T(a), T(a)); } \
static inline T2 __float22##TAG##2_rn(float2 f) { return T2(T(f.x), T(f.y)); } \
static inline float2 __##TAG##22float2(T2 h) { return make_float2((float)h.x, (float)h.y); } \
static inline float __low2float(T2 h) { return (float)h.x; } \
static inline float __high2float(T2 h) { return (float)h.y; } \
static inline T __low2##TAG(T2 h) { return h.x; } \
static inline T __high2##TAG(T2 h) { return h.y; } \
static inline T2 __low2##TAG##2(T2 h) { return T2(h.x, h.x); } \
static inline T2 __high2##TAG##2(T2 h) { return T2(h.y, h.y); } \
static inline T2 __lows2##TAG##2(T2 a, T2 b) { return T2(a.x, b.x); } \
static inline T2 __highs2##TAG##2(T2 a, T2 b) { return T2(a.y, b.y); } \
static inline T2 __lowhigh2highlow(T2 a) { return T2(a.y, a.x); } \
KCV_LANES2(T2, __hadd2, __hadd) KCV_LANES2(T2, __hsub2, __hsub) KCV_LANES2(T2, __hmul2, __hmul) \
KCV_LANES2(T2, __h2div, __hdiv) KCV_LANES2(T2, __hadd2_rn, __hadd) KCV_LANES2(T2, __hsub2_rn, __hsub) \
KCV_LANES2(T2, __hmul2_rn, __hmul) KCV_LANES2(T2, __hadd2_sat, __hadd_sat) \
KCV_LANES2(T2, __hsub2_sat, __hsub_sat) KCV_LANES2(T2, __hmul2_sat, __hmul_sat) \
KCV_LANES2(T2, __hmax2, __hmax) KCV_LANES2(T2, __hmin2, __hmin) \
KCV_LANES2(T2, __hmax2_nan, __hmax_nan) KCV_LANES2(T2, __hmin2_nan, __hmin_nan) \
KCV_LANES3(T2, __hfma2, __hfma) KCV_LANES3(T2, __hfma2_sat, __hfma_sat) \
KCV_LANES3(T2, __hfma2_relu, __hfma_relu) \
KCV_LANES1(T2, __hneg2, __hneg) KCV_LANES1(T2, __habs2, __habs) \
KCV_LANES1(T2, h2sqrt, hsqrt) KCV_LANES1(T2, h2rsqrt, hrsqrt) KCV_LANES1(T2, h2rcp, hrcp) \
KCV_LANES1(T2, h2exp, hexp) KCV_LANES1(T2, h2exp2, hexp2) KCV_LANES1(T2, h2log, hlog) \
KCV_LANES1(T2, h2log2, hlog2) KCV_LANES1(T2, h2trunc, htrunc) KCV_LANES1(T2, h2floor, hfloor) \
KCV_LANES1(T2, h2ceil, hceil) KCV_LANES1(T2, h2rint, hrint) \
/* complex multiply-add: (a.x + i a.y)(b.x + i b.y) + c, as __hcmadd */ \
static inline T2 __hcmadd(T2 a, T2 b, T2 c) \
{ return T2(__hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x)), __hfma(a.y, b.x, __hfma(a.x, b.y, c.y))); } \
static inline T2 __hisnan2(T2 a) \
{ return T2(kcv__mk(T(), __hisnan(a.x) ? ONE : 0), kcv__mk(T(), __hisnan(a.y) ? ONE : 0)); } \
KCV_CMP2(T, T2, __heq, ONE) KCV_CMP2(T, T2, __hne, ONE) KCV_CMP2(T, T2, __hlt, ONE) \
KCV_CMP2(T, T2, __hle, ONE) KCV_CMP2(T, T2, __hgt, ONE) KCV_CMP2(T, T2, __hge, ONE) \
KCV_CMP2(T, T2, __hequ, ONE) KCV_CMP2(T, T2, __hneu, ONE) KCV_CMP2(T, T2, __hltu, ONE) \
KCV_CMP2(T, T2, __hleu, ONE) KCV_CMP2(T, T2, __hgtu, ONE) KCV_CMP2(T, T2, __hgeu, ONE) \
static inline bool __hbeq2(T2 a, T2 b) { return kcv__b__heq2(a, b); } \
static inline bool __hbne2(T2 a, T2 b) { return kcv__b__hne2(a, b); } \
static inline bool __hblt2(T2 a, T2 b) { return kcv__b__hlt2(a, b); } \
static inline bool __hble2(T2 a, T2 b) { return kcv__b__hle2(a, b); } \
static inline bool __hbgt2(T2 a, T2 b) { return kcv__b__hgt2(a, b); } \
static inline bool __hbge2(T2 a, T2 b) { return kcv__b__hge2(a, b); } \
static inline bool __hbequ2(T2 a, T2 b) { return kcv__b__hequ2(a, b); } \
static inline bool __hbneu2(T2 a, T2 b) { return kcv__b__hneu2(a, b); } \
static inline bool __hbltu2(T2 a, T2 b) { return kcv__b__hltu2(a, b); } \
static inline bool __hbleu2(T2 a, T2 b) { return kcv__b__hleu2(a, b); } \
static inline bool __hbgtu2(T2 a, T2 b) { return kcv__b__hgtu2(a, b); } \
static inline bool __hbgeu2(T2 a, T2 b) { return kcv__b__hgeu2(a, b); } \
static inline T2 operator+(T2 a, T2 b) { return __hadd2(a, b); } \
static inline T2 operator-(T2 a, T2 b) { return __hsub2(a, b); } \
static inline T2 operator*(T2 a, T2 b) { return __hmul2(a, b); } \
static inline T2 operator/(T2 a, T2 b) { return __h2div(a, b); } \
static inline T2 &operator+=(T2 &a, T2 b) { return a = __hadd2(a, b); } \
static inline T2 &operator-=(T2 &a, T2 b) { return a = __hsub2(a, b); } \
static inline T2 &operator*=(T2 &a, T2 b) { return a = __hmul2(a, b); } \
static inline T2 &operator/=(T2 &a, T2 b) { return a = __h2div(a, b); } \
static inline T2 operator-(T2 a) { return __hneg2(a); } \
static inline T2 operator+(T2 a) { return a; } \
static inline bool operator==(T2 a, T2 b) { return __hbeq2(a, b); } \
static inline bool operator!=(T2 a, T2 b) { return __hbneu2(a, b); } \
static inline bool operator<(T2 a, T2 b) { return __hblt2(a, b); } \
static inline bool operator>(T2 a, T2 b) { return __hbgt2(a, b); } \
static inline bool operator<=(T2 a, T2 b) { return __hble2(a, b); } \
static inline bool operator>=(T2 a, T2 b) { return __hbge2(a, b); }

KCV_PAIR_FUNCS(__half, __half2, half, 0x3c00u)
KCV_PAIR_FUNCS(__nv_bfloat16, __nv_bfloat162, bfloat16, 0x3f80u)
#undef KCV_PAIR_FUNCS
#undef KCV_LANES1
#undef KCV_LANES2
#undef KCV_LANES3
#undef KCV_CMP2

#endif
