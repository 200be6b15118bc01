/*
 * kcv_inject.c — write special values (NaN, Inf, signed zero, subnormals,
 * the edges of the finite range) into a buffer, as exact bit patterns.
 *
 *   local idx = kcv.inject(x, "nan", {count = 3, seed = 7})   -- {12, 40, 77}
 *   kcv.inject(x, "-inf", {at = {0, 5}})
 *
 * Why bit patterns and not kcv_store(value): a NaN's payload and quiet bit,
 * the sign of zero and the f8 encodings must be exactly what the gate asked
 * for, and several of them (signaling NaN, payloads) cannot travel through
 * a double unchanged.
 */
#include <stdlib.h>
#include <string.h>
#include "kcv.h"

/* Stream for the random signs, apart from the position draws. */
#define SIGN_STREAM_XOR 0x9E3779B9u

typedef struct {
    uint64_t payload;
    int has_payload;
    lua_Integer ulps;
} special_opts;

/* Bits of `what` in float dtype dt, or NULL with *err set. */
static const char *special_bits(kcv_dtype dt, const char *what,
                                const special_opts *o, uint64_t *out)
{
    const kcv_dtype_info *d = &kcv_dtypes[dt];
    if (!d->is_float) return "integer dtypes hold no special values";
    int E = d->ebits, M = d->mbits, ieee = dt != KCV_F8E4M3;
    uint64_t sign = (uint64_t)1 << (E + M);
    uint64_t expmask = (((uint64_t)1 << E) - 1) << M;
    uint64_t mmask = ((uint64_t)1 << M) - 1, qbit = (uint64_t)1 << (M - 1);
    uint64_t maxbits = ieee ? expmask - 1 : expmask | (mmask - 1);
    uint64_t s = 0, b;
    if (what[0] == '-') { s = sign; what++; }
    if (strcmp(what, "nan") == 0) {
        if (!ieee) {
            if (o->has_payload) return "f8e4m3 has one NaN encoding: no payload";
            b = expmask | mmask;
        } else {
            if (o->has_payload && o->payload >= qbit)
                return "NaN payload does not fit below the quiet bit";
            b = expmask | qbit | (o->has_payload ? o->payload : 0);
        }
    } else if (strcmp(what, "snan") == 0) {
        if (!ieee) return "f8e4m3 has no signaling NaN (one NaN encoding)";
        uint64_t p = o->has_payload ? o->payload : 1;
        if (p == 0 || p >= qbit)
            return "signaling NaN payload must be nonzero and below the quiet bit";
        b = expmask | p;
    } else if (strcmp(what, "inf") == 0) {
        if (!ieee) return "f8e4m3 has no Inf";
        b = expmask;
    } else if (strcmp(what, "zero") == 0) {
        b = 0;
    } else if (strcmp(what, "min_subnormal") == 0) {
        b = 1;
    } else if (strcmp(what, "max_subnormal") == 0) {
        b = mmask;
    } else if (strcmp(what, "min_normal") == 0) {
        b = mmask + 1;
    } else if (strcmp(what, "max") == 0) {
        b = maxbits;
    } else if (strcmp(what, "near_overflow") == 0) {
        if (o->ulps < 0 || (uint64_t)o->ulps >= maxbits)
            return "opts.ulps must be >= 0 and leave a positive value";
        b = maxbits - (uint64_t)o->ulps;
    } else {
        return "unknown special value (nan -nan snan -snan inf -inf zero -zero "
               "[-]min_subnormal [-]max_subnormal [-]min_normal [-]max "
               "[-]near_overflow)";
    }
    *out = s | b;
    return NULL;
}

static int opt_field(lua_State *L, int arg, const char *name)
{
    return lua_istable(L, arg) ? lua_getfield(L, arg, name) : (lua_pushnil(L), LUA_TNIL);
}

static lua_Integer opt_integer(lua_State *L, int arg, const char *name,
                               lua_Integer def, int *present)
{
    lua_Integer v = def;
    if (present) *present = 0;
    if (opt_field(L, arg, name) != LUA_TNIL) {
        int ok;
        v = lua_tointegerx(L, -1, &ok);
        if (!ok) luaL_argerror(L, arg, lua_pushfstring(L,
                     "opts.%s must be an integer", name));
        if (present) *present = 1;
    }
    lua_pop(L, 1);
    return v;
}

static void read_special_opts(lua_State *L, int arg, special_opts *o)
{
    memset(o, 0, sizeof *o);
    lua_Integer p = opt_integer(L, arg, "payload", 0, &o->has_payload);
    if (o->has_payload && p < 0) luaL_argerror(L, arg, "opts.payload must be >= 0");
    o->payload = (uint64_t)p;
    o->ulps = opt_integer(L, arg, "ulps", 2, NULL);
}

static int check_mixed(lua_State *L, int arg)
{
    int mixed = 0;
    if (opt_field(L, arg, "signs") != LUA_TNIL) {
        const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
        mixed = strcmp(s, "mixed") == 0;
        if (!mixed && strcmp(s, "positive") != 0)
            luaL_argerror(L, arg, "opts.signs must be \"mixed\" or \"positive\"");
    }
    lua_pop(L, 1);
    return mixed;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Floyd's sampling: `count` distinct indices of [0, n), each draw a pure
 * function of (seed, stream, j); returned sorted.  The set is a small
 * open-addressing table of index+1 (0 = empty). */
static void draw_positions(lua_State *L, uint64_t seed, uint32_t stream,
                           int64_t n, int64_t count, int64_t *out)
{
    size_t cap = 16;
    while (cap < (size_t)count * 2) cap <<= 1;
    uint64_t *set = lua_newuserdatauv(L, cap * sizeof *set, 0);  /* freed by GC */
    memset(set, 0, cap * sizeof *set);
    int64_t k = 0;
    for (int64_t j = n - count; j < n; j++) {
        uint32_t w[4];
        kcv_rng_block(seed, stream, (uint64_t)j, w);
        uint64_t r = ((uint64_t)w[0] << 32) | w[1];
        int64_t t = (int64_t)(((unsigned __int128)r * (uint64_t)(j + 1)) >> 64);
        for (int pass = 0; pass < 2; pass++) {      /* try t, then j */
            uint64_t key = (uint64_t)t + 1;
            size_t h = (size_t)(key * 0x9E3779B97F4A7C15ull) & (cap - 1);
            while (set[h] && set[h] != key) h = (h + 1) & (cap - 1);
            if (!set[h]) { set[h] = key; out[k++] = t; break; }
            t = j;
        }
    }
    lua_pop(L, 1);
    qsort(out, (size_t)count, sizeof *out, cmp_i64);
}

/* Positions from opts.at or opts.count/opts.seed, pushed as a Lua list
 * (left on the stack); returns how many. */
static int64_t push_positions(lua_State *L, int arg, const kcv_buf *b, uint64_t *seed)
{
    int has_count, has_seed;
    lua_Integer count = opt_integer(L, arg, "count", 0, &has_count);
    *seed = (uint64_t)opt_integer(L, arg, "seed", 0, &has_seed);
    lua_Integer stream = opt_integer(L, arg, "stream", 0, NULL);
    if (stream < 0 || stream > 0xffffffffLL)
        luaL_argerror(L, arg, "opts.stream must be in [0, 2^32)");
    if (opt_field(L, arg, "at") != LUA_TNIL) {
        if (!lua_istable(L, -1)) luaL_argerror(L, arg, "opts.at must be a list of 0-based indices");
        if (has_count) luaL_argerror(L, arg, "give opts.at or opts.count, not both");
        lua_Integer n = luaL_len(L, -1);
        lua_createtable(L, (int)n, 0);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, -2, i);
            int ok;
            lua_Integer v = lua_tointegerx(L, -1, &ok);
            if (!ok || v < 0 || v >= b->numel)
                luaL_argerror(L, arg, lua_pushfstring(L,
                    "opts.at[%I] is not an index in [0, %I) (indices are 0-based)",
                    i, (lua_Integer)b->numel));
            lua_rawseti(L, -2, i);
        }
        lua_remove(L, -2);
        return n;
    }
    lua_pop(L, 1);
    if (!has_count) luaL_argerror(L, arg, "give opts.at = {indices} or opts.count = n with opts.seed");
    if (!has_seed) luaL_argerror(L, arg, "opts.seed is required with opts.count");
    if (count < 0 || count > b->numel)
        luaL_argerror(L, arg, lua_pushfstring(L, "opts.count must be in [0, %I]",
                                               (lua_Integer)b->numel));
    int64_t *pos = lua_newuserdatauv(L, sizeof(int64_t) * (size_t)(count ? count : 1), 0);
    draw_positions(L, *seed, (uint32_t)stream, b->numel, count, pos);
    lua_createtable(L, (int)count, 0);
    for (lua_Integer i = 0; i < count; i++) {
        lua_pushinteger(L, pos[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_remove(L, -2);
    return count;
}

/* kcv.inject(b, what, opts) -> list of the 0-based indices written */
static int l_inject(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    const char *what = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    special_opts o;
    read_special_opts(L, 3, &o);
    uint64_t bits;
    const char *err = special_bits(b->dtype, what, &o, &bits);
    if (err)
        return luaL_error(L, "kcv.inject: cannot write '%s' into a %s buffer: %s",
                          what, kcv_dtypes[b->dtype].name, err);
    int mixed = check_mixed(L, 3);
    uint64_t seed;
    int64_t n = push_positions(L, 3, b, &seed);
    uint64_t sign = (uint64_t)1 << (kcv_dtypes[b->dtype].ebits + kcv_dtypes[b->dtype].mbits);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        int64_t at = (int64_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
        uint64_t v = bits;
        if (mixed) {   /* the sign is a function of (seed, position) */
            uint32_t w[4];
            kcv_rng_block(seed, SIGN_STREAM_XOR, (uint64_t)at, w);
            v = (w[0] & 1) ? (v | sign) : (v & ~sign);
        }
        kcv_storebits(b->dtype, kcv_buf_ptr(b, at), v);
    }
    return 1;
}

/* kcv.special_bits(dtype, what [, opts]) -> the bit pattern kcv.inject writes */
static int l_special_bits(lua_State *L)
{
    kcv_dtype dt = kcv_checkdtype(L, 1);
    const char *what = luaL_checkstring(L, 2);
    if (!lua_isnoneornil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
    special_opts o;
    read_special_opts(L, 3, &o);
    uint64_t bits;
    const char *err = special_bits(dt, what, &o, &bits);
    if (err)
        return luaL_error(L, "kcv.special_bits: no '%s' in %s: %s",
                          what, kcv_dtypes[dt].name, err);
    lua_pushinteger(L, (lua_Integer)bits);
    return 1;
}

int kcv_open_inject(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"inject", l_inject}, {"special_bits", l_special_bits}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
    return 0;
}
