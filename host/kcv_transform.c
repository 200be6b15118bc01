/*
 * kcv_transform.c — in-place transforms of a float buffer's values, for
 * shaping generated inputs (docs/API.md, "Transforms").  Each element is
 * read as a double, transformed, and rounded once to the buffer's dtype.
 * They exist because the same loops written in Lua cost a get and a set per
 * element: seconds at the millions of elements a GPU probe uses.
 */
#include <math.h>
#include "kcv.h"

typedef double (*xform)(double v, int64_t i, const double *a);

static void apply(kcv_buf *b, xform f, const double *a)
{
    for (int64_t i = 0; i < b->numel; i++) {
        void *p = kcv_buf_ptr(b, i);
        kcv_store(b->dtype, p, f(kcv_load(b->dtype, p), i, a));
    }
}

static kcv_buf *check_float(lua_State *L, const char *what)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    if (!kcv_dtypes[b->dtype].is_float)
        luaL_error(L, "%s: buffer dtype %s is not a float dtype", what, kcv_dtypes[b->dtype].name);
    return b;
}

/* NaN stays NaN (fmin/fmax would drop it). */
static double x_clamp(double v, int64_t i, const double *a)
{
    return v < a[0] ? a[0] : v > a[1] ? a[1] : v;
}

static double x_alternate(double v, int64_t i, const double *a)
{
    return v + (i % 2 == 0 ? a[0] : -a[0]);
}

static double x_fold(double v, int64_t i, const double *a)
{
    return a[0] + fmax(fabs(v), a[1]);
}

/* b:clamp(lo, hi): each value into [lo, hi] (NaN kept). */
static int m_clamp(lua_State *L)
{
    kcv_buf *b = check_float(L, "clamp");
    double a[2] = {luaL_checknumber(L, 2), luaL_checknumber(L, 3)};
    if (!(a[0] <= a[1])) return luaL_argerror(L, 3, "need lo <= hi");
    apply(b, x_clamp, a);
    lua_settop(L, 1);
    return 1;
}

/* b:alternate(k): +k added to the even elements, -k to the odd ones (in
 * logical order): sums of neighbours cancel. */
static int m_alternate(lua_State *L)
{
    kcv_buf *b = check_float(L, "alternate");
    double a[1] = {luaL_checknumber(L, 2)};
    if (!isfinite(a[0])) return luaL_argerror(L, 2, "a finite number expected");
    apply(b, x_alternate, a);
    lua_settop(L, 1);
    return 1;
}

/* b:fold(lo [, tiny]): each value v becomes lo + max(|v|, tiny): a
 * distribution moved above lo with its shape kept (an input's domain). */
static int m_fold(lua_State *L)
{
    kcv_buf *b = check_float(L, "fold");
    double a[2] = {luaL_checknumber(L, 2), luaL_optnumber(L, 3, 0)};
    if (!isfinite(a[0]) || !(a[1] >= 0)) return luaL_argerror(L, 2, "need a finite lo and tiny >= 0");
    apply(b, x_fold, a);
    lua_settop(L, 1);
    return 1;
}

int kcv_open_transform(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"clamp", m_clamp}, {"alternate", m_alternate}, {"fold", m_fold}, {NULL, NULL}};
    kcv_buf_addmethods(L, methods);
    return 0;
}
