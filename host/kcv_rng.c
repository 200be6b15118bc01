/*
 * kcv_rng.c — counter-based random fills (Philox4x32-10, Random123).
 *
 * Why counter-based: a value depends only on (seed, stream, element index),
 * so a fill is reproducible from its arguments alone, any element can be
 * recomputed in isolation (by a Lua gate or a CUDA kernel), and a buffer's
 * contents do not depend on its layout, on the order of the fill or on how
 * many values were drawn before.  Element i uses
 *     counter {lo32(i), hi32(i), stream, 0},  key {lo32(seed), hi32(seed)}
 * and only its own four output words.  Every value is computed in double
 * and rounded once to the buffer's dtype.
 */
#include <math.h>
#include <string.h>
#include "kcv.h"
#include "mp.h"        /* mp_parallel */

/* ---- Philox4x32-10 ------------------------------------------------------ */

#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

void kcv_philox4x32(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4])
{
    uint32_t c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3];
    uint32_t k0 = key[0], k1 = key[1];
    for (int r = 0; r < 10; r++) {
        uint64_t p0 = (uint64_t)PHILOX_M0 * c0, p1 = (uint64_t)PHILOX_M1 * c2;
        uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0;
        uint32_t n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
        c1 = (uint32_t)p1;
        c3 = (uint32_t)p0;
        c0 = n0;
        c2 = n2;
        k0 += PHILOX_W0;
        k1 += PHILOX_W1;
    }
    out[0] = c0; out[1] = c1; out[2] = c2; out[3] = c3;
}

void kcv_rng_block(uint64_t seed, uint32_t stream, uint64_t index, uint32_t out[4])
{
    uint32_t ctr[4] = {(uint32_t)index, (uint32_t)(index >> 32), stream, 0};
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    kcv_philox4x32(ctr, key, out);
}

/* 53 random bits from two words: the uniform grid k * 2^-53. */
static uint64_t bits53(uint32_t hi, uint32_t lo)
{
    return ((uint64_t)hi << 21) | (lo >> 11);
}

double kcv_u01(const uint32_t w[4])          /* [0, 1) */
{
    return (double)bits53(w[0], w[1]) * 0x1p-53;
}

/* ---- option reading ------------------------------------------------------ */

/* Field `name` of the options table at `arg` as a number (or def). */
static double opt_num(lua_State *L, int arg, const char *name, double def)
{
    double v = def;
    if (lua_getfield(L, arg, name) != LUA_TNIL) {
        int ok;
        v = lua_tonumberx(L, -1, &ok);
        if (!ok) luaL_argerror(L, arg, lua_pushfstring(L,
                     "opts.%s must be a number, got %s", name, luaL_typename(L, -1)));
    }
    lua_pop(L, 1);
    return v;
}

static lua_Integer opt_int(lua_State *L, int arg, const char *name,
                           lua_Integer def, int required)
{
    lua_Integer v = def;
    int t = lua_getfield(L, arg, name);
    if (t == LUA_TNIL) {
        if (required) luaL_argerror(L, arg, lua_pushfstring(L,
                          "opts.%s is required (an integer)", name));
    } else {
        int ok;
        v = lua_tointegerx(L, -1, &ok);
        if (!ok) luaL_argerror(L, arg, lua_pushfstring(L,
                     "opts.%s must be an integer, got %s", name,
                     t == LUA_TNUMBER ? "a non-integral number" : luaL_typename(L, -1)));
    }
    lua_pop(L, 1);
    return v;
}

/* opts.signs: "mixed" -> 1, "positive" -> 0. */
static int opt_mixed(lua_State *L, int arg, const char *def)
{
    const char *s = def;
    if (lua_getfield(L, arg, "signs") != LUA_TNIL) {
        s = lua_tostring(L, -1);
        if (!s || lua_type(L, -1) != LUA_TSTRING)
            luaL_argerror(L, arg, "opts.signs must be \"mixed\" or \"positive\"");
    }
    int mixed = strcmp(s, "mixed") == 0;
    if (!mixed && strcmp(s, "positive") != 0)
        luaL_argerror(L, arg, lua_pushfstring(L,
            "opts.signs must be \"mixed\" or \"positive\", got \"%s\"", s));
    lua_pop(L, 1);
    return mixed;
}

/* ---- fills ---------------------------------------------------------------- */

/* Everything a fill needs; `gen` maps one element's four words to a value. */
typedef struct {
    uint64_t seed;
    uint32_t stream;
    double a, b;          /* distribution parameters */
    int mixed;            /* random sign (word 3, bit 0) */
} fillspec;

typedef double (*genfn)(const fillspec *s, const uint32_t w[4]);

static double apply_sign(const fillspec *s, const uint32_t w[4], double v)
{
    return s->mixed && (w[3] & 1) ? -v : v;
}

static double gen_uniform(const fillspec *s, const uint32_t w[4])
{
    return s->a + (s->b - s->a) * kcv_u01(w);
}

/* Box–Muller: u1 in (0, 1] so the log is finite. */
static double gen_normal(const fillspec *s, const uint32_t w[4])
{
    double u1 = (double)(bits53(w[0], w[1]) + 1) * 0x1p-53;
    double u2 = (double)bits53(w[2], w[3]) * 0x1p-53;
    return s->a + s->b * (sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2));
}

/* a, b hold log(lo), log(hi). */
static double gen_loguniform(const fillspec *s, const uint32_t w[4])
{
    return apply_sign(s, w, exp(s->a + (s->b - s->a) * kcv_u01(w)));
}

/* a = alpha, b = scale: scale * U^(-1/alpha), U in (0, 1]. */
static double gen_pareto(const fillspec *s, const uint32_t w[4])
{
    double u = (double)(bits53(w[0], w[1]) + 1) * 0x1p-53;
    return apply_sign(s, w, s->b * pow(u, -1.0 / s->a));
}

static double gen_bernoulli(const fillspec *s, const uint32_t w[4])
{
    return kcv_u01(w) < s->a ? 1.0 : 0.0;
}

typedef struct {
    kcv_buf *b;
    const fillspec *s;
    genfn gen;
} fill_job;

static void fill_range(void *p, int64_t lo, int64_t hi)
{
    const fill_job *j = p;
    uint32_t w[4];
    for (int64_t i = lo; i < hi; i++) {
        kcv_rng_block(j->s->seed, j->s->stream, (uint64_t)i, w);
        kcv_store(j->b->dtype, kcv_buf_ptr(j->b, i), j->gen(j->s, w));
    }
}

/* Element i depends on (seed, stream, i) alone, so the cores can split the
 * buffer without changing a bit (the oracle's fork-join, mp_pool.c). */
static void fill(kcv_buf *b, const fillspec *s, genfn gen)
{
    fill_job j = {b, s, gen};
    mp_parallel(b->numel, 50, fill_range, &j);
}

/* Common prologue: the buffer, its options table, seed and stream. */
static kcv_buf *fill_args(lua_State *L, fillspec *s, int need_float, const char *what)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    if (need_float && !kcv_dtypes[b->dtype].is_float)
        luaL_error(L, "%s: buffer dtype %s is not a float dtype (use fill_int)",
                   what, kcv_dtypes[b->dtype].name);
    memset(s, 0, sizeof *s);
    s->seed = (uint64_t)opt_int(L, 2, "seed", 0, 1);
    lua_Integer st = opt_int(L, 2, "stream", 0, 0);
    if (st < 0 || st > 0xffffffffLL)
        luaL_argerror(L, 2, "opts.stream must be in [0, 2^32)");
    s->stream = (uint32_t)st;
    return b;
}

static int m_fill_uniform(lua_State *L)
{
    fillspec s;
    kcv_buf *b = fill_args(L, &s, 1, "fill_uniform");
    s.a = opt_num(L, 2, "lo", 0);
    s.b = opt_num(L, 2, "hi", 1);
    if (!(s.a <= s.b) || !isfinite(s.a) || !isfinite(s.b))
        luaL_argerror(L, 2, "need finite opts.lo <= opts.hi");
    fill(b, &s, gen_uniform);
    lua_settop(L, 1);
    return 1;
}

static int m_fill_normal(lua_State *L)
{
    fillspec s;
    kcv_buf *b = fill_args(L, &s, 1, "fill_normal");
    s.a = opt_num(L, 2, "mean", 0);
    s.b = opt_num(L, 2, "std", 1);
    if (!(s.b >= 0) || !isfinite(s.a) || !isfinite(s.b))
        luaL_argerror(L, 2, "need finite opts.mean and opts.std >= 0");
    fill(b, &s, gen_normal);
    lua_settop(L, 1);
    return 1;
}

/* Defaults 1e-30 and 1e30 are clipped to the dtype's positive finite range,
 * so a default fill never overflows to Inf or flushes to 0 (special values
 * are kcv.inject's job); explicit bounds are used as given. */
static int m_fill_loguniform(lua_State *L)
{
    fillspec s;
    kcv_buf *b = fill_args(L, &s, 1, "fill_loguniform");
    const kcv_dtype_info *d = &kcv_dtypes[b->dtype];
    int bias = (1 << (d->ebits - 1)) - 1;
    double minsub = ldexp(1.0, 1 - bias - d->mbits);
    double lo = fmax(1e-30, minsub), hi = 1e30;
    {   /* largest finite: the code just below +Inf (NaN for f8e4m3) */
        unsigned char t[8];
        kcv_store(b->dtype, t, INFINITY);
        kcv_storebits(b->dtype, t, kcv_loadbits(b->dtype, t) - 1);
        hi = fmin(hi, kcv_load(b->dtype, t));
    }
    lo = opt_num(L, 2, "lo", lo);
    hi = opt_num(L, 2, "hi", hi);
    if (!(lo > 0 && lo <= hi && isfinite(hi)))
        luaL_argerror(L, 2, "need 0 < opts.lo <= opts.hi < inf");
    s.a = log(lo);
    s.b = log(hi);
    s.mixed = opt_mixed(L, 2, "mixed");
    fill(b, &s, gen_loguniform);
    lua_settop(L, 1);
    return 1;
}

static int m_fill_pareto(lua_State *L)
{
    fillspec s;
    kcv_buf *b = fill_args(L, &s, 1, "fill_pareto");
    s.a = opt_num(L, 2, "alpha", 1.5);
    s.b = opt_num(L, 2, "scale", 1);
    if (!(s.a > 0 && s.b > 0) || !isfinite(s.a) || !isfinite(s.b))
        luaL_argerror(L, 2, "need finite opts.alpha > 0 and opts.scale > 0");
    s.mixed = opt_mixed(L, 2, "mixed");
    fill(b, &s, gen_pareto);
    lua_settop(L, 1);
    return 1;
}

static int m_fill_bernoulli(lua_State *L)
{
    fillspec s;
    kcv_buf *b = fill_args(L, &s, 0, "fill_bernoulli");
    s.a = opt_num(L, 2, "p", 0.5);
    if (!(s.a >= 0 && s.a <= 1)) luaL_argerror(L, 2, "opts.p must be in [0, 1]");
    fill(b, &s, gen_bernoulli);
    lua_settop(L, 1);
    return 1;
}

/* Uniform integers in [lo, hi]: the top 64 bits of a 64x64 product (Lemire),
 * bias below range/2^64 — far under anything a test can see. */
static int m_fill_int(lua_State *L)
{
    fillspec s;
    kcv_buf *b = fill_args(L, &s, 0, "fill_int");
    lua_Integer lo = opt_int(L, 2, "lo", 0, 1), hi = opt_int(L, 2, "hi", 0, 1);
    if (lo > hi) luaL_argerror(L, 2, "need opts.lo <= opts.hi");
    uint64_t span = (uint64_t)hi - (uint64_t)lo + 1;    /* 0: all 2^64 */
    int isf = kcv_dtypes[b->dtype].is_float;
    uint32_t w[4];
    for (int64_t i = 0; i < b->numel; i++) {
        kcv_rng_block(s.seed, s.stream, (uint64_t)i, w);
        uint64_t r = ((uint64_t)w[0] << 32) | w[1];
        if (span) r = (uint64_t)(((unsigned __int128)r * span) >> 64);
        int64_t v = (int64_t)((uint64_t)lo + r);
        void *p = kcv_buf_ptr(b, i);
        if (isf) kcv_store(b->dtype, p, (double)v);
        else if (b->dtype == KCV_BOOL) kcv_store(b->dtype, p, (double)(v != 0));
        else kcv_storebits(b->dtype, p, (uint64_t)v);
    }
    lua_settop(L, 1);
    return 1;
}

/* b:fill_arange{start=0, step=1}: element i (row-major) = start + step*i,
 * so every row, and the flat buffer, is sorted. No seed. */
static int m_fill_arange(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    if (lua_isnoneornil(L, 2)) { lua_settop(L, 1); lua_newtable(L); }
    luaL_checktype(L, 2, LUA_TTABLE);
    double start = opt_num(L, 2, "start", 0), step = opt_num(L, 2, "step", 1);
    if (!isfinite(start) || !isfinite(step))
        luaL_argerror(L, 2, "opts.start and opts.step must be finite");
    for (int64_t i = 0; i < b->numel; i++)
        kcv_store(b->dtype, kcv_buf_ptr(b, i), start + step * (double)i);
    lua_settop(L, 1);
    return 1;
}

/* ---- kcv.rng ---------------------------------------------------------------- */

static uint64_t check_u64(lua_State *L, int arg)
{
    return (uint64_t)luaL_checkinteger(L, arg);
}

static uint32_t check_stream(lua_State *L, int arg)
{
    lua_Integer s = luaL_checkinteger(L, arg);
    if (s < 0 || s > 0xffffffffLL) luaL_argerror(L, arg, "stream must be in [0, 2^32)");
    return (uint32_t)s;
}

/* kcv.rng.philox(seed, stream, index) -> four u32 words */
static int l_philox(lua_State *L)
{
    uint32_t w[4];
    kcv_rng_block(check_u64(L, 1), check_stream(L, 2), check_u64(L, 3), w);
    for (int k = 0; k < 4; k++) lua_pushinteger(L, w[k]);
    return 4;
}

/* kcv.rng.uniform(seed, stream, index) -> the [0,1) double a fill uses */
static int l_uniform(lua_State *L)
{
    uint32_t w[4];
    kcv_rng_block(check_u64(L, 1), check_stream(L, 2), check_u64(L, 3), w);
    lua_pushnumber(L, kcv_u01(w));
    return 1;
}

/* kcv.rng.philox_block(ctr0..3, key0..1): the raw Random123 function */
static int l_philox_block(lua_State *L)
{
    uint32_t c[4], k[2], w[4];
    for (int a = 0; a < 6; a++) {
        lua_Integer v = luaL_checkinteger(L, a + 1);
        if (v < 0 || v > 0xffffffffLL) luaL_argerror(L, a + 1, "must be a u32");
        if (a < 4) c[a] = (uint32_t)v; else k[a - 4] = (uint32_t)v;
    }
    kcv_philox4x32(c, k, w);
    for (int a = 0; a < 4; a++) lua_pushinteger(L, w[a]);
    return 4;
}

int kcv_open_rng(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"philox", l_philox}, {"uniform", l_uniform},
        {"philox_block", l_philox_block}, {NULL, NULL}};
    static const luaL_Reg methods[] = {
        {"fill_uniform", m_fill_uniform}, {"fill_normal", m_fill_normal},
        {"fill_loguniform", m_fill_loguniform}, {"fill_pareto", m_fill_pareto},
        {"fill_int", m_fill_int}, {"fill_bernoulli", m_fill_bernoulli},
        {"fill_arange", m_fill_arange}, {NULL, NULL}};
    luaL_newlib(L, fns);
    lua_setfield(L, -2, "rng");
    kcv_buf_addmethods(L, methods);
    return 0;
}
