/*
 * backend_cuda.c — kernels on a real GPU through the CUDA Driver API.
 *
 * Runs only inside a worker process (backend.h says why).  One device
 * ($KCV_DEVICE, default 0), its primary context and one blocking stream
 * (main): the synchronous copies on the legacy stream are ordered after the
 * kernels on it, so a copy-out always sees the finished kernel.
 *
 * A job's side launches (backend.h) go to a second stream, created on the
 * first one with CU_STREAM_NON_BLOCKING: the legacy-stream copies do NOT
 * wait for it.  Unjoined side launches are held back until the side stream
 * is waited for (the worst legal schedule, as on the CPU backend), so a
 * copy-out after sync_stream(MAIN) never sees their writes.  Fork: an
 * event recorded on main, waited for by side; join: an event recorded on
 * side, waited for by main.  synchronize() waits for the whole context.
 *
 * Every call is checked.  An error names the call, the CUresult and the
 * kernel; launches are asynchronous, so an error that surfaces later (at a
 * synchronize or a copy) names the last kernel launched.  A sticky error
 * (illegal address, launch failure, ...) leaves the context unusable: the
 * message says "sticky", and every later call fails at once with the first
 * sticky message, so that the worker gives up and a fresh one takes over.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backend.h"
#include "cuda_api.h"
#include "cuda_nvrtc.h"

struct kcv_func {
    CUfunction fn;
    size_t smem_cap;                 /* dynamic shared memory opted in so far (smem_optin) */
    char name[256];
    kcv_module *mod;
    kcv_func *next;
};

struct kcv_module {
    CUmodule mod;
    kcv_func *funcs;                 /* freed with the module */
    char path[1024];
};

static struct {
    int up;
    CUdevice dev;
    CUcontext ctx;
    CUstream stream;                 /* main */
    CUstream side;                   /* side launches; 0 until the first */
    CUevent fork_ev, join_ev;        /* with side */
    int side_pending;                /* side work since the last synchronize */
    CUevent ev[2];                   /* timing */
    kcv_device_info info;
    int l2_bytes;
    CUdeviceptr flush;               /* L2 flush buffer */
    size_t flush_len;
    CUmodule dirty_mod;              /* dirty_shared's kernel; 0 until used */
    CUfunction dirty_fn;
    char last[1300];                 /* "kernel k (path)" of the last launch */
    char last_side[1300];            /* of the last side launch ("" if none) */
    char sticky[KCV_ERRLEN];         /* first sticky error, "" if none */
} g;

/* ---- errors --------------------------------------------------------- */

static int cu_fail(char *err, const char *call, CUresult r, const char *what)
{
    int sticky = kcv_cu_sticky(r);
    snprintf(err, KCV_ERRLEN, "%s: %s (%s)%s", call, kcv_cu_errname(r), what,
             sticky ? " [sticky: the CUDA context is lost; a fresh worker is needed]" : "");
    if (sticky && g.sticky[0] == '\0') snprintf(g.sticky, sizeof g.sticky, "%s", err);
    return -1;
}

/* CU(what, fn, (args)): call kcv_cu.fn, return -1 with a message on error. */
#define CU(what, fn, args) do { CUresult r_ = kcv_cu.fn args; \
        if (r_ != CUDA_SUCCESS) return cu_fail(err, #fn, r_, (what)); } while (0)

/* Refuse work once the context is lost, and before init. */
static int ready(char *err)
{
    if (g.sticky[0]) {
        snprintf(err, KCV_ERRLEN, "%s", g.sticky);
        return -1;
    }
    if (!g.up) {
        snprintf(err, KCV_ERRLEN, "the cuda backend is not initialised");
        return -1;
    }
    return 0;
}

static const char *after_last(void)
{
    return g.last[0] ? g.last : "no kernel launched yet";
}

/* ---- init and device info ------------------------------------------- */

static int attr(CUdevice_attribute a)
{
    int v = -1;
    if (kcv_cu.cuDeviceGetAttribute(&v, a, g.dev) != CUDA_SUCCESS) v = -1;
    return v;
}

static int read_info(char *err)
{
    kcv_device_info *d = &g.info;
    size_t mem = 0;
    memset(d, 0, sizeof *d);
    CU("device info", cuDeviceGetName, (d->name, sizeof d->name, g.dev));
    CU("device info", cuDeviceTotalMem, (&mem, g.dev));
    CU("device info", cuDriverGetVersion, (&d->driver_version));
    d->total_mem = mem;
    d->cc_major = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    d->cc_minor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    d->sm_count = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    d->max_threads_per_block = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    d->max_smem_per_block = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
    d->max_smem_per_block_optin = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    d->max_regs_per_block = attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK);
    d->max_regs_per_thread = 255;    /* every compute capability >= 3.5; no attribute */
    d->warp_size = attr(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    d->max_threads_per_sm = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
    d->max_blocks_per_sm = attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
    d->regs_per_sm = attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
    d->smem_per_sm = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
    g.l2_bytes = attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
    int v = kcv_nvrtc_version();
    if (v > 0) {
        d->nvrtc_major = v / 1000;
        d->nvrtc_minor = v % 1000 / 10;
    }
    /* The NVRTC target; without NVRTC, the device's own arch all the same
     * (PTX, cubin and fatbin still load). */
    char why[256];
    if (kcv_nvrtc_target(d->cc_major, d->cc_minor, d->arch, sizeof d->arch, why, sizeof why) != 0)
        snprintf(d->arch, sizeof d->arch, "sm_%d%d%s", d->cc_major, d->cc_minor,
                 d->cc_major >= 9 ? "a" : "");
    return 0;
}

static int init(char *err)
{
    char why[512];
    int count = 0, ordinal = 0;
    const char *env = getenv("KCV_DEVICE");
    CUresult r;
    if (g.up) return 0;
    if (kcv_cu_load(why, sizeof why) != 0) {
        snprintf(err, KCV_ERRLEN, "no CUDA device: %s", why);
        return -1;
    }
    if ((r = kcv_cu.cuInit(0)) != CUDA_SUCCESS) {
        snprintf(err, KCV_ERRLEN, "no CUDA device: cuInit: %s", kcv_cu_errname(r));
        return -1;
    }
    if ((r = kcv_cu.cuDeviceGetCount(&count)) != CUDA_SUCCESS || count == 0) {
        snprintf(err, KCV_ERRLEN, "no CUDA device: %s", r ? kcv_cu_errname(r)
                 : "the driver sees 0 devices");
        return -1;
    }
    if (env && *env) ordinal = atoi(env);
    if (ordinal < 0 || ordinal >= count) {
        snprintf(err, KCV_ERRLEN, "no CUDA device: KCV_DEVICE=%s but the driver sees %d", env, count);
        return -1;
    }
    CU("init", cuDeviceGet, (&g.dev, ordinal));
    CU("init", cuDevicePrimaryCtxRetain, (&g.ctx, g.dev));
    CU("init", cuCtxSetCurrent, (g.ctx));
    CU("init", cuStreamCreate, (&g.stream, CU_STREAM_DEFAULT));
    CU("init", cuEventCreate, (&g.ev[0], CU_EVENT_DEFAULT));
    CU("init", cuEventCreate, (&g.ev[1], CU_EVENT_DEFAULT));
    if (read_info(err) != 0) return -1;
    g.up = 1;
    return 0;
}

static int device_info(kcv_device_info *info, char *err)
{
    if (!g.up && init(err) != 0) return -1;
    *info = g.info;
    return 0;
}

/* ---- modules and functions ------------------------------------------ */

/* Load an image (cubin, fatbin, NUL-terminated PTX) with the JIT's error
 * log, which says what is wrong with a PTX file or a cubin for another
 * arch. */
static kcv_module *load_image(const char *path, const void *image, char *err)
{
    char log[2048] = "";
    CUjit_option opt[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *val[] = {log, (void *)(uintptr_t)sizeof log};
    kcv_module *m = calloc(1, sizeof *m);
    if (m == NULL) {
        snprintf(err, KCV_ERRLEN, "out of memory (%s)", path);
        return NULL;
    }
    CUresult r = kcv_cu.cuModuleLoadDataEx(&m->mod, image, 2, opt, val);
    if (r != CUDA_SUCCESS) {
        cu_fail(err, "cuModuleLoadDataEx", r, path);
        size_t k = strlen(err);
        if (log[0] && k + 2 < KCV_ERRLEN) snprintf(err + k, KCV_ERRLEN - k, "\n%s", log);
        free(m);
        return NULL;
    }
    snprintf(m->path, sizeof m->path, "%s", path);
    return m;
}

static kcv_module *load(kcv_srckind kind, const char *path, const char *code,
                        size_t len, const char *options, char *err)
{
    kcv_module *m;
    if (ready(err) != 0) return NULL;
    path = path ? path : "(unnamed)";
    if (kind == KCV_SRC_CU) {
        kcv_nvrtc_out out;
        if (kcv_nvrtc_compile(path, code, len, options, g.info.arch, 1, &out, err, KCV_ERRLEN) != 0)
            return NULL;
        m = load_image(path, out.data, err);
        free(out.data);
        return m;
    }
    if (kind == KCV_SRC_PTX) {       /* the driver wants PTX NUL-terminated */
        char *ptx = malloc(len + 1);
        if (ptx == NULL) {
            snprintf(err, KCV_ERRLEN, "out of memory (%s)", path);
            return NULL;
        }
        memcpy(ptx, code, len);
        ptx[len] = '\0';
        m = load_image(path, ptx, err);
        free(ptx);
        return m;
    }
    return load_image(path, code, err);   /* cubin, fatbin: self-sized */
}

static void unload(kcv_module *m)
{
    if (m == NULL) return;
    if (g.up && !g.sticky[0]) kcv_cu.cuModuleUnload(m->mod);
    for (kcv_func *f = m->funcs, *next; f; f = next) {
        next = f->next;
        free(f);
    }
    free(m);
}

/* A C++ kernel (no extern "C") has a mangled name: _Z<len><name>...  Find
 * the one kernel in the module whose mangled name is of `name`. */
static CUresult find_mangled(kcv_module *m, const char *name, CUfunction *fn)
{
    unsigned count = 0, hits = 0;
    char prefix[300];
    if (!kcv_cu.cuModuleGetFunctionCount || !kcv_cu.cuModuleEnumerateFunctions
        || !kcv_cu.cuFuncGetName || kcv_cu.cuModuleGetFunctionCount(&count, m->mod) != CUDA_SUCCESS
        || count == 0 || count > 4096)
        return CUDA_ERROR_NOT_FOUND;
    CUfunction *all = calloc(count, sizeof *all);
    if (all == NULL || kcv_cu.cuModuleEnumerateFunctions(all, count, m->mod) != CUDA_SUCCESS) {
        free(all);
        return CUDA_ERROR_NOT_FOUND;
    }
    snprintf(prefix, sizeof prefix, "_Z%zu%s", strlen(name), name);
    for (unsigned i = 0; i < count; i++) {
        const char *s = NULL;
        if (kcv_cu.cuFuncGetName(&s, all[i]) == CUDA_SUCCESS && s
            && strncmp(s, prefix, strlen(prefix)) == 0) {
            *fn = all[i];
            hits++;
        }
    }
    free(all);
    return hits == 1 ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;  /* overloads: ambiguous */
}

static kcv_func *get_function(kcv_module *m, const char *name, char *err)
{
    CUfunction fn;
    char what[1400];
    if (ready(err) != 0) return NULL;
    snprintf(what, sizeof what, "kernel %s in %s", name, m->path);
    CUresult r = kcv_cu.cuModuleGetFunction(&fn, m->mod, name);
    if (r == CUDA_ERROR_NOT_FOUND) r = find_mangled(m, name, &fn);
    if (r != CUDA_SUCCESS) {
        cu_fail(err, "cuModuleGetFunction", r, what);
        return NULL;
    }
    kcv_func *f = calloc(1, sizeof *f);
    if (f == NULL) {
        snprintf(err, KCV_ERRLEN, "out of memory (%s)", what);
        return NULL;
    }
    f->fn = fn;
    f->mod = m;
    snprintf(f->name, sizeof f->name, "%s", name);
    f->next = m->funcs;
    m->funcs = f;
    return f;
}

static void func_what(const kcv_func *f, char *what, size_t n)
{
    snprintf(what, n, "kernel %s in %s", f->name, f->mod->path);
}

static int func_attrs(kcv_func *f, kcv_func_attrs *a, char *err)
{
    char what[1400];
    if (ready(err) != 0) return -1;
    func_what(f, what, sizeof what);
#define FA(field, attr) CU(what, cuFuncGetAttribute, (&a->field, attr, f->fn))
    FA(num_regs, CU_FUNC_ATTRIBUTE_NUM_REGS);
    FA(static_smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
    FA(local_bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
    FA(const_bytes, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
    FA(max_threads_per_block, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    FA(ptx_version, CU_FUNC_ATTRIBUTE_PTX_VERSION);
    FA(binary_version, CU_FUNC_ATTRIBUTE_BINARY_VERSION);
#undef FA
    return 0;
}

static int set_max_dynamic_smem(kcv_func *f, int bytes, char *err)
{
    char what[1400];
    if (ready(err) != 0) return -1;
    func_what(f, what, sizeof what);
    CU(what, cuFuncSetAttribute, (f->fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes));
    return 0;
}

/* A kernel's dynamic shared memory is capped at 48 KB less its static
 * shared memory unless it opts in to more: 20 KB dynamic fails to launch
 * (CUDA_ERROR_INVALID_VALUE) beside 40 KB static.  So a launch that asks
 * for more dynamic shared memory than the kernel was granted so far raises
 * the cap first (once per size: launches are the hot path of timing). */
static int smem_optin(kcv_func *f, size_t dyn_smem, char *err)
{
    if (dyn_smem <= f->smem_cap || dyn_smem > (size_t)0x7fffffff) return 0;
    if (set_max_dynamic_smem(f, (int)dyn_smem, err) != 0) return -1;
    f->smem_cap = dyn_smem;
    return 0;
}

/* Resident blocks per SM at this block size and dynamic shared memory,
 * after the opt-in a launch would make: without it the driver answers 0
 * blocks for a launch that works. */
static int occupancy(kcv_func *f, int block_threads, size_t dyn_smem, int *blocks, char *err)
{
    char what[1500];
    if (ready(err) != 0) return -1;
    if (!kcv_cu.cuOccupancyMaxActiveBlocksPerMultiprocessor) {
        snprintf(err, KCV_ERRLEN, "cuOccupancyMaxActiveBlocksPerMultiprocessor: not in this "
                 "libcuda.so.1 (kernel %s in %s)", f->name, f->mod->path);
        return -1;
    }
    if (smem_optin(f, dyn_smem, err) != 0) return -1;
    snprintf(what, sizeof what, "kernel %s in %s, %d threads, %zu bytes dynamic smem",
             f->name, f->mod->path, block_threads, dyn_smem);
    int n = 0;
    CU(what, cuOccupancyMaxActiveBlocksPerMultiprocessor, (&n, f->fn, block_threads, dyn_smem));
    *blocks = n;
    return 0;
}

/* ---- memory --------------------------------------------------------- */

static int mem_alloc(kcv_dptr *p, size_t n, char *err)
{
    CUdeviceptr d = 0;
    char what[64];
    if (ready(err) != 0) return -1;
    snprintf(what, sizeof what, "%zu bytes", n);
    CU(what, cuMemAlloc, (&d, n ? n : 1));   /* plain device memory, never managed */
    *p = (kcv_dptr)d;
    return 0;
}

static int mem_free(kcv_dptr p, char *err)
{
    if (p == 0) return 0;
    if (ready(err) != 0) return -1;
    CU(after_last(), cuMemFree, ((CUdeviceptr)p));
    return 0;
}

static int htod(kcv_dptr dst, const void *src, size_t n, char *err)
{
    if (ready(err) != 0) return -1;
    if (n) CU(after_last(), cuMemcpyHtoD, ((CUdeviceptr)dst, src, n));
    return 0;
}

static int dtoh(void *dst, kcv_dptr src, size_t n, char *err)
{
    if (ready(err) != 0) return -1;
    if (n) CU(after_last(), cuMemcpyDtoH, (dst, (CUdeviceptr)src, n));
    return 0;
}

static int dtod(kcv_dptr dst, kcv_dptr src, size_t n, char *err)
{
    if (ready(err) != 0) return -1;
    if (n) CU(after_last(), cuMemcpyDtoD, ((CUdeviceptr)dst, (CUdeviceptr)src, n));
    return 0;
}

static int memset8(kcv_dptr dst, uint8_t v, size_t n, char *err)
{
    if (ready(err) != 0) return -1;
    if (n) CU(after_last(), cuMemsetD8, ((CUdeviceptr)dst, v, n));
    return 0;
}

/* ---- stale shared memory ------------------------------------------- */

/* A kernel that fills all the dynamic shared memory it is given with one
 * word.  Shared memory is not cleared between kernels, so a kernel that
 * reads slots it never wrote sees what the kernel before left there; on a
 * clean context that is often zeros, which hides the defect.  Hand-written
 * PTX (checked with ptxas -arch=sm_90a): no NVRTC needed, and the stores
 * are volatile so that nothing removes them as dead. */
static const char dirty_ptx[] =
    ".version 7.0\n.target sm_52\n.address_size 64\n"
    ".extern .shared .align 16 .b8 kcv_smem[];\n"
    ".visible .entry kcv_dirty_smem(.param .u32 words, .param .u32 value)\n{\n"
    "  .reg .pred %p;\n  .reg .b32 %r<8>;\n"
    "  ld.param.u32 %r1, [words];\n  ld.param.u32 %r2, [value];\n"
    "  mov.u32 %r3, %tid.x;\n  mov.u32 %r4, %ntid.x;\n  mov.u32 %r6, kcv_smem;\n"
    "LOOP:\n  setp.ge.u32 %p, %r3, %r1;\n  @%p bra DONE;\n"
    "  shl.b32 %r5, %r3, 2;\n  add.u32 %r7, %r6, %r5;\n"
    "  st.volatile.shared.u32 [%r7], %r2;\n"
    "  add.u32 %r3, %r3, %r4;\n  bra.uni LOOP;\nDONE:\n  ret;\n}\n";

/* Fill every SM's shared memory with the byte v (as dirty arenas are):
 * blocks of the largest opt-in size, four per SM, at the largest carveout. */
static int dirty_shared(uint8_t v, char *err)
{
    if (ready(err) != 0) return -1;
    int bytes = g.info.max_smem_per_block_optin > 0 ? g.info.max_smem_per_block_optin
                                                   : g.info.max_smem_per_block;
    if (!g.dirty_fn) {
        CU("stale shared memory kernel", cuModuleLoadDataEx, (&g.dirty_mod, dirty_ptx, 0, NULL, NULL));
        CU("stale shared memory kernel", cuModuleGetFunction, (&g.dirty_fn, g.dirty_mod, "kcv_dirty_smem"));
        CU("stale shared memory kernel", cuFuncSetAttribute,
           (g.dirty_fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes));
        CU("stale shared memory kernel", cuFuncSetAttribute,
           (g.dirty_fn, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 100));
    }
    unsigned words = (unsigned)bytes / 4, value = v * 0x01010101u;
    void *args[] = {&words, &value};
    unsigned blocks = 4u * (unsigned)(g.info.sm_count > 0 ? g.info.sm_count : 1);
    /* an error left by the kernel before surfaces here: name that kernel */
    char what[1400];
    snprintf(what, sizeof what, "the stale shared memory kernel, launched after %s", after_last());
    CU(what, cuLaunchKernel, (g.dirty_fn, blocks, 1, 1, 1024, 1, 1, (unsigned)bytes, g.stream, args, NULL));
    CU(what, cuStreamSynchronize, (g.stream));
    return 0;
}

/* ---- launches ------------------------------------------------------- */

/* The declared parameters must match the kernel's, or the kernel reads
 * garbage: check count and sizes where the driver can tell (CUDA 12.4+). */
static int check_params(kcv_func *f, const kcv_ptype *params, int nparams,
                        const char *what, char *err)
{
    size_t off, size;
    if (!kcv_cu.cuFuncGetParamInfo || params == NULL) return 0;
    for (int i = 0; i < nparams; i++) {
        if (kcv_cu.cuFuncGetParamInfo(f->fn, (size_t)i, &off, &size) != CUDA_SUCCESS) {
            snprintf(err, KCV_ERRLEN, "launch: %d parameters given, the kernel takes %d (%s)",
                     nparams, i, what);
            return -1;
        }
        if (size != kcv_ptype_size(params[i])) {
            snprintf(err, KCV_ERRLEN, "launch: parameter %d is %zu bytes in the kernel, "
                     "%zu as declared (%s)", i + 1, size, kcv_ptype_size(params[i]), what);
            return -1;
        }
    }
    if (kcv_cu.cuFuncGetParamInfo(f->fn, (size_t)nparams, &off, &size) == CUDA_SUCCESS) {
        snprintf(err, KCV_ERRLEN, "launch: %d parameters given, the kernel takes more (%s)",
                 nparams, what);
        return -1;
    }
    return 0;
}

static int launch_on(kcv_func *f, const kcv_launch_cfg *c, void **args, CUstream s,
                     const char *what, char *err)
{
    CU(what, cuLaunchKernel, (f->fn, c->grid[0], c->grid[1], c->grid[2],
                              c->block[0], c->block[1], c->block[2],
                              c->smem, s, args, NULL));
    return 0;
}

static int launch_once(kcv_func *f, const kcv_launch_cfg *c, void **args,
                       const char *what, char *err)
{
    return launch_on(f, c, args, g.stream, what, err);
}

/* The side stream and its fork/join events, on first use. */
static int side_ready(const char *what, char *err)
{
    if (g.side) return 0;
    CUstream s = 0;
    CU(what, cuStreamCreate, (&s, CU_STREAM_NON_BLOCKING));
    if (!g.fork_ev) CU(what, cuEventCreate, (&g.fork_ev, CU_EVENT_DISABLE_TIMING));
    if (!g.join_ev) CU(what, cuEventCreate, (&g.join_ev, CU_EVENT_DISABLE_TIMING));
    g.side = s;
    return 0;
}

/* A side launch: fork from main (side waits for everything launched on
 * main so far), launch on side, and with join make main wait for it.  A
 * wait takes the event's state at the time of the call, so one event
 * serves every fork (and one every join). */
static int launch_side(kcv_func *f, const kcv_launch_cfg *c, void **args,
                       const char *what, char *err)
{
    if (side_ready(what, err) != 0) return -1;
    CU(what, cuEventRecord, (g.fork_ev, g.stream));
    CU(what, cuStreamWaitEvent, (g.side, g.fork_ev, 0));
    g.side_pending = 1;
    if (launch_on(f, c, args, g.side, what, err) != 0) return -1;
    snprintf(g.last_side, sizeof g.last_side, "%s", g.last);
    if (c->join) {
        CU(what, cuEventRecord, (g.join_ev, g.side));
        CU(what, cuStreamWaitEvent, (g.stream, g.join_ev, 0));
    }
    return 0;
}

static int prepare(kcv_func *f, const kcv_launch_cfg *cfg, const kcv_ptype *params,
                   int nparams, char *what, size_t n, char *err)
{
    if (ready(err) != 0) return -1;
    func_what(f, what, n);
    if (check_params(f, params, nparams, what, err) != 0) return -1;
    if (smem_optin(f, cfg->smem, err) != 0) return -1;
    snprintf(g.last, sizeof g.last, "after %s", what);
    return 0;
}

static int launch_now(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                      const kcv_ptype *params, int nparams, char *err)
{
    char what[1400];
    if (prepare(f, cfg, params, nparams, what, sizeof what, err) != 0) return -1;
    if (cfg->stream == KCV_STREAM_SIDE) return launch_side(f, cfg, args, what, err);
    return launch_once(f, cfg, args, what, err);
}

/* Unjoined side launches are held back until the side stream is waited
 * for (backend.h): on an idle GPU they would usually finish before the
 * outputs are read, and the defect would show only by chance. */
static kcv_defer_queue deferred;

static int launch(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                  const kcv_ptype *params, int nparams, char *err)
{
    if (cfg->stream != KCV_STREAM_MAIN && cfg->stream != KCV_STREAM_SIDE) {
        snprintf(err, KCV_ERRLEN, "launch: unknown stream %d (kernel %s)", cfg->stream, f->name);
        return -1;
    }
    if (cfg->stream == KCV_STREAM_SIDE) {
        if (!cfg->join) {
            if (ready(err) != 0 || check_params(f, params, nparams, f->name, err) != 0) return -1;
            return kcv_defer_push(&deferred, f, cfg, args, params, nparams, err);
        }
        if (kcv_defer_run(&deferred, launch_now, err) != 0) return -1;
    }
    return launch_now(f, cfg, args, params, nparams, err);
}

/* Everything: the whole context when side work was launched since the
 * last time (it may be joined into nothing), else the main stream as
 * before (everything else kcv does is ordered with it). */
static int synchronize(char *err)
{
    char what[2700];
    if (ready(err) != 0) return -1;
    if (kcv_defer_run(&deferred, launch_now, err) != 0) return -1;
    if (!g.side_pending) {
        CU(after_last(), cuStreamSynchronize, (g.stream));
        return 0;
    }
    snprintf(what, sizeof what, "%s; side stream: %s", after_last(),
             g.last_side[0] ? g.last_side : "no kernel launched yet");
    CU(what, cuCtxSynchronize, ());
    g.side_pending = 0;
    return 0;
}

/* One stream only: main (with the side work joined into it), or side. */
static int sync_stream(int stream, char *err)
{
    if (ready(err) != 0) return -1;
    if (stream == KCV_STREAM_MAIN) {
        CU(after_last(), cuStreamSynchronize, (g.stream));
        return 0;
    }
    if (stream != KCV_STREAM_SIDE) {
        snprintf(err, KCV_ERRLEN, "sync_stream: unknown stream %d", stream);
        return -1;
    }
    if (kcv_defer_run(&deferred, launch_now, err) != 0) return -1;
    if (g.side) CU(g.last_side[0] ? g.last_side : "side stream", cuStreamSynchronize, (g.side));
    return 0;
}

/* ---- timing --------------------------------------------------------- */

/* A buffer to write between timed launches, at least twice the L2, so
 * that each launch starts with a cold cache as in real use. */
static int flush_buffer(size_t want, char *err)
{
    size_t n = want;
    if (g.l2_bytes > 0 && n < 2 * (size_t)g.l2_bytes) n = 2 * (size_t)g.l2_bytes;
    if (g.flush_len >= n) return 0;
    if (g.flush) CU("L2 flush buffer", cuMemFree, (g.flush));
    g.flush = 0;
    g.flush_len = 0;
    CU("L2 flush buffer", cuMemAlloc, (&g.flush, n));
    g.flush_len = n;
    return 0;
}

/* One timed launch, after writing the flush buffer with `fill` (-1: no
 * flush), so that the launch starts with nothing of its data in L2. */
static int time_one(kcv_func *f, const kcv_launch_cfg *cfg, void **args, int fill,
                    const char *what, double *ms, char *err)
{
    float e = 0;
    if (fill >= 0) CU("L2 flush", cuMemsetD8Async, (g.flush, (unsigned char)fill, g.flush_len, g.stream));
    CU(what, cuEventRecord, (g.ev[0], g.stream));
    if (launch_once(f, cfg, args, what, err) != 0) return -1;
    CU(what, cuEventRecord, (g.ev[1], g.stream));
    CU(what, cuEventSynchronize, (g.ev[1]));
    CU(what, cuEventElapsedTime, (&e, g.ev[0], g.ev[1]));
    *ms = e;
    return 0;
}

static int time_launch(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                       const kcv_ptype *params, int nparams, int warmup,
                       int reps, size_t flush_bytes, double *ms, char *err)
{
    char what[1400];
    if (prepare(f, cfg, params, nparams, what, sizeof what, err) != 0) return -1;
    if (flush_bytes && flush_buffer(flush_bytes, err) != 0) return -1;
    for (int i = 0; i < warmup; i++)
        if (launch_once(f, cfg, args, what, err) != 0) return -1;
    for (int i = 0; i < reps; i++)
        if (time_one(f, cfg, args, flush_bytes ? (unsigned char)i : -1, what, &ms[i], err) != 0) return -1;
    return 0;
}

/* The events around a pipeline's launches (timer_begin .. timer_end), on
 * the main stream after an L2 flush, as time_one does for one launch. */
static int timer_begin(size_t flush_bytes, int fill, char *err)
{
    const char *what = "timer";
    if (flush_bytes) {
        if (flush_buffer(flush_bytes, err) != 0) return -1;
        CU("L2 flush", cuMemsetD8Async, (g.flush, (unsigned char)fill, g.flush_len, g.stream));
    }
    CU(what, cuEventRecord, (g.ev[0], g.stream));
    return 0;
}

static int timer_end(double *ms, char *err)
{
    const char *what = "timer";
    float e = 0;
    CU(what, cuEventRecord, (g.ev[1], g.stream));
    CU(what, cuEventSynchronize, (g.ev[1]));
    CU(what, cuEventElapsedTime, (&e, g.ev[0], g.ev[1]));
    *ms = e;
    return 0;
}

const kcv_backend kcv_backend_cuda = {
    .name = "cuda",
    .init = init,
    .device_info = device_info,
    .load = load,
    .unload = unload,
    .get_function = get_function,
    .func_attrs = func_attrs,
    .set_max_dynamic_smem = set_max_dynamic_smem,
    .mem_alloc = mem_alloc,
    .mem_free = mem_free,
    .htod = htod,
    .dtoh = dtoh,
    .memset8 = memset8,
    .dtod = dtod,
    .dirty_shared = dirty_shared,
    .launch = launch,
    .synchronize = synchronize,
    .sync_stream = sync_stream,
    .time_launch = time_launch,
    .timer_begin = timer_begin,
    .timer_end = timer_end,
    .occupancy = occupancy,
};
