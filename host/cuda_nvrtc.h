/*
 * cuda_nvrtc.h — CUDA C source to cubin (or PTX) through NVRTC, with the
 * disk cache of cuda_cache.h in front.
 *
 * Needs libnvrtc only, not a GPU: the target is given, so the compile path
 * is tested on machines without a device.
 */
#ifndef KCV_CUDA_NVRTC_H
#define KCV_CUDA_NVRTC_H

#include <stddef.h>

typedef struct {
    char *data;        /* malloc'd, NUL-terminated past len */
    size_t len;
    int is_ptx;        /* 0: cubin for the target; 1: PTX (driver JIT) */
    int cached;        /* 1: came from the disk cache */
} kcv_nvrtc_out;

/* The standard C headers NVRTC lacks (math.h, stdint.h, float.h,
 * limits.h, stddef.h and their <c...> names), handed to NVRTC by name:
 * cuda_headers.c. */
extern const char *const *kcv_nvrtc_header_names;
extern const char *const *kcv_nvrtc_header_texts;
extern const int kcv_nvrtc_nheaders;

/* The NVRTC target for a device of compute capability major.minor:
 * "sm_90a" on Hopper (the arch-specific variant, so that wgmma and
 * setmaxnreg compile), "sm_86" before it; "compute_NN" (PTX) when NVRTC
 * is older than the device.  -1 with err when NVRTC is missing. */
int kcv_nvrtc_target(int major, int minor, char *arch, size_t n, char *err, size_t errlen);

/* NVRTC's version as major*1000 + minor*10 (13000), or -1. */
int kcv_nvrtc_version(void);

/* Compile `code` (named `path` in messages and for relative includes)
 * with the caller's `options` (NUL-separated, double-NUL-terminated, or
 * NULL) for `arch`.  kcv adds --gpu-architecture=arch unless the options
 * name one, -I for the source's directory and the toolkit's include
 * directory, and nothing else: fast-math and friends only when asked.
 * The headers above are available to #include.
 * 0, or -1 with err: the call, its NVRTC error name and, for a compile
 * error, the compiler's log (lines "path(line): error: ..."). */
int kcv_nvrtc_compile(const char *path, const char *code, size_t len,
                      const char *options, const char *arch, int use_cache,
                      kcv_nvrtc_out *out, char *err, size_t errlen);

#endif
