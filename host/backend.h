/*
 * backend.h — what a kernel backend provides.
 *
 * A backend is used only inside the worker process (worker.c), never in the
 * kcv process itself: a kernel that crashes, hangs, corrupts its context or
 * leaves a sticky CUDA error takes the worker down with it, and kcv reports
 * an outcome and starts a fresh worker.  (CUDA contexts do not survive
 * fork(), which is one more reason the parent never initialises CUDA.)
 *
 * Device pointers are opaque 64-bit integers.  On the CPU backend they are
 * host addresses inside the worker; on the CUDA backend, CUdeviceptr.
 *
 * Every function that can fail returns 0 on success and -1 on failure,
 * with a message in err (at most KCV_ERRLEN bytes) that names the call,
 * the error code and the kernel, e.g.
 *   "cuModuleLoadData: CUDA_ERROR_INVALID_PTX (kernels/softmax.cu)".
 */
#ifndef KCV_BACKEND_H
#define KCV_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#define KCV_ERRLEN 4096

/* An err that starts with this prefix means the code cannot run on this
 * backend at all (inline PTX on the CPU, ...), as opposed to a compile
 * error: the worker reports such a kernel's runs as "needs_device". */
#define KCV_NEEDS_DEVICE "needs device: "

typedef uint64_t kcv_dptr;

/* One kernel parameter as the caller declares it. */
typedef enum {
    KCV_P_PTR,                        /* a device pointer (a buffer)   */
    KCV_P_I8, KCV_P_I16, KCV_P_I32, KCV_P_I64,
    KCV_P_U8, KCV_P_U16, KCV_P_U32, KCV_P_U64,
    KCV_P_F32, KCV_P_F64
} kcv_ptype;

size_t kcv_ptype_size(kcv_ptype t);

typedef struct {
    unsigned grid[3], block[3];
    unsigned smem;                    /* dynamic shared memory, bytes */
    uint64_t sched_seed;              /* CPU backend: block/thread order */
    int stream;                       /* KCV_STREAM_MAIN (0) or KCV_STREAM_SIDE */
    int join;                         /* side: main waits for this launch */
} kcv_launch_cfg;

/* Streams of a job.  Launches on the main stream run in order.  A launch
 * on the side stream starts after everything launched before it on main
 * (fork) and after the earlier side launches (the side stream is in
 * order too); with `join` set, main waits for it before its next launch,
 * without, nothing waits for it and it completes at an unspecified time
 * (at the latest at synchronize).  A zeroed cfg is a main launch. */
enum { KCV_STREAM_MAIN = 0, KCV_STREAM_SIDE = 1 };

/* Both backends emulate the worst legal schedule of an unjoined side
 * launch: it is held back (its parameters copied) until the side stream
 * is waited for (synchronize, sync_stream(SIDE), or a later joined side
 * launch, which the side stream orders after it).  It then runs after the
 * job's outputs were read at sync_stream(MAIN), so a kernel that leaves
 * work unjoined shows unfinished outputs on every run, on a GPU as on the
 * CPU, instead of only when the timing happens to expose it. */
#define KCV_DEFER_MAXPARAMS 256
typedef struct kcv_func kcv_func;
typedef struct {
    kcv_func *f;
    kcv_launch_cfg cfg;
    int nparams;
    kcv_ptype params[KCV_DEFER_MAXPARAMS];
    uint64_t vals[KCV_DEFER_MAXPARAMS];     /* each parameter's bytes */
} kcv_deferred_launch;
typedef struct {
    kcv_deferred_launch *v;
    int n, cap;
} kcv_defer_queue;
typedef int (*kcv_launch_fn)(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                             const kcv_ptype *params, int nparams, char *err);
/* Hold a launch back; -1 with err when the queue is full (4096). */
int kcv_defer_push(kcv_defer_queue *q, kcv_func *f, const kcv_launch_cfg *cfg,
                   void **args, const kcv_ptype *params, int nparams, char *err);
/* Run the held launches in order through run; the first failure stops
 * the rest (they are dropped) and is returned (-1, err). */
int kcv_defer_run(kcv_defer_queue *q, kcv_launch_fn run, char *err);

/* What cuFuncGetAttribute answers (-1 where a backend cannot tell). */
typedef struct {
    int num_regs;
    int static_smem;
    int local_bytes;                  /* per thread, spills and stack */
    int const_bytes;
    int max_threads_per_block;
    int ptx_version, binary_version;
} kcv_func_attrs;

typedef struct {
    char name[256];
    int cc_major, cc_minor;
    int sm_count;
    uint64_t total_mem;
    int max_threads_per_block;
    int max_smem_per_block;           /* default limit */
    int max_smem_per_block_optin;     /* after opting in */
    int max_regs_per_block, max_regs_per_thread;
    int warp_size;
    int driver_version;               /* e.g. 13000 */
    int nvrtc_major, nvrtc_minor;     /* 0 where no NVRTC */
    char arch[32];                    /* "sm_90a", "cpu" */
    /* Per-SM limits for occupancy (0 where a backend cannot tell). */
    int max_threads_per_sm, max_blocks_per_sm;
    int regs_per_sm, smem_per_sm;
} kcv_device_info;

/* How a kernel's code is given. */
typedef enum { KCV_SRC_CU, KCV_SRC_PTX, KCV_SRC_CUBIN, KCV_SRC_FATBIN } kcv_srckind;

typedef struct kcv_module kcv_module;
typedef struct kcv_func kcv_func;

typedef struct kcv_backend {
    const char *name;                 /* "cpu", "cuda" */

    /* Bring the backend up in this (worker) process.  0, or -1 with err
     * saying why ("no CUDA device: libcuda.so.1 not found"). */
    int (*init)(char *err);
    int (*device_info)(kcv_device_info *info, char *err);

    /* Compile or load code.  `path` names the file for messages and the
     * cache; `code`/`len` is its content; `options` is a NUL-separated,
     * double-NUL-terminated list of compiler options (may be NULL). */
    kcv_module *(*load)(kcv_srckind kind, const char *path, const char *code,
                        size_t len, const char *options, char *err);
    void (*unload)(kcv_module *m);
    kcv_func *(*get_function)(kcv_module *m, const char *name, char *err);
    int (*func_attrs)(kcv_func *f, kcv_func_attrs *a, char *err);
    /* Raise the dynamic shared memory limit of f (opt-in above 48 KB). */
    int (*set_max_dynamic_smem)(kcv_func *f, int bytes, char *err);

    int (*mem_alloc)(kcv_dptr *p, size_t n, char *err);
    int (*mem_free)(kcv_dptr p, char *err);
    int (*htod)(kcv_dptr dst, const void *src, size_t n, char *err);
    int (*dtoh)(void *dst, kcv_dptr src, size_t n, char *err);
    int (*memset8)(kcv_dptr dst, uint8_t v, size_t n, char *err);
    /* Device to device, regions not overlapping (a tiled buffer's copies). */
    int (*dtod)(kcv_dptr dst, kcv_dptr src, size_t n, char *err);
    /* Leave the byte v in all of the device's shared memory, as a kernel
     * before would; the worker does so before every job.  NULL where the
     * backend cannot: the CPU backend shows stale shared memory through
     * its schedules (sched_seed) instead. */
    int (*dirty_shared)(uint8_t v, char *err);

    /* Launch f.  args[i] points at the value of parameter i (as
     * cuLaunchKernel's kernelParams), its type given by params[i]. */
    int (*launch)(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                  const kcv_ptype *params, int nparams, char *err);
    /* Wait for everything launched so far, on every stream. */
    int (*synchronize)(char *err);
    /* Wait for one stream only (KCV_STREAM_MAIN: the work launched on
     * main and the side launches joined into it).  May be NULL where a
     * backend has no side stream; callers then use synchronize. */
    int (*sync_stream)(int stream, char *err);

    /* The time in milliseconds of each of `reps` launches after `warmup`,
     * into ms[0..reps-1] in launch order, with `flush_bytes` of cache
     * flushed between launches (0: no flush); the caller takes the
     * median and the spread (worker.c).  May be NULL where the backend
     * cannot time. */
    int (*time_launch)(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                       const kcv_ptype *params, int nparams, int warmup,
                       int reps, size_t flush_bytes, double *ms, char *err);
    /* Time a stretch of launches on the main stream (a pipeline): the
     * caller brackets the launches with timer_begin and timer_end.
     * timer_begin first writes `flush_bytes` of a flush buffer with the
     * byte `fill` (0 bytes: no flush), so each repeat starts with a cold
     * cache; timer_end waits for the stretch and gives its milliseconds.
     * Both NULL where the backend has no device timer: the worker then
     * times with the host clock. */
    int (*timer_begin)(size_t flush_bytes, int fill, char *err);
    int (*timer_end)(double *ms, char *err);

    /* Occupancy: how many blocks of f, at block_threads threads and
     * dyn_smem bytes of dynamic shared memory, are resident on one SM at
     * once (0: none fit).  NULL where the backend cannot say (the CPU);
     * kcv then uses its calculator (kcv/occupancy.lua) on ptxas numbers. */
    int (*occupancy)(kcv_func *f, int block_threads, size_t dyn_smem,
                     int *blocks_per_sm, char *err);
} kcv_backend;

extern const kcv_backend kcv_backend_cpu;   /* backend_cpu.c  */
extern const kcv_backend kcv_backend_cuda;  /* backend_cuda.c */

const kcv_backend *kcv_backend_byname(const char *name);  /* NULL if unknown */

#endif
