/*
 * mp_lua.c — kcv.mp: argument helpers shared by the oracle's files, the
 * state functions (precision, threads, fast, mpfr_version) and registration.
 *
 * Inputs are copied once into contiguous f64 scratch (exact for every float
 * dtype); scratch lives in GC-managed userdata so a Lua error raised half
 * way through a call leaks nothing.
 */
#include <string.h>
#include "mp.h"

kcv_buf *mp_checkfbuf(lua_State *L, int arg)
{
    kcv_buf *b = kcv_checkbuf(L, arg);
    if (!kcv_dtypes[b->dtype].is_float)
        luaL_argerror(L, arg, lua_pushfstring(L,
            "expected a float buffer, got %s", kcv_dtypes[b->dtype].name));
    return b;
}

void *mp_scratch(lua_State *L, size_t bytes)
{
    return lua_newuserdatauv(L, bytes ? bytes : 1, 0);
}

const double *mp_loadf64(lua_State *L, const kcv_buf *b)
{
    if (b->dtype == KCV_F64 && b->contiguous) {
        lua_pushnil(L);
        return (const double *)b->data;
    }
    double *x = mp_scratch(L, sizeof(double) * (size_t)b->numel);
    for (int64_t i = 0; i < b->numel; i++)
        x[i] = kcv_load(b->dtype, kcv_buf_ptr(b, i));
    return x;
}

/* Pushes opts[k]; returns its type (LUA_TNIL when absent). */
static int getopt_field(lua_State *L, int arg, const char *k)
{
    if (lua_isnoneornil(L, arg)) { lua_pushnil(L); return LUA_TNIL; }
    return lua_getfield(L, arg, k);
}

static void opt_error(lua_State *L, int arg, const char *k, const char *what)
{
    luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be %s, got %s",
                                          k, what, luaL_typename(L, -1)));
}

lua_Integer mp_optint(lua_State *L, int arg, const char *k, lua_Integer def)
{
    if (getopt_field(L, arg, k) == LUA_TNIL) { lua_pop(L, 1); return def; }
    if (!lua_isinteger(L, -1)) opt_error(L, arg, k, "an integer");
    lua_Integer v = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return v;
}

double mp_optnum(lua_State *L, int arg, const char *k, double def)
{
    if (getopt_field(L, arg, k) == LUA_TNIL) { lua_pop(L, 1); return def; }
    if (lua_type(L, -1) != LUA_TNUMBER) opt_error(L, arg, k, "a number");
    double v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return v;
}

int mp_optbool(lua_State *L, int arg, const char *k, int def)
{
    if (getopt_field(L, arg, k) == LUA_TNIL) { lua_pop(L, 1); return def; }
    if (!lua_isboolean(L, -1)) opt_error(L, arg, k, "a boolean");
    int v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* The string stays valid: it is interned in the options table. */
const char *mp_optstr(lua_State *L, int arg, const char *k, const char *def)
{
    if (getopt_field(L, arg, k) == LUA_TNIL) { lua_pop(L, 1); return def; }
    if (lua_type(L, -1) != LUA_TSTRING) opt_error(L, arg, k, "a string");
    const char *v = lua_tostring(L, -1);
    lua_pop(L, 1);
    return v;
}

kcv_buf *mp_optbuf(lua_State *L, int arg, const char *k)
{
    if (getopt_field(L, arg, k) == LUA_TNIL) return NULL;
    kcv_buf *b = kcv_testbuf(L, -1);
    if (!b) opt_error(L, arg, k, "a kcv buffer");
    if (!kcv_dtypes[b->dtype].is_float)
        luaL_argerror(L, arg, lua_pushfstring(L,
            "field '%s' must be a float buffer, got %s", k, kcv_dtypes[b->dtype].name));
    return b;
}

int mp_optaxis(lua_State *L, int arg, const kcv_buf *b)
{
    lua_Integer a = mp_optint(L, arg, "axis", -1);
    if (b->ndim == 0)      /* the buffer is argument 1 of every caller */
        luaL_argerror(L, 1, "a 0-d buffer has no axis");
    if (a < -b->ndim || a > b->ndim || a == 0)
        luaL_argerror(L, arg, lua_pushfstring(L,
            "axis %I out of range for a %d-d buffer (1..%d or -%d..-1)",
            a, b->ndim, b->ndim, b->ndim));
    return (int)(a < 0 ? b->ndim + a : a - 1);
}

mp_lanes mp_geometry(const kcv_buf *b, int axis)
{
    mp_lanes g = {1, b->shape[axis], 1};
    for (int d = 0; d < axis; d++) g.outer *= b->shape[d];
    for (int d = axis + 1; d < b->ndim; d++) g.inner *= b->shape[d];
    return g;
}

kcv_buf *mp_newout(lua_State *L, const kcv_buf *b, int axis, kcv_dtype dt)
{
    int64_t shape[KCV_MAXDIM];
    int nd = 0;
    for (int d = 0; d < b->ndim; d++)
        if (d != axis) shape[nd++] = b->shape[d];
    return kcv_newbuf(L, dt, nd, shape);
}

void mp_fail_oom(lua_State *L, int failed)
{
    if (failed) luaL_error(L, "kcv.mp: out of memory in an oracle worker");
}

/* ---- state ----------------------------------------------------------- */

static int l_precision(lua_State *L)
{
    lua_Integer old = (lua_Integer)mp_prec;
    if (!lua_isnoneornil(L, 1)) {
        lua_Integer p = luaL_checkinteger(L, 1);
        luaL_argcheck(L, p >= MP_PREC_MIN && p <= MP_PREC_MAX, 1,
                      "precision must be in [64, 65536] bits");
        mp_prec = (mpfr_prec_t)p;
    }
    lua_pushinteger(L, old);
    return 1;
}

static int l_threads(lua_State *L)
{
    int old = mp_threads();
    if (!lua_isnoneornil(L, 1)) {
        lua_Integer n = luaL_checkinteger(L, 1);
        luaL_argcheck(L, n >= 1 && n <= 256, 1, "threads must be in [1, 256]");
        mp_set_threads((int)n);
    }
    lua_pushinteger(L, old);
    return 1;
}

static int l_fast(lua_State *L)
{
    int old = mp_fast;
    if (!lua_isnoneornil(L, 1)) {
        luaL_checktype(L, 1, LUA_TBOOLEAN);
        mp_fast = lua_toboolean(L, 1);
    }
    lua_pushboolean(L, old);
    return 1;
}

static int l_mpfr_version(lua_State *L)
{
    lua_pushstring(L, mpfr_get_version());
    return 1;
}

int kcv_open_mp(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"precision", l_precision}, {"threads", l_threads}, {"fast", l_fast},
        {"mpfr_version", l_mpfr_version}, {NULL, NULL}};
    luaL_newlib(L, fns);
    mp_open_reduce(L);
    mp_open_map(L);
    mp_open_norm(L);
    mp_open_gemm(L);
    mp_open_gdn(L);
    lua_setfield(L, -2, "mp");
    return 0;
}
