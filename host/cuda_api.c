/*
 * cuda_api.c — dlopen of libcuda.so.1 and libnvrtc, CUresult names.
 *
 * Loaded at run time so that kcv builds and runs where there is no driver;
 * see cuda_api.h.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cuda_api.h"

kcv_cu_api kcv_cu;
kcv_nvrtc_api kcv_nvrtc;

#define XSTR(x) STR(x)
#define STR(x) #x

/* Resolve one symbol into table[name]; name is the already renamed one. */
static int sym(void *lib, void **slot, const char *name, int required,
               const char *libname, char *err, size_t errlen)
{
    *slot = dlsym(lib, name);
    if (*slot == NULL && required) {
        snprintf(err, errlen, "%s lacks %s (driver too old for this build?)",
                 libname, name);
        return -1;
    }
    return 0;
}

int kcv_cu_load(char *err, size_t errlen)
{
    static int state = 0;            /* 0: not tried, 1: loaded, -1: failed */
    static char why[512];
    if (state == 0) {
        void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        state = -1;
        if (lib == NULL) {
            const char *e = dlerror();
            snprintf(why, sizeof why, "libcuda.so.1 not found (%s)", e ? e : "dlopen failed");
        } else {
#define LOAD(fn) if (sym(lib, (void **)&kcv_cu.fn, XSTR(fn), 1, "libcuda.so.1", why, sizeof why)) goto out;
#define LOADOPT(fn) sym(lib, (void **)&kcv_cu.fn, XSTR(fn), 0, NULL, NULL, 0);
            KCV_CU_CALLS(LOAD)
            KCV_CU_OPTIONAL(LOADOPT)
#undef LOAD
#undef LOADOPT
            state = 1;
        }
    }
out:
    if (state < 0) snprintf(err, errlen, "%s", why);
    return state > 0 ? 0 : -1;
}

/* The toolkit's root, tried in this order. */
static const char *cuda_root(int i)
{
    switch (i) {
    case 0: return getenv("CUDA_HOME");
    case 1: return getenv("CUDA_PATH");
    case 2: return "/usr/local/cuda";
    default: return NULL;
    }
}

const char *kcv_cuda_include_dir(void)
{
    static char dir[1024];
    static int done = 0;
    if (!done) {
        done = 1;
        for (int i = 0; i < 3; i++) {
            const char *r = cuda_root(i);
            char probe[1100];
            if (r == NULL || *r == '\0') continue;
            snprintf(probe, sizeof probe, "%s/include/cuda_fp16.h", r);
            if (access(probe, R_OK) == 0) {
                snprintf(dir, sizeof dir, "%s/include", r);
                return dir;
            }
        }
        dir[0] = '\0';
    }
    return dir[0] ? dir : NULL;
}

static void *open_nvrtc(char *why, size_t whylen)
{
    static const char *const names[] = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};
    char path[1200];
    void *lib;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if ((lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL)) != NULL) return lib;
    for (int r = 0; r < 3; r++) {
        const char *root = cuda_root(r);
        if (root == NULL || *root == '\0') continue;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            snprintf(path, sizeof path, "%s/lib64/%s", root, names[i]);
            if ((lib = dlopen(path, RTLD_NOW | RTLD_LOCAL)) != NULL) return lib;
        }
    }
    snprintf(why, whylen, "libnvrtc not found (tried libnvrtc.so.13, .so.12, .so "
             "and the toolkit's lib64)");
    return NULL;
}

int kcv_nvrtc_load(char *err, size_t errlen)
{
    static int state = 0;
    static char why[512];
    if (state == 0) {
        void *lib = open_nvrtc(why, sizeof why);
        state = -1;
        if (lib != NULL) {
#define LOAD(fn) if (sym(lib, (void **)&kcv_nvrtc.fn, #fn, 1, "libnvrtc", why, sizeof why)) goto out;
            KCV_NVRTC_CALLS(LOAD)
#undef LOAD
            state = 1;
        }
    }
out:
    if (state < 0) snprintf(err, errlen, "%s", why);
    return state > 0 ? 0 : -1;
}

/* ---- CUresult names ------------------------------------------------ */

/* Generated from the CUresult enum of CUDA 13.0's cuda.h. */
static const struct { int code; const char *name; } cu_errors[] = {
    {0, "CUDA_SUCCESS"},
    {1, "CUDA_ERROR_INVALID_VALUE"},
    {2, "CUDA_ERROR_OUT_OF_MEMORY"},
    {3, "CUDA_ERROR_NOT_INITIALIZED"},
    {4, "CUDA_ERROR_DEINITIALIZED"},
    {5, "CUDA_ERROR_PROFILER_DISABLED"},
    {6, "CUDA_ERROR_PROFILER_NOT_INITIALIZED"},
    {7, "CUDA_ERROR_PROFILER_ALREADY_STARTED"},
    {8, "CUDA_ERROR_PROFILER_ALREADY_STOPPED"},
    {34, "CUDA_ERROR_STUB_LIBRARY"},
    {36, "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER"},
    {46, "CUDA_ERROR_DEVICE_UNAVAILABLE"},
    {100, "CUDA_ERROR_NO_DEVICE"},
    {101, "CUDA_ERROR_INVALID_DEVICE"},
    {102, "CUDA_ERROR_DEVICE_NOT_LICENSED"},
    {200, "CUDA_ERROR_INVALID_IMAGE"},
    {201, "CUDA_ERROR_INVALID_CONTEXT"},
    {202, "CUDA_ERROR_CONTEXT_ALREADY_CURRENT"},
    {205, "CUDA_ERROR_MAP_FAILED"},
    {206, "CUDA_ERROR_UNMAP_FAILED"},
    {207, "CUDA_ERROR_ARRAY_IS_MAPPED"},
    {208, "CUDA_ERROR_ALREADY_MAPPED"},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU"},
    {210, "CUDA_ERROR_ALREADY_ACQUIRED"},
    {211, "CUDA_ERROR_NOT_MAPPED"},
    {212, "CUDA_ERROR_NOT_MAPPED_AS_ARRAY"},
    {213, "CUDA_ERROR_NOT_MAPPED_AS_POINTER"},
    {214, "CUDA_ERROR_ECC_UNCORRECTABLE"},
    {215, "CUDA_ERROR_UNSUPPORTED_LIMIT"},
    {216, "CUDA_ERROR_CONTEXT_ALREADY_IN_USE"},
    {217, "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"},
    {218, "CUDA_ERROR_INVALID_PTX"},
    {219, "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT"},
    {220, "CUDA_ERROR_NVLINK_UNCORRECTABLE"},
    {221, "CUDA_ERROR_JIT_COMPILER_NOT_FOUND"},
    {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"},
    {223, "CUDA_ERROR_JIT_COMPILATION_DISABLED"},
    {224, "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY"},
    {225, "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC"},
    {226, "CUDA_ERROR_CONTAINED"},
    {300, "CUDA_ERROR_INVALID_SOURCE"},
    {301, "CUDA_ERROR_FILE_NOT_FOUND"},
    {302, "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND"},
    {303, "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"},
    {304, "CUDA_ERROR_OPERATING_SYSTEM"},
    {400, "CUDA_ERROR_INVALID_HANDLE"},
    {401, "CUDA_ERROR_ILLEGAL_STATE"},
    {402, "CUDA_ERROR_LOSSY_QUERY"},
    {500, "CUDA_ERROR_NOT_FOUND"},
    {600, "CUDA_ERROR_NOT_READY"},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS"},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"},
    {702, "CUDA_ERROR_LAUNCH_TIMEOUT"},
    {703, "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING"},
    {704, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED"},
    {705, "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED"},
    {708, "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE"},
    {709, "CUDA_ERROR_CONTEXT_IS_DESTROYED"},
    {710, "CUDA_ERROR_ASSERT"},
    {711, "CUDA_ERROR_TOO_MANY_PEERS"},
    {712, "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED"},
    {713, "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED"},
    {714, "CUDA_ERROR_HARDWARE_STACK_ERROR"},
    {715, "CUDA_ERROR_ILLEGAL_INSTRUCTION"},
    {716, "CUDA_ERROR_MISALIGNED_ADDRESS"},
    {717, "CUDA_ERROR_INVALID_ADDRESS_SPACE"},
    {718, "CUDA_ERROR_INVALID_PC"},
    {719, "CUDA_ERROR_LAUNCH_FAILED"},
    {720, "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE"},
    {721, "CUDA_ERROR_TENSOR_MEMORY_LEAK"},
    {800, "CUDA_ERROR_NOT_PERMITTED"},
    {801, "CUDA_ERROR_NOT_SUPPORTED"},
    {802, "CUDA_ERROR_SYSTEM_NOT_READY"},
    {803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"},
    {804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"},
    {805, "CUDA_ERROR_MPS_CONNECTION_FAILED"},
    {806, "CUDA_ERROR_MPS_RPC_FAILURE"},
    {807, "CUDA_ERROR_MPS_SERVER_NOT_READY"},
    {808, "CUDA_ERROR_MPS_MAX_CLIENTS_REACHED"},
    {809, "CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED"},
    {810, "CUDA_ERROR_MPS_CLIENT_TERMINATED"},
    {811, "CUDA_ERROR_CDP_NOT_SUPPORTED"},
    {812, "CUDA_ERROR_CDP_VERSION_MISMATCH"},
    {900, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"},
    {901, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"},
    {902, "CUDA_ERROR_STREAM_CAPTURE_MERGE"},
    {903, "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED"},
    {904, "CUDA_ERROR_STREAM_CAPTURE_UNJOINED"},
    {905, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION"},
    {906, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT"},
    {907, "CUDA_ERROR_CAPTURED_EVENT"},
    {908, "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD"},
    {909, "CUDA_ERROR_TIMEOUT"},
    {910, "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE"},
    {911, "CUDA_ERROR_EXTERNAL_DEVICE"},
    {912, "CUDA_ERROR_INVALID_CLUSTER_SIZE"},
    {913, "CUDA_ERROR_FUNCTION_NOT_LOADED"},
    {914, "CUDA_ERROR_INVALID_RESOURCE_TYPE"},
    {915, "CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION"},
    {916, "CUDA_ERROR_KEY_ROTATION"},
    {999, "CUDA_ERROR_UNKNOWN"},
};

const char *kcv_cu_errname(CUresult r)
{
    static char unknown[32];
    for (size_t i = 0; i < sizeof cu_errors / sizeof cu_errors[0]; i++)
        if (cu_errors[i].code == (int)r) return cu_errors[i].name;
    snprintf(unknown, sizeof unknown, "CUresult %d", (int)r);
    return unknown;
}

int kcv_cu_sticky(CUresult r)
{
    switch (r) {
    case CUDA_ERROR_ILLEGAL_ADDRESS: case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_HARDWARE_STACK_ERROR: case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS: case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC: case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_LAUNCH_TIMEOUT: case CUDA_ERROR_ECC_UNCORRECTABLE:
    case CUDA_ERROR_CONTEXT_IS_DESTROYED: case CUDA_ERROR_UNKNOWN:
        return 1;
    default:
        return 0;
    }
}
