/* backend.c — the table of backends, parameter sizes, and the queue of
 * held-back side launches both backends share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backend.h"

size_t kcv_ptype_size(kcv_ptype t)
{
    switch (t) {
    case KCV_P_I8: case KCV_P_U8: return 1;
    case KCV_P_I16: case KCV_P_U16: return 2;
    case KCV_P_I32: case KCV_P_U32: case KCV_P_F32: return 4;
    default: return 8;   /* pointers, 64-bit integers, f64 */
    }
}

const kcv_backend *kcv_backend_byname(const char *name)
{
    static const kcv_backend *const all[] = {&kcv_backend_cpu, &kcv_backend_cuda};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->name, name) == 0) return all[i];
    return NULL;
}

/* ---- unjoined side launches, held back (backend.h) ------------------ */

#define DEFER_MAX 4096

int kcv_defer_push(kcv_defer_queue *q, kcv_func *f, const kcv_launch_cfg *cfg,
                   void **args, const kcv_ptype *params, int nparams, char *err)
{
    if (nparams > KCV_DEFER_MAXPARAMS) {
        snprintf(err, KCV_ERRLEN, "side launch: %d parameters (at most %d)", nparams,
                 KCV_DEFER_MAXPARAMS);
        return -1;
    }
    if (q->n == DEFER_MAX) {
        snprintf(err, KCV_ERRLEN, "more than %d unjoined side launches in one job", DEFER_MAX);
        return -1;
    }
    if (q->n == q->cap) {
        int cap = q->cap ? q->cap * 2 : 4;
        kcv_deferred_launch *v = realloc(q->v, sizeof *v * (size_t)cap);
        if (!v) {
            snprintf(err, KCV_ERRLEN, "side launch: out of memory");
            return -1;
        }
        q->v = v;
        q->cap = cap;
    }
    kcv_deferred_launch *d = &q->v[q->n++];
    d->f = f;
    d->cfg = *cfg;
    d->nparams = nparams;
    for (int i = 0; i < nparams; i++) {
        d->params[i] = params[i];
        d->vals[i] = 0;
        memcpy(&d->vals[i], args[i], kcv_ptype_size(params[i]));
    }
    return 0;
}

int kcv_defer_run(kcv_defer_queue *q, kcv_launch_fn run, char *err)
{
    int n = q->n, rc = 0;
    q->n = 0;                         /* empty again, whatever fails */
    for (int i = 0; i < n && rc == 0; i++) {
        kcv_deferred_launch *d = &q->v[i];
        void *args[KCV_DEFER_MAXPARAMS];
        for (int p = 0; p < d->nparams; p++) args[p] = &d->vals[p];
        rc = run(d->f, &d->cfg, args, d->params, d->nparams, err);
    }
    return rc;
}
