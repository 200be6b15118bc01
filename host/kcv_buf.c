/*
 * kcv_buf.c — typed n-d host buffers as Lua userdata.
 *
 *   local x = kcv.buffer("f32", {4, 8})      -- zero-filled
 *   x:set(0, 1.5); print(x:get(0), x.shape[2], #x)
 *   local h = x:cast("f16")                  -- one RNE rounding per element
 *
 * Data is 64-byte aligned.  It belongs to a hidden storage userdata, the
 * owner's user value, whose __gc frees it; views (reshape, transpose, slice)
 * share the data and pin the parent through their user value.  The buffer
 * metatable has no __gc: a script calling getmetatable(b).__gc(b) must not
 * leave b or its views pointing at freed memory.
 */
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <math.h>
#include <sys/mman.h>
#include "kcv.h"
#include "mp.h"        /* mp_parallel */

kcv_buf *kcv_testbuf(lua_State *L, int arg)
{
    return (kcv_buf *)luaL_testudata(L, arg, KCV_BUF_MT);
}

kcv_buf *kcv_checkbuf(lua_State *L, int arg)
{
    return (kcv_buf *)luaL_checkudata(L, arg, KCV_BUF_MT);
}

static void set_contiguous_strides(kcv_buf *b)
{
    int64_t s = 1;
    for (int d = b->ndim - 1; d >= 0; d--) {
        b->strides[d] = s;
        s *= b->shape[d];
    }
    b->contiguous = 1;
}

/* Number of elements, or -1 if it does not fit in an int64 (a shape like
 * {2^40, 2^40} must be an error, not a wrapped size and a small buffer). */
static int64_t shape_numel(int ndim, const int64_t *shape)
{
    int64_t n = 1;
    for (int d = 0; d < ndim; d++)
        if (__builtin_mul_overflow(n, shape[d], &n)) return -1;
    return n;
}

static kcv_buf *push_header(lua_State *L)
{
    kcv_buf *b = (kcv_buf *)lua_newuserdatauv(L, sizeof *b, 1);
    memset(b, 0, sizeof *b);
    luaL_setmetatable(L, KCV_BUF_MT);
    return b;
}

#define KCV_STORAGE_MT "kcv.storage"

/* ---- copies of many bytes ------------------------------------------ */

typedef struct { char *dst; const char *src; size_t n; } copy_job;

#define COPY_CHUNK ((size_t)16 << 20)

static void copy_chunks(void *p, int64_t lo, int64_t hi)
{
    const copy_job *j = p;
    size_t a = (size_t)lo * COPY_CHUNK, b = (size_t)hi * COPY_CHUNK;
    if (b > j->n) b = j->n;
    memcpy(j->dst + a, j->src + a, b - a);
}

/* memcpy, split over the cores from KCV_COPY_PAR_MIN bytes on: one core
 * copies (and faults in) a few GB/s, a tensor of 8 GB is copied several
 * times on its way to a GPU and back. */
void kcv_copy_bytes(void *dst, const void *src, size_t n)
{
    if (n < KCV_COPY_PAR_MIN) {
        memcpy(dst, src, n);
        return;
    }
    copy_job j = {dst, src, n};
    mp_parallel((int64_t)((n + COPY_CHUNK - 1) / COPY_CHUNK), 1e9, copy_chunks, &j);
}

/* The memory behind a buffer.  Large buffers are anonymous mappings: zero
 * pages cost nothing until touched, so asking for a huge buffer is not
 * itself what exhausts memory. */
typedef struct { void *p; size_t mapped; } kcv_storage;

#define KCV_MMAP_MIN ((size_t)1 << 20)

static int storage_gc(lua_State *L)
{
    kcv_storage *st = (kcv_storage *)luaL_checkudata(L, 1, KCV_STORAGE_MT);
    if (st->mapped) munmap(st->p, st->mapped);
    else free(st->p);
    st->p = NULL;
    st->mapped = 0;
    return 0;
}

/* Zeroed, 64-byte aligned memory for n bytes; NULL when there is none. */
static void *storage_alloc(kcv_storage *st, size_t n)
{
    if (n >= KCV_MMAP_MIN) {
        void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        st->mapped = n;
        return st->p = p;
    }
    st->p = aligned_alloc(64, n);
    if (st->p) memset(st->p, 0, n);
    return st->p;
}

kcv_buf *kcv_newbuf(lua_State *L, kcv_dtype dt, int ndim, const int64_t *shape)
{
    kcv_buf *b = push_header(L);
    b->dtype = dt;
    b->ndim = ndim;
    memcpy(b->shape, shape, sizeof(int64_t) * ndim);
    b->numel = shape_numel(ndim, shape);
    if (b->numel < 0 || (uint64_t)b->numel > (SIZE_MAX / 2) / kcv_dtypes[dt].size)
        luaL_error(L, "buffer too large: the shape's element count overflows");
    set_contiguous_strides(b);
    b->nbytes = (size_t)b->numel * kcv_dtypes[dt].size;
    size_t alloc = (b->nbytes + 63) & ~(size_t)63;
    kcv_storage *st = (kcv_storage *)lua_newuserdatauv(L, sizeof *st, 0);
    st->p = NULL;
    st->mapped = 0;
    luaL_setmetatable(L, KCV_STORAGE_MT);
    lua_setiuservalue(L, -2, 1);
    b->data = storage_alloc(st, alloc ? alloc : 64);
    if (!b->data)
        luaL_error(L, "out of host memory allocating a %s buffer of %I bytes",
                   kcv_dtypes[dt].name, (lua_Integer)b->nbytes);
    b->owns = 1;
    return b;
}

kcv_buf *kcv_newbuf_like(lua_State *L, const kcv_buf *like, kcv_dtype dt)
{
    return kcv_newbuf(L, dt, like->ndim, like->shape);
}

static int64_t check_dim(lua_State *L, int arg, lua_Integer v)
{
    if (v < 0) luaL_argerror(L, arg, "shape sizes must be >= 0");
    return (int64_t)v;
}

int kcv_checkshape(lua_State *L, int arg, int64_t *shape)
{
    int ndim = 0;
    if (lua_istable(L, arg)) {
        lua_Integer n = luaL_len(L, arg);   /* a __len may answer anything */
        if (n < 0 || n > KCV_MAXDIM) luaL_argerror(L, arg, "too many dimensions (max 8)");
        ndim = (int)n;
        for (int d = 0; d < ndim; d++) {
            lua_geti(L, arg, d + 1);
            if (!lua_isinteger(L, -1))
                luaL_argerror(L, arg, lua_pushfstring(L,
                    "shape[%d] must be an integer, got %s", d + 1, luaL_typename(L, -1)));
            shape[d] = check_dim(L, arg, lua_tointeger(L, -1));
            lua_pop(L, 1);
        }
    } else {
        int top = lua_gettop(L);
        if (top < arg) luaL_argerror(L, arg, "shape expected (table or integers)");
        for (int i = arg; i <= top; i++) {
            if (ndim == KCV_MAXDIM) luaL_argerror(L, i, "too many dimensions (max 8)");
            shape[ndim++] = check_dim(L, i, luaL_checkinteger(L, i));
        }
    }
    return ndim;
}

void *kcv_buf_ptr(const kcv_buf *b, int64_t i)
{
    size_t es = kcv_dtypes[b->dtype].size;
    if (b->contiguous) return (char *)b->data + (size_t)i * es;
    int64_t off = 0;
    for (int d = b->ndim - 1; d >= 0; d--) {
        int64_t n = b->shape[d];
        off += (i % n) * b->strides[d];
        i /= n;
    }
    return (char *)b->data + off * (int64_t)es;
}

int64_t kcv_checkindex(lua_State *L, const kcv_buf *b, int arg)
{
    lua_Integer i = luaL_checkinteger(L, arg);
    if (i < 0 || i >= b->numel)
        luaL_argerror(L, arg, lua_pushfstring(L,
            "index %I out of range [0, %I) (indices are 0-based)",
            i, (lua_Integer)b->numel));
    return (int64_t)i;
}

/* An integer element as int64: sign-extended for signed dtypes. */
static int64_t load_int(kcv_dtype dt, const void *p)
{
    uint64_t u = kcv_loadbits(dt, p);
    int sh = 64 - 8 * (int)kcv_dtypes[dt].size;
    if (kcv_dtypes[dt].is_signed && sh) return (int64_t)(u << sh) >> sh;
    return (int64_t)u;
}

/* Store integer v into an integer dtype, saturating as kcv_store does for
 * doubles (a Lua 300 into u8 is 255, not 300 mod 256; bool is 0 or 1). */
static void store_int(kcv_dtype dt, void *p, int64_t v)
{
    int64_t lo = 0, hi = INT64_MAX;
    switch (dt) {
    case KCV_I8: lo = INT8_MIN; hi = INT8_MAX; break;
    case KCV_I16: lo = INT16_MIN; hi = INT16_MAX; break;
    case KCV_I32: lo = INT32_MIN; hi = INT32_MAX; break;
    case KCV_I64: lo = INT64_MIN; break;
    case KCV_U8: hi = UINT8_MAX; break;
    case KCV_U16: hi = UINT16_MAX; break;
    case KCV_U32: hi = UINT32_MAX; break;
    case KCV_BOOL: v = v != 0; break;
    default: break;          /* u64: negative saturates to 0 */
    }
    kcv_storebits(dt, p, (uint64_t)(v < lo ? lo : v > hi ? hi : v));
}

/* Integer to integer, exactly, saturating (not through a double, which
 * would round int64 values above 2^53). */
static void copy_int(kcv_dtype dt, void *p, kcv_dtype sdt, const void *sp)
{
    int64_t v = load_int(sdt, sp);
    if (sdt == KCV_U64 && v < 0) {            /* a u64 >= 2^63 */
        if (dt == KCV_U64) { kcv_storebits(dt, p, (uint64_t)v); return; }
        v = INT64_MAX;
    }
    store_int(dt, p, v);
}

/* ---- constructors ----------------------------------------------------- */

/* kcv.buffer(dtype, shape) / kcv.buffer(dtype, d0, d1, ...) */
static int l_buffer(lua_State *L)
{
    kcv_dtype dt = kcv_checkdtype(L, 1);
    int64_t shape[KCV_MAXDIM];
    int ndim = kcv_checkshape(L, 2, shape);
    kcv_newbuf(L, dt, ndim, shape);
    return 1;
}

/* kcv.from(dtype, {v1, v2, ...} [, shape]): values rounded to dtype. */
static int l_from(lua_State *L)
{
    kcv_dtype dt = kcv_checkdtype(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    int64_t n = (int64_t)luaL_len(L, 2);
    int64_t shape[KCV_MAXDIM] = {n};
    int ndim = 1;
    if (!lua_isnoneornil(L, 3)) {
        ndim = kcv_checkshape(L, 3, shape);
        if (shape_numel(ndim, shape) != n)
            luaL_argerror(L, 3, "shape does not match the number of values");
    }
    kcv_buf *b = kcv_newbuf(L, dt, ndim, shape);
    for (int64_t i = 0; i < n; i++) {
        lua_geti(L, 2, i + 1);
        int isnum;
        double v = lua_tonumberx(L, -1, &isnum);
        if (!isnum && lua_isboolean(L, -1)) { v = lua_toboolean(L, -1); isnum = 1; }
        if (!isnum)
            luaL_argerror(L, 2, lua_pushfstring(L, "value %I is not a number",
                                                (lua_Integer)i + 1));
        if (lua_isinteger(L, -1) && !kcv_dtypes[dt].is_float)
            store_int(dt, kcv_buf_ptr(b, i), (int64_t)lua_tointeger(L, -1));
        else
            kcv_store(dt, kcv_buf_ptr(b, i), v);
        lua_pop(L, 1);
    }
    return 1;
}

/* ---- element access ----------------------------------------------------- */

static void push_element(lua_State *L, const kcv_buf *b, int64_t i)
{
    const void *p = kcv_buf_ptr(b, i);
    if (b->dtype == KCV_BOOL) lua_pushboolean(L, kcv_loadbits(b->dtype, p) != 0);
    else if (!kcv_dtypes[b->dtype].is_float) lua_pushinteger(L, (lua_Integer)load_int(b->dtype, p));
    else lua_pushnumber(L, kcv_load(b->dtype, p));
}

static void store_value(lua_State *L, kcv_buf *b, int64_t i, int arg)
{
    void *p = kcv_buf_ptr(b, i);
    if (lua_isboolean(L, arg)) { kcv_store(b->dtype, p, lua_toboolean(L, arg)); return; }
    if (lua_isinteger(L, arg) && !kcv_dtypes[b->dtype].is_float) {
        store_int(b->dtype, p, (int64_t)lua_tointeger(L, arg));
        return;
    }
    kcv_store(b->dtype, p, luaL_checknumber(L, arg));
}

static int m_get(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    push_element(L, b, kcv_checkindex(L, b, 2));
    return 1;
}

static int m_set(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    int64_t i = kcv_checkindex(L, b, 2);
    luaL_checkany(L, 3);
    store_value(L, b, i, 3);
    lua_settop(L, 1);
    return 1;
}

/* b:at(i0, i1, ...) -> flat index of a multi-index (0-based). */
static int m_at(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    if (lua_gettop(L) - 1 != b->ndim)
        return luaL_error(L, "at: expected %d indices, got %d", b->ndim, lua_gettop(L) - 1);
    int64_t flat = 0;
    for (int d = 0; d < b->ndim; d++) {
        lua_Integer i = luaL_checkinteger(L, d + 2);
        if (i < 0 || i >= b->shape[d])
            luaL_argerror(L, d + 2, lua_pushfstring(L, "index %I out of range [0, %I)",
                                                    i, (lua_Integer)b->shape[d]));
        flat = flat * b->shape[d] + i;
    }
    lua_pushinteger(L, (lua_Integer)flat);
    return 1;
}

/* b:index(flat) -> table of 0-based indices per dimension */
static int m_index(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    int64_t i = kcv_checkindex(L, b, 2);
    lua_createtable(L, b->ndim, 0);
    for (int d = b->ndim - 1; d >= 0; d--) {
        lua_pushinteger(L, (lua_Integer)(i % b->shape[d]));
        lua_rawseti(L, -2, d + 1);
        i /= b->shape[d];
    }
    return 1;
}

static int m_bits(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    lua_pushinteger(L, (lua_Integer)kcv_loadbits(b->dtype, kcv_buf_ptr(b, kcv_checkindex(L, b, 2))));
    return 1;
}

static int m_setbits(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    int64_t i = kcv_checkindex(L, b, 2);
    kcv_storebits(b->dtype, kcv_buf_ptr(b, i), (uint64_t)luaL_checkinteger(L, 3));
    lua_settop(L, 1);
    return 1;
}

/* b:fill(v): every element set to v (rounded once to the dtype). */
static int m_fill(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    luaL_checkany(L, 2);
    if (b->numel > 0) {
        store_value(L, b, 0, 2);
        size_t es = kcv_dtypes[b->dtype].size;
        const void *first = kcv_buf_ptr(b, 0);
        for (int64_t i = 1; i < b->numel; i++) memcpy(kcv_buf_ptr(b, i), first, es);
    }
    lua_settop(L, 1);
    return 1;
}

/* b:clone(): a contiguous copy with the same dtype and shape. */
static int m_clone(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    kcv_buf *c = kcv_newbuf_like(L, b, b->dtype);
    size_t es = kcv_dtypes[b->dtype].size;
    if (b->contiguous) kcv_copy_bytes(c->data, b->data, b->nbytes);
    else for (int64_t i = 0; i < b->numel; i++) memcpy(kcv_buf_ptr(c, i), kcv_buf_ptr(b, i), es);
    return 1;
}

/* b:cast(dtype): a new buffer, each element rounded once (RNE). */
static int m_cast(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    kcv_dtype dt = kcv_checkdtype(L, 2);
    kcv_buf *c = kcv_newbuf_like(L, b, dt);
    int ints = !kcv_dtypes[dt].is_float && !kcv_dtypes[b->dtype].is_float;
    for (int64_t i = 0; i < b->numel; i++) {
        const void *src = kcv_buf_ptr(b, i);
        if (ints)   /* integer to integer: through int64, saturating */
            copy_int(dt, kcv_buf_ptr(c, i), b->dtype, src);
        else
            kcv_store(dt, kcv_buf_ptr(c, i), kcv_load(b->dtype, src));
    }
    return 1;
}

/* b:copyfrom(src): element-wise copy with rounding; shapes must match in numel. */
static int m_copyfrom(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    kcv_buf *s = kcv_checkbuf(L, 2);
    if (s->numel != b->numel)
        return luaL_error(L, "copyfrom: %I elements into %I", (lua_Integer)s->numel, (lua_Integer)b->numel);
    size_t es = kcv_dtypes[b->dtype].size;
    for (int64_t i = 0; i < b->numel; i++) {
        if (s->dtype == b->dtype) memcpy(kcv_buf_ptr(b, i), kcv_buf_ptr(s, i), es);
        else if (!kcv_dtypes[b->dtype].is_float && !kcv_dtypes[s->dtype].is_float)
            copy_int(b->dtype, kcv_buf_ptr(b, i), s->dtype, kcv_buf_ptr(s, i));
        else kcv_store(b->dtype, kcv_buf_ptr(b, i), kcv_load(s->dtype, kcv_buf_ptr(s, i)));
    }
    lua_settop(L, 1);
    return 1;
}

/* b:tile(src): b's elements become src's, repeated through b (src has at
 * most b's elements, the same dtype).  A large input made of a random head
 * of prime length costs a few memcpy instead of a generator per element,
 * and no power-of-two index offset maps an element onto an equal one. */
static int m_tile(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    kcv_buf *s = kcv_checkbuf(L, 2);
    if (s->dtype != b->dtype)
        return luaL_argerror(L, 2, lua_pushfstring(L, "a %s buffer expected, got %s",
                             kcv_dtypes[b->dtype].name, kcv_dtypes[s->dtype].name));
    if (s->numel < 1 || s->numel > b->numel)
        return luaL_error(L, "tile: %I elements into %I", (lua_Integer)s->numel, (lua_Integer)b->numel);
    if (!b->contiguous || !s->contiguous) return luaL_error(L, "tile: both buffers must be contiguous");
    memmove(b->data, s->data, s->nbytes);
    size_t have = s->nbytes, total = b->nbytes;
    while (have < total) {            /* doubling: log2(numel / period) copies */
        size_t n = have < total - have ? have : total - have;
        kcv_copy_bytes((char *)b->data + have, b->data, n);
        have += n;
    }
    lua_settop(L, 1);
    return 1;
}

static kcv_buf *push_view(lua_State *L, int parent, const kcv_buf *b)
{
    kcv_buf *v = push_header(L);
    *v = *b;
    v->owns = 0;
    lua_pushvalue(L, parent);
    lua_setiuservalue(L, -2, 1);
    return v;
}

/* b:reshape(shape): a view; the buffer must be contiguous. */
static int m_reshape(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    int64_t shape[KCV_MAXDIM];
    int ndim = kcv_checkshape(L, 2, shape);
    if (!b->contiguous) return luaL_error(L, "reshape: buffer is not contiguous (clone it first)");
    if (shape_numel(ndim, shape) != b->numel)
        return luaL_argerror(L, 2, "reshape must keep the number of elements");
    kcv_buf *v = push_view(L, 1, b);
    v->ndim = ndim;
    memcpy(v->shape, shape, sizeof(int64_t) * ndim);
    set_contiguous_strides(v);
    return 1;
}

/* b:transpose(d0, d1): a strided view with two axes swapped (1-based axes). */
static int m_transpose(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    lua_Integer a = luaL_optinteger(L, 2, b->ndim - 1);
    lua_Integer c = luaL_optinteger(L, 3, b->ndim);
    if (a < 1 || a > b->ndim) luaL_argerror(L, 2, "axis out of range");
    if (c < 1 || c > b->ndim) luaL_argerror(L, 3, "axis out of range");
    kcv_buf *v = push_view(L, 1, b);
    int64_t t = v->shape[a - 1]; v->shape[a - 1] = v->shape[c - 1]; v->shape[c - 1] = t;
    t = v->strides[a - 1]; v->strides[a - 1] = v->strides[c - 1]; v->strides[c - 1] = t;
    v->contiguous = (a == c) && b->contiguous;
    return 1;
}

/* b:bytes([offset, len]): raw bytes as a Lua string (contiguous buffers). */
static int m_bytes(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    if (!b->contiguous) return luaL_error(L, "bytes: buffer is not contiguous");
    lua_Integer nb = (lua_Integer)b->nbytes;
    lua_Integer off = luaL_optinteger(L, 2, 0);
    lua_Integer len = luaL_optinteger(L, 3, off >= 0 && off <= nb ? nb - off : 0);
    if (off < 0 || off > nb || len < 0 || len > nb - off)   /* no off + len: it can overflow */
        return luaL_error(L, "bytes: %I bytes at offset %I outside %I bytes", len, off, nb);
    lua_pushlstring(L, (const char *)b->data + off, (size_t)len);
    return 1;
}

/* b:setbytes(str [, offset]) */
static int m_setbytes(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    size_t len;
    const char *s = luaL_checklstring(L, 2, &len);
    lua_Integer off = luaL_optinteger(L, 3, 0);
    if (!b->contiguous) return luaL_error(L, "setbytes: buffer is not contiguous");
    if (off < 0 || (size_t)off + len > b->nbytes)
        return luaL_error(L, "setbytes: %I bytes at offset %I do not fit in %I", (lua_Integer)len, off, (lua_Integer)b->nbytes);
    memcpy((char *)b->data + off, s, len);
    lua_settop(L, 1);
    return 1;
}

/* b:readfile(path) -> b: the whole file into the buffer, which it must fill
 * exactly.  Straight into the buffer's memory: an output of hundreds of
 * megabytes makes no Lua string on the way (the audit's worker files). */
static int m_readfile(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    const char *path = luaL_checkstring(L, 2);
    if (!b->contiguous) return luaL_error(L, "readfile: buffer is not contiguous");
    FILE *f = fopen(path, "rb");
    if (!f) return luaL_error(L, "readfile: cannot open %s: %s", path, strerror(errno));
    size_t got = b->nbytes ? fread(b->data, 1, b->nbytes, f) : 0;
    int extra = fgetc(f) != EOF, err = ferror(f);
    fclose(f);
    if (err) return luaL_error(L, "readfile: cannot read %s", path);
    if (got != b->nbytes || extra)
        return luaL_error(L, "readfile: %s has %s bytes than the buffer's %I", path,
                          extra ? "more" : "fewer", (lua_Integer)b->nbytes);
    lua_settop(L, 1);
    return 1;
}

/* b:writefile(path) -> b: the buffer's bytes as a raw file (little-endian,
 * as in memory), the twin of readfile: the parity worker's inputs go to a
 * Python process this way, with no Lua string on the way. */
static int m_writefile(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    const char *path = luaL_checkstring(L, 2);
    if (!b->contiguous) return luaL_error(L, "writefile: buffer is not contiguous");
    FILE *f = fopen(path, "wb");
    if (!f) return luaL_error(L, "writefile: cannot open %s: %s", path, strerror(errno));
    size_t put = b->nbytes ? fwrite(b->data, 1, b->nbytes, f) : 0;
    int err = fclose(f) != 0;
    if (put != b->nbytes || err) return luaL_error(L, "writefile: cannot write %s", path);
    lua_settop(L, 1);
    return 1;
}

static int m_totable(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    if (b->numel > 100000000) return luaL_error(L, "totable: buffer too large");
    lua_createtable(L, (int)b->numel, 0);
    for (int64_t i = 0; i < b->numel; i++) {
        push_element(L, b, i);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static void push_dims(lua_State *L, int n, const int64_t *v)
{
    lua_createtable(L, n, 0);
    for (int d = 0; d < n; d++) {
        lua_pushinteger(L, (lua_Integer)v[d]);
        lua_rawseti(L, -2, d + 1);
    }
}

/* Fields are read-only properties; anything else is a method. */
static int m_index_field(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    const char *k = lua_tostring(L, 2);
    if (k) {
        if (strcmp(k, "dtype") == 0) { lua_pushstring(L, kcv_dtypes[b->dtype].name); return 1; }
        if (strcmp(k, "shape") == 0) { push_dims(L, b->ndim, b->shape); return 1; }
        if (strcmp(k, "strides") == 0) { push_dims(L, b->ndim, b->strides); return 1; }
        if (strcmp(k, "ndim") == 0) { lua_pushinteger(L, b->ndim); return 1; }
        if (strcmp(k, "numel") == 0) { lua_pushinteger(L, (lua_Integer)b->numel); return 1; }
        if (strcmp(k, "nbytes") == 0) { lua_pushinteger(L, (lua_Integer)b->nbytes); return 1; }
        if (strcmp(k, "itemsize") == 0) { lua_pushinteger(L, (lua_Integer)kcv_dtypes[b->dtype].size); return 1; }
        if (strcmp(k, "contiguous") == 0) { lua_pushboolean(L, b->contiguous); return 1; }
        if (strcmp(k, "residency") == 0) { lua_pushliteral(L, "host"); return 1; }
    }
    lua_pushvalue(L, 2);
    lua_gettable(L, lua_upvalueindex(1));
    return 1;
}

static int m_len(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)kcv_checkbuf(L, 1)->numel);
    return 1;
}

static int m_tostring(lua_State *L)
{
    kcv_buf *b = kcv_checkbuf(L, 1);
    luaL_Buffer sb;
    luaL_buffinit(L, &sb);
    lua_pushfstring(L, "kcv.buffer(%s, {", kcv_dtypes[b->dtype].name);
    luaL_addvalue(&sb);
    for (int d = 0; d < b->ndim; d++) {
        lua_pushfstring(L, d ? ", %I" : "%I", (lua_Integer)b->shape[d]);
        luaL_addvalue(&sb);
    }
    luaL_addstring(&sb, "}) [");
    int64_t show = b->numel < 8 ? b->numel : 8;
    for (int64_t i = 0; i < show; i++) {
        char num[64];
        snprintf(num, sizeof num, i ? ", %.9g" : "%.9g", kcv_load(b->dtype, kcv_buf_ptr(b, i)));
        luaL_addstring(&sb, num);
    }
    if (show < b->numel) luaL_addstring(&sb, ", ...");
    luaL_addstring(&sb, "]");
    luaL_pushresult(&sb);
    return 1;
}

static const luaL_Reg buf_methods[] = {
    {"get", m_get}, {"set", m_set}, {"at", m_at}, {"index", m_index},
    {"bits", m_bits}, {"setbits", m_setbits}, {"fill", m_fill},
    {"clone", m_clone}, {"cast", m_cast}, {"copyfrom", m_copyfrom}, {"tile", m_tile},
    {"reshape", m_reshape}, {"transpose", m_transpose},
    {"bytes", m_bytes}, {"setbytes", m_setbytes}, {"readfile", m_readfile}, {"writefile", m_writefile}, {"totable", m_totable},
    {NULL, NULL}};

void kcv_buf_addmethods(lua_State *L, const luaL_Reg *methods)
{
    luaL_getmetatable(L, KCV_BUF_MT);
    lua_getfield(L, -1, "methods");
    luaL_setfuncs(L, methods, 0);
    lua_pop(L, 2);
}

int kcv_open_buf(lua_State *L)
{
    if (luaL_newmetatable(L, KCV_BUF_MT)) {
        luaL_newlib(L, buf_methods);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "methods");
        lua_pushcclosure(L, m_index_field, 1);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, m_len); lua_setfield(L, -2, "__len");
        lua_pushcfunction(L, m_tostring); lua_setfield(L, -2, "__tostring");
        lua_pushliteral(L, "kcv.buffer"); lua_setfield(L, -2, "__name");
    }
    lua_pop(L, 1);
    if (luaL_newmetatable(L, KCV_STORAGE_MT)) {
        lua_pushcfunction(L, storage_gc); lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
    static const luaL_Reg fns[] = {{"buffer", l_buffer}, {"from", l_from}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
    return 0;
}
