/*
 * worker.c — the worker process and its protocol (see worker.h).
 *
 * Messages both ways are a header {u32 op or status, u32 length} and a
 * payload.  A job's buffer bytes do not go through the socket: the parent
 * writes them into a memfd, passes the descriptor with SCM_RIGHTS, and the
 * worker uploads from and downloads into that same mapping.  Parent and
 * worker are one binary (fork without exec), so fixed-size structs travel
 * as raw bytes.
 *
 * Device arena (in the worker): one allocation, grown when a job needs
 * more, laid out by a bump allocator that depends only on the job, so the
 * same job sees the same device addresses:
 *
 *   [placement] then per buffer: [.. pad ..][redzone guard][offset+data][redzone guard]
 *
 * with each buffer's data at a 256-byte boundary plus its `offset`.  Guard
 * byte j (0-based from the guard's first byte) holds KCV_CANARY(j).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kcv.h"              /* kcv_copy_bytes */
#include "worker.h"
#include "cuda_cache.h"        /* kcv_hash: module keys */

enum { OP_LOAD = 1, OP_ATTRS, OP_JOB, OP_OCCUPANCY = 16 };
enum { RP_OK = 0, RP_FAIL = 1, RP_NEEDS_DEVICE = 2, RP_RESTART = 0x100 };

const char *const kcv_job_status_names[] = {
    "ok", "launch_error", "kernel_error", "crash", "timeout", "oom", "needs_device"};

typedef struct { uint32_t op, len; } hdr;

/* ---- growable byte strings ---------------------------------------------- */

typedef struct { char *p; size_t n, cap; } wbuf;
typedef struct { const char *p; size_t n, at; } rbuf;

static void put(wbuf *b, const void *p, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = (b->n + n) * 2 + 256;
        char *q = realloc(b->p, cap);
        if (!q) { perror("kcv worker"); _exit(3); }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, p, n);
    b->n += n;
}

static void put_u32(wbuf *b, uint32_t v) { put(b, &v, 4); }
static void put_str(wbuf *b, const char *s, size_t n) { put_u32(b, (uint32_t)n); put(b, s, n); }

static int get(rbuf *r, void *p, size_t n)
{
    if (r->n - r->at < n) return -1;
    memcpy(p, r->p + r->at, n);
    r->at += n;
    return 0;
}

/* A string: points into the message (its length in *n). */
static const char *get_str(rbuf *r, size_t *n)
{
    uint32_t len;
    if (get(r, &len, 4) || r->n - r->at < len) return NULL;
    const char *s = r->p + r->at;
    r->at += len;
    *n = len;
    return s;
}

/* ---- raw I/O ---------------------------------------------------------------- */

static int write_all(int fd, const void *p, size_t n)
{
    const char *s = p;
    while (n) {
        ssize_t w = send(fd, s, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

static int send_msg(int fd, uint32_t op, const void *p, size_t n, int passfd)
{
    hdr h = {op, (uint32_t)n};
    struct iovec iov = {&h, sizeof h};
    struct msghdr m = {0};
    char cbuf[CMSG_SPACE(sizeof(int))];
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    if (passfd >= 0) {
        memset(cbuf, 0, sizeof cbuf);
        m.msg_control = cbuf;
        m.msg_controllen = sizeof cbuf;
        struct cmsghdr *c = CMSG_FIRSTHDR(&m);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &passfd, sizeof(int));
    }
    ssize_t w;
    while ((w = sendmsg(fd, &m, MSG_NOSIGNAL)) < 0 && errno == EINTR) {}
    if (w != (ssize_t)sizeof h) return -1;
    return n ? write_all(fd, p, n) : 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Read n bytes before the deadline (< 0: none).  0, -1 EOF/error, -2 timeout. */
static int read_deadline(int fd, void *p, size_t n, double deadline, int *gotfd)
{
    char *s = p;
    while (n) {
        if (deadline >= 0) {
            double left = deadline - now();
            if (left <= 0) return -2;
            struct pollfd pf = {fd, POLLIN, 0};
            /* left may be huge (timeout = math.huge): wait in steps an int holds */
            int pr = poll(&pf, 1, left < 1e6 ? (int)(left * 1000) + 1 : 1000000000);
            if (pr < 0 && errno == EINTR) continue;
            if (pr == 0) continue;                 /* the deadline is checked above */
            if (pr < 0) return -1;
        }
        struct iovec iov = {s, n};
        struct msghdr m = {0};
        char cbuf[CMSG_SPACE(sizeof(int))];
        m.msg_iov = &iov;
        m.msg_iovlen = 1;
        m.msg_control = gotfd ? cbuf : NULL;
        m.msg_controllen = gotfd ? sizeof cbuf : 0;
        ssize_t r = recvmsg(fd, &m, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        if (gotfd) {
            struct cmsghdr *c = CMSG_FIRSTHDR(&m);
            if (c && c->cmsg_type == SCM_RIGHTS) memcpy(gotfd, CMSG_DATA(c), sizeof(int));
            gotfd = NULL;
        }
        s += r;
        n -= (size_t)r;
    }
    return 0;
}

/* ============================ worker side ================================== */

typedef struct { unsigned __int128 key; kcv_module *m; } mod_entry;
typedef struct { kcv_func *f; size_t mod; char name[128]; } fn_entry;

static struct {
    const kcv_backend *be;
    int fd;
    mod_entry *mods; size_t nmods;
    fn_entry *fns; size_t nfns;
    kcv_dptr arena; size_t arena_size;
} W;

static void reply(uint32_t status, wbuf *b)
{
    if (send_msg(W.fd, status, b ? b->p : NULL, b ? b->n : 0, -1) != 0) _exit(0);
}

static void reply_text(uint32_t status, int32_t fid, const char *msg)
{
    wbuf b = {0};
    put(&b, &fid, 4);
    put_str(&b, msg, strlen(msg));
    reply(status, &b);
    free(b.p);
}

static void do_load(rbuf *r)
{
    uint32_t kind;
    size_t pn, cn, on, nn;
    char err[KCV_ERRLEN] = "";
    const char *path, *code, *opts, *name;
    if (get(r, &kind, 4) || !(path = get_str(r, &pn)) || !(code = get_str(r, &cn)) ||
        !(opts = get_str(r, &on)) || !(name = get_str(r, &nn)))
        { reply_text(RP_FAIL, -1, "malformed load request"); return; }
    /* the backend wants NUL-terminated path and code */
    char *p = strndup(path, pn), *c = malloc(cn + 1);
    memcpy(c, code, cn);
    c[cn] = '\0';
    /* A module is the same only if its headers are too: an edited header
     * included with quotes loads anew, as in the backends' disk caches. */
    kcv_hash h;
    kcv_hash_init(&h);
    kcv_hash_add(&h, &kind, 4);
    kcv_hash_add(&h, p, pn);
    kcv_hash_add(&h, c, cn);
    kcv_hash_add(&h, opts, on);
    if (kind == KCV_SRC_CU) kcv_hash_includes(&h, p, c, cn, on ? opts : NULL);
    unsigned __int128 key = h.h;
    size_t mi;
    for (mi = 0; mi < W.nmods && W.mods[mi].key != key; mi++) {}
    if (mi == W.nmods) {
        kcv_module *m = W.be->load((kcv_srckind)kind, p, c, cn, on ? opts : NULL, err);
        if (!m) {
            free(p);
            free(c);
            int nd = strncmp(err, KCV_NEEDS_DEVICE, strlen(KCV_NEEDS_DEVICE)) == 0;
            reply_text(nd ? RP_NEEDS_DEVICE : RP_FAIL, -1,
                       nd ? err + strlen(KCV_NEEDS_DEVICE) : err);
            return;
        }
        W.mods = realloc(W.mods, sizeof *W.mods * (W.nmods + 1));
        W.mods[W.nmods++] = (mod_entry){key, m};
    }
    free(p);
    free(c);
    char fname[128];
    snprintf(fname, sizeof fname, "%.*s", (int)nn, name);
    for (size_t i = 0; i < W.nfns; i++)
        if (W.fns[i].mod == mi && strcmp(W.fns[i].name, fname) == 0) {
            reply_text(RP_OK, (int32_t)i, "");
            return;
        }
    kcv_func *f = W.be->get_function(W.mods[mi].m, fname, err);
    if (!f) { reply_text(RP_FAIL, -1, err); return; }
    W.fns = realloc(W.fns, sizeof *W.fns * (W.nfns + 1));
    W.fns[W.nfns].f = f;
    W.fns[W.nfns].mod = mi;
    snprintf(W.fns[W.nfns].name, sizeof W.fns[W.nfns].name, "%s", fname);
    reply_text(RP_OK, (int32_t)W.nfns++, "");
}

static void do_attrs(rbuf *r)
{
    int32_t fid;
    char err[KCV_ERRLEN] = "";
    kcv_func_attrs a;
    memset(&a, 0xff, sizeof a);   /* -1: unknown */
    if (get(r, &fid, 4) || fid < 0 || (size_t)fid >= W.nfns) { reply_text(RP_FAIL, -1, "bad function id"); return; }
    if (!W.be->func_attrs || W.be->func_attrs(W.fns[fid].f, &a, err) != 0) {
        reply_text(RP_FAIL, -1, err[0] ? err : "this backend cannot query attributes");
        return;
    }
    wbuf b = {0};
    put(&b, &a, sizeof a);
    reply(RP_OK, &b);
    free(b.p);
}

static void do_occupancy(rbuf *r)
{
    int32_t fid, threads;
    uint64_t smem;
    int32_t blocks = 0;
    char err[KCV_ERRLEN] = "";
    if (get(r, &fid, 4) || get(r, &threads, 4) || get(r, &smem, 8) ||
        fid < 0 || (size_t)fid >= W.nfns) { reply_text(RP_FAIL, -1, "bad occupancy request"); return; }
    if (!W.be->occupancy) {
        snprintf(err, sizeof err, "occupancy unknown on %s", W.be->name);
        reply_text(RP_NEEDS_DEVICE, -1, err);
        return;
    }
    int n = 0;
    if (W.be->occupancy(W.fns[fid].f, threads, (size_t)smem, &n, err) != 0) {
        reply_text(RP_FAIL, -1, err[0] ? err : "occupancy query failed");
        return;
    }
    blocks = n;
    wbuf b = {0};
    put(&b, &blocks, 4);
    reply(RP_OK, &b);
    free(b.p);
}

/* Job state shared by the steps below. */
typedef struct {
    kcv_job j;
    size_t *start;              /* arena offset of each buffer's data */
    size_t *mfd_off;            /* offset of each buffer in the memfd */
    char *map;
    kcv_job_result res;
    int restart;
    int streams;                /* some launch is on the side stream */
    int synced;                 /* everything waited for (after the download) */
} job_ctx;

static size_t align_up(size_t x, size_t a) { return (x + a - 1) / a * a; }

/* A buffer's room in the job's memfd: its bytes travel there when they are
 * uploaded (no fill byte) or downloaded (not scratch).  A workspace filled
 * on the device and never read back takes none: at gdn_chunked_bwd's top
 * shapes that is 35 GB the worker used to fault in (MAP_POPULATE) for
 * nothing.  A tiled buffer takes its head, a sampled one its samples:
 * CMP-03's runs past 2^31 elements moved 16 GB a tensor each way. */
static size_t mfd_span(const kcv_job_buf *b)
{
    if (b->tile) return align_up(b->tile, 64);
    if (b->nsample) return align_up(b->nsample * b->itemsize, 64);
    return b->poison >= 0 && b->scratch ? 0 : align_up(b->nbytes, 64);
}

static void launch_args(job_ctx *c, const kcv_job_launch *L, uint64_t *vals, void **args)
{
    for (int p = 0; p < L->nparams; p++) {
        vals[p] = L->ptypes[p] == KCV_P_PTR ? W.arena + c->start[L->vals[p]] : L->vals[p];
        args[p] = &vals[p];
    }
}


static int job_fail(job_ctx *c, kcv_job_status st, const char *fmt, const char *a, const char *b)
{
    c->res.o.status = st;
    snprintf(c->res.o.message, sizeof c->res.o.message, fmt, a, b);
    return -1;
}

static int arena_ensure(job_ctx *c, size_t total)
{
    char err[KCV_ERRLEN] = "";
    if (total <= W.arena_size && W.arena) return 0;
    if (W.arena) W.be->mem_free(W.arena, err);
    W.arena = 0;
    W.arena_size = 0;
    size_t want = align_up(total, (size_t)64 << 20);
    if (W.be->mem_alloc(&W.arena, want, err) != 0 &&
        (want = align_up(total, 4096), W.be->mem_alloc(&W.arena, want, err) != 0)) {
        W.arena = 0;
        c->res.o.status = KCV_JOB_OOM;
        snprintf(c->res.o.message, sizeof c->res.o.message,
                 "oom: a device arena of %zu bytes: %s", total, err);
        return -1;
    }
    W.arena_size = want;
    return 0;
}

/* A tiled buffer: its head from the memfd, then copies of what is there
 * already, doubling, so the bytes repeat the head (device bandwidth, not
 * the host's). */
static int upload_tiled(kcv_dptr d, const kcv_job_buf *b, const char *head, char *err)
{
    if (W.be->htod(d, head, b->tile, err)) return -1;
    for (size_t have = b->tile; have < b->nbytes; have *= 2) {
        size_t n = b->nbytes - have < have ? b->nbytes - have : have;
        if (W.be->dtod(d + have, d, n, err)) return -1;
    }
    return 0;
}

/* A sampled buffer's elements into the memfd, one after another: a copy
 * per run of consecutive indices. */
static int download_sampled(job_ctx *c, kcv_dptr d, const kcv_job_buf *b, char *to, char *err)
{
    const uint64_t *ix = c->j.samples + b->sample_at;
    size_t sz = b->itemsize;
    for (size_t k = 0, run; k < b->nsample; k += run) {
        for (run = 1; k + run < b->nsample && ix[k + run] == ix[k] + run; run++) {}
        if (W.be->dtoh(to + k * sz, d + ix[k] * sz, run * sz, err)) return -1;
    }
    return 0;
}

static int job_upload(job_ctx *c)
{
    char err[KCV_ERRLEN] = "";
    const kcv_job *j = &c->j;
    size_t rz = j->redzone;
    uint8_t *pat = malloc(rz ? rz : 1);
    for (size_t k = 0; k < rz; k++) pat[k] = KCV_CANARY(k);
    int rc = 0;
    for (int i = 0; i < j->nbufs && rc == 0; i++) {
        kcv_dptr d = W.arena + c->start[i];
        const kcv_job_buf *b = &j->bufs[i];
        if (rz && (W.be->htod(d - rz, pat, rz, err) || W.be->htod(d + b->nbytes, pat, rz, err)))
            rc = -1;
        else if (b->tile) rc = upload_tiled(d, b, c->map + c->mfd_off[i], err);
        else if (b->nsample) rc = W.be->memset8(d, (uint8_t)(b->poison >= 0 ? b->poison : 0), b->nbytes, err);
        else if (b->poison >= 0) rc = W.be->memset8(d, (uint8_t)b->poison, b->nbytes, err);
        else if (b->nbytes) rc = W.be->htod(d, c->map + c->mfd_off[i], b->nbytes, err);
    }
    free(pat);
    if (rc) { c->restart = 1; return job_fail(c, KCV_JOB_KERNEL_ERROR, "upload: %.3900s%s", err, ""); }
    return 0;
}

static int job_launches(job_ctx *c)
{
    char err[KCV_ERRLEN] = "";
    const kcv_job *j = &c->j;
    for (int rep = 0; rep < j->repeats; rep++)
        for (int l = 0; l < j->nlaunches; l++) {
            const kcv_job_launch *L = &j->launches[l];
            uint64_t vals[KCV_MAXPARAMS];
            void *args[KCV_MAXPARAMS];
            launch_args(c, L, vals, args);
            if (L->fid < 0 || (size_t)L->fid >= W.nfns)
                return job_fail(c, KCV_JOB_LAUNCH_ERROR, "launch of %s: unknown function id%s", L->name, "");
            if (W.be->launch(W.fns[L->fid].f, &L->cfg, args, L->ptypes, L->nparams, err) != 0) {
                /* A launch can fail on an error an earlier kernel left in the
                 * context (sticky); a fresh worker is cheap, a poisoned one
                 * fails every later job. */
                c->restart = 1;
                return job_fail(c, KCV_JOB_LAUNCH_ERROR, "launch of %.127s: %.3900s", L->name, err);
            }
        }
    /* The outputs are read when the main stream is done: work left on the
     * side stream, unjoined, may still be running (as for the kernel's
     * caller); job_settle waits for it after the download. */
    int rc = c->streams && W.be->sync_stream ? W.be->sync_stream(KCV_STREAM_MAIN, err)
                                             : W.be->synchronize(err);
    if (rc != 0) {
        c->restart = 1;   /* a sticky error poisons the context */
        return job_fail(c, KCV_JOB_KERNEL_ERROR, "%.3900s%s", err, "");
    }
    if (!c->streams) c->synced = 1;
    return 0;
}

/* After the download: wait for everything (the side stream too), so that
 * the worker is clean for the next job.  Side work that fails now failed
 * in this job. */
static int job_settle(job_ctx *c)
{
    char err[KCV_ERRLEN] = "";
    if (c->synced) return 0;
    c->synced = 1;
    if (W.be->synchronize(err) != 0) {
        c->restart = 1;
        return job_fail(c, KCV_JOB_KERNEL_ERROR, "%.3900s%s", err, "");
    }
    return 0;
}

static void check_guard(job_ctx *c, int i, int after, const uint8_t *g, size_t rz)
{
    for (size_t d = 0; d < rz; d++) {
        size_t pos = after ? d : rz - 1 - d;      /* nearest the data first */
        if (g[pos] == KCV_CANARY(pos)) continue;
        c->res.viol_total++;
        if (c->res.nviol < KCV_MAXVIOL)
            c->res.viol[c->res.nviol++] = (kcv_viol){i, after, d, g[pos], KCV_CANARY(pos)};
        return;
    }
}

static int job_download(job_ctx *c)
{
    char err[KCV_ERRLEN] = "";
    const kcv_job *j = &c->j;
    size_t rz = j->redzone;
    uint8_t *g = malloc(rz ? rz : 1);
    int rc = 0;
    for (int i = 0; i < j->nbufs && rc == 0; i++) {
        kcv_dptr d = W.arena + c->start[i];
        const kcv_job_buf *b = &j->bufs[i];
        size_t n = b->nbytes;
        if (n && b->nsample) rc = download_sampled(c, d, b, c->map + c->mfd_off[i], err);
        else if (n && !b->scratch && !b->tile) rc = W.be->dtoh(c->map + c->mfd_off[i], d, n, err);
        if (rc) break;
        if (!rz) continue;
        if ((rc = W.be->dtoh(g, d - rz, rz, err))) break;
        check_guard(c, i, 0, g, rz);
        if ((rc = W.be->dtoh(g, d + n, rz, err))) break;
        check_guard(c, i, 1, g, rz);
    }
    free(g);
    if (rc) { c->restart = 1; return job_fail(c, KCV_JOB_KERNEL_ERROR, "download: %.3900s%s", err, ""); }
    return 0;
}

static int cmp_ms(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Every launch of the job on the main stream: a device timer may bracket them. */
static int all_main(const kcv_job *j)
{
    for (int l = 0; l < j->nlaunches; l++)
        if (j->launches[l].cfg.stream != KCV_STREAM_MAIN) return 0;
    return 1;
}

/* One repeat of a launch list: between the device timer's events when the
 * backend has one (an L2 flush first, `fill` varying so no write is
 * elided), else wall clock around the launches and a synchronize. */
static int time_list(job_ctx *c, int fill, double *ms, char *err)
{
    const kcv_job *j = &c->j;
    uint64_t vals[KCV_MAXPARAMS];
    void *args[KCV_MAXPARAMS];
    int timer = W.be->timer_begin && W.be->timer_end && all_main(j);
    size_t flush = j->flush ? (size_t)256 << 20 : 0;
    double t0 = now();
    if (timer && W.be->timer_begin(fill >= 0 ? flush : 0, fill, err) != 0) return -1;
    for (int l = 0; l < j->nlaunches; l++) {
        const kcv_job_launch *L = &j->launches[l];
        launch_args(c, L, vals, args);
        if (W.be->launch(W.fns[L->fid].f, &L->cfg, args, L->ptypes, L->nparams, err) != 0) return -1;
    }
    if (timer) return W.be->timer_end(ms, err);
    if (W.be->synchronize(err) != 0) return -1;
    *ms = (now() - t0) * 1e3;
    return 0;
}

/* The p-quantile of n sorted values, interpolated between neighbours
 * (p = 0.5: the median; an even n averages the middle two). */
static double quantile(const double *t, int n, double p)
{
    double pos = p * (n - 1);
    int lo = (int)pos;
    if (lo >= n - 1) return t[n - 1];
    return t[lo] + (pos - lo) * (t[lo + 1] - t[lo]);
}

/* One launch: the backend's own timer (events on a GPU).  A launch list:
 * time_list per repeat.  Of the repeats after the warm-up: the median,
 * and the first and third quartiles (their spread is kcv tune's noise). */
static void job_time(job_ctx *c)
{
    char err[KCV_ERRLEN] = "";
    const kcv_job *j = &c->j;
    uint64_t vals[KCV_MAXPARAMS];
    void *args[KCV_MAXPARAMS];
    double *t = malloc(sizeof(double) * (size_t)j->reps);
    if (!t) return;
    int rc = 0;
    if (j->nlaunches == 1 && W.be->time_launch && j->launches[0].cfg.stream == KCV_STREAM_MAIN) {
        const kcv_job_launch *L = &j->launches[0];
        launch_args(c, L, vals, args);
        rc = W.be->time_launch(W.fns[L->fid].f, &L->cfg, args, L->ptypes, L->nparams, j->warmup,
                               j->reps, j->flush ? (size_t)256 << 20 : 0, t, err);
    } else {
        for (int r = -j->warmup; r < j->reps && rc == 0; r++) {
            double one = 0;
            rc = time_list(c, r >= 0 ? (r & 0xff) : -1, &one, err);
            if (r >= 0) t[r] = one;
        }
    }
    if (rc != 0) {   /* the outputs are already downloaded; say why there is no time */
        c->restart = 1;
        snprintf(c->res.o.message, sizeof c->res.o.message, "timing failed: %.3900s", err);
        free(t);
        return;
    }
    qsort(t, (size_t)j->reps, sizeof *t, cmp_ms);
    c->res.ms = quantile(t, j->reps, 0.5);
    c->res.ms_q1 = quantile(t, j->reps, 0.25);
    c->res.ms_q3 = quantile(t, j->reps, 0.75);
    free(t);
}

static void do_job(rbuf *r, int mfd)
{
    job_ctx c;
    memset(&c, 0, sizeof c);
    c.res.ms = -1;
    wbuf out = {0};
    size_t total_mfd = 0;
    int bad = get(r, &c.j, sizeof c.j);
    c.j.bufs = NULL;            /* the parent's pointers mean nothing here */
    c.j.launches = NULL;
    c.j.samples = NULL;
    uint64_t *samples = NULL;
    if (bad || c.j.nbufs < 0 || c.j.nlaunches < 1 || mfd < 0) {
        c.res.o.status = KCV_JOB_LAUNCH_ERROR;
        snprintf(c.res.o.message, sizeof c.res.o.message, "malformed job request");
        goto done;
    }
    c.j.bufs = calloc((size_t)c.j.nbufs + 1, sizeof *c.j.bufs);
    c.j.launches = calloc((size_t)c.j.nlaunches, sizeof *c.j.launches);
    c.start = calloc((size_t)c.j.nbufs + 1, sizeof(size_t));
    c.mfd_off = calloc((size_t)c.j.nbufs + 1, sizeof(size_t));
    bad = get(r, c.j.bufs, sizeof *c.j.bufs * (size_t)c.j.nbufs) ||
          get(r, c.j.launches, sizeof *c.j.launches * (size_t)c.j.nlaunches);
    if (!bad && c.j.nsamples) {
        samples = malloc(sizeof *samples * c.j.nsamples);
        bad = !samples || get(r, samples, sizeof *samples * c.j.nsamples);
        c.j.samples = samples;
    }
    for (int i = 0; !bad && i < c.j.nbufs; i++) {
        const kcv_job_buf *b = &c.j.bufs[i];
        bad |= b->tile > b->nbytes;
        bad |= b->nsample && (b->itemsize == 0 || b->sample_at > c.j.nsamples ||
                              b->nsample > c.j.nsamples - b->sample_at);
        for (size_t k = 0; !bad && k < b->nsample; k++)
            bad |= samples[b->sample_at + k] >= b->nbytes / b->itemsize;
    }
    for (int l = 0; !bad && l < c.j.nlaunches; l++) {
        const kcv_job_launch *L = &c.j.launches[l];
        bad |= L->nparams < 0 || L->nparams > KCV_MAXPARAMS;
        bad |= L->cfg.stream != KCV_STREAM_MAIN && L->cfg.stream != KCV_STREAM_SIDE;
        if (L->cfg.stream == KCV_STREAM_SIDE) c.streams = 1;
        for (int p = 0; !bad && p < L->nparams; p++)
            bad |= L->ptypes[p] == KCV_P_PTR && L->vals[p] >= (uint64_t)c.j.nbufs;
    }
    if (bad) {
        c.res.o.status = KCV_JOB_LAUNCH_ERROR;
        snprintf(c.res.o.message, sizeof c.res.o.message, "malformed job request");
        goto done;
    }
    size_t cur = c.j.placement;
    for (int i = 0; i < c.j.nbufs; i++) {
        c.mfd_off[i] = total_mfd;
        total_mfd += mfd_span(&c.j.bufs[i]);
        c.start[i] = align_up(cur + c.j.redzone, 256) + c.j.bufs[i].offset;
        cur = c.start[i] + c.j.bufs[i].nbytes + c.j.redzone;
        if (i < KCV_MAXPARAMS) c.res.addr[i] = 0;
    }
    if (total_mfd) {
        /* populated in one go: the pages exist (the parent wrote them) */
        c.map = mmap(NULL, total_mfd, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, mfd, 0);
        if (c.map == MAP_FAILED) {
            c.map = NULL;
            job_fail(&c, KCV_JOB_OOM, "cannot map the job's %s buffer bytes%s", "", "");
            goto done;
        }
    }
    char err[KCV_ERRLEN];
    if (arena_ensure(&c, cur + 256) != 0) goto done;
    for (int i = 0; i < c.j.nbufs && i < KCV_MAXPARAMS; i++) c.res.addr[i] = W.arena + c.start[i];
    if (c.j.dirty >= 0 && W.be->memset8(W.arena, (uint8_t)c.j.dirty, cur, err) != 0) {
        job_fail(&c, KCV_JOB_KERNEL_ERROR, "filling the arena: %.3900s%s", err, "");
        goto done;
    }
    /* Where kernels run after others their shared memory is never clean,
     * and a kernel that reads slots it never wrote must show it in every
     * gate, not only after some other kernel happened to run (the red
     * team's sum_uninit_smem): garbage there first, the dirty byte when
     * the job asks for one (0x7F7F7F7F: 3.4e38 as a float). */
    int smem_byte = c.j.dirty >= 0 ? c.j.dirty : 0x7F;
    if (W.be->dirty_shared && W.be->dirty_shared((uint8_t)smem_byte, err) != 0) {
        job_fail(&c, KCV_JOB_KERNEL_ERROR, "filling shared memory: %.3900s%s", err, "");
        goto done;
    }
    if (job_upload(&c) || job_launches(&c) || job_download(&c) || job_settle(&c)) goto done;
    if (c.j.timed) job_time(&c);
done:
    /* no side work outlives its job (one that failed half-way, timing) */
    if (c.streams && !c.restart && W.be->synchronize(err) != 0) c.restart = 1;
    if (c.map) munmap(c.map, total_mfd);
    if (mfd >= 0) close(mfd);
    put(&out, &c.res, sizeof c.res);
    reply((c.restart ? RP_RESTART : 0) | RP_OK, &out);
    free(out.p);
    free(c.j.bufs); free(c.j.launches); free(c.start); free(c.mfd_off); free(samples);
    if (c.restart) _exit(0);
}

/* Address space already mapped, so the limit is headroom on top of it. */
static void limit_memory(size_t limit)
{
    if (!limit) return;
    unsigned long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) { if (fscanf(f, "%lu", &pages) != 1) pages = 0; fclose(f); }
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = (rlim_t)(pages * (unsigned long)sysconf(_SC_PAGESIZE) + limit);
    setrlimit(RLIMIT_AS, &rl);
}

static kcv_worker workers[2];

static void __attribute__((noreturn)) child_main(kcv_worker *w, int fd)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    for (size_t i = 0; i < sizeof workers / sizeof workers[0]; i++)
        if (workers[i].pid > 0) close(workers[i].fd);
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, SIG_DFL);    /* not kcv's REPL handler: Ctrl-C ends a worker */
    W.be = w->be;
    W.fd = fd;
    if (strcmp(w->be->name, "cpu") == 0) limit_memory(w->mem_limit);
    char err[KCV_ERRLEN] = "";
    kcv_device_info info;
    memset(&info, 0, sizeof info);
    if (!w->be->init || w->be->init(err) != 0 ||
        (w->be->device_info && w->be->device_info(&info, err) != 0)) {
        wbuf b = {0};
        put_str(&b, err, strlen(err));
        reply(RP_FAIL, &b);
        _exit(0);
    }
    wbuf b = {0};
    put(&b, &info, sizeof info);
    reply(RP_OK, &b);
    free(b.p);
    for (;;) {
        hdr h;
        int mfd = -1;
        if (read_deadline(fd, &h, sizeof h, -1, &mfd) != 0) _exit(0);
        char *p = malloc(h.len ? h.len : 1);
        if (!p || read_deadline(fd, p, h.len, -1, NULL) != 0) _exit(0);
        rbuf r = {p, h.len, 0};
        switch (h.op) {
        case OP_LOAD: do_load(&r); break;
        case OP_ATTRS: do_attrs(&r); break;
        case OP_JOB: do_job(&r, mfd); mfd = -1; break;
        case OP_OCCUPANCY: do_occupancy(&r); break;
        default: reply_text(RP_FAIL, -1, "unknown request");
        }
        if (mfd >= 0) close(mfd);
        free(p);
    }
}

/* ============================ parent side ================================== */

kcv_worker *kcv_worker_for(const char *backend)
{
    const kcv_backend *be = kcv_backend_byname(backend);
    if (!be) return NULL;
    kcv_worker *w = &workers[be == &kcv_backend_cpu ? 0 : 1];
    if (!w->be) {
        w->be = be;
        w->mem_limit = (size_t)8 << 30;
        const char *env = getenv("KCV_CPU_MEMLIMIT");
        if (env && *env) {
            char *end;
            double v = strtod(env, &end);
            double mul = *end == 'G' || *end == 'g' ? 1073741824.0 : *end == 'M' || *end == 'm' ? 1048576.0 : 1;
            if (v >= 0) w->mem_limit = (size_t)(v * mul);
        }
    }
    return w;
}

/* Reap a dead or killed worker and describe how it ended. */
static void reap(kcv_worker *w, int killed_by_us, const char *what, kcv_outcome *o)
{
    int st = 0;
    if (killed_by_us) kill(w->pid, SIGKILL);
    while (waitpid(w->pid, &st, 0) < 0 && errno == EINTR) {}
    close(w->fd);
    w->pid = 0;
    w->fd = -1;
    if (!o) return;
    o->sig = 0;
    if (killed_by_us) {
        o->status = KCV_JOB_TIMEOUT;
        snprintf(o->message, sizeof o->message, "timeout: %s did not finish in time; the worker was killed", what);
    } else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL) {
        o->status = KCV_JOB_OOM;
        o->sig = SIGKILL;
        snprintf(o->message, sizeof o->message, "%s: the worker was killed (SIGKILL), most likely out of memory", what);
    } else if (WIFSIGNALED(st)) {
        o->status = KCV_JOB_CRASH;
        o->sig = WTERMSIG(st);
        snprintf(o->message, sizeof o->message, "crash: %s killed the worker with signal %d (%s)",
                 what, o->sig, strsignal(o->sig));
    } else {
        o->status = KCV_JOB_CRASH;
        snprintf(o->message, sizeof o->message, "crash: the worker exited with status %d during %s",
                 WIFEXITED(st) ? WEXITSTATUS(st) : -1, what);
    }
}

void kcv_worker_stop(kcv_worker *w)
{
    if (w->pid > 0) reap(w, 1, "stop", NULL);
}

/* Receive one reply; on failure reap the worker and fill o. */
static int recv_reply(kcv_worker *w, double timeout, const char *what,
                      uint32_t *status, char **payload, uint32_t *len, kcv_outcome *o)
{
    double deadline = timeout > 0 ? now() + timeout : -1;
    hdr h;
    int rc = read_deadline(w->fd, &h, sizeof h, deadline, NULL);
    char *p = NULL;
    if (rc == 0) {
        p = malloc(h.len ? h.len : 1);
        rc = p ? read_deadline(w->fd, p, h.len, deadline, NULL) : -1;
    }
    if (rc != 0) {
        free(p);
        reap(w, rc == -2, what, o);
        return -1;
    }
    *status = h.op;
    *payload = p;
    *len = h.len;
    return 0;
}

int kcv_worker_start(kcv_worker *w, char *err)
{
    if (w->pid > 0) return 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        snprintf(err, KCV_ERRLEN, "socketpair: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, KCV_ERRLEN, "fork: %s", strerror(errno));
        close(sv[0]); close(sv[1]);
        return -1;
    }
    if (pid == 0) { close(sv[0]); child_main(w, sv[1]); }
    close(sv[1]);
    w->pid = pid;
    w->fd = sv[0];
    w->gen++;
    uint32_t st, len;
    char *p;
    kcv_outcome o;
    if (recv_reply(w, 120, "starting the worker", &st, &p, &len, &o) != 0) {
        snprintf(err, KCV_ERRLEN, "%s", o.message);
        return -1;
    }
    if (st != RP_OK) {
        rbuf r = {p, len, 0};
        size_t n = 0;
        const char *s = get_str(&r, &n);
        snprintf(err, KCV_ERRLEN, "%.*s", s ? (int)n : 0, s ? s : "");
        free(p);
        reap(w, 0, "init", NULL);
        return -1;
    }
    memcpy(&w->info, p, len < sizeof w->info ? len : sizeof w->info);
    free(p);
    return 0;
}

/* Send a request, starting the worker when needed. */
static int request(kcv_worker *w, uint32_t op, wbuf *b, int passfd, kcv_outcome *o)
{
    char err[KCV_ERRLEN];
    if (kcv_worker_start(w, err) != 0) {
        o->status = KCV_JOB_LAUNCH_ERROR;
        o->sig = 0;
        snprintf(o->message, sizeof o->message, "%s", err);
        return -1;
    }
    if (send_msg(w->fd, op, b->p, b->n, passfd) != 0) {
        reap(w, 0, "sending a request", o);
        return -1;
    }
    return 0;
}

static double load_timeout(void)
{
    const char *e = getenv("KCV_LOAD_TIMEOUT");
    return e && atof(e) > 0 ? atof(e) : 600;
}

int kcv_worker_load(kcv_worker *w, kcv_srckind kind, const char *path,
                    const char *code, size_t len, const char *options,
                    const char *name, int *fid, kcv_outcome *out)
{
    wbuf b = {0};
    uint32_t k = (uint32_t)kind;
    size_t on = 0;
    if (options) while (options[on]) on += strlen(options + on) + 1;
    put(&b, &k, 4);
    put_str(&b, path, strlen(path));
    put_str(&b, code, len);
    if (on) { put_u32(&b, (uint32_t)on + 1); put(&b, options, on + 1); }
    else put_u32(&b, 0);
    put_str(&b, name, strlen(name));
    int rc = request(w, OP_LOAD, &b, -1, out);
    free(b.p);
    if (rc) return -1;
    uint32_t st, n;
    char *p;
    char what[300];
    snprintf(what, sizeof what, "loading %s", path);
    if (recv_reply(w, load_timeout(), what, &st, &p, &n, out) != 0) return -1;
    rbuf r = {p, n, 0};
    int32_t id = -1;
    size_t mn = 0;
    get(&r, &id, 4);
    const char *msg = get_str(&r, &mn);
    snprintf(out->message, sizeof out->message, "%.*s", msg ? (int)mn : 0, msg ? msg : "");
    out->status = KCV_JOB_OK;
    out->sig = 0;
    free(p);
    *fid = id;
    return st == RP_OK ? 0 : st == RP_NEEDS_DEVICE ? 2 : 1;
}

/* A failure reply carries {id, message}: the message into out. */
static void reply_message(char *p, uint32_t n, kcv_outcome *out)
{
    rbuf r = {p, n, 0};
    int32_t id;
    size_t mn = 0;
    get(&r, &id, 4);
    const char *msg = get_str(&r, &mn);
    snprintf(out->message, sizeof out->message, "%.*s", msg ? (int)mn : 0, msg ? msg : "");
    out->status = KCV_JOB_OK;
    out->sig = 0;
}

int kcv_worker_attrs(kcv_worker *w, int fid, kcv_func_attrs *a, kcv_outcome *out)
{
    wbuf b = {0};
    int32_t id = fid;
    put(&b, &id, 4);
    int rc = request(w, OP_ATTRS, &b, -1, out);
    free(b.p);
    if (rc) return -1;
    uint32_t st, n;
    char *p;
    if (recv_reply(w, 60, "querying attributes", &st, &p, &n, out) != 0) return -1;
    if (st == RP_OK) { memcpy(a, p, n < sizeof *a ? n : sizeof *a); free(p); return 0; }
    reply_message(p, n, out);
    free(p);
    return 1;
}

int kcv_worker_occupancy(kcv_worker *w, int fid, int block_threads, size_t dyn_smem,
                         int *blocks_per_sm, kcv_outcome *out)
{
    wbuf b = {0};
    int32_t id = fid, threads = block_threads;
    uint64_t smem = dyn_smem;
    put(&b, &id, 4);
    put(&b, &threads, 4);
    put(&b, &smem, 8);
    int rc = request(w, OP_OCCUPANCY, &b, -1, out);
    free(b.p);
    if (rc) return -1;
    uint32_t st, n;
    char *p;
    if (recv_reply(w, 60, "querying occupancy", &st, &p, &n, out) != 0) return -1;
    if (st == RP_OK && n >= 4) {
        int32_t v;
        memcpy(&v, p, 4);
        *blocks_per_sm = v;
        free(p);
        return 0;
    }
    reply_message(p, n, out);
    free(p);
    return st == RP_NEEDS_DEVICE ? 2 : 1;
}

/* Jobs up to this many bytes share one memfd, kept mapped here from job to
 * job: its pages are allocated, zeroed and faulted in once, not at every
 * job (on the cpu backend that was a tenth of a gdn control's CPU time).
 * Larger jobs get a memfd of their own, gone when the job is. */
#define KEEP_MEMFD ((size_t)256 << 20)

static struct { int fd; char *map; size_t size; } kept = {-1, NULL, 0};

/* A memfd of at least t bytes and its mapping: the kept one when t fits
 * KEEP_MEMFD (*own = 0), else a new one (*own = 1).  -1 and o on failure. */
static int job_memfd(size_t t, char **map, int *own, kcv_outcome *o)
{
    int fd = -1;
    *map = NULL;
    *own = t > KEEP_MEMFD;
    if (!*own && kept.fd >= 0 && t <= kept.size) { *map = kept.map; return kept.fd; }
    if (!*own && kept.fd >= 0) {                     /* grow the kept one */
        if (kept.map) munmap(kept.map, kept.size);
        kept.map = NULL;
        kept.size = 0;
        fd = kept.fd;
    } else fd = memfd_create("kcv-job", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)t) != 0) goto fail;
    if (t) {
        *map = mmap(NULL, t, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (*map == MAP_FAILED) {
            *map = NULL;
            if (!*own) { close(fd); kept.fd = -1; }
            else close(fd);
            o->status = KCV_JOB_OOM;
            snprintf(o->message, sizeof o->message, "cannot map %zu bytes of shared memory: %s", t, strerror(errno));
            return -1;
        }
    }
    if (!*own) {
        if (*map) madvise(*map, t, MADV_DONTFORK);   /* not in the worker, nor in a compiler */
        kept.fd = fd;
        kept.map = *map;
        kept.size = t;
    }
    return fd;
fail:
    if (fd >= 0) close(fd);
    if (!*own) kept.fd = -1;
    o->status = KCV_JOB_OOM;
    snprintf(o->message, sizeof o->message, "cannot create %zu bytes of shared memory: %s", t, strerror(errno));
    return -1;
}

/* The job's buffer bytes in a memfd, 64-byte aligned one after another. */
static int make_memfd(const kcv_job *j, char **map, size_t *total, int *own, kcv_outcome *o)
{
    size_t t = 0;
    for (int i = 0; i < j->nbufs; i++) t += mfd_span(&j->bufs[i]);
    int fd = job_memfd(t, map, own, o);
    if (fd < 0) return -1;
    size_t off = 0;
    for (int i = 0; i < j->nbufs; i++) {
        const kcv_job_buf *b = &j->bufs[i];
        if (b->tile) kcv_copy_bytes(*map + off, b->host, b->tile);
        else if (b->poison < 0 && !b->nsample && mfd_span(b)) kcv_copy_bytes(*map + off, b->host, b->nbytes);
        off += mfd_span(&j->bufs[i]);
    }
    *total = t;
    return fd;
}

/* A sampled buffer's elements from the memfd to their places in its host
 * bytes; the others are left as they were. */
static void scatter_sampled(const kcv_job *j, const kcv_job_buf *b, const char *from)
{
    const uint64_t *ix = j->samples + b->sample_at;
    for (size_t k = 0; k < b->nsample; k++)
        memcpy((char *)b->host + ix[k] * b->itemsize, from + k * b->itemsize, b->itemsize);
}

int kcv_worker_job(kcv_worker *w, const kcv_job *job, kcv_job_result *res)
{
    memset(res, 0, sizeof *res);
    res->ms = -1;
    char *map;
    size_t total;
    int own;
    int mfd = make_memfd(job, &map, &total, &own, &res->o);
    if (mfd < 0) return -1;
    wbuf b = {0};
    put(&b, job, sizeof *job);
    put(&b, job->bufs, sizeof *job->bufs * (size_t)job->nbufs);
    put(&b, job->launches, sizeof *job->launches * (size_t)job->nlaunches);
    if (job->nsamples) put(&b, job->samples, sizeof *job->samples * job->nsamples);
    int rc = request(w, OP_JOB, &b, mfd, &res->o);
    free(b.p);
    if (own) close(mfd);
    uint32_t st = 0, n;
    char *p = NULL;
    char what[200];
    snprintf(what, sizeof what, "the job (%s%s)", job->launches[0].name,
             job->nlaunches > 1 ? ", ..." : "");
    /* The timeout is the kernels' (a hang); the copies of the job's bytes
     * (memfd, host to device and back) get their own allowance on top, at
     * a floor of 0.5 GB/s, so a tensor of 8 GB is not a hang. */
    double copies = (double)total / 5e8;
    if (rc == 0) rc = recv_reply(w, job->timeout + copies, what, &st, &p, &n, &res->o);
    /* the limit, so the message says what to raise (a sidecar's kernel.timeout) */
    if (rc != 0 && res->o.status == KCV_JOB_TIMEOUT)
        snprintf(res->o.message, sizeof res->o.message, "timeout: %s ran past its limit of %.3g s "
                 "(kernel.timeout; its bytes' copies had %.3g s more); the worker was killed",
                 what, job->timeout, copies);
    if (rc == 0) {
        memcpy(res, p, n < sizeof *res ? n : sizeof *res);
        free(p);
        res->shared_bytes = total;
        if (st & RP_RESTART) reap(w, 0, "restart", NULL);
        if (res->o.status == KCV_JOB_OK) {
            size_t off = 0;
            for (int i = 0; i < job->nbufs; i++) {
                const kcv_job_buf *jb = &job->bufs[i];
                if (jb->nsample) scatter_sampled(job, jb, map + off);
                else if (jb->nbytes && !jb->scratch && !jb->tile) kcv_copy_bytes(jb->host, map + off, jb->nbytes);
                off += mfd_span(jb);
            }
        }
    }
    if (own && map) munmap(map, total);
    return rc;
}
