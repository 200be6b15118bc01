/*
 * kcv_dtype.c — the dtype table and exact conversions between every float
 * format and double.
 *
 * Every format kcv knows fits exactly in a double, so converting A -> B is
 * "load A exactly as double, then round once to B"; one rounding, no double
 * rounding.  The small formats share one generic encoder, parameterised by
 * exponent and mantissa width.
 */
#include <math.h>
#include <string.h>
#include "kcv.h"

const kcv_dtype_info kcv_dtypes[KCV_NDTYPE] = {
    [KCV_F64]    = {"f64",    8, 1, 1, 11, 52},
    [KCV_F32]    = {"f32",    4, 1, 1,  8, 23},
    [KCV_F16]    = {"f16",    2, 1, 1,  5, 10},
    [KCV_BF16]   = {"bf16",   2, 1, 1,  8,  7},
    [KCV_F8E4M3] = {"f8e4m3", 1, 1, 1,  4,  3},
    [KCV_F8E5M2] = {"f8e5m2", 1, 1, 1,  5,  2},
    [KCV_I8]     = {"i8",     1, 0, 1, 0, 0},
    [KCV_I16]    = {"i16",    2, 0, 1, 0, 0},
    [KCV_I32]    = {"i32",    4, 0, 1, 0, 0},
    [KCV_I64]    = {"i64",    8, 0, 1, 0, 0},
    [KCV_U8]     = {"u8",     1, 0, 0, 0, 0},
    [KCV_U16]    = {"u16",    2, 0, 0, 0, 0},
    [KCV_U32]    = {"u32",    4, 0, 0, 0, 0},
    [KCV_U64]    = {"u64",    8, 0, 0, 0, 0},
    [KCV_BOOL]   = {"bool",   1, 0, 0, 0, 0},
};

int kcv_dtype_byname(const char *name)
{
    static const struct { const char *alias; kcv_dtype dt; } aliases[] = {
        {"float64", KCV_F64}, {"double", KCV_F64}, {"float32", KCV_F32},
        {"float", KCV_F32}, {"float16", KCV_F16}, {"half", KCV_F16},
        {"bfloat16", KCV_BF16}, {"e4m3", KCV_F8E4M3}, {"e5m2", KCV_F8E5M2},
    };
    for (int i = 0; i < KCV_NDTYPE; i++)
        if (strcmp(name, kcv_dtypes[i].name) == 0) return i;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].alias) == 0) return aliases[i].dt;
    return -1;
}

kcv_dtype kcv_checkdtype(lua_State *L, int arg)
{
    const char *name = luaL_checkstring(L, arg);
    int dt = kcv_dtype_byname(name);
    if (dt < 0)
        luaL_argerror(L, arg, lua_pushfstring(L,
            "unknown dtype '%s' (f64 f32 f16 bf16 f8e4m3 f8e5m2 "
            "i8..i64 u8..u64 bool)", name));
    return (kcv_dtype)dt;
}

/* ---- generic small-float codec ------------------------------------------
 * A format with E exponent bits and M mantissa bits, bias 2^(E-1)-1.
 * `ieee`: the all-ones exponent means Inf/NaN (f16, bf16, e5m2).  Otherwise
 * (OCP e4m3 "fn"): no Inf, only S.1111.111 is NaN, and the top binade holds
 * finite values up to 448.  Overflow then gives NaN, as CUDA's non-saturating
 * conversion (__NV_NOSAT) does. */

typedef struct { int E, M, ieee; } sfmt;

/* 2^k for -1022 <= k <= 1023, from its bits: exact, as ldexp(1.0, k), but
 * without a libm call (these codecs run once per element of every bf16
 * and f16 buffer the oracle reads or a gate compares). */
static inline double sf_p2(int k)
{
    uint64_t b = (uint64_t)(k + 1023) << 52;
    double d;
    memcpy(&d, &b, 8);
    return d;
}

/* The exponent e of frexp (a = m 2^e, m in [1/2, 1)) for a normal
 * positive double a. */
static inline int sf_frexp_e(double a)
{
    uint64_t b;
    memcpy(&b, &a, 8);
    return (int)((b >> 52) & 0x7ff) - 1022;
}

static double sf_maxfinite(sfmt f)
{
    int bias = (1 << (f.E - 1)) - 1;
    int emax = f.ieee ? bias : bias + 1;
    /* fn formats lose the top mantissa code to NaN. */
    double mant = f.ieee ? 2.0 - sf_p2(-f.M) : 2.0 - sf_p2(1 - f.M);
    return mant * sf_p2(emax);
}

/* Every ldexp of the codec scales by a power of two whose result is a
 * normal double (or overflows, as ldexp would), so a product with sf_p2
 * gives ldexp's bits; a subnormal double input takes frexp (spec/c/
 * test_dtype.c compares the codec with a copy of the ldexp one). */
static uint32_t sf_encode(double x, sfmt f)
{
    uint32_t sign = signbit(x) ? 1u << (f.E + f.M) : 0;
    uint32_t expmask = ((1u << f.E) - 1) << f.M;
    int bias = (1 << (f.E - 1)) - 1;
    int emin = 1 - bias;
    if (isnan(x)) {
        if (!f.ieee) return sign | expmask | ((1u << f.M) - 1);
        /* Keep the payload's top bits, force quiet. */
        uint64_t b; memcpy(&b, &x, 8);
        uint32_t payload = (uint32_t)((b >> (52 - f.M)) & ((1u << f.M) - 1));
        return sign | expmask | payload | (1u << (f.M - 1));
    }
    if (isinf(x))
        return f.ieee ? (sign | expmask) : (sign | expmask | ((1u << f.M) - 1));
    double a = fabs(x);
    if (a == 0) return sign;
    int e;
    if (a >= 0x1p-1022) e = sf_frexp_e(a);   /* a = m * 2^e, m in [0.5, 1) */
    else frexp(a, &e);
    int ue = e - 1;               /* a = 1.xxx * 2^ue */
    int qexp = (ue < emin ? emin : ue) - f.M;
    double r = nearbyint(a * sf_p2(-qexp));  /* exact scaling, one RNE */
    double v = r * sf_p2(qexp);
    if (v > sf_maxfinite(f))
        return f.ieee ? (sign | expmask) : (sign | expmask | ((1u << f.M) - 1));
    if (v < sf_p2(emin))                     /* subnormal (or rounded to 0) */
        return sign | (uint32_t)r;
    ue = sf_frexp_e(v) - 1;
    uint32_t mant = (uint32_t)(v * sf_p2(f.M - ue) - sf_p2(f.M));
    return sign | ((uint32_t)(ue + bias) << f.M) | mant;
}

static double sf_decode(uint32_t bits, sfmt f)
{
    int bias = (1 << (f.E - 1)) - 1;
    uint32_t mant = bits & ((1u << f.M) - 1);
    uint32_t ex = (bits >> f.M) & ((1u << f.E) - 1);
    double s = (bits >> (f.E + f.M)) & 1 ? -1.0 : 1.0;
    if (f.ieee && ex == (1u << f.E) - 1) {
        if (mant == 0) return s * INFINITY;
        /* Payload goes back to the top mantissa bits of a double. */
        uint64_t b = ((uint64_t)(s < 0) << 63) | 0x7ff0000000000000ull |
                     ((uint64_t)mant << (52 - f.M));
        double d; memcpy(&d, &b, 8);
        return d;
    }
    if (!f.ieee && ex == (1u << f.E) - 1 && mant == (1u << f.M) - 1)
        return s > 0 ? NAN : -NAN;
    if (ex == 0) return s * ((double)mant * sf_p2(1 - bias - f.M));
    return s * ((double)(mant | (1u << f.M)) * sf_p2((int)ex - bias - f.M));
}

static const sfmt F16 = {5, 10, 1}, BF16 = {8, 7, 1},
                  E4M3 = {4, 3, 0}, E5M2 = {5, 2, 1};

uint16_t kcv_f64_to_f16(double x)  { return (uint16_t)sf_encode(x, F16); }
double kcv_f16_to_f64(uint16_t h)  { return sf_decode(h, F16); }
uint16_t kcv_f64_to_bf16(double x) { return (uint16_t)sf_encode(x, BF16); }
double kcv_bf16_to_f64(uint16_t h) { return sf_decode(h, BF16); }
uint8_t kcv_f64_to_e4m3(double x)  { return (uint8_t)sf_encode(x, E4M3); }
double kcv_e4m3_to_f64(uint8_t b)  { return sf_decode(b, E4M3); }
uint8_t kcv_f64_to_e5m2(double x)  { return (uint8_t)sf_encode(x, E5M2); }
double kcv_e5m2_to_f64(uint8_t b)  { return sf_decode(b, E5M2); }

/* ---- element load/store --------------------------------------------- */

uint64_t kcv_loadbits(kcv_dtype dt, const void *p)
{
    switch (kcv_dtypes[dt].size) {
    case 1: return *(const uint8_t *)p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}

void kcv_storebits(kcv_dtype dt, void *p, uint64_t bits)
{
    switch (kcv_dtypes[dt].size) {
    case 1: *(uint8_t *)p = (uint8_t)bits; break;
    case 2: { uint16_t v = (uint16_t)bits; memcpy(p, &v, 2); break; }
    case 4: { uint32_t v = (uint32_t)bits; memcpy(p, &v, 4); break; }
    default: memcpy(p, &bits, 8); break;
    }
}

double kcv_load(kcv_dtype dt, const void *p)
{
    uint64_t b = kcv_loadbits(dt, p);
    switch (dt) {
    case KCV_F64: { double d; memcpy(&d, &b, 8); return d; }
    case KCV_F32: { float f; uint32_t u = (uint32_t)b; memcpy(&f, &u, 4); return f; }
    case KCV_F16: return kcv_f16_to_f64((uint16_t)b);
    case KCV_BF16: return kcv_bf16_to_f64((uint16_t)b);
    case KCV_F8E4M3: return kcv_e4m3_to_f64((uint8_t)b);
    case KCV_F8E5M2: return kcv_e5m2_to_f64((uint8_t)b);
    case KCV_I8: return (int8_t)b;
    case KCV_I16: return (int16_t)b;
    case KCV_I32: return (int32_t)b;
    case KCV_I64: return (double)(int64_t)b;
    case KCV_BOOL: return b != 0;
    default: return (double)b;   /* unsigned */
    }
}

/* Truncate toward zero and saturate to [lo, hi]; NaN gives 0. */
static double sat(double v, double lo, double hi)
{
    if (isnan(v)) return 0;
    v = trunc(v);
    return v < lo ? lo : v > hi ? hi : v;
}

void kcv_store(kcv_dtype dt, void *p, double v)
{
    uint64_t b;
    switch (dt) {
    case KCV_F64: memcpy(&b, &v, 8); break;
    case KCV_F32: { float f = (float)v; uint32_t u; memcpy(&u, &f, 4); b = u; break; }
    case KCV_F16: b = kcv_f64_to_f16(v); break;
    case KCV_BF16: b = kcv_f64_to_bf16(v); break;
    case KCV_F8E4M3: b = kcv_f64_to_e4m3(v); break;
    case KCV_F8E5M2: b = kcv_f64_to_e5m2(v); break;
    case KCV_I8: b = (uint64_t)(int64_t)sat(v, INT8_MIN, INT8_MAX); break;
    case KCV_I16: b = (uint64_t)(int64_t)sat(v, INT16_MIN, INT16_MAX); break;
    case KCV_I32: b = (uint64_t)(int64_t)sat(v, INT32_MIN, INT32_MAX); break;
    case KCV_I64: {
        double t = sat(v, -0x1p63, 0x1p63);
        b = t >= 0x1p63 ? (uint64_t)INT64_MAX : (uint64_t)(int64_t)t;
        break;
    }
    case KCV_U8: b = (uint64_t)sat(v, 0, UINT8_MAX); break;
    case KCV_U16: b = (uint64_t)sat(v, 0, UINT16_MAX); break;
    case KCV_U32: b = (uint64_t)sat(v, 0, UINT32_MAX); break;
    case KCV_U64: { double t = sat(v, 0, 0x1p64); b = t >= 0x1p64 ? UINT64_MAX : (uint64_t)t; break; }
    case KCV_BOOL: b = (v != 0 && !isnan(v)); break;
    default: b = 0;
    }
    kcv_storebits(dt, p, b);
}

/* ---- Lua: kcv.dtypes, kcv.dtype(name), kcv.f16bits(x) ... ----------- */

static int l_dtype(lua_State *L)
{
    kcv_dtype dt = kcv_checkdtype(L, 1);
    const kcv_dtype_info *d = &kcv_dtypes[dt];
    lua_createtable(L, 0, 6);
    lua_pushstring(L, d->name); lua_setfield(L, -2, "name");
    lua_pushinteger(L, (lua_Integer)d->size); lua_setfield(L, -2, "size");
    lua_pushboolean(L, d->is_float); lua_setfield(L, -2, "is_float");
    lua_pushboolean(L, d->is_signed); lua_setfield(L, -2, "is_signed");
    if (d->is_float) {
        sfmt f = {d->ebits, d->mbits, dt != KCV_F8E4M3};
        double maxf = dt == KCV_F64 ? 0x1.fffffffffffffp1023
                    : dt == KCV_F32 ? 0x1.fffffep127 : sf_maxfinite(f);
        int bias = (1 << (d->ebits - 1)) - 1;
        lua_pushnumber(L, maxf); lua_setfield(L, -2, "max");
        lua_pushnumber(L, ldexp(1.0, 1 - bias)); lua_setfield(L, -2, "min_normal");
        lua_pushnumber(L, ldexp(1.0, 1 - bias - d->mbits)); lua_setfield(L, -2, "min_subnormal");
        lua_pushnumber(L, ldexp(1.0, -d->mbits - 1)); lua_setfield(L, -2, "unit_roundoff");
        lua_pushnumber(L, ldexp(1.0, -d->mbits)); lua_setfield(L, -2, "eps");
    }
    return 1;
}

/* kcv.round(x, dtype): x rounded once to dtype, returned as a double. */
static int l_round(lua_State *L)
{
    double x = luaL_checknumber(L, 1);
    kcv_dtype dt = kcv_checkdtype(L, 2);
    unsigned char tmp[8];
    kcv_store(dt, tmp, x);
    lua_pushnumber(L, kcv_load(dt, tmp));
    return 1;
}

/* kcv.tobits(x, dtype) / kcv.frombits(bits, dtype) */
static int l_tobits(lua_State *L)
{
    double x = luaL_checknumber(L, 1);
    kcv_dtype dt = kcv_checkdtype(L, 2);
    unsigned char tmp[8];
    kcv_store(dt, tmp, x);
    lua_pushinteger(L, (lua_Integer)kcv_loadbits(dt, tmp));
    return 1;
}

static int l_frombits(lua_State *L)
{
    lua_Integer bits = luaL_checkinteger(L, 1);
    kcv_dtype dt = kcv_checkdtype(L, 2);
    unsigned char tmp[8];
    kcv_storebits(dt, tmp, (uint64_t)bits);
    lua_pushnumber(L, kcv_load(dt, tmp));
    return 1;
}

int kcv_open_dtype(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"dtype", l_dtype}, {"round", l_round},
        {"tobits", l_tobits}, {"frombits", l_frombits}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
    lua_createtable(L, KCV_NDTYPE, 0);
    for (int i = 0; i < KCV_NDTYPE; i++) {
        lua_pushstring(L, kcv_dtypes[i].name);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "dtypes");
    return 0;
}
