/*
 * kcv.h — declarations shared by every part of the kcv host.
 *
 * The host is a Lua 5.4 embedding.  Each C file registers one concern into
 * the `kcv` table (see lkcv.c): buffers and dtypes (kcv_buf.c, kcv_dtype.c),
 * random fills (kcv_rng.c), special values (kcv_inject.c), comparisons
 * (kcv_compare.c), the MPFR oracle (mp_*.c) and kernels (kcv_kernel.c, with
 * the backends behind backend.h).
 *
 * Conventions (as in Lua's own sources):
 *   - kcv_open_<part>(L) adds the part's functions to the table on top of the
 *     stack and leaves the stack as it found it;
 *   - every function callable from Lua checks its arguments with luaL_check*
 *     / luaL_argerror, so a bad call is a Lua error naming the argument;
 *   - element indices seen by Lua are 0-based flat offsets in memory order,
 *     the same numbers a CUDA kernel uses.
 */
#ifndef KCV_H
#define KCV_H

#include <stddef.h>
#include <stdint.h>
#include "lua.h"
#include "lauxlib.h"

#define KCV_VERSION "0.1.0"
#define KCV_MAXDIM 8

/* ---- dtypes (kcv_dtype.c) ------------------------------------------- */

typedef enum {
    KCV_F64, KCV_F32, KCV_F16, KCV_BF16, KCV_F8E4M3, KCV_F8E5M2,
    KCV_I8, KCV_I16, KCV_I32, KCV_I64,
    KCV_U8, KCV_U16, KCV_U32, KCV_U64,
    KCV_BOOL,
    KCV_NDTYPE
} kcv_dtype;

typedef struct {
    const char *name;   /* "f32", "bf16", "f8e4m3", "i32", "bool", ... */
    size_t size;        /* bytes per element */
    int is_float;
    int is_signed;      /* integers only */
    int ebits, mbits;   /* floats: exponent and stored mantissa bits */
} kcv_dtype_info;

extern const kcv_dtype_info kcv_dtypes[KCV_NDTYPE];

int kcv_dtype_byname(const char *name);                 /* -1 if unknown */
kcv_dtype kcv_checkdtype(lua_State *L, int arg);

/* Element <-> double.  Loads are exact for every float dtype and for
 * integers of magnitude <= 2^53.  Stores round to nearest, ties to even,
 * with IEEE overflow (to Inf; to NaN for f8e4m3, which has no Inf),
 * gradual underflow, signed zero and NaN sign/payload kept where the
 * format can hold them.  Integer stores truncate toward zero and saturate;
 * NaN stores 0. */
double kcv_load(kcv_dtype dt, const void *p);
void kcv_store(kcv_dtype dt, void *p, double v);

/* Raw bit patterns (zero-extended), for bit-exact work. */
uint64_t kcv_loadbits(kcv_dtype dt, const void *p);
void kcv_storebits(kcv_dtype dt, void *p, uint64_t bits);

/* Small-float codecs, exposed for tests and for the CPU backend. */
uint16_t kcv_f64_to_f16(double x);
double kcv_f16_to_f64(uint16_t h);
uint16_t kcv_f64_to_bf16(double x);
double kcv_bf16_to_f64(uint16_t h);
uint8_t kcv_f64_to_e4m3(double x);
double kcv_e4m3_to_f64(uint8_t b);
uint8_t kcv_f64_to_e5m2(double x);
double kcv_e5m2_to_f64(uint8_t b);

/* ---- random numbers (kcv_rng.c) ------------------------------------ */

/* Philox4x32-10 (Random123), one block. */
void kcv_philox4x32(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]);
/* The block of element `index`: counter {lo32(index), hi32(index), stream,
 * 0}, key {lo32(seed), hi32(seed)}. */
void kcv_rng_block(uint64_t seed, uint32_t stream, uint64_t index, uint32_t out[4]);
/* The [0, 1) double (53 bits of w[0], w[1]) that uniform fills use. */
double kcv_u01(const uint32_t w[4]);

/* ---- buffers (kcv_buf.c) -------------------------------------------- */

/* An n-d typed buffer in host memory.  Strides are in elements.  A view
 * shares its parent's data and keeps the parent alive through its Lua
 * user value. */
typedef struct kcv_buf {
    kcv_dtype dtype;
    int ndim;
    int64_t shape[KCV_MAXDIM];
    int64_t strides[KCV_MAXDIM];
    int64_t numel;
    void *data;          /* first element */
    size_t nbytes;       /* bytes spanned by the elements (contiguous: numel*size) */
    int owns;            /* 1: data is ours (freed with our storage); 0: a view */
    int contiguous;      /* row-major, no gaps */
} kcv_buf;

#define KCV_BUF_MT "kcv.buffer"

kcv_buf *kcv_checkbuf(lua_State *L, int arg);
kcv_buf *kcv_testbuf(lua_State *L, int arg);
/* Push a new zero-filled contiguous buffer. */
kcv_buf *kcv_newbuf(lua_State *L, kcv_dtype dt, int ndim, const int64_t *shape);
/* Push a new buffer shaped like `like` with dtype dt. */
kcv_buf *kcv_newbuf_like(lua_State *L, const kcv_buf *like, kcv_dtype dt);
/* Read a shape from a table of positive integers or from the integer
 * arguments arg..top; returns ndim. */
int kcv_checkshape(lua_State *L, int arg, int64_t *shape);
/* Address of the i-th element in row-major logical order (0-based). */
void *kcv_buf_ptr(const kcv_buf *b, int64_t i);
/* memcpy of n bytes, split over the cores from KCV_COPY_PAR_MIN bytes on. */
#define KCV_COPY_PAR_MIN ((size_t)64 << 20)
void kcv_copy_bytes(void *dst, const void *src, size_t n);
/* Error unless 0 <= i < numel; returns i. */
int64_t kcv_checkindex(lua_State *L, const kcv_buf *b, int arg);
/* Add methods to the buffer metatable's __index table (for other parts). */
void kcv_buf_addmethods(lua_State *L, const luaL_Reg *methods);

/* ---- argument checks (kcv_args.c) ------------------------------------ */

/* Error unless every key of the option table at `arg` (nil allowed) is one
 * of the space-separated `keys`. */
void kcv_checkopts(lua_State *L, int arg, const char *keys);
/* The same for a table at stack index idx nested in argument `arg`; the
 * message starts with `what` (e.g. "launches[2]"). */
void kcv_checkkeys(lua_State *L, int idx, int arg, const char *what, const char *keys);

/* ---- parts: each adds its functions to the table on top of the stack -- */

int kcv_open_dtype(lua_State *L);
int kcv_open_buf(lua_State *L);
int kcv_open_rng(lua_State *L);      /* kcv.rng, buffer fill methods  */
int kcv_open_transform(lua_State *L);/* clamp, alternate, fold methods */
int kcv_open_inject(lua_State *L);   /* special-value injection       */
int kcv_open_compare(lua_State *L);  /* kcv.cmp                       */
int kcv_open_mp(lua_State *L);       /* kcv.mp (MPFR oracle)          */
int kcv_open_kernel(lua_State *L);   /* kcv.kernel, kcv.backend       */
int kcv_open_sys(lua_State *L);      /* kcv.sys: time, env, files     */
int kcv_open_proc(lua_State *L);     /* kcv.sys.spawn (after sys)     */

int luaopen_kcv(lua_State *L);

#endif
