/* backend.c — the table of backends and parameter sizes. */
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
