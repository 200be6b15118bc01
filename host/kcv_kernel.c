/*
 * kcv_kernel.c — kcv.kernel and kcv.backend: loading and running kernels.
 *
 *   local k = assert(kcv.kernel.load{source = "relu.cu", name = "relu",
 *                                    params = {"ptr", "ptr", "i64"}})
 *   local r = k:launch{grid = 4, block = 256, args = {x, y, n}}
 *   assert(r.status == "ok")
 *
 * Nothing here runs a kernel: requests go to the backend's worker process
 * (worker.c).  A kernel userdata keeps its whole load request (code and
 * options in its user values), so when a worker dies and a fresh one
 * starts, the kernel is loaded again before its next run.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kcv.h"
#include "worker.h"
#include "cuda_nvrtc.h"

#define KCV_KERNEL_MT "kcv.kernel"

typedef struct {
    char backend[8];
    kcv_srckind kind;
    char path[512];
    char name[128];
    int nparams;
    kcv_ptype params[KCV_MAXPARAMS];
    unsigned gen;               /* worker generation fid belongs to (0: none) */
    int fid;
    int needs_device;           /* message in user value 3 */
} kcv_kernel;

/* user values of a kernel: 1 code, 2 options (NUL-separated), 3 needs_device message */

static const char *const ptype_names[] = {
    "ptr", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", NULL};

static char current[8];   /* "" until first resolved */

/* ---- backend selection ------------------------------------------------------- */

static const char *no_device(lua_State *L, const char *backend, const char *why)
{
    if (strcmp(backend, "cuda") == 0 && strncmp(why, "no CUDA device", 14) != 0)
        return lua_pushfstring(L, "no CUDA device: %s", why);
    return lua_pushstring(L, why);
}

/* Start the backend's worker; NULL with the reason pushed on failure. */
static kcv_worker *start_backend(lua_State *L, const char *name)
{
    kcv_worker *w = kcv_worker_for(name);
    char err[KCV_ERRLEN];
    if (kcv_worker_start(w, err) != 0) { no_device(L, name, err); return NULL; }
    return w;
}

static const char *resolve(lua_State *L, const char *want)
{
    if (strcmp(want, "auto") != 0) return want;
    if (start_backend(L, "cuda")) return "cuda";
    lua_pop(L, 1);
    return "cpu";
}

static const char *current_backend(lua_State *L)
{
    if (!current[0]) {
        const char *env = getenv("KCV_BACKEND");
        if (!env || !*env || (strcmp(env, "cpu") && strcmp(env, "cuda"))) env = "auto";
        snprintf(current, sizeof current, "%s", resolve(L, env));
    }
    return current;
}

static const char *check_backend_name(lua_State *L, int arg, int allow_auto)
{
    const char *n = luaL_checkstring(L, arg);
    if (strcmp(n, "cpu") && strcmp(n, "cuda") && (!allow_auto || strcmp(n, "auto")))
        luaL_argerror(L, arg, lua_pushfstring(L, "unknown backend '%s' (cpu, cuda%s)", n,
                                              allow_auto ? ", auto" : ""));
    return n;
}

/* kcv.backend.use(name) -> name | nil, reason */
static int b_use(lua_State *L)
{
    const char *n = resolve(L, check_backend_name(L, 1, 1));
    if (!start_backend(L, n)) { lua_pushnil(L); lua_insert(L, -2); return 2; }
    snprintf(current, sizeof current, "%s", n);
    lua_pushstring(L, n);
    return 1;
}

static int b_current(lua_State *L)
{
    lua_pushstring(L, current_backend(L));
    return 1;
}

static int b_available(lua_State *L)
{
    const char *n = check_backend_name(L, 1, 0);
    if (!start_backend(L, n)) { lua_pushboolean(L, 0); lua_insert(L, -2); return 2; }
    lua_pushboolean(L, 1);
    return 1;
}

#define SETI(k, v) (lua_pushinteger(L, (lua_Integer)(v)), lua_setfield(L, -2, k))
#define SETS(k, v) (lua_pushstring(L, v), lua_setfield(L, -2, k))

static int b_info(lua_State *L)
{
    const char *n = lua_isnoneornil(L, 1) ? current_backend(L) : check_backend_name(L, 1, 0);
    kcv_worker *w = start_backend(L, n);
    if (!w) { lua_pushnil(L); lua_insert(L, -2); return 2; }
    const kcv_device_info *d = &w->info;
    lua_newtable(L);
    SETS("backend", n);
    SETS("name", d->name);
    SETS("arch", d->arch);
    lua_pushfstring(L, "%d.%d", d->cc_major, d->cc_minor);
    lua_setfield(L, -2, "cc");
    SETI("cc_major", d->cc_major);
    SETI("cc_minor", d->cc_minor);
    SETI("sm_count", d->sm_count);
    SETI("total_mem", d->total_mem);
    SETI("max_threads_per_block", d->max_threads_per_block);
    SETI("max_smem_per_block", d->max_smem_per_block);
    SETI("max_smem_per_block_optin", d->max_smem_per_block_optin);
    SETI("max_regs_per_block", d->max_regs_per_block);
    SETI("max_regs_per_thread", d->max_regs_per_thread);
    SETI("warp_size", d->warp_size);
    SETI("driver_version", d->driver_version);
    if (d->max_threads_per_sm > 0) SETI("max_threads_per_sm", d->max_threads_per_sm);
    if (d->max_blocks_per_sm > 0) SETI("max_blocks_per_sm", d->max_blocks_per_sm);
    if (d->regs_per_sm > 0) SETI("regs_per_sm", d->regs_per_sm);
    if (d->smem_per_sm > 0) SETI("smem_per_sm", d->smem_per_sm);
    if (d->nvrtc_major) {
        lua_pushfstring(L, "%d.%d", d->nvrtc_major, d->nvrtc_minor);
        lua_setfield(L, -2, "nvrtc_version");
    }
    return 1;
}

/* kcv.backend.memory_limit([bytes]) -> bytes: the cpu worker's address-space
 * headroom (0: none); a change restarts the worker. */
static int b_memory_limit(lua_State *L)
{
    kcv_worker *w = kcv_worker_for("cpu");
    if (!lua_isnoneornil(L, 1)) {
        lua_Integer v = luaL_checkinteger(L, 1);
        if (v < 0) luaL_argerror(L, 1, "must be >= 0");
        if ((size_t)v != w->mem_limit) { w->mem_limit = (size_t)v; kcv_worker_stop(w); }
    }
    lua_pushinteger(L, (lua_Integer)w->mem_limit);
    return 1;
}

/* kcv.backend.restart([name]): stop the worker; the next request starts one. */
static int b_restart(lua_State *L)
{
    const char *n = lua_isnoneornil(L, 1) ? current_backend(L) : check_backend_name(L, 1, 0);
    kcv_worker_stop(kcv_worker_for(n));
    return 0;
}

static int b_pid(lua_State *L)
{
    const char *n = lua_isnoneornil(L, 1) ? current_backend(L) : check_backend_name(L, 1, 0);
    kcv_worker *w = kcv_worker_for(n);
    if (w->pid <= 0) return 0;
    lua_pushinteger(L, w->pid);
    return 1;
}

/* ---- loading ---------------------------------------------------------------- */

static kcv_kernel *check_kernel(lua_State *L, int arg)
{
    return (kcv_kernel *)luaL_checkudata(L, arg, KCV_KERNEL_MT);
}

static kcv_srckind kind_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (dot && strcmp(dot, ".ptx") == 0) return KCV_SRC_PTX;
    if (dot && strcmp(dot, ".cubin") == 0) return KCV_SRC_CUBIN;
    if (dot && strcmp(dot, ".fatbin") == 0) return KCV_SRC_FATBIN;
    return KCV_SRC_CU;
}

/* Push the file's content, or nil + message. */
static int push_file(lua_State *L, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { lua_pushnil(L); lua_pushfstring(L, "cannot open %s: %s", path, strerror(errno)); return 0; }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    size_t n;
    char tmp[8192];
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) luaL_addlstring(&b, tmp, n);
    fclose(f);
    luaL_pushresult(&b);
    return 1;
}

/* Load k into its backend's current worker unless already there.
 * 0 ok; else an outcome (crash, timeout, compile error as launch_error). */
static int ensure_loaded(lua_State *L, int kidx, kcv_kernel *k, kcv_outcome *o)
{
    kcv_worker *w = kcv_worker_for(k->backend);
    if (k->gen == w->gen && w->pid > 0 && k->fid >= 0) return 0;
    size_t len;
    lua_getiuservalue(L, kidx, 1);
    const char *code = lua_tolstring(L, -1, &len);
    lua_getiuservalue(L, kidx, 2);
    const char *opts = lua_tostring(L, -1);
    int fid = -1;
    int rc = kcv_worker_load(w, k->kind, k->path, code, len, opts && *opts ? opts : NULL,
                             k->name, &fid, o);
    lua_pop(L, 2);
    if (rc == 0) { k->gen = w->gen; k->fid = fid; return 0; }
    if (rc == 2) o->status = KCV_JOB_NEEDS_DEVICE;
    else if (rc == 1) o->status = KCV_JOB_LAUNCH_ERROR;
    return -1;
}

static int parse_params(lua_State *L, int t, kcv_kernel *k)
{
    lua_getfield(L, t, "params");
    if (!lua_istable(L, -1)) luaL_argerror(L, 1, "params: a list of parameter types expected "
                                           "(ptr i8 i16 i32 i64 u8 u16 u32 u64 f32 f64)");
    lua_Integer n = luaL_len(L, -1);
    if (n < 0 || n > KCV_MAXPARAMS) luaL_argerror(L, 1, "params: too many parameters");
    for (int i = 0; i < n; i++) {
        lua_geti(L, -1, i + 1);
        const char *s = lua_tostring(L, -1);
        int found = -1;
        for (int j = 0; s && ptype_names[j]; j++) if (strcmp(s, ptype_names[j]) == 0) found = j;
        if (found < 0 || lua_type(L, -1) != LUA_TSTRING)
            luaL_argerror(L, 1, lua_pushfstring(L, "params[%d]: unknown parameter type '%s' "
                          "(ptr i8 i16 i32 i64 u8 u16 u32 u64 f32 f64)", i + 1, s ? s : luaL_typename(L, -1)));
        k->params[i] = (kcv_ptype)found;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

/* Options as one NUL-separated string. */
static void build_options(lua_State *L, int t)
{
    lua_getfield(L, t, "options");
    int o = lua_gettop(L);
    if (!lua_isnil(L, o) && !lua_istable(L, o)) luaL_argerror(L, 1, "options: a list of strings expected");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    int n = lua_isnil(L, o) ? 0 : (int)luaL_len(L, o);
    for (int i = 0; i < n; i++) {
        lua_geti(L, o, i + 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_argerror(L, 1, lua_pushfstring(L, "options[%d]: a string expected", i + 1));
        size_t l;
        const char *s = lua_tolstring(L, -1, &l);
        lua_pop(L, 1);
        luaL_addlstring(&b, s, l);
        luaL_addchar(&b, '\0');
    }
    luaL_pushresult(&b);
    lua_remove(L, o);
}

/* The option table's `source` (the file name), left on the stack. */
static const char *check_source(lua_State *L)
{
    lua_getfield(L, 1, "source");
    const char *path = lua_tostring(L, -1);
    if (!path) luaL_argerror(L, 1, "source: a file name expected");
    return path;
}

/* kcv.kernel.load{source=, name=, params=, options=, backend=} -> k | nil, err */
static int k_load(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    kcv_checkopts(L, 1, "source name params options backend");
    const char *path = check_source(L);
    lua_getfield(L, 1, "name");
    const char *name = lua_tostring(L, -1);
    if (!name || !*name) luaL_argerror(L, 1, "name: the kernel's entry point expected");
    lua_getfield(L, 1, "backend");
    const char *be = lua_tostring(L, -1);
    if (lua_isnil(L, -1)) be = current_backend(L);
    else if (!be || (strcmp(be, "cpu") && strcmp(be, "cuda") && strcmp(be, "auto")))
        luaL_argerror(L, 1, "backend: \"cpu\", \"cuda\", \"auto\" or nil expected");
    else be = resolve(L, be);
    if (strlen(path) >= 512 || strlen(name) >= 128) luaL_argerror(L, 1, "source or name too long");

    kcv_kernel *k = (kcv_kernel *)lua_newuserdatauv(L, sizeof *k, 3);
    int kidx = lua_gettop(L);
    memset(k, 0, sizeof *k);
    luaL_setmetatable(L, KCV_KERNEL_MT);
    snprintf(k->backend, sizeof k->backend, "%s", be);
    snprintf(k->path, sizeof k->path, "%s", path);
    snprintf(k->name, sizeof k->name, "%s", name);
    k->kind = kind_of(path);
    k->fid = -1;
    k->nparams = parse_params(L, 1, k);
    build_options(L, 1);
    lua_setiuservalue(L, kidx, 2);
    if (!push_file(L, path)) return 2;
    lua_setiuservalue(L, kidx, 1);

    if (!start_backend(L, k->backend)) { lua_pushnil(L); lua_insert(L, -2); return 2; }
    kcv_outcome o;
    if (ensure_loaded(L, kidx, k, &o) != 0) {
        if (o.status != KCV_JOB_NEEDS_DEVICE) {
            lua_pushnil(L);
            lua_pushstring(L, o.message);
            return 2;
        }
        k->needs_device = 1;
        lua_pushfstring(L, "needs_device: %s", o.message);
        lua_setiuservalue(L, kidx, 3);
    }
    lua_settop(L, kidx);
    return 1;
}

/* kcv.backend.nvrtc_check{source=, options=, arch=, output=} -> true | nil,
 * err.  Compiles a CUDA source with NVRTC for arch (default sm_90a), as the
 * cuda backend would, on a machine without a GPU: a source that nvcc takes
 * but NVRTC does not (no <math.h>, so no INFINITY) fails here, not on the
 * device.  nil, err also when NVRTC itself is missing (err says so).  With
 * output, the image (cubin, or PTX for an arch NVRTC cannot finish) is
 * written there: the SASS the device runs, for nvdisasm, on this machine. */
static int write_image(const char *path, const kcv_nvrtc_out *out, char *err, size_t errlen)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(out->data, 1, out->len, f) != out->len) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (f) fclose(f);
        return -1;
    }
    if (fclose(f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

static int b_nvrtc_check(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    kcv_checkopts(L, 1, "source options arch output");
    const char *path = check_source(L);
    lua_getfield(L, 1, "arch");
    const char *arch = lua_isnil(L, -1) ? "sm_90a" : lua_tostring(L, -1);
    if (!arch) luaL_argerror(L, 1, "arch: a string expected (sm_90a)");
    lua_getfield(L, 1, "output");   /* left on the stack: it keeps the string alive */
    if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TSTRING) luaL_argerror(L, 1, "output: a path expected");
    const char *output = lua_tostring(L, -1);   /* NULL: no image to write */
    build_options(L, 1);
    size_t olen;
    const char *opts = lua_tolstring(L, -1, &olen);
    if (!push_file(L, path)) return 2;
    size_t len;
    const char *code = lua_tolstring(L, -1, &len);
    kcv_nvrtc_out out;
    char err[KCV_ERRLEN];
    if (kcv_nvrtc_compile(path, code, len, olen ? opts : NULL, arch, 0, &out, err, sizeof err) != 0) {
        lua_pushnil(L);
        lua_pushstring(L, err);
        return 2;
    }
    int bad = output && write_image(output, &out, err, sizeof err) != 0;
    free(out.data);
    if (bad) {
        lua_pushnil(L);
        lua_pushstring(L, err);
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static int push_attrs(lua_State *L, const kcv_func_attrs *a)
{
    lua_newtable(L);
#define OPT(k, v) if ((v) >= 0) SETI(k, v)
    OPT("num_regs", a->num_regs);
    OPT("static_smem", a->static_smem);
    OPT("local_bytes", a->local_bytes);
    OPT("const_bytes", a->const_bytes);
    OPT("max_threads_per_block", a->max_threads_per_block);
    OPT("ptx_version", a->ptx_version);
    OPT("binary_version", a->binary_version);
#undef OPT
    return 1;
}

/* k:attrs() -> table | nil, err */
static int k_attrs(lua_State *L)
{
    kcv_kernel *k = check_kernel(L, 1);
    if (k->needs_device) { lua_pushnil(L); lua_getiuservalue(L, 1, 3); return 2; }
    kcv_outcome o;
    kcv_func_attrs a;
    if (ensure_loaded(L, 1, k, &o) == 0 &&
        kcv_worker_attrs(kcv_worker_for(k->backend), k->fid, &a, &o) == 0)
        return push_attrs(L, &a);
    lua_pushnil(L);
    lua_pushstring(L, o.message);
    return 2;
}

static void dims(lua_State *L, int t, const char *field, const char *what, unsigned out[3]);

/* The calculator on ptxas numbers: require("kcv.occupancy").kernel(source,
 * name, {block =, smem =, options = {load options}}). */
static int occupancy_calculator(lua_State *L, kcv_kernel *k, unsigned threads, lua_Integer smem)
{
    lua_getglobal(L, "require");
    lua_pushstring(L, "kcv.occupancy");
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        lua_pushnil(L);
        lua_pushfstring(L, "occupancy unknown on %s: %s", k->backend, lua_tostring(L, -2));
        return 2;
    }
    lua_getfield(L, -1, "kernel");
    lua_pushstring(L, k->path);
    lua_pushstring(L, k->name);
    lua_createtable(L, 0, 3);
    SETI("block", threads);
    SETI("smem", smem);
    lua_newtable(L);
    lua_getiuservalue(L, 1, 2);
    size_t n = 0, at = 0;
    const char *o = lua_tolstring(L, -1, &n);
    for (int i = 1; o && at < n; i++) {
        lua_pushstring(L, o + at);
        lua_rawseti(L, -3, i);
        at += strlen(o + at) + 1;
    }
    lua_pop(L, 1);
    lua_setfield(L, -2, "options");
    lua_call(L, 3, 2);
    return 2;
}

/* k:occupancy{block =, smem = 0} -> {blocks_per_sm, warps_per_sm,
 * occupancy, max_warps_per_sm, source, ...} | nil, reason */
static int k_occupancy(lua_State *L)
{
    kcv_kernel *k = check_kernel(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    kcv_checkopts(L, 2, "block smem");
    unsigned b[3];
    dims(L, 2, "block", "occupancy", b);
    uint64_t threads = (uint64_t)b[0] * b[1] * b[2];
    if (threads > 1024)
        luaL_argerror(L, 2, lua_pushfstring(L, "block: %I threads exceed 1024", (lua_Integer)threads));
    lua_getfield(L, 2, "smem");
    int isnum = 1;
    lua_Integer smem = lua_isnil(L, -1) ? 0 : lua_tointegerx(L, -1, &isnum);
    if (!isnum || smem < 0 || smem > (1 << 30)) luaL_argerror(L, 2, "smem: a byte count expected");
    lua_pop(L, 1);
    kcv_worker *w = kcv_worker_for(k->backend);
    if (!w->be->occupancy) return occupancy_calculator(L, k, (unsigned)threads, smem);
    if (k->needs_device) { lua_pushnil(L); lua_getiuservalue(L, 1, 3); return 2; }
    kcv_outcome o;
    int blocks = 0, rc = -1;
    if (ensure_loaded(L, 1, k, &o) == 0)
        rc = kcv_worker_occupancy(w, k->fid, (int)threads, (size_t)smem, &blocks, &o);
    if (rc == 2) return occupancy_calculator(L, k, (unsigned)threads, smem);
    if (rc != 0) { lua_pushnil(L); lua_pushstring(L, o.message); return 2; }
    int ws = w->info.warp_size > 0 ? w->info.warp_size : 32;
    int wpb = (int)((threads + (uint64_t)ws - 1) / (uint64_t)ws);
    lua_newtable(L);
    SETI("blocks_per_sm", blocks);
    SETI("warps_per_sm", blocks * wpb);
    if (w->info.max_threads_per_sm > 0) {
        int maxw = w->info.max_threads_per_sm / ws;
        SETI("max_warps_per_sm", maxw);
        lua_pushnumber(L, (lua_Number)(blocks * wpb) / maxw);
        lua_setfield(L, -2, "occupancy");
    }
    SETI("threads", threads);
    SETI("dynamic_smem", smem);
    SETS("arch", w->info.arch);
    SETS("source", "driver");
    return 1;
}

static int k_index(lua_State *L)
{
    kcv_kernel *k = check_kernel(L, 1);
    const char *f = luaL_checkstring(L, 2);
    if (strcmp(f, "name") == 0) lua_pushstring(L, k->name);
    else if (strcmp(f, "source") == 0) lua_pushstring(L, k->path);
    else if (strcmp(f, "backend") == 0) lua_pushstring(L, k->backend);
    else if (strcmp(f, "needs_device") == 0) {
        if (k->needs_device) lua_getiuservalue(L, 1, 3); else lua_pushnil(L);
    } else if (strcmp(f, "params") == 0) {
        lua_createtable(L, k->nparams, 0);
        for (int i = 0; i < k->nparams; i++) {
            lua_pushstring(L, ptype_names[k->params[i]]);
            lua_rawseti(L, -2, i + 1);
        }
    } else {
        lua_getmetatable(L, 1);
        lua_getfield(L, -1, "methods");
        lua_getfield(L, -1, f);
    }
    return 1;
}

static int k_tostring(lua_State *L)
{
    kcv_kernel *k = check_kernel(L, 1);
    lua_pushfstring(L, "kcv.kernel(%s in %s, %s)", k->name, k->path, k->backend);
    return 1;
}

/* ---- running ------------------------------------------------------------------ */

/* State while a run table is turned into a job.  bufmap (a Lua table at
 * stack index `map`) sends each buffer userdata to its index + 1. */
typedef struct {
    kcv_job job;
    kcv_buf **bufs;
    int cap;
    int map;                    /* stack index of buffer -> index table */
    int list;                   /* stack index of index -> buffer list */
} run_ctx;

static int add_buffer(lua_State *L, run_ctx *c, int idx, const char *what)
{
    kcv_buf *b = kcv_testbuf(L, idx);
    if (!b) luaL_argerror(L, 1, lua_pushfstring(L, "%s: a kcv buffer expected, got %s", what, luaL_typename(L, idx)));
    if (!b->contiguous) luaL_argerror(L, 1, lua_pushfstring(L, "%s: buffer is not contiguous (clone it)", what));
    lua_pushvalue(L, idx);
    if (lua_rawget(L, c->map) == LUA_TNUMBER) {
        int i = (int)lua_tointeger(L, -1) - 1;
        lua_pop(L, 1);
        return i;
    }
    lua_pop(L, 1);
    int i = c->job.nbufs++;
    if (i >= c->cap) {
        c->cap = c->cap ? c->cap * 2 : 8;
        void *ud = lua_newuserdatauv(L, sizeof(kcv_buf *) * (size_t)c->cap + sizeof(kcv_job_buf) * (size_t)c->cap, 0);
        kcv_buf **nb = ud;
        kcv_job_buf *jb = (kcv_job_buf *)(nb + c->cap);
        if (i) { memcpy(nb, c->bufs, sizeof *nb * (size_t)i); memcpy(jb, c->job.bufs, sizeof *jb * (size_t)i); }
        c->bufs = nb;
        c->job.bufs = jb;
        lua_rawseti(L, c->list, -c->cap);   /* keep the block alive */
    }
    c->bufs[i] = b;
    c->job.bufs[i] = (kcv_job_buf){.host = b->data, .nbytes = b->nbytes, .poison = -1};
    lua_pushvalue(L, idx);
    lua_pushinteger(L, i + 1);
    lua_rawset(L, c->map);
    lua_pushvalue(L, idx);
    lua_rawseti(L, c->list, i + 1);
    return i;
}

/* A scalar argument converted to its declared type (little-endian bytes). */
static uint64_t scalar_arg(lua_State *L, int idx, kcv_ptype t, const char *what)
{
    static const struct { double lo, hi; } range[] = {
        [KCV_P_I8] = {-128, 127}, [KCV_P_I16] = {-32768, 32767},
        [KCV_P_I32] = {-2147483648.0, 2147483647.0}, [KCV_P_I64] = {-9223372036854775808.0, 9223372036854775807.0},
        [KCV_P_U8] = {0, 255}, [KCV_P_U16] = {0, 65535}, [KCV_P_U32] = {0, 4294967295.0},
        [KCV_P_U64] = {0, 18446744073709551615.0}};
    uint64_t out = 0;
    if (!lua_isnumber(L, idx) || lua_type(L, idx) != LUA_TNUMBER)
        luaL_argerror(L, 1, lua_pushfstring(L, "%s: a number expected for %s, got %s", what,
                                            ptype_names[t], luaL_typename(L, idx)));
    if (t == KCV_P_F32) { float f = (float)lua_tonumber(L, idx); memcpy(&out, &f, 4); return out; }
    if (t == KCV_P_F64) { double d = lua_tonumber(L, idx); memcpy(&out, &d, 8); return out; }
    lua_Integer v;
    if (lua_isinteger(L, idx)) v = lua_tointeger(L, idx);
    else {
        double d = lua_tonumber(L, idx);
        if (d != floor(d) || !(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
            luaL_argerror(L, 1, lua_pushfstring(L, "%s: %f is not an integer (%s)", what, d, ptype_names[t]));
        v = (lua_Integer)d;
    }
    int fits = t == KCV_P_I64 || (t == KCV_P_U64 ? v >= 0 : v >= range[t].lo && v <= range[t].hi);
    if (!fits)
        luaL_argerror(L, 1, lua_pushfstring(L, "%s: %I does not fit in %s", what, v, ptype_names[t]));
    memcpy(&out, &v, 8);   /* little-endian: the low bytes are the narrow value */
    return out;
}

/* An integer, or a float with an integral value (4.0 from n / 256); else -1
 * (callers accept only non-negative values). */
static lua_Integer int_or_neg(lua_State *L, int idx)
{
    int isnum;
    lua_Integer v = lua_type(L, idx) == LUA_TNUMBER ? lua_tointegerx(L, idx, &isnum) : (isnum = 0);
    return isnum ? v : -1;
}

static void dims(lua_State *L, int t, const char *field, const char *what, unsigned out[3])
{
    lua_getfield(L, t, field);
    out[0] = out[1] = out[2] = 1;
    if (lua_type(L, -1) == LUA_TNUMBER) {
        lua_Integer v = int_or_neg(L, -1);
        if (v < 1 || v > 0x7fffffff)
            luaL_argerror(L, 1, lua_pushfstring(L, "%s.%s: %s is not a positive size", what, field,
                                                luaL_tolstring(L, -1, NULL)));
        out[0] = (unsigned)v;
    } else if (lua_istable(L, -1)) {
        int n = (int)luaL_len(L, -1);
        if (n < 1 || n > 3) luaL_argerror(L, 1, lua_pushfstring(L, "%s.%s: 1 to 3 sizes expected", what, field));
        for (int i = 0; i < n; i++) {
            lua_geti(L, -1, i + 1);
            lua_Integer v = int_or_neg(L, -1);
            if (v < 1 || v > 0x7fffffff)
                luaL_argerror(L, 1, lua_pushfstring(L, "%s.%s[%d]: a positive integer expected", what, field, i + 1));
            out[i] = (unsigned)v;
            lua_pop(L, 1);
        }
    } else
        luaL_argerror(L, 1, lua_pushfstring(L, "%s.%s: an integer or {x, y, z} expected, got %s",
                                            what, field, luaL_typename(L, -1)));
    lua_pop(L, 1);
}

static lua_Integer opt_int(lua_State *L, int t, const char *field, lua_Integer def,
                           lua_Integer lo, lua_Integer hi)
{
    lua_getfield(L, t, field);
    lua_Integer v = def;
    if (!lua_isnil(L, -1)) {
        int isnum;
        v = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &isnum) : (isnum = 0);
        if (!isnum)
            luaL_argerror(L, 1, lua_pushfstring(L, "%s: an integer expected, got %s", field,
                          lua_type(L, -1) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, -1)));
        if (v < lo || v > hi)
            luaL_argerror(L, 1, lua_pushfstring(L, "%s: %I outside [%I, %I]", field, v, lo, hi));
    }
    lua_pop(L, 1);
    return v;
}

#define LAUNCH_KEYS "kernel grid block smem args stream join"
#define RUN_KEYS "launches poison scratch offset tile sample redzone placement dirty repeats timeout sched_seed time"

/* One launch table at index lt into job launch li; kernels land in list. */
static void parse_launch(lua_State *L, run_ctx *c, int lt, int li, int kernels)
{
    char what[48];
    snprintf(what, sizeof what, "launches[%d]", li + 1);
    if (!lua_istable(L, lt)) luaL_argerror(L, 1, lua_pushfstring(L, "%s: a table expected", what));
    kcv_checkkeys(L, lt, 1, what, LAUNCH_KEYS);
    kcv_job_launch *L1 = &c->job.launches[li];
    lua_getfield(L, lt, "kernel");
    kcv_kernel *k = (kcv_kernel *)luaL_testudata(L, -1, KCV_KERNEL_MT);
    if (!k) luaL_argerror(L, 1, lua_pushfstring(L, "%s.kernel: a kernel expected, got %s", what, luaL_typename(L, -1)));
    lua_rawseti(L, kernels, li + 1);
    snprintf(L1->name, sizeof L1->name, "%s", k->name);
    dims(L, lt, "grid", what, L1->cfg.grid);
    dims(L, lt, "block", what, L1->cfg.block);
    uint64_t nt = (uint64_t)L1->cfg.block[0] * L1->cfg.block[1] * L1->cfg.block[2];
    if (nt > 1024) luaL_argerror(L, 1, lua_pushfstring(L, "%s.block: %I threads exceed 1024", what, (lua_Integer)nt));
    lua_getfield(L, lt, "smem");
    lua_Integer smem = lua_isnil(L, -1) ? 0 : int_or_neg(L, -1);
    if (smem < 0 || smem > (1 << 30))
        luaL_argerror(L, 1, lua_pushfstring(L, "%s.smem: a byte count expected", what));
    lua_pop(L, 1);
    L1->cfg.smem = (unsigned)smem;
    lua_getfield(L, lt, "stream");
    const char *st = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (lua_isnil(L, -1) || (st && strcmp(st, "main") == 0)) L1->cfg.stream = KCV_STREAM_MAIN;
    else if (st && strcmp(st, "side") == 0) L1->cfg.stream = KCV_STREAM_SIDE;
    else luaL_argerror(L, 1, lua_pushfstring(L, "%s.stream: \"main\" or \"side\" expected, got %s%s%s",
                                            what, st ? "'" : "", st ? st : luaL_typename(L, -1), st ? "'" : ""));
    lua_pop(L, 1);
    lua_getfield(L, lt, "join");
    if (lua_isnil(L, -1)) L1->cfg.join = 1;
    else if (!lua_isboolean(L, -1))
        luaL_argerror(L, 1, lua_pushfstring(L, "%s.join: a boolean expected, got %s", what, luaL_typename(L, -1)));
    else if (L1->cfg.stream != KCV_STREAM_SIDE)
        luaL_argerror(L, 1, lua_pushfstring(L, "%s.join: only a launch with stream = \"side\" joins", what));
    else L1->cfg.join = lua_toboolean(L, -1);
    lua_pop(L, 1);
    L1->nparams = k->nparams;
    memcpy(L1->ptypes, k->params, sizeof(kcv_ptype) * (size_t)k->nparams);
    lua_getfield(L, lt, "args");
    int at = lua_gettop(L);
    if (!lua_istable(L, at)) luaL_argerror(L, 1, lua_pushfstring(L, "%s.args: a table expected", what));
    lua_Integer n = luaL_len(L, at);
    if (n > k->nparams)
        luaL_argerror(L, 1, lua_pushfstring(L, "%s.args: %I arguments for %d parameters of %s",
                                            what, n, k->nparams, k->name));
    for (int p = 0; p < k->nparams; p++) {
        char aw[96];
        snprintf(aw, sizeof aw, "%s.args[%d] (%s)", what, p + 1, ptype_names[k->params[p]]);
        lua_geti(L, at, p + 1);
        if (lua_isnil(L, -1))
            luaL_argerror(L, 1, lua_pushfstring(L, "%s: missing (%s declares %d parameters)", aw, k->name, k->nparams));
        if (k->params[p] == KCV_P_PTR) L1->vals[p] = (uint64_t)add_buffer(L, c, lua_gettop(L), aw);
        else L1->vals[p] = scalar_arg(L, -1, k->params[p], aw);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The index of the launch arg buffer at the key of a per-buffer table (at
 * -2, lua_next's key); an argument error naming `field` when it is none. */
static int arg_buffer(lua_State *L, run_ctx *c, const char *field)
{
    lua_pushvalue(L, -2);
    if (lua_rawget(L, c->map) != LUA_TNUMBER)
        luaL_argerror(L, 1, lua_pushfstring(L, "%s: a key is not a buffer among the launch args", field));
    int i = (int)lua_tointeger(L, -1) - 1;
    lua_pop(L, 1);
    return i;
}

/* poison = {[buf] = byte}, scratch = {[buf] = byte}, offset = {[buf] = bytes}.
 * A scratch buffer (a pipeline's workspace) is filled with its byte on the
 * device, as a poisoned one is, and its bytes are not copied back: no gate
 * reads them, and copying megabytes of them both ways was most of a gdn
 * control's system time.  Its guard bytes are still checked. */
static void per_buffer(lua_State *L, run_ctx *c, const char *field)
{
    lua_getfield(L, 1, field);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); return; }
    if (!lua_istable(L, -1)) luaL_argerror(L, 1, lua_pushfstring(L, "%s: a table {[buffer] = n} expected", field));
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int i = arg_buffer(L, c, field);
        lua_Integer v = int_or_neg(L, -1);
        int offset = strcmp(field, "offset") == 0, max = offset ? 65535 : 255;
        if (v < 0 || v > max)
            luaL_argerror(L, 1, lua_pushfstring(L, "%s: values must be integers in [0, %d]", field, max));
        if (offset) c->job.bufs[i].offset = (unsigned)v;
        else c->job.bufs[i].poison = (int)v;      /* poison or scratch: a fill byte */
        if (strcmp(field, "scratch") == 0) c->job.bufs[i].scratch = 1;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* tile = {[buf] = bytes}: the buffer's bytes repeat its first `bytes` (the
 * caller vouches for that); only those travel and are copied out on the
 * device, and nothing comes back (an input of CMP-03's runs past 2^31
 * elements: 16 GB a tensor each way before).  A multiple of the element
 * size, up to the whole. */
static void parse_tile(lua_State *L, run_ctx *c)
{
    if (lua_getfield(L, 1, "tile") == LUA_TNIL) { lua_pop(L, 1); return; }
    if (!lua_istable(L, -1)) luaL_argerror(L, 1, "tile: a table {[buffer] = bytes} expected");
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int i = arg_buffer(L, c, "tile");
        kcv_job_buf *b = &c->job.bufs[i];
        lua_Integer v = int_or_neg(L, -1);
        size_t isz = kcv_dtypes[c->bufs[i]->dtype].size;
        if (v < 1 || (size_t)v > b->nbytes || (size_t)v % isz)
            luaL_argerror(L, 1, lua_pushfstring(L, "tile: %s bytes for a buffer of %I bytes (a positive multiple "
                          "of its %d-byte elements, at most all of them)", luaL_tolstring(L, -1, NULL),
                          (lua_Integer)b->nbytes, (int)isz));
        if (b->poison >= 0) luaL_argerror(L, 1, "tile: a tiled buffer has no poison or scratch byte");
        b->tile = (size_t)v;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* sample = {[buf] = {i, ...}}: only these elements (0-based flat indices)
 * come back; the buffer's device copy starts as its poison byte, else
 * zeros, and is never uploaded; its other host bytes stay as they were.
 * The indices go into one userdata kept on the stack at `keep`. */
static void parse_sample(lua_State *L, run_ctx *c, int keep)
{
    if (lua_getfield(L, 1, "sample") == LUA_TNIL) { lua_pop(L, 1); return; }
    if (!lua_istable(L, -1)) luaL_argerror(L, 1, "sample: a table {[buffer] = {index, ...}} expected");
    int t = lua_gettop(L);
    size_t total = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int i = arg_buffer(L, c, "sample");
        if (!lua_istable(L, -1)) luaL_argerror(L, 1, "sample: a list of element indices expected");
        lua_Integer n = luaL_len(L, -1);
        if (n < 1) luaL_argerror(L, 1, "sample: an empty list of indices");
        if (c->job.bufs[i].tile) luaL_argerror(L, 1, "sample: a buffer cannot be both tiled and sampled");
        c->job.bufs[i].sample_at = total;
        c->job.bufs[i].nsample = (size_t)n;
        total += (size_t)n;
        lua_pop(L, 1);
    }
    uint64_t *ix = lua_newuserdatauv(L, sizeof *ix * (total ? total : 1), 0);
    lua_replace(L, keep);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        int i = arg_buffer(L, c, "sample");
        kcv_job_buf *b = &c->job.bufs[i];
        b->itemsize = (unsigned)kcv_dtypes[c->bufs[i]->dtype].size;
        int64_t numel = c->bufs[i]->numel;
        for (size_t k = 0; k < b->nsample; k++) {
            lua_geti(L, -1, (lua_Integer)k + 1);
            lua_Integer v = int_or_neg(L, -1);
            if (v < 0 || v >= numel)
                luaL_argerror(L, 1, lua_pushfstring(L, "sample[%I]: %s is no element index of a buffer of %I "
                              "elements", (lua_Integer)k + 1, luaL_tolstring(L, -1, NULL), (lua_Integer)numel));
            ix[b->sample_at + k] = (uint64_t)v;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    c->job.samples = ix;
    c->job.nsamples = total;
}

static void parse_options(lua_State *L, run_ctx *c)
{
    kcv_job *j = &c->job;
    per_buffer(L, c, "poison");
    per_buffer(L, c, "scratch");
    per_buffer(L, c, "offset");
    parse_tile(L, c);
    j->redzone = (size_t)opt_int(L, 1, "redzone", 64, 0, 1 << 20);
    j->placement = (size_t)opt_int(L, 1, "placement", 0, 0, (lua_Integer)1 << 36);
    if (j->placement % 256) luaL_argerror(L, 1, "placement: must be a multiple of 256");
    j->dirty = (int)opt_int(L, 1, "dirty", -1, 0, 255);
    j->repeats = (int)opt_int(L, 1, "repeats", 1, 1, 1 << 20);
    lua_Integer seed = opt_int(L, 1, "sched_seed", 0, LUA_MININTEGER, LUA_MAXINTEGER);
    for (int l = 0; l < j->nlaunches; l++) j->launches[l].cfg.sched_seed = (uint64_t)seed;
    lua_getfield(L, 1, "timeout");
    j->timeout = lua_isnil(L, -1) ? 10 : lua_tonumber(L, -1);
    if (!lua_isnil(L, -1) && (!lua_isnumber(L, -1) || !(j->timeout > 0)))
        luaL_argerror(L, 1, "timeout: a positive number of seconds expected");
    lua_pop(L, 1);
    lua_getfield(L, 1, "time");
    if (lua_istable(L, -1)) {
        int t = lua_gettop(L);
        kcv_checkkeys(L, t, 1, "time", "warmup reps flush");
        j->timed = 1;
        j->warmup = (int)opt_int(L, t, "warmup", 3, 0, 100000);
        j->reps = (int)opt_int(L, t, "reps", 20, 1, 100000);
        lua_getfield(L, t, "flush");
        j->flush = lua_isnil(L, -1) || lua_toboolean(L, -1);
        lua_pop(L, 1);
    } else if (!lua_isnil(L, -1)) luaL_argerror(L, 1, "time: {warmup=, reps=, flush=} expected");
    lua_pop(L, 1);
}

static void push_result(lua_State *L, run_ctx *c, const kcv_job_result *r)
{
    lua_newtable(L);
    SETS("status", kcv_job_status_names[r->o.status]);
    if (r->o.status != KCV_JOB_OK || r->o.message[0]) SETS("message", r->o.message);
    /* an "oom" with a signal is a worker SIGKILLed by someone other than
     * kcv (the OOM killer, a person): callers tell it from the kernel's own */
    if ((r->o.status == KCV_JOB_CRASH || r->o.status == KCV_JOB_OOM) && r->o.sig)
        SETI("signal", r->o.sig);
    lua_newtable(L);
    for (int v = 0; v < r->nviol; v++) {
        const kcv_viol *x = &r->viol[v];
        lua_newtable(L);
        lua_rawgeti(L, c->list, x->buf + 1);
        lua_setfield(L, -2, "buffer");
        SETS("side", x->after ? "after" : "before");
        SETI("offset", x->offset);
        SETI("got", x->got);
        SETI("expected", x->expected);
        SETI("index", x->buf + 1);
        lua_rawseti(L, -2, v + 1);
    }
    lua_setfield(L, -2, "redzone");
    if (r->viol_total > r->nviol) SETI("redzone_total", r->viol_total);
    if (r->o.status == KCV_JOB_OK && r->nviol) {
        lua_pushfstring(L, "redzone violated: %d guard(s), first %s buffer %d at offset %I",
                        r->viol_total, r->viol[0].after ? "after" : "before", r->viol[0].buf + 1,
                        (lua_Integer)r->viol[0].offset);
        lua_setfield(L, -2, "message");
    }
    SETI("shared_bytes", r->shared_bytes);
    if (r->ms >= 0) {
        lua_pushnumber(L, r->ms); lua_setfield(L, -2, "ms");
        lua_pushnumber(L, r->ms_q1); lua_setfield(L, -2, "ms_q1");
        lua_pushnumber(L, r->ms_q3); lua_setfield(L, -2, "ms_q3");
    }
    if (r->o.status == KCV_JOB_OK) {
        lua_newtable(L);
        for (int i = 0; i < c->job.nbufs && i < KCV_MAXPARAMS; i++) {
            lua_rawgeti(L, c->list, i + 1);
            lua_pushinteger(L, (lua_Integer)r->addr[i]);
            lua_rawset(L, -3);
        }
        lua_setfield(L, -2, "addresses");
    }
}

static int result_only(lua_State *L, kcv_job_status st, const char *msg, int sig)
{
    lua_newtable(L);
    SETS("status", kcv_job_status_names[st]);
    SETS("message", msg);
    if (sig) SETI("signal", sig);
    lua_newtable(L);
    lua_setfield(L, -2, "redzone");
    return 1;
}

/* kcv.kernel.run{launches = {...}, poison=, offset=, redzone=, ...} -> result */
static int k_run(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    run_ctx c;
    memset(&c, 0, sizeof c);
    kcv_checkkeys(L, 1, 1, NULL, RUN_KEYS);
    lua_newtable(L); c.map = lua_gettop(L);
    lua_newtable(L); c.list = lua_gettop(L);
    lua_newtable(L); int kernels = lua_gettop(L);
    lua_getfield(L, 1, "launches");
    int lt = lua_gettop(L);
    lua_Integer nl = lua_istable(L, lt) ? luaL_len(L, lt) : 0;   /* a __len may answer anything */
    if (nl < 1)
        luaL_argerror(L, 1, "launches: a non-empty list of launches expected");
    if (nl > 4096) luaL_argerror(L, 1, "launches: at most 4096");
    c.job.nlaunches = (int)nl;
    c.job.launches = lua_newuserdatauv(L, sizeof(kcv_job_launch) * (size_t)c.job.nlaunches, 0);
    memset(c.job.launches, 0, sizeof(kcv_job_launch) * (size_t)c.job.nlaunches);
    for (int i = 0; i < c.job.nlaunches; i++) {
        lua_geti(L, lt, i + 1);
        parse_launch(L, &c, lua_gettop(L), i, kernels);
        lua_pop(L, 1);
    }
    parse_options(L, &c);
    lua_pushnil(L);                        /* the sample indices' userdata (kept alive here) */
    parse_sample(L, &c, lua_gettop(L));

    /* every kernel on one backend; loaded in its current worker */
    const char *backend = NULL;
    for (int i = 0; i < c.job.nlaunches; i++) {
        lua_rawgeti(L, kernels, i + 1);
        int ki = lua_gettop(L);
        kcv_kernel *k = (kcv_kernel *)lua_touserdata(L, ki);
        if (backend && strcmp(backend, k->backend))
            luaL_argerror(L, 1, "launches: all kernels of a job must use the same backend");
        backend = k->backend;
        if (k->needs_device) {
            lua_getiuservalue(L, ki, 3);
            return result_only(L, KCV_JOB_NEEDS_DEVICE, lua_tostring(L, -1), 0);
        }
        kcv_outcome o;
        if (ensure_loaded(L, ki, k, &o) != 0) return result_only(L, o.status, o.message, o.sig);
        c.job.launches[i].fid = k->fid;
        lua_pop(L, 1);
    }
    kcv_job_result *r = lua_newuserdatauv(L, sizeof *r, 0);
    kcv_worker_job(kcv_worker_for(backend), &c.job, r);
    push_result(L, &c, r);
    return 1;
}

/* k:launch{grid=, block=, smem=, args=, ...options}: a one-launch job. */
static int k_launch(lua_State *L)
{
    check_kernel(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);                      /* extra arguments: the run table is 3 */
    kcv_checkkeys(L, 2, 2, NULL, "grid block smem args stream join poison scratch offset tile sample "
                  "redzone placement dirty repeats timeout sched_seed time");
    lua_newtable(L);                       /* the run table: the job options */
    static const char *const run_keys[] = {"poison", "scratch", "offset", "tile", "sample", "redzone", "placement", "dirty",
                                           "repeats", "timeout", "sched_seed", "time", NULL};
    for (int i = 0; run_keys[i]; i++) { lua_getfield(L, 2, run_keys[i]); lua_setfield(L, 3, run_keys[i]); }
    lua_newtable(L);                       /* launches */
    lua_newtable(L);                       /* launches[1] */
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "kernel");
    static const char *const keys[] = {"grid", "block", "smem", "args", "stream", "join", NULL};
    for (int i = 0; keys[i]; i++) { lua_getfield(L, 2, keys[i]); lua_setfield(L, -2, keys[i]); }
    lua_rawseti(L, -2, 1);
    lua_setfield(L, 3, "launches");
    lua_pushcfunction(L, k_run);
    lua_pushvalue(L, 3);
    lua_call(L, 1, 1);
    return 1;
}

int kcv_open_kernel(lua_State *L)
{
    static const luaL_Reg methods[] = {{"attrs", k_attrs}, {"launch", k_launch},
                                          {"occupancy", k_occupancy}, {NULL, NULL}};
    if (luaL_newmetatable(L, KCV_KERNEL_MT)) {
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "methods");
        lua_pushcfunction(L, k_index);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, k_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_pop(L, 1);
    static const luaL_Reg kfns[] = {{"load", k_load}, {"run", k_run}, {NULL, NULL}};
    luaL_newlib(L, kfns);
    /* also package.loaded["kcv.kernel"]: error messages then name the
     * function ("bad argument #1 to 'kcv.kernel.run'") even when it is
     * called through k:launch or pcall */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "kcv.kernel");
    lua_pop(L, 1);
    lua_setfield(L, -2, "kernel");
    static const luaL_Reg bfns[] = {
        {"use", b_use}, {"current", b_current}, {"available", b_available},
        {"info", b_info}, {"memory_limit", b_memory_limit}, {"restart", b_restart},
        {"pid", b_pid}, {"nvrtc_check", b_nvrtc_check}, {NULL, NULL}};
    luaL_newlib(L, bfns);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "kcv.backend");
    lua_pop(L, 1);
    lua_setfield(L, -2, "backend");
    return 0;
}
