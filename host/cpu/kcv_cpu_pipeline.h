/*
 * kcv_cpu_pipeline.h — the async copies of <cuda_pipeline.h> (sm_80's
 * cp.async: global to shared memory, no register in between), emulated:
 *
 *   __pipeline_memcpy_async(dst, src, size, zfill = 0)   size 4, 8 or 16,
 *       both addresses aligned to it; the last zfill bytes become 0
 *   __pipeline_commit()          closes the thread's current batch
 *   __pipeline_wait_prior(N)     every committed batch but the N newest
 *                                has landed (N above 8 counts as 8)
 *
 * On a GPU a copy lands at any time before the wait that covers it, so a
 * kernel that reads its destination earlier reads stale bytes or the new
 * ones.  Here the copy is deferred to that wait, and until then its
 * destination holds 0xff bytes (a NaN in every float type): a kernel that
 * reads too early, or reads another thread's copy without a wait and a
 * barrier in between, gets NaN on the CPU too, never a lucky right answer.
 * The source is read when the copy is issued (on a GPU any time before it
 * lands; a kernel that writes it meanwhile races there).  A bad size,
 * zfill or alignment ends the kernel as __trap() does, naming the call.
 *
 * Each thread keeps its pending copies in order, KCV_PIPE_CAP of them; one
 * more lands the oldest first (early, which a GPU may also do).  The count
 * lives in kcv_thread, which the runtime zeroes before every block, so a
 * block never sees the last one's copies.
 */
#ifndef KCV_CPU_PIPELINE_H
#define KCV_CPU_PIPELINE_H

#define KCV_PIPE_CAP 256
#define KCV_PIPE_THREADS 1024        /* a block's most threads */

struct kcv__pipe_copy {
    unsigned char *dst;
    unsigned char bytes[16];         /* what lands: the source's, then the zeros */
    unsigned size, batch;
};

__attribute__((unused)) static kcv__pipe_copy kcv__pipe_q[KCV_PIPE_THREADS][KCV_PIPE_CAP];

static inline kcv__pipe_copy *kcv__pipe_mine(void)
{
    const uint3 t = kcv__self->tid;
    return kcv__pipe_q[t.x + kcv__blockDim.x * (t.y + kcv__blockDim.y * t.z)];
}

/* Lands the first k pending copies of the thread, in order. */
static inline void kcv__pipe_land(unsigned k)
{
    kcv_thread *me = kcv__self;
    kcv__pipe_copy *q = kcv__pipe_mine();
    for (unsigned i = 0; i < k; i++) memcpy(q[i].dst, q[i].bytes, q[i].size);
    memmove(q, q + k, (me->pipe_n - k) * sizeof *q);
    me->pipe_n -= k;
}

static inline void __pipeline_memcpy_async(void *dst, const void *src, size_t size, size_t zfill = 0)
{
    char why[160];
    if (size != 4 && size != 8 && size != 16) {
        snprintf(why, sizeof why, "__pipeline_memcpy_async: size %zu, not 4, 8 or 16", size);
        kcv__trap(why);
    }
    if (zfill > size) {
        snprintf(why, sizeof why, "__pipeline_memcpy_async: zfill %zu past the size %zu", zfill, size);
        kcv__trap(why);
    }
    if (((uintptr_t)dst | (uintptr_t)src) % size != 0) {
        snprintf(why, sizeof why, "__pipeline_memcpy_async: dst %p or src %p not aligned to its size %zu",
                 dst, src, size);
        kcv__trap(why);
    }
    kcv_thread *me = kcv__self;
    if (me->pipe_n == KCV_PIPE_CAP) kcv__pipe_land(1);
    kcv__pipe_copy *c = kcv__pipe_mine() + me->pipe_n++;
    c->dst = (unsigned char *)dst;
    c->size = (unsigned)size;
    c->batch = me->pipe_batch;
    memset(c->bytes, 0, sizeof c->bytes);
    memcpy(c->bytes, src, size - zfill);
    memset(dst, 0xff, size);
}

static inline void __pipeline_commit(void) { kcv__self->pipe_batch++; }

static inline void __pipeline_wait_prior(size_t prior)
{
    kcv_thread *me = kcv__self;
    const unsigned keep = prior > 8 ? 8 : (unsigned)prior;
    if (me->pipe_batch < keep) return;
    const unsigned last = me->pipe_batch - keep;   /* batches below it land */
    const kcv__pipe_copy *q = kcv__pipe_mine();
    unsigned k = 0;
    while (k < me->pipe_n && q[k].batch < last) k++;
    kcv__pipe_land(k);
}

#endif
