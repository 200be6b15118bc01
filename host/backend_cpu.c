/* backend_cpu.c — placeholder until this backend lands (see backend.h). */
#include <stdio.h>
#include "backend.h"
static int init(char *err) { snprintf(err, KCV_ERRLEN, "the cpu backend is not built yet"); return -1; }
const kcv_backend kcv_backend_cpu = { .name = "cpu", .init = init };
