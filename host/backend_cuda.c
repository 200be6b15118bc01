/* backend_cuda.c — placeholder until this backend lands (see backend.h). */
#include <stdio.h>
#include "backend.h"
static int init(char *err) { snprintf(err, KCV_ERRLEN, "the cuda backend is not built yet"); return -1; }
const kcv_backend kcv_backend_cuda = { .name = "cuda", .init = init };
