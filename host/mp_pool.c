/*
 * mp_pool.c — oracle state (precision, fast paths, threads) and the fork-join
 * that splits a primitive's output lanes over CPU cores.
 *
 * Threads are started per call (a few tens of microseconds, negligible next
 * to MPFR work) and each runs one contiguous range of lanes, so a worker
 * initialises its MPFR temporaries once.  MPFR keeps its exponent range and
 * constant caches in thread-local storage; a spawned worker frees its caches
 * before it exits.
 */
#include <pthread.h>
#include <unistd.h>
#include "mp.h"

#define MP_MAXTHREADS 256
/* Below this much work (flops) a job runs on the calling thread. */
#define MP_SERIAL_WORK 2e5

mpfr_prec_t mp_prec = MP_PREC_DEFAULT;
int mp_fast = 1;
static int nthreads;            /* 0: not yet decided */

int mp_threads(void)
{
    if (nthreads == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        nthreads = n < 1 ? 1 : n > MP_MAXTHREADS ? MP_MAXTHREADS : (int)n;
    }
    return nthreads;
}

void mp_set_threads(int n)
{
    nthreads = n < 1 ? 1 : n > MP_MAXTHREADS ? MP_MAXTHREADS : n;
}

typedef struct {
    mp_task fn;
    void *ctx;
    int64_t lo, hi;
} job;

static void *run_job(void *p)
{
    job *j = p;
    j->fn(j->ctx, j->lo, j->hi);
    mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    return NULL;
}

void mp_parallel(int64_t n, double work, mp_task fn, void *ctx)
{
    int t = mp_threads();
    /* Without thread-local MPFR state, workers would share flags: go serial. */
    if (!mpfr_buildopt_tls_p()) t = 1;
    if ((double)n * work < MP_SERIAL_WORK) t = 1;
    if (t > n) t = (int)(n > 0 ? n : 1);
    if (t <= 1) { if (n > 0) fn(ctx, 0, n); return; }

    job jobs[MP_MAXTHREADS];
    pthread_t tid[MP_MAXTHREADS];
    int started[MP_MAXTHREADS] = {0};
    for (int i = 0; i < t; i++) {
        jobs[i] = (job){fn, ctx, n * i / t, n * (i + 1) / t};
    }
    for (int i = 1; i < t; i++)
        started[i] = pthread_create(&tid[i], NULL, run_job, &jobs[i]) == 0;
    fn(ctx, jobs[0].lo, jobs[0].hi);
    /* A range whose thread could not start runs here. */
    for (int i = 1; i < t; i++) {
        if (started[i]) pthread_join(tid[i], NULL);
        else fn(ctx, jobs[i].lo, jobs[i].hi);
    }
}
