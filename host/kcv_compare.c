/*
 * kcv_compare.c — kcv.cmp: comparing a kernel's output with an oracle.
 *
 * Two kinds of comparison live here.  Tolerance-free ones (bytes_equal,
 * classes, masks_equal) have no threshold at all: a difference is a
 * difference.  Thresholded ones (within, allclose, ulp, max_abs_diff) take
 * their bound from the caller.  Each is one C loop over the elements: gates
 * call them on millions of elements and no Lua code runs per element.
 *
 * got and expected may have different dtypes (expected is usually the f64
 * oracle); elements are paired by 0-based flat row-major index, so both
 * need the same number of elements.
 */
#include <math.h>
#include <string.h>
#include "kcv.h"
#include "mp.h"        /* mp_parallel */

enum { C_NORMAL, C_SUBNORMAL, C_PZERO, C_NZERO, C_PINF, C_NINF, C_NAN, C_NCLASS };

static const char *const class_names[C_NCLASS] = {
    "normal", "subnormal", "pzero", "nzero", "pinf", "ninf", "nan"};

/* Smallest positive normal of dt (1 for integers, whose nonzero values are
 * all "normal"). */
static double min_normal(kcv_dtype dt)
{
    const kcv_dtype_info *d = &kcv_dtypes[dt];
    if (!d->is_float) return 1.0;
    return ldexp(1.0, 2 - (1 << (d->ebits - 1)));
}

/* Largest finite value of a float dtype: the code just below +Inf (below
 * the NaN code for f8e4m3). */
static double dtype_max(kcv_dtype dt)
{
    unsigned char t[8];
    kcv_store(dt, t, INFINITY);
    kcv_storebits(dt, t, kcv_loadbits(dt, t) - 1);
    return kcv_load(dt, t);
}

/* The class of value v in a format whose smallest normal is mn. */
static int classify(double v, double mn)
{
    if (isnan(v)) return C_NAN;
    if (isinf(v)) return v > 0 ? C_PINF : C_NINF;
    if (v == 0) return signbit(v) ? C_NZERO : C_PZERO;
    return fabs(v) < mn ? C_SUBNORMAL : C_NORMAL;
}

/* Element i of b as a double (exact for floats). */
static inline double elem(const kcv_buf *b, int64_t i)
{
    return kcv_load(b->dtype, kcv_buf_ptr(b, i));
}

/* The hot loops work on blocks of doubles: one dtype switch per block, and
 * plain loops over contiguous f64/f32/bf16 that the compiler can vectorise. */
#define BLK 1024

static void load_block(const kcv_buf *b, int64_t i0, int n, double *out)
{
    if (!b->contiguous) {
        for (int k = 0; k < n; k++) out[k] = elem(b, i0 + k);
        return;
    }
    const char *p = (const char *)b->data + (size_t)i0 * kcv_dtypes[b->dtype].size;
    switch (b->dtype) {
    case KCV_F64:
        memcpy(out, p, sizeof(double) * (size_t)n);
        break;
    case KCV_F32:
        for (int k = 0; k < n; k++) { float f; memcpy(&f, p + 4 * k, 4); out[k] = f; }
        break;
    case KCV_BF16:   /* bf16 is the top half of an f32 */
        for (int k = 0; k < n; k++) {
            uint16_t h; memcpy(&h, p + 2 * k, 2);
            uint32_t u = (uint32_t)h << 16; float f; memcpy(&f, &u, 4);
            out[k] = f;
        }
        break;
    default:
        for (int k = 0; k < n; k++) out[k] = kcv_load(b->dtype, p + k * kcv_dtypes[b->dtype].size);
    }
}

/* for each block [i0, i0+m) of n elements */
#define FOR_BLOCKS(n, i0, m) \
    for (int64_t i0 = 0, m = 0; i0 < (n); i0 += m) \
        if ((m = (n) - i0 < BLK ? (n) - i0 : BLK), 1)

/* Argument b (at arg) must pair element-wise with a. */
static kcv_buf *check_pair(lua_State *L, const kcv_buf *a, int arg)
{
    kcv_buf *b = kcv_checkbuf(L, arg);
    if (b->numel != a->numel)
        luaL_argerror(L, arg, lua_pushfstring(L,
            "has %I elements, the other buffer %I", (lua_Integer)b->numel,
            (lua_Integer)a->numel));
    return b;
}

static int opt_bool(lua_State *L, int arg, const char *name, int def)
{
    int v = def, t = lua_istable(L, arg) ? lua_getfield(L, arg, name) : (lua_pushnil(L), LUA_TNIL);
    if (t != LUA_TNIL) {
        if (t != LUA_TBOOLEAN)
            luaL_argerror(L, arg, lua_pushfstring(L, "opts.%s must be a boolean", name));
        v = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    return v;
}

static double opt_coef(lua_State *L, int arg, const char *name, double def)
{
    double v = def;
    int t = lua_istable(L, arg) ? lua_getfield(L, arg, name) : (lua_pushnil(L), LUA_TNIL);
    if (t != LUA_TNIL) {
        int ok;
        v = lua_tonumberx(L, -1, &ok);
        if (!ok || !(v >= 0))
            luaL_argerror(L, arg, lua_pushfstring(L,
                "opts.%s must be a number >= 0", name));
    }
    lua_pop(L, 1);
    return v;
}

static void check_opts(lua_State *L, int arg)
{
    if (!lua_isnoneornil(L, arg)) luaL_checktype(L, arg, LUA_TTABLE);
}

/* opts[name] at arg: NULL if absent, else a buffer of n elements. */
static kcv_buf *opt_buf(lua_State *L, int arg, const char *name, int64_t n)
{
    kcv_buf *b = NULL;
    if (lua_getfield(L, arg, name) != LUA_TNIL) {
        b = kcv_testbuf(L, -1);
        if (!b) luaL_argerror(L, arg, lua_pushfstring(L, "opts.%s must be a buffer", name));
        if (b->numel != n)
            luaL_argerror(L, arg, lua_pushfstring(L, "opts.%s has %I elements, got %I",
                          name, (lua_Integer)b->numel, (lua_Integer)n));
    }
    lua_pop(L, 1);           /* b stays alive: it is referenced by opts */
    return b;
}

static void setnum(lua_State *L, const char *k, double v)
{
    lua_pushnumber(L, v);
    lua_setfield(L, -2, k);
}

static void setint(lua_State *L, const char *k, int64_t v)
{
    lua_pushinteger(L, (lua_Integer)v);
    lua_setfield(L, -2, k);
}

/* ---- tolerance-free ------------------------------------------------------ */

/* First differing byte of two equally long byte ranges, or -1. */
static int64_t first_diff(const unsigned char *p, const unsigned char *q, size_t n)
{
    size_t off = 0;
    while (off < n) {
        size_t chunk = n - off < 4096 ? n - off : 4096;
        if (memcmp(p + off, q + off, chunk) != 0)
            for (size_t k = 0; k < chunk; k++)
                if (p[off + k] != q[off + k]) return (int64_t)(off + k);
        off += chunk;
    }
    return -1;
}

/* kcv.cmp.bytes_equal(a, b) -> true | false, byte offset, element index.
 * Bytes are taken in logical (row-major) element order, so views compare
 * by content, not by memory layout. */
static int l_bytes_equal(lua_State *L)
{
    kcv_buf *a = kcv_checkbuf(L, 1), *b = kcv_checkbuf(L, 2);
    size_t ea = kcv_dtypes[a->dtype].size, eb = kcv_dtypes[b->dtype].size;
    size_t na = (size_t)a->numel * ea, nb = (size_t)b->numel * eb;
    size_t n = na < nb ? na : nb;
    int64_t off = -1;
    if (a->contiguous && b->contiguous) {
        off = first_diff(a->data, b->data, n);
    } else if (ea == eb) {
        for (int64_t i = 0; i < a->numel && i < b->numel && off < 0; i++) {
            int64_t k = first_diff(kcv_buf_ptr(a, i), kcv_buf_ptr(b, i), ea);
            if (k >= 0) off = i * (int64_t)ea + k;
        }
    } else {
        return luaL_error(L, "bytes_equal: strided views of different element "
                             "sizes (%s, %s): clone them first",
                          kcv_dtypes[a->dtype].name, kcv_dtypes[b->dtype].name);
    }
    if (off < 0 && na == nb) { lua_pushboolean(L, 1); return 1; }
    if (off < 0) off = (int64_t)n;
    lua_pushboolean(L, 0);
    lua_pushinteger(L, (lua_Integer)off);
    lua_pushinteger(L, (lua_Integer)(off / (int64_t)ea));
    return 3;
}

/* kcv.cmp.classes(x) -> u8 buffer of class codes, relative to x's dtype */
static int l_classes(lua_State *L)
{
    kcv_buf *x = kcv_checkbuf(L, 1);
    kcv_buf *c = kcv_newbuf_like(L, x, KCV_U8);
    double mn = min_normal(x->dtype);
    uint8_t *out = c->data;
    double xb[BLK];
    FOR_BLOCKS(x->numel, i0, m) {
        load_block(x, i0, (int)m, xb);
        for (int k = 0; k < m; k++) out[i0 + k] = (uint8_t)classify(xb[k], mn);
    }
    return 1;
}

static int l_class_name(lua_State *L)
{
    lua_Integer c = luaL_checkinteger(L, 1);
    if (c < 0 || c >= C_NCLASS)
        return luaL_argerror(L, 1, "class code must be in [0, 6]");
    lua_pushstring(L, class_names[c]);
    return 1;
}

/* The class masks_equal compares: detail merged away unless asked for.
 * merge_nonfinite makes NaN, +Inf and -Inf one class (a spec's
 * nonfinite_class = "merged", docs/SPECS.md): finite against non-finite
 * still differs, which non-finite it is does not. */
typedef struct { int zero_sign, nan_sign, finite_detail, round_expected, merge_nonfinite; } maskopts;

static int mask_key(int cls, double v, const maskopts *o)
{
    if (o->merge_nonfinite && (cls == C_PINF || cls == C_NINF || cls == C_NAN)) return C_NAN;
    if (cls == C_SUBNORMAL && !o->finite_detail) return C_NORMAL;
    if (cls == C_NZERO && !o->zero_sign) return C_PZERO;
    if (cls == C_NAN && o->nan_sign && signbit(v)) return C_NCLASS;  /* -NaN */
    return cls;
}

/* kcv.cmp.masks_equal(got, expected [, opts]) -> true | false, info.
 * Where the dtypes differ and got is a float, each expected value is first
 * rounded once to got's dtype (opts.round_expected, default true): the class
 * a correct kernel must produce is that of the correctly rounded answer (an
 * oracle 1e-30 is a zero in f16, 7e4 is an Inf). */
static int l_masks_equal(lua_State *L)
{
    kcv_buf *g = kcv_checkbuf(L, 1);
    kcv_buf *e = check_pair(L, g, 2);
    check_opts(L, 3);
    maskopts o = {opt_bool(L, 3, "zero_sign", 0), opt_bool(L, 3, "nan_sign", 0),
                  opt_bool(L, 3, "finite_detail", 0), opt_bool(L, 3, "round_expected", 1),
                  opt_bool(L, 3, "merge_nonfinite", 0)};
    int round = o.round_expected && g->dtype != e->dtype && kcv_dtypes[g->dtype].is_float;
    double gmn = min_normal(g->dtype), emn = round ? gmn : min_normal(e->dtype);
    /* Rounding can change the class only below the smallest normal or
     * above the largest finite value; elsewhere it is skipped. */
    double gmax = dtype_max(g->dtype);
    int64_t count = 0, first = -1;
    int gc0 = 0, ec0 = 0;
    double gb[BLK], eb[BLK];
    FOR_BLOCKS(g->numel, i0, m) {
        load_block(g, i0, (int)m, gb);
        load_block(e, i0, (int)m, eb);
        for (int k = 0; k < m; k++) {
            double gv = gb[k], ev = eb[k];
            if (round && !(fabs(ev) >= gmn && fabs(ev) <= gmax)) {
                unsigned char t[8];
                kcv_store(g->dtype, t, ev);
                ev = kcv_load(g->dtype, t);
            }
            int gc = classify(gv, gmn), ec = classify(ev, emn);
            if (mask_key(gc, gv, &o) != mask_key(ec, ev, &o) && count++ == 0) {
                first = i0 + k; gc0 = gc; ec0 = ec;
            }
        }
    }
    if (count == 0) { lua_pushboolean(L, 1); return 1; }
    lua_pushboolean(L, 0);
    lua_createtable(L, 0, 6);
    setint(L, "index", first);
    lua_pushstring(L, class_names[gc0]); lua_setfield(L, -2, "got_class");
    lua_pushstring(L, class_names[ec0]); lua_setfield(L, -2, "expected_class");
    setnum(L, "got", elem(g, first));
    setnum(L, "expected", elem(e, first));
    setint(L, "count", count);
    return 2;
}

/* v rounded once to dt (a float dtype), skipped where rounding cannot
 * change the class: between dt's smallest normal and its largest value. */
static double round_for_class(kcv_dtype dt, double v, double mn, double max)
{
    if (fabs(v) >= mn && fabs(v) <= max) return v;
    unsigned char t[8];
    kcv_store(dt, t, v);
    return kcv_load(dt, t);
}

/* The four kinds of element reference_relative tells apart. */
enum { RR_VIOLATION, RR_REF_DISAGREES, RR_ARTIFACT, RR_ROUNDING, RR_NKIND };
static const char *const rr_fields[RR_NKIND] = {"first", "first_ref_disagree", "first_artifact",
                                                "first_rounding"};

static inline double term(double c, double x);

/* A zero or a subnormal against a normal number, raw classes (before
 * mask_key merges): the pairs whose class a rounding can decide.  (A zero
 * against a subnormal is not one of them: that is a flush, EXC-02's.) */
static int rounds_across(int a, int b)
{
    int sa = a == C_PZERO || a == C_NZERO || a == C_SUBNORMAL,
        sb = b == C_PZERO || b == C_NZERO || b == C_SUBNORMAL;
    return (sa && b == C_NORMAL) || (sb && a == C_NORMAL);
}

typedef struct { int64_t count, index; int gc, ec, rc; } rr_tally;

static void rr_count(rr_tally *t, int64_t i, int gc, int ec, int rc)
{
    if (t->count++ == 0) { t->index = i; t->gc = gc; t->ec = ec; t->rc = rc; }
}

static void rr_push_first(lua_State *L, const rr_tally *t, kcv_buf *g, kcv_buf *r,
                          kcv_buf *e, const char *field)
{
    if (t->count == 0) return;
    lua_createtable(L, 0, 7);
    setint(L, "index", t->index);
    setnum(L, "got", elem(g, t->index));
    setnum(L, "expected", elem(e, t->index));
    setnum(L, "ref", elem(r, t->index));
    lua_pushstring(L, class_names[t->gc]); lua_setfield(L, -2, "got_class");
    lua_pushstring(L, class_names[t->ec]); lua_setfield(L, -2, "expected_class");
    lua_pushstring(L, class_names[t->rc]); lua_setfield(L, -2, "ref_class");
    lua_setfield(L, -2, field);
}

/* opts.alt = {a1, a2} at arg: the two buffers, or 0 when absent. */
static int opt_alt(lua_State *L, int arg, int64_t n, kcv_buf *alt[2])
{
    if (lua_getfield(L, arg, "alt") == LUA_TNIL) { lua_pop(L, 1); return 0; }
    if (!lua_istable(L, -1))
        luaL_argerror(L, arg, "opts.alt must be a list of two buffers {a1, a2}");
    for (int j = 0; j < 2; j++) {
        lua_rawgeti(L, -1, j + 1);
        alt[j] = kcv_testbuf(L, -1);
        if (!alt[j]) luaL_argerror(L, arg, lua_pushfstring(L, "opts.alt[%d] must be a buffer", j + 1));
        if (alt[j]->numel != n)
            luaL_argerror(L, arg, lua_pushfstring(L, "opts.alt[%d] has %I elements, got %I",
                          j + 1, (lua_Integer)alt[j]->numel, (lua_Integer)n));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);           /* the buffers stay alive: opts references them */
    return 1;
}

/* kcv.cmp.reference_relative(got, ref, expected [, {finite_detail=false,
 * zero_sign=false, alt={a1, a2}}]) -> {ok, checked, violations,
 * ref_disagrees, artifacts, first, first_ref_disagree, first_artifact}.
 *
 * A class check for kernels judged against a reference implementation:
 * where the reference itself does not produce the oracle's class (both run
 * in the same low precision, the oracle does not), the kernel cannot be
 * blamed for doing likewise, so the element is counted and not judged.
 * Classes as in masks_equal (expected rounded once to got's dtype; ref in
 * its own dtype; NaNs of either sign one class).  A kernel class that
 * differs from an agreeing reference is a violation, unless the oracle
 * recomputed with each injected special value replaced by two different
 * finite values (alt) gives the same finite value twice, in the kernel's
 * class: then the oracle's NaN or Inf came only from 0*NaN or 0*Inf, and
 * the kernel's finite answer is an artifact of that, not an error.
 * With a bound (opts c_abs, c_mag and mag as in within), a zero or a
 * subnormal against a normal number whose difference is within c_abs +
 * c_mag*|mag_i| is a rounding, counted apart: a sum that cancels is 0 in
 * one order and ±1e-9 in another, and one near FLT_MIN falls on either side
 * of it, which is the thresholded gates' question, not a class's.  A zero
 * against a subnormal stays strict (a flush to zero is EXC-02's). */
static int l_reference_relative(lua_State *L)
{
    kcv_buf *g = kcv_checkbuf(L, 1);
    kcv_buf *r = check_pair(L, g, 2);
    kcv_buf *e = check_pair(L, g, 3);
    kcv_checkopts(L, 4, "finite_detail zero_sign alt c_abs c_mag mag");
    double c_abs = opt_coef(L, 4, "c_abs", -1), c_mag = opt_coef(L, 4, "c_mag", 0);
    kcv_buf *m = lua_isnoneornil(L, 4) ? NULL : opt_buf(L, 4, "mag", g->numel);
    if (c_mag != 0 && !m) luaL_argerror(L, 4, "opts.c_mag needs opts.mag (a buffer)");
    int has_bound = c_abs >= 0 || m;
    if (c_abs < 0) c_abs = 0;
    maskopts o = {opt_bool(L, 4, "zero_sign", 0), 0, opt_bool(L, 4, "finite_detail", 0), 1, 0};
    kcv_buf *alt[2] = {NULL, NULL};
    int has_alt = !lua_isnoneornil(L, 4) && opt_alt(L, 4, g->numel, alt);
    int round = kcv_dtypes[g->dtype].is_float;
    double gmn = min_normal(g->dtype), rmn = min_normal(r->dtype),
           emn = round ? gmn : min_normal(e->dtype), gmax = round ? dtype_max(g->dtype) : 0;
    rr_tally t[RR_NKIND];
    memset(t, 0, sizeof t);
    double gb[BLK], rb[BLK], eb[BLK], a1[BLK], a2[BLK], mb[BLK];
    FOR_BLOCKS(g->numel, i0, n) {
        load_block(g, i0, (int)n, gb);
        load_block(r, i0, (int)n, rb);
        load_block(e, i0, (int)n, eb);
        if (has_alt) { load_block(alt[0], i0, (int)n, a1); load_block(alt[1], i0, (int)n, a2); }
        if (m) load_block(m, i0, (int)n, mb);
        for (int k = 0; k < n; k++) {
            double ev = round ? round_for_class(g->dtype, eb[k], gmn, gmax) : eb[k];
            int gc = classify(gb[k], gmn), rc = classify(rb[k], rmn), ec = classify(ev, emn);
            int gk = mask_key(gc, gb[k], &o), ek = mask_key(ec, ev, &o);
            if (mask_key(rc, rb[k], &o) != ek) {
                rr_count(&t[RR_REF_DISAGREES], i0 + k, gc, ec, rc);
            } else if (gk != ek) {
                int artifact = 0;
                if (has_alt && a1[k] == a2[k] && isfinite(a1[k])) {
                    double av = round ? round_for_class(g->dtype, a1[k], gmn, gmax) : a1[k];
                    artifact = mask_key(classify(av, gmn), av, &o) == gk;
                }
                int rounding = !artifact && has_bound && rounds_across(gc, ec) &&
                    fabs(gb[k] - eb[k]) <= c_abs + (m ? term(c_mag, fabs(mb[k])) : 0);
                rr_count(&t[artifact ? RR_ARTIFACT : rounding ? RR_ROUNDING : RR_VIOLATION],
                         i0 + k, gc, ec, rc);
            }
        }
    }
    lua_createtable(L, 0, 10);
    lua_pushboolean(L, t[RR_VIOLATION].count == 0); lua_setfield(L, -2, "ok");
    setint(L, "checked", g->numel);
    setint(L, "violations", t[RR_VIOLATION].count);
    setint(L, "ref_disagrees", t[RR_REF_DISAGREES].count);
    setint(L, "artifacts", t[RR_ARTIFACT].count);
    if (has_bound) setint(L, "roundings", t[RR_ROUNDING].count);
    for (int j = 0; j < RR_NKIND; j++) rr_push_first(L, &t[j], g, r, e, rr_fields[j]);
    return 1;
}

/* ---- thresholded ---------------------------------------------------------- */

/* Position of finite x on dt's ULP grid, continuous and piecewise linear:
 * consecutive representable values are 1 apart, values in between fall in
 * between, ±0 are both 0.  For f64 this would need 64-bit integers (see
 * ulp_f64); for the narrower formats a double holds it with room to spare. */
static double ulp_ord(double x, int M, int emin)
{
    double a = fabs(x), r;
    if (a < ldexp(1.0, emin)) {
        r = ldexp(a, M - emin);
    } else {
        int e;
        frexp(a, &e);
        r = ldexp((double)(e - emin), M) + (ldexp(a, M - (e - 1)) - ldexp(1.0, M));
    }
    return signbit(x) ? -r : r;
}

static int64_t f64_ord(double x)
{
    uint64_t u;
    memcpy(&u, &x, 8);
    int64_t m = (int64_t)(u & 0x7fffffffffffffffull);
    return u >> 63 ? -m : m;
}

/* ULP distance in dt of a and b; Inf where their classes differ (a NaN and
 * a number, Inf and a finite value, Infs of opposite sign). */
static double ulp_dist(double a, double b, kcv_dtype dt)
{
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b) ? 0 : INFINITY;
    if (isinf(a) || isinf(b)) return a == b ? 0 : INFINITY;
    if (dt == KCV_F64) {
        int64_t x = f64_ord(a), y = f64_ord(b);
        return x > y ? (double)((uint64_t)x - (uint64_t)y) : (double)((uint64_t)y - (uint64_t)x);
    }
    const kcv_dtype_info *d = &kcv_dtypes[dt];
    int emin = 2 - (1 << (d->ebits - 1));
    return fabs(ulp_ord(a, d->mbits, emin) - ulp_ord(b, d->mbits, emin));
}

/* kcv.cmp.ulp(a, b [, dtype]) -> max ULP distance (in dtype's ULPs, default
 * a's dtype), its index.  Values need not be representable in dtype: an f64
 * oracle value between two f16 neighbours is a fractional number of ULPs
 * from either. */
static int l_ulp(lua_State *L)
{
    kcv_buf *a = kcv_checkbuf(L, 1);
    kcv_buf *b = check_pair(L, a, 2);
    kcv_dtype dt = lua_isnoneornil(L, 3) ? a->dtype : kcv_checkdtype(L, 3);
    if (!kcv_dtypes[dt].is_float)
        luaL_argerror(L, 3, lua_pushfstring(L, "ULPs need a float dtype, got %s",
                                            kcv_dtypes[dt].name));
    double worst = 0;
    int64_t at = -1;
    double ab[BLK], bb[BLK];
    FOR_BLOCKS(a->numel, i0, m) {
        load_block(a, i0, (int)m, ab);
        load_block(b, i0, (int)m, bb);
        for (int k = 0; k < m; k++) {
            double d = ulp_dist(ab[k], bb[k], dt);
            if (d > worst || at < 0) { worst = d; at = i0 + k; }
        }
    }
    lua_pushnumber(L, worst);
    if (at < 0) lua_pushnil(L); else lua_pushinteger(L, (lua_Integer)at);
    return 2;
}

/* c*x with 0*Inf = 0: a coefficient may be Inf (a vacuous worst-case
 * bound), and an exactly zero magnitude still contributes nothing. */
static inline double term(double c, double x)
{
    return c == 0 || x == 0 ? 0 : c * x;
}

static int same_nonfinite_class(double g, double e)
{
    return isnan(e) ? isnan(g) : g == e;     /* e is ±Inf here */
}

/* Where rounding to dt overflows (round to nearest even): |x| >= T gives
 * Inf.  T is the largest finite value plus half its ulp; +Inf for a dtype
 * without Inf (f8e4m3 saturates to NaN) or where T is not a double. */
static double overflow_threshold(kcv_dtype dt)
{
    unsigned char t[8];
    int e;
    if (!kcv_dtypes[dt].is_float) return INFINITY;
    kcv_store(dt, t, INFINITY);
    if (!isinf(kcv_load(dt, t))) return INFINITY;
    kcv_storebits(dt, t, kcv_loadbits(dt, t) - 1);
    double max = kcv_load(dt, t);
    frexp(max, &e);
    return max + ldexp(1.0, e - 2 - kcv_dtypes[dt].mbits);
}

/* kcv.cmp.overflow_threshold(dtype) -> T: |x| >= T rounds to Inf in dtype */
static int l_overflow_threshold(lua_State *L)
{
    lua_pushnumber(L, overflow_threshold(kcv_checkdtype(L, 1)));
    return 1;
}

/* What within finds in a range of elements. */
typedef struct {
    double worst, wg, we, werr, wbound;
    int64_t at, first_bad, violations, checked;
} within_part;

typedef struct {
    const kcv_buf *g, *e, *m, *r;
    double c_abs, c_rel, c_mag, T;
    int64_t n, parts;
    within_part *out;
} within_job;

/* Elements [lo, hi) into p: the first worst ratio, the first violation and
 * the counts, as one pass over them in order would find them. */
static void within_range(const within_job *j, int64_t lo, int64_t hi, within_part *p)
{
    double gb[BLK], eb[BLK], mb[BLK], rb[BLK];
    *p = (within_part){.worst = -1, .at = -1, .first_bad = -1};
    for (int64_t i0 = lo, n = 0; i0 < hi; i0 += n) {
        n = hi - i0 < BLK ? hi - i0 : BLK;
        load_block(j->g, i0, (int)n, gb);
        load_block(j->e, i0, (int)n, eb);
        if (j->m) load_block(j->m, i0, (int)n, mb);
        if (j->r) load_block(j->r, i0, (int)n, rb);
        for (int k = 0; k < n; k++) {
            double ev = eb[k], gv = gb[k], err, bound, ratio;
            if (!isfinite(ev) && same_nonfinite_class(gv, ev)) continue;
            if (j->r && !(isfinite(rb[k]) && isfinite(ev))) continue;
            p->checked++;
            bound = j->c_abs + term(j->c_rel, fabs(ev)) + (j->m ? term(j->c_mag, fabs(mb[k])) : 0);
            if (isinf(gv) && isfinite(ev) && (gv > 0) == (ev > 0) && fabs(ev) + bound >= j->T) {
                err = fmax(0, j->T - fabs(ev));        /* overflowed within the bound */
                ratio = err == 0 ? 0 : bound > 0 ? err / bound : INFINITY;
            } else if (!isfinite(ev) || !isfinite(gv)) {
                err = INFINITY;
                ratio = INFINITY;
            } else {
                err = fabs(gv - ev);
                ratio = err == 0 ? 0 : bound > 0 ? err / bound : INFINITY;
                if (isnan(ratio)) ratio = INFINITY;   /* a NaN bound proves nothing */
            }
            if (!(err <= bound) || isinf(ratio)) {
                p->violations++;
                if (p->first_bad < 0) p->first_bad = i0 + k;
            }
            if (ratio > p->worst) {
                p->worst = ratio; p->at = i0 + k; p->wg = gv; p->we = ev; p->werr = err; p->wbound = bound;
            }
        }
    }
}

static void within_parts(void *ctx, int64_t lo, int64_t hi)
{
    within_job *j = ctx;
    for (int64_t k = lo; k < hi; k++)
        within_range(j, j->n * k / j->parts, j->n * (k + 1) / j->parts, &j->out[k]);
}

/* Parts of a within pass over the cores: a fixed number for a given length
 * (never the thread count), merged in order, so the result is the serial
 * pass's whatever the machine. */
#define WITHIN_PARTS 64

/* kcv.cmp.within(got, expected, {mag=, c_mag=0, c_rel=0, c_abs=0, ref=})
 * bound_i = c_abs + c_rel*|expected_i| + c_mag*|mag_i|.  Elements whose
 * expected value is non-finite and whose got has the same class are not
 * checked (non-finite semantics are the mask gate's job); a class mismatch
 * there is a violation with ratio inf.  A got of +-Inf where expected is
 * finite is within the bound when a value that close to expected, with its
 * sign, rounds to Inf in got's dtype (|expected| + bound >= T): its error
 * is then T - |expected|, the least a result rounding to Inf can have.
 * With opts.ref (a reference implementation's output) the comparison is
 * reference-relative: where ref or expected is non-finite nothing is
 * checked at all, the class question being reference_relative's and the
 * mask gates' (an oracle NaN from 0*Inf that the reference also gives). */
static int l_within(lua_State *L)
{
    kcv_buf *g = kcv_checkbuf(L, 1);
    kcv_buf *e = check_pair(L, g, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    double c_abs = opt_coef(L, 3, "c_abs", 0), c_rel = opt_coef(L, 3, "c_rel", 0),
           c_mag = opt_coef(L, 3, "c_mag", 0);
    kcv_buf *m = opt_buf(L, 3, "mag", g->numel);
    if (c_mag != 0 && !m) luaL_argerror(L, 3, "opts.c_mag needs opts.mag (a buffer)");
    kcv_buf *r = opt_buf(L, 3, "ref", g->numel);

    within_part parts[WITHIN_PARTS];
    within_job j = {g, e, m, r, c_abs, c_rel, c_mag, overflow_threshold(g->dtype), g->numel, 0, parts};
    j.parts = (g->numel + BLK - 1) / BLK;
    if (j.parts > WITHIN_PARTS) j.parts = WITHIN_PARTS;
    if (j.parts < 1) j.parts = 1;
    mp_parallel(j.parts, 20.0 * (double)g->numel / (double)j.parts, within_parts, &j);
    within_part w = {.worst = -1, .at = -1, .first_bad = -1};
    for (int64_t k = 0; k < j.parts; k++) {
        const within_part *p = &parts[k];
        if (p->at >= 0 && p->worst > w.worst) {
            w.worst = p->worst; w.at = p->at; w.wg = p->wg; w.we = p->we; w.werr = p->werr; w.wbound = p->wbound;
        }
        if (w.first_bad < 0) w.first_bad = p->first_bad;
        w.violations += p->violations;
        w.checked += p->checked;
    }
    lua_createtable(L, 0, 10);
    lua_pushboolean(L, w.violations == 0); lua_setfield(L, -2, "ok");
    if (w.at >= 0) {
        setint(L, "worst_index", w.at);
        setnum(L, "got", w.wg);
        setnum(L, "expected", w.we);
        setnum(L, "err", w.werr);
        setnum(L, "bound", w.wbound);
    }
    setnum(L, "ratio", w.at >= 0 ? w.worst : 0);
    setint(L, "violations", w.violations);
    setint(L, "checked", w.checked);
    if (w.first_bad >= 0) setint(L, "first_violation", w.first_bad);
    return 1;
}

/* kcv.cmp.allclose(got, expected [, {atol=1e-2, rtol=1e-2, equal_nan=false}])
 * torch.allclose: close iff got == expected, or both finite and
 * |got - expected| <= atol + rtol*|expected|; NaN is never close unless
 * equal_nan and both are NaN. */
static int l_allclose(lua_State *L)
{
    kcv_buf *g = kcv_checkbuf(L, 1);
    kcv_buf *e = check_pair(L, g, 2);
    check_opts(L, 3);
    double atol = opt_coef(L, 3, "atol", 1e-2), rtol = opt_coef(L, 3, "rtol", 1e-2);
    int equal_nan = opt_bool(L, 3, "equal_nan", 0);
    int64_t count = 0, first = -1;
    double gb[BLK], eb[BLK];
    FOR_BLOCKS(g->numel, i0, m) {
        load_block(g, i0, (int)m, gb);
        load_block(e, i0, (int)m, eb);
        for (int k = 0; k < m; k++) {
            double gv = gb[k], ev = eb[k];
            int close = gv == ev ||
                        (isfinite(gv) && isfinite(ev) && fabs(gv - ev) <= atol + rtol * fabs(ev)) ||
                        (equal_nan && isnan(gv) && isnan(ev));
            if (!close && count++ == 0) first = i0 + k;
        }
    }
    if (count == 0) { lua_pushboolean(L, 1); return 1; }
    lua_pushboolean(L, 0);
    lua_createtable(L, 0, 4);
    setint(L, "index", first);
    setnum(L, "got", elem(g, first));
    setnum(L, "expected", elem(e, first));
    setint(L, "count", count);
    return 2;
}

/* kcv.cmp.max_abs_diff(a, b [, {finite_only=false}]) -> max |a_i - b_i|,
 * its index.  Equal values (Inf included) differ by 0, two NaNs by 0; a NaN
 * against anything else gives NaN, which wins, so `d <= tol` fails.  With
 * finite_only, pairs with a non-finite value on either side are left out
 * (the error of the finite part, for a report next to a class check). */
static int l_max_abs_diff(lua_State *L)
{
    kcv_buf *a = kcv_checkbuf(L, 1);
    kcv_buf *b = check_pair(L, a, 2);
    kcv_checkopts(L, 3, "finite_only");
    int finite_only = opt_bool(L, 3, "finite_only", 0);
    double worst = 0;
    int64_t at = -1;
    double ab[BLK], bb[BLK];
    FOR_BLOCKS(a->numel, i0, m) {
        load_block(a, i0, (int)m, ab);
        load_block(b, i0, (int)m, bb);
        for (int k = 0; k < m; k++) {
            double x = ab[k], y = bb[k];
            if (finite_only && !(isfinite(x) && isfinite(y))) continue;
            double d = x == y || (isnan(x) && isnan(y)) ? 0 : fabs(x - y);
            if (isnan(d)) { worst = d; at = i0 + k; goto done; }
            if (d > worst || at < 0) { worst = d; at = i0 + k; }
        }
    }
done:
    lua_pushnumber(L, worst);
    if (at < 0) lua_pushnil(L); else lua_pushinteger(L, (lua_Integer)at);
    return 2;
}

/* kcv.cmp.max_abs_finite(b) -> the largest finite |b_i|, 0 when there is
 * none (a scale for a bound, without a buffer of zeros to diff against). */
static int l_max_abs_finite(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    double worst = 0, bb[BLK];
    FOR_BLOCKS(b->numel, i0, m) {
        load_block(b, i0, (int)m, bb);
        for (int k = 0; k < m; k++)
            if (isfinite(bb[k]) && fabs(bb[k]) > worst) worst = fabs(bb[k]);
    }
    lua_pushnumber(L, worst);
    return 1;
}

/* kcv.cmp.overflow_rounded(value, dtype, mag, {c_abs=, c_rel=, c_mag=})
 * -> value itself, or a copy with +-Inf where an exact value must round to
 * Inf in dtype: |v| - bound >= T, the bound c_abs + c_rel |v| + c_mag |mag|
 * (as kcv.cmp.within's, 0 * Inf = 0).  Where the bound reaches below T the
 * kernel may round to a finite value, and the oracle's finite value stays.
 * One pass in C: the same loop in Lua was most of matmul_f16's CMP-01 and
 * PRC-01 on the H200 (4M outputs a case past f16's range). */
static int l_overflow_rounded(lua_State *L)
{
    kcv_buf *v = kcv_checkbuf(L, 1);
    kcv_dtype dt = kcv_checkdtype(L, 2);
    kcv_buf *m = check_pair(L, v, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    double c_abs = opt_coef(L, 4, "c_abs", 0), c_rel = opt_coef(L, 4, "c_rel", 0),
           c_mag = opt_coef(L, 4, "c_mag", 0);
    double T = overflow_threshold(dt), vb[BLK], mb[BLK];
    kcv_buf *out = NULL;
    FOR_BLOCKS(v->numel, i0, n) {
        load_block(v, i0, (int)n, vb);
        load_block(m, i0, (int)n, mb);
        for (int k = 0; k < n; k++) {
            double a = fabs(vb[k]);
            if (!(isfinite(a) && a >= T)) continue;
            if (a - (c_abs + term(c_rel, a) + term(c_mag, fabs(mb[k]))) < T) continue;
            if (!out) {
                out = kcv_newbuf_like(L, v, v->dtype);
                for (int64_t i = 0; i < v->numel; i++)
                    memcpy(kcv_buf_ptr(out, i), kcv_buf_ptr(v, i), kcv_dtypes[v->dtype].size);
            }
            kcv_store(out->dtype, kcv_buf_ptr(out, i0 + k), copysign(INFINITY, vb[k]));
        }
    }
    if (!out) lua_pushvalue(L, 1);
    return 1;
}

int kcv_open_compare(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"bytes_equal", l_bytes_equal}, {"classes", l_classes},
        {"class_name", l_class_name}, {"masks_equal", l_masks_equal},
        {"reference_relative", l_reference_relative},
        {"ulp", l_ulp}, {"within", l_within}, {"allclose", l_allclose},
        {"max_abs_diff", l_max_abs_diff}, {"max_abs_finite", l_max_abs_finite},
        {"overflow_threshold", l_overflow_threshold}, {"overflow_rounded", l_overflow_rounded},
        {NULL, NULL}};
    luaL_newlib(L, fns);
    lua_createtable(L, 0, C_NCLASS);
    for (int c = 0; c < C_NCLASS; c++) {
        lua_pushinteger(L, c);
        lua_setfield(L, -2, class_names[c]);
    }
    lua_setfield(L, -2, "CLASS");
    lua_setfield(L, -2, "cmp");
    return 0;
}
