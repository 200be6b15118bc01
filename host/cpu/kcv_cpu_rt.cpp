/*
 * kcv_cpu_rt.cpp — the fiber scheduler linked into every CPU kernel module.
 *
 * One launch: blocks in an order drawn from the seed, one at a time; the
 * threads of a block are fibers on their own stacks.  A fiber runs until it
 * reaches a barrier, a warp operation or its end, then switches back to the
 * scheduler, which lets the others catch up and resumes them in an order
 * drawn from the seed.  A warp operation completes when its last lane
 * arrives: that lane computes every lane's result before anyone resumes, so
 * results never depend on who reads first.
 *
 * On x86-64 the switch is a few instructions of assembly: the callee-saved
 * registers only.  MXCSR and the x87 control word are not switched (device
 * code has no way to change rounding modes), which keeps a switch cheap;
 * elsewhere ucontext.  Stack tops are staggered so that hundreds of fibers
 * do not all map their hot frames onto the same cache sets.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <sys/mman.h>
#include "kcv_cuda_cpu.h"   /* uint3, kcv_thread, the runtime's declarations */

/* KCV_UCONTEXT (a kernel option -DKCV_UCONTEXT) forces the portable
 * switch, so that path is tested on x86-64 too. */
#if defined(__x86_64__) && !defined(KCV_UCONTEXT)
#define KCV_ASM_SWITCH 1
#else
#include <ucontext.h>
#endif

extern "C" {
__attribute__((visibility("default"))) int kcv_rt_abi = KCV_RT_ABI;
kcv_thread *kcv__self;
uint3 kcv__blockIdx, kcv__blockDim, kcv__gridDim;
alignas(256) char kcv__dyn_smem[KCV_RT_MAX_DYN_SMEM];
/* the static __shared__ variables of the module (absent: none) */
extern char __start_kcv_shared[] __attribute__((weak, visibility("hidden")));
extern char __stop_kcv_shared[] __attribute__((weak, visibility("hidden")));
}

enum { F_RUN, F_BAR, F_WARP, F_DONE };

struct fiber {
    kcv_thread pub;             /* first: kcv__self points here */
    int state;
    unsigned lane, warp;
    int bar_pred, bar_result;
    uint64_t wval, wres;        /* warp op: this lane's value, its result */
    int warg;
    int act_site;               /* the __activemask call this lane waits in */
#ifdef KCV_ASM_SWITCH
    void *sp;
#else
    ucontext_t uc;
#endif
};

struct warp {
    unsigned arrived, done;     /* lanes waiting in the current op; exited lanes */
    unsigned mask;              /* lanes the current op waits for */
    int op, width;
    unsigned act;               /* lanes waiting in __activemask */
};

static struct {
    const kcv_rt_launch_t *a;
    fiber *f;                   /* nthreads fibers */
    warp *w;
    char *stacks;
    size_t stack_size, nstacks;
    unsigned n, alive, at_bar, cur;
    unsigned *run, nrun;        /* runnable fibers not yet resumed, in no order */
    int bar_op, bar_acc;
    int failed;
    uint64_t rng;
#ifdef KCV_ASM_SWITCH
    void *sched_sp;
#else
    ucontext_t sched_uc;
#endif
} S;

/* ---- random order ------------------------------------------------------ */

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void shuffle(unsigned *v, unsigned n, uint64_t *s)
{
    for (unsigned i = n; i > 1; i--) {
        unsigned j = (unsigned)(((splitmix(s) >> 32) * i) >> 32);   /* in [0, i) */
        unsigned t = v[i - 1]; v[i - 1] = v[j]; v[j] = t;
    }
}

/* ---- context switch ------------------------------------------------------ */

#ifdef KCV_ASM_SWITCH
extern "C" void kcv__swap(void **save, void *to);
extern "C" void kcv__tramp(void);
__asm__(
    ".text\n"
    ".p2align 4\n"
    "kcv__swap:\n"
    "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
    "  ret\n"
    ".p2align 4\n"
    "kcv__tramp:\n"
    "  movq %r12, %rdi\n"
    "  callq *%r13\n"
    "  ud2\n");

static void to_fiber(fiber *f) { kcv__swap(&S.sched_sp, f->sp); }
static void fiber_to_sched(fiber *f) { kcv__swap(&f->sp, S.sched_sp); }
static void fiber_to_fiber(fiber *f, fiber *g) { kcv__swap(&f->sp, g->sp); }
#else
static void to_fiber(fiber *f) { swapcontext(&S.sched_uc, &f->uc); }
static void fiber_to_sched(fiber *f) { swapcontext(&f->uc, &S.sched_uc); }
static void fiber_to_fiber(fiber *f, fiber *g) { swapcontext(&f->uc, &g->uc); }
#endif

/* Runnable fibers wait in one list; the next to resume is drawn from it
 * with the seed's generator, so every resumption, not just every round, is
 * part of the schedule, and picking costs O(1). */
static void make_runnable(unsigned i)
{
    S.f[i].state = F_RUN;
    S.run[S.nrun++] = i;
}

/* The next fiber to resume (made current), or NULL. */
static fiber *next_fiber(void)
{
    if (S.failed || S.nrun == 0) return NULL;
    unsigned j = (unsigned)(((splitmix(&S.rng) >> 32) * S.nrun) >> 32);
    unsigned i = S.run[j];
    S.run[j] = S.run[--S.nrun];
    S.cur = i;
    kcv__self = &S.f[i].pub;
    return &S.f[i];
}

/* A fiber that blocks or ends hands over straight to the next one (half
 * the switches of going through the scheduler). */
static void to_sched(fiber *f)
{
    fiber *g = next_fiber();
    if (g) fiber_to_fiber(f, g);
    else fiber_to_sched(f);
}

static void warp_try(warp *w);
static void act_try(warp *w, int diverged);

static void fiber_main(fiber *f)
{
    S.a->body(S.a->ctx);
    f->state = F_DONE;
    S.alive--;
    warp *w = &S.w[f->warp];
    w->done |= 1u << f->lane;
    warp_try(w);          /* lanes waiting on this one go on without it */
    act_try(w, 0);
    to_sched(f);
    abort();   /* a finished fiber is never resumed */
}

#ifdef KCV_ASM_SWITCH
static void fiber_init(fiber *f, char *stack_lo, size_t size)
{
    size_t stagger = ((size_t)(f - S.f) * 320) % 4096;
    uintptr_t top = ((uintptr_t)(stack_lo + size - stagger) & ~(uintptr_t)15) - 16;
    void **sp = (void **)top;
    *--sp = (void *)kcv__tramp;          /* ret target; rsp = top afterwards */
    *--sp = 0;                           /* rbp */
    *--sp = 0;                           /* rbx */
    *--sp = (void *)f;                   /* r12: argument */
    *--sp = (void *)fiber_main;          /* r13: function */
    *--sp = 0; *--sp = 0;                /* r14, r15 */
    f->sp = sp;
}
#else
static void fiber_init(fiber *f, char *stack_lo, size_t size)
{
    getcontext(&f->uc);
    f->uc.uc_stack.ss_sp = stack_lo;
    f->uc.uc_stack.ss_size = size;
    f->uc.uc_link = NULL;
    makecontext(&f->uc, (void (*)(void))fiber_main, 1, f);
}
#endif

/* ---- errors ----------------------------------------------------------------- */

static void fail(const char *fmt, ...)
{
    if (S.failed) return;
    S.failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(S.a->err, S.a->errlen, fmt, ap);
    va_end(ap);
}

extern "C" void kcv__trap(const char *why)
{
    fiber *f = &S.f[S.cur];
    fail("%s in block (%u,%u,%u) thread (%u,%u,%u)", why, kcv__blockIdx.x,
         kcv__blockIdx.y, kcv__blockIdx.z, f->pub.tid.x, f->pub.tid.y, f->pub.tid.z);
    f->state = F_BAR;       /* parked for good: the launch stops */
    to_sched(f);
    abort();
}

/* ---- block barrier ----------------------------------------------------- */

static int wait_bar(int op, int pred)
{
    fiber *f = &S.f[S.cur];
    if (S.at_bar == 0) { S.bar_op = op; S.bar_acc = op == KCV_BAR_AND ? 1 : 0; }
    if (op == KCV_BAR_COUNT) S.bar_acc += pred != 0;
    else if (op == KCV_BAR_AND) S.bar_acc &= pred != 0;
    else if (op == KCV_BAR_OR) S.bar_acc |= pred != 0;
    f->state = F_BAR;
    S.at_bar++;
    to_sched(f);
    return f->bar_result;
}

extern "C" void kcv__syncthreads(void) { wait_bar(0, 0); }
extern "C" int kcv__syncthreads_op(int op, int pred) { return wait_bar(op, pred); }

/* Everyone still running is at the barrier: let them all go. */
static void release_bar(void)
{
    for (unsigned i = 0; i < S.n; i++)
        if (S.f[i].state == F_BAR) { make_runnable(i); S.f[i].bar_result = S.bar_acc; }
    S.at_bar = 0;
}

/* ---- warp operations -------------------------------------------------------- */

/* Compute every waiting lane's result, then release them. */
static void warp_complete(warp *w, unsigned wi)
{
    fiber *lanes = &S.f[wi * 32];
    unsigned nl = S.n - wi * 32 < 32 ? S.n - wi * 32 : 32;
    unsigned ballot = 0;
    uint64_t radd = 0, rmin = ~0ull, rmax = 0, rand = ~0ull, ror = 0, rxor = 0, first = 0;
    int same = 1, nfirst = 0;
    int64_t smin = INT32_MAX, smax = INT32_MIN;
    for (unsigned l = 0; l < nl; l++) {
        if (!(w->arrived >> l & 1)) continue;
        uint64_t v = lanes[l].wval;
        if (v) ballot |= 1u << l;
        radd += (uint32_t)v;
        if ((uint32_t)v < rmin) rmin = (uint32_t)v;
        if ((uint32_t)v > rmax) rmax = (uint32_t)v;
        if ((int32_t)v < smin) smin = (int32_t)v;
        if ((int32_t)v > smax) smax = (int32_t)v;
        rand &= v; ror |= v; rxor ^= v;
        if (nfirst++ == 0) first = v;
        else same &= v == first;
    }
    for (unsigned l = 0; l < nl; l++) {
        if (!(w->arrived >> l & 1)) continue;
        fiber *f = &lanes[l];
        int width = w->width, seg = l & ~(unsigned)(width - 1), pos = (int)(l - seg);
        int src = -1;
        switch (w->op) {
        case KCV_W_IDX: src = seg + ((f->warg % width) + width) % width; break;
        case KCV_W_UP: src = pos - f->warg >= 0 ? (int)l - f->warg : -1; break;
        case KCV_W_DOWN: src = pos + f->warg < width ? (int)l + f->warg : -1; break;
        case KCV_W_XOR: {
            /* shfl.bfly: any lane up to the end of the own group, so an
             * earlier group is reachable, a later one is not */
            int j = (int)l ^ f->warg;
            src = j >= 0 && j < seg + width ? j : -1;
            break;
        }
        }
        switch (w->op) {
        case KCV_W_IDX: case KCV_W_UP: case KCV_W_DOWN: case KCV_W_XOR:
            /* a source lane outside the warp or not taking part: own value */
            f->wres = (src >= 0 && (unsigned)src < nl && (w->arrived >> src & 1))
                      ? lanes[src].wval : f->wval;
            break;
        case KCV_W_BALLOT: f->wres = ballot; break;
        case KCV_W_ALL: f->wres = (ballot & w->arrived) == w->arrived; break;
        case KCV_W_ANY: f->wres = ballot != 0; break;
        case KCV_W_RADD: f->wres = (uint32_t)radd; break;
        case KCV_W_RMIN: f->wres = rmin; break;
        case KCV_W_RMAX: f->wres = rmax; break;
        case KCV_W_RMINS: f->wres = (uint32_t)(int32_t)smin; break;
        case KCV_W_RMAXS: f->wres = (uint32_t)(int32_t)smax; break;
        case KCV_W_RAND: f->wres = (uint32_t)rand; break;
        case KCV_W_ROR: f->wres = (uint32_t)ror; break;
        case KCV_W_RXOR: f->wres = (uint32_t)rxor; break;
        case KCV_W_MATCH_ANY: {
            unsigned eq = 0;
            for (unsigned k = 0; k < nl; k++)
                if ((w->arrived >> k & 1) && lanes[k].wval == f->wval) eq |= 1u << k;
            f->wres = eq;
            break;
        }
        case KCV_W_MATCH_ALL: f->wres = same ? (uint64_t)w->arrived | 1ull << 32 : 0; break;
        default: f->wres = 0;
        }
        if (f == &S.f[S.cur]) f->state = F_RUN;   /* the last to arrive goes straight on */
        else make_runnable(wi * 32 + l);
    }
    w->arrived = 0;
}

static void warp_try(warp *w)
{
    if (!w->arrived) return;
    unsigned need = w->mask & ~w->done;
    if ((w->arrived & need) == need) warp_complete(w, (unsigned)(w - S.w));
}

extern "C" uint64_t kcv__warp_op(int op, unsigned mask, uint64_t v, int arg, int width)
{
    fiber *f = &S.f[S.cur];
    warp *w = &S.w[f->warp];
    if (width <= 0 || width > 32 || (width & (width - 1)))
        kcv__trap("warp operation with a width that is not a power of two <= 32");
    if (!(mask >> f->lane & 1))
        kcv__trap("warp operation called by a lane outside its own mask");
    if (w->arrived == 0) { w->op = op; w->width = width; w->mask = mask; }
    else if (w->op != op)
        kcv__trap("divergent warp operations (lanes of one warp in different collectives)");
    else w->mask |= mask;
    f->wval = v;
    f->warg = arg;
    w->arrived |= 1u << f->lane;
    f->state = F_WARP;
    warp_try(w);
    if (f->state == F_WARP) to_sched(f);
    return f->wres;
}

/* __activemask: the lanes converged with the caller.  Fibers run one at
 * a time, so a lane that merely ran ahead must not count as gone: the
 * call waits until every lane of the warp that has not exited has come
 * to an __activemask (converged code: they all get the same mask, as on
 * a GPU), or, with diverged set, until nothing else can run (the
 * scheduler's call): the lanes blocked elsewhere, at a barrier or another
 * warp operation, took another path.  Each lane's mask is the lanes
 * waiting at the same call site (lanes at another one diverged). */
static void act_try(warp *w, int diverged)
{
    if (!w->act) return;
    unsigned wi = (unsigned)(w - S.w);
    unsigned nl = S.n - wi * 32 < 32 ? S.n - wi * 32 : 32;
    unsigned all = nl == 32 ? ~0u : (1u << nl) - 1;
    if (!diverged && (w->act | w->done) != all) return;
    fiber *lanes = &S.f[wi * 32];
    for (unsigned l = 0; l < nl; l++) {
        if (!(w->act >> l & 1)) continue;
        unsigned same = 0;
        for (unsigned k = 0; k < nl; k++)
            if ((w->act >> k & 1) && lanes[k].act_site == lanes[l].act_site) same |= 1u << k;
        lanes[l].wres = same;
    }
    for (unsigned l = 0; l < nl; l++) {
        if (!(w->act >> l & 1)) continue;
        if (!diverged && &lanes[l] == &S.f[S.cur]) lanes[l].state = F_RUN;   /* the last to come goes on */
        else make_runnable(wi * 32 + l);
    }
    w->act = 0;
}

/* Release every warp's pending __activemask; whether any was pending. */
static int act_release_all(void)
{
    int any = 0;
    for (unsigned wi = 0; wi < (S.n + 31) / 32; wi++) {
        any |= S.w[wi].act != 0;
        act_try(&S.w[wi], 1);
    }
    return any;
}

extern "C" unsigned kcv__activemask(int site)
{
    fiber *f = &S.f[S.cur];
    warp *w = &S.w[f->warp];
    f->act_site = site;
    w->act |= 1u << f->lane;
    f->state = F_WARP;
    act_try(w, 0);
    if (f->state == F_WARP) to_sched(f);
    return (unsigned)f->wres;
}

/* ---- one block ------------------------------------------------------------ */

static int run_block(unsigned *run)
{
    const kcv_rt_launch_t *a = S.a;
    S.run = run;
    S.nrun = 0;
    for (unsigned i = 0; i < S.n; i++) {
        fiber *f = &S.f[i];
        memset(f, 0, sizeof *f);
        f->pub.tid.x = i % a->block[0];
        f->pub.tid.y = (i / a->block[0]) % a->block[1];
        f->pub.tid.z = i / (a->block[0] * a->block[1]);
        f->lane = i % 32;
        f->warp = i / 32;
        fiber_init(f, S.stacks + (size_t)i * S.stack_size, S.stack_size);
        make_runnable(i);
    }
    memset(S.w, 0, sizeof(warp) * ((S.n + 31) / 32));
    S.alive = S.n;
    S.at_bar = 0;
    for (;;) {
        fiber *f = next_fiber();
        if (f) { to_fiber(f); continue; }   /* back when nothing is runnable */
        if (S.failed) return -1;
        if (S.alive == 0) return 0;
        if (act_release_all()) continue;    /* lanes in __activemask whose warp diverged */
        if (S.at_bar == S.alive) { release_bar(); continue; }
        fail("deadlock in block (%u,%u,%u): %u threads wait at __syncthreads, "
             "%u in warp operations whose lanes never arrive", kcv__blockIdx.x,
             kcv__blockIdx.y, kcv__blockIdx.z, S.at_bar, S.alive - S.at_bar);
        return -1;
    }
}

/* Writes past the launch's dynamic shared memory: on a GPU they fault or
 * land in another block's, here they would land in the rest of
 * kcv__dyn_smem unseen.  So the bytes after the launch's smem are a
 * guard: the first KCV_RT_GUARD of them whole, then one word every
 * KCV_RT_GUARD_STEP (a run of writes longer than that hits one), written
 * before each block and checked after it.  The pattern is fixed, not the
 * stale byte: a kernel that writes past its end rarely writes these bytes. */
#define KCV_RT_GUARD 4096
#define KCV_RT_GUARD_STEP 1024
static const uint64_t kcv_rt_guard_word = 0x6b63762d67756172ull;   /* "kcv-guar" */

template <class F>
static void guard_each(size_t smem, F f)
{
    size_t whole = smem + KCV_RT_GUARD < KCV_RT_MAX_DYN_SMEM ? smem + KCV_RT_GUARD : KCV_RT_MAX_DYN_SMEM;
    for (size_t at = smem; at + 8 <= whole; at += 8) f(at);
    for (size_t at = (whole + 7) / 8 * 8; at + 8 <= KCV_RT_MAX_DYN_SMEM; at += KCV_RT_GUARD_STEP) f(at);
}

static void guard_fill(size_t smem)
{
    guard_each(smem, [](size_t at) { memcpy(kcv__dyn_smem + at, &kcv_rt_guard_word, 8); });
}

/* The first byte past smem that a block wrote, or -1. */
static long guard_broken(size_t smem)
{
    long first = -1;
    guard_each(smem, [&](size_t at) {
        if (first < 0 && memcmp(kcv__dyn_smem + at, &kcv_rt_guard_word, 8) != 0) {
            size_t b = 0;
            while (kcv__dyn_smem[at + b] == ((const char *)&kcv_rt_guard_word)[b]) b++;
            first = (long)(at + b);
        }
    });
    return first;
}

/* Stacks live across launches; guard pages catch overflows as SIGSEGV. */
static int ensure_stacks(unsigned n, size_t size)
{
    if (S.stacks && S.nstacks >= n && S.stack_size == size) return 0;
    if (S.stacks) munmap(S.stacks, S.nstacks * S.stack_size);
    S.stacks = (char *)mmap(NULL, (size_t)n * size, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (S.stacks == MAP_FAILED) { S.stacks = NULL; return -1; }
    for (unsigned i = 0; i < n; i++) mprotect(S.stacks + (size_t)i * size, 4096, PROT_NONE);
    S.nstacks = n;
    S.stack_size = size;
    return 0;
}

extern "C" __attribute__((visibility("default")))
int kcv_rt_launch(const kcv_rt_launch_t *a)
{
    S.a = a;
    S.failed = 0;
    S.rng = a->seed ^ 0x6b63762d73636864ull;
    S.n = a->block[0] * a->block[1] * a->block[2];
    uint64_t nblocks = (uint64_t)a->grid[0] * a->grid[1] * a->grid[2];
    if (a->smem > KCV_RT_MAX_DYN_SMEM) {
        snprintf(a->err, a->errlen, "dynamic shared memory %u bytes exceeds the cpu backend's %d",
                 a->smem, KCV_RT_MAX_DYN_SMEM);
        return -1;
    }
    if (nblocks > (1u << 28)) {
        snprintf(a->err, a->errlen, "grid of %llu blocks is too large for the cpu backend",
                 (unsigned long long)nblocks);
        return -1;
    }
    if (ensure_stacks(S.n, a->stack_size) != 0) {
        snprintf(a->err, a->errlen, "out of memory for %u fiber stacks", S.n);
        return -1;
    }
    unsigned *blocks = (unsigned *)malloc(sizeof(unsigned) * nblocks);
    unsigned *order = (unsigned *)malloc(sizeof(unsigned) * S.n);
    S.f = (fiber *)calloc(S.n, sizeof(fiber));
    S.w = (warp *)calloc((S.n + 31) / 32, sizeof(warp));
    int rc = 0;
    if (!blocks || !order || !S.f || !S.w) {
        snprintf(a->err, a->errlen, "out of memory scheduling %llu blocks", (unsigned long long)nblocks);
        rc = -1;
    }
    kcv__gridDim = uint3{a->grid[0], a->grid[1], a->grid[2]};
    kcv__blockDim = uint3{a->block[0], a->block[1], a->block[2]};
    if (rc == 0) {
        for (uint64_t b = 0; b < nblocks; b++) blocks[b] = (unsigned)b;
        shuffle(blocks, (unsigned)nblocks, &S.rng);
    }
    for (uint64_t k = 0; rc == 0 && k < nblocks; k++) {
        unsigned b = blocks[k];
        kcv__blockIdx = uint3{b % a->grid[0], (b / a->grid[0]) % a->grid[1],
                              b / (a->grid[0] * a->grid[1])};
        /* stale shared memory: one byte per block, drawn from the seed */
        int stale = (int)(splitmix(&S.rng) & 0xff);
        if (__start_kcv_shared && __stop_kcv_shared > __start_kcv_shared)
            memset(__start_kcv_shared, stale, (size_t)(__stop_kcv_shared - __start_kcv_shared));
        memset(kcv__dyn_smem, stale, a->smem);
        guard_fill(a->smem);
        rc = run_block(order);
        long past = rc == 0 ? guard_broken(a->smem) : -1;
        if (past >= 0) {
            fail("block (%u,%u,%u) wrote past the launch's %u bytes of dynamic shared memory "
                 "(at byte %ld of it)", kcv__blockIdx.x, kcv__blockIdx.y, kcv__blockIdx.z, a->smem, past);
            rc = -1;
        }
    }
    free(blocks); free(order); free(S.f); free(S.w);
    S.f = NULL; S.w = NULL;
    return rc;
}
