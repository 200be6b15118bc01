/*
 * worker.h — the process that runs kernels.
 *
 * kcv never runs a kernel itself: per backend in use it forks one worker
 * (lazily, on the first request) and talks to it over a socketpair.  The
 * worker keeps compiled modules for its life and runs jobs; buffer bytes
 * travel through a memfd shared by both sides.  When the worker crashes,
 * hangs past a deadline (the parent polls, then SIGKILLs) or runs out of
 * memory, the call returns an outcome and the next request starts a fresh
 * worker.  Kernel handles carry the worker generation they were loaded in,
 * so the caller knows when to load again (kcv_kernel.c keeps every load
 * request for that).
 */
#ifndef KCV_WORKER_H
#define KCV_WORKER_H

#include <sys/types.h>
#include "backend.h"

#define KCV_MAXPARAMS 64
#define KCV_MAXVIOL 64

/* Outcomes of a job (and of any request that kills the worker). */
typedef enum {
    KCV_JOB_OK, KCV_JOB_LAUNCH_ERROR, KCV_JOB_KERNEL_ERROR, KCV_JOB_CRASH,
    KCV_JOB_TIMEOUT, KCV_JOB_OOM, KCV_JOB_NEEDS_DEVICE
} kcv_job_status;

extern const char *const kcv_job_status_names[];

typedef struct kcv_worker {
    const kcv_backend *be;
    pid_t pid;                  /* 0: not running */
    int fd;
    unsigned gen;               /* bumped at every start */
    size_t mem_limit;           /* cpu: RLIMIT_AS headroom, bytes (0: none) */
    kcv_device_info info;
} kcv_worker;

/* The worker of a backend ("cpu", "cuda"); NULL for an unknown name. */
kcv_worker *kcv_worker_for(const char *backend);
/* Start it unless running: 0, or -1 with why (the backend's init error). */
int kcv_worker_start(kcv_worker *w, char *err);
void kcv_worker_stop(kcv_worker *w);

/* Results of requests that can take the worker down. */
typedef struct {
    kcv_job_status status;
    int sig;                    /* crash: the signal */
    char message[KCV_ERRLEN];
} kcv_outcome;

/* Load code and find `name` in it.  0: *fid is the function in generation
 * w->gen.  1: the code did not compile / has no such function (message).
 * 2: needs a device (message).  -1: the worker failed (out filled). */
int kcv_worker_load(kcv_worker *w, kcv_srckind kind, const char *path,
                    const char *code, size_t len, const char *options,
                    const char *name, int *fid, kcv_outcome *out);
int kcv_worker_attrs(kcv_worker *w, int fid, kcv_func_attrs *a, kcv_outcome *out);
/* Resident blocks per SM of fid at block_threads threads and dyn_smem
 * bytes.  0: *blocks_per_sm set.  1: the backend failed (message).  2: the
 * backend cannot say (message).  -1: the worker failed (out filled). */
int kcv_worker_occupancy(kcv_worker *w, int fid, int block_threads, size_t dyn_smem,
                         int *blocks_per_sm, kcv_outcome *out);

/* ---- jobs ---- */

typedef struct {
    void *host;                 /* host bytes: uploaded, then downloaded into */
    size_t nbytes;
    int poison;                 /* -1, or the byte the device copy is filled with */
    int scratch;                /* 1: workspace, its bytes not copied back */
    unsigned offset;            /* extra bytes from 256-byte alignment */
    size_t tile;                /* > 0: the bytes repeat their first `tile`; only those
                                   travel, the device copy is tiled, nothing comes back */
    size_t nsample;             /* > 0: only these elements come back (kcv_job.samples
                                   from sample_at); the device copy starts as the fill
                                   byte (poison, else 0), never uploaded */
    size_t sample_at;
    unsigned itemsize;          /* of a sampled buffer's elements */
} kcv_job_buf;

typedef struct {
    int fid;
    char name[128];             /* for messages */
    kcv_launch_cfg cfg;
    int nparams;
    kcv_ptype ptypes[KCV_MAXPARAMS];
    uint64_t vals[KCV_MAXPARAMS];   /* ptr: buffer index; else the value's bytes */
} kcv_job_launch;

typedef struct {
    int nbufs, nlaunches;
    kcv_job_buf *bufs;
    kcv_job_launch *launches;
    size_t redzone, placement;
    int dirty;                  /* -1 or the byte the arena is filled with */
    int repeats;
    double timeout;             /* seconds */
    int timed, warmup, reps, flush;
    size_t nsamples;            /* the sampled buffers' element indices, sorted per buffer */
    const uint64_t *samples;
} kcv_job;

typedef struct {
    int buf;                    /* index into kcv_job.bufs */
    int after;                  /* 0: guard before the buffer, 1: after */
    size_t offset;              /* distance of the first bad byte from the buffer's edge */
    uint8_t got, expected;
} kcv_viol;

typedef struct {
    kcv_outcome o;
    int nviol, viol_total;
    kcv_viol viol[KCV_MAXVIOL];
    double ms;                  /* the median repeat; < 0: not timed */
    double ms_q1, ms_q3;        /* the first and third quartiles of the repeats */
    uint64_t addr[KCV_MAXPARAMS];   /* device address of each buffer (first ones) */
    size_t shared_bytes;        /* the job's memfd: the bytes that travel to the worker and back */
} kcv_job_result;

/* Expected canary byte at position j (0-based) of a guard region. */
#define KCV_CANARY(j) ((uint8_t)(0xA5u ^ ((unsigned)(j) & 0xFFu)))

/* Run a job; fills res.  Returns 0 when the worker answered, -1 when it
 * died or timed out (res->o says how; the next request restarts it). */
int kcv_worker_job(kcv_worker *w, const kcv_job *job, kcv_job_result *res);

#endif
