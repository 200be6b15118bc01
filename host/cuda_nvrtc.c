/*
 * cuda_nvrtc.c — CUDA C through NVRTC, with the disk cache in front (see
 * cuda_nvrtc.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_api.h"
#include "cuda_cache.h"
#include "cuda_nvrtc.h"

#define MAX_OPTS 128

int kcv_nvrtc_version(void)
{
    char err[256];
    int major = 0, minor = 0;
    if (kcv_nvrtc_load(err, sizeof err) != 0) return -1;
    if (kcv_nvrtc.nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return -1;
    return major * 1000 + minor * 10;
}

int kcv_nvrtc_target(int major, int minor, char *arch, size_t n, char *err, size_t errlen)
{
    int count = 0, archs[128], want = major * 10 + minor, best = 0;
    if (kcv_nvrtc_load(err, errlen) != 0) return -1;
    if (kcv_nvrtc.nvrtcGetNumSupportedArchs(&count) != NVRTC_SUCCESS
        || count <= 0 || count > 128
        || kcv_nvrtc.nvrtcGetSupportedArchs(archs) != NVRTC_SUCCESS) {
        snprintf(err, errlen, "nvrtcGetSupportedArchs failed");
        return -1;
    }
    for (int i = 0; i < count; i++) {
        if (archs[i] == want) {
            /* Since Hopper the "a" variant holds the arch-specific
             * instructions (wgmma, setmaxnreg, tcgen05); its cubin runs
             * on exactly this compute capability, which is the device. */
            snprintf(arch, n, "sm_%d%s", want, major >= 9 ? "a" : "");
            return 0;
        }
        if (archs[i] < want && archs[i] > best) best = archs[i];
    }
    if (best == 0) {
        snprintf(err, errlen, "NVRTC supports no target at or below sm_%d", want);
        return -1;
    }
    snprintf(arch, n, "compute_%d", best);   /* PTX; the driver compiles it */
    return 0;
}

static int has_arch_option(const char *options)
{
    for (const char *o = options; o && *o; o += strlen(o) + 1)
        if (strncmp(o, "-arch", 5) == 0 || strncmp(o, "--gpu-architecture", 18) == 0)
            return 1;
    return 0;
}

/* The NVRTC option list: the caller's, then ours.  Strings live in buf. */
static int build_options(const char *path, const char *options, const char *arch,
                         const char **opts, char *buf, size_t buflen)
{
    int n = 0;
    size_t used = 0;
    const char *inc = kcv_cuda_include_dir(), *slash = strrchr(path, '/');
    for (const char *o = options; o && *o && n < MAX_OPTS - 4; o += strlen(o) + 1)
        opts[n++] = o;
#define ADD(...) do { int k_ = snprintf(buf + used, buflen - used, __VA_ARGS__); \
        if (k_ < 0 || (size_t)k_ >= buflen - used) return n; \
        opts[n++] = buf + used; used += (size_t)k_ + 1; } while (0)
    if (!has_arch_option(options)) ADD("--gpu-architecture=%s", arch);
    /* for a profiler's source view (ncu --import-source): set, the cubin
     * maps its instructions to the source lines (and is cached apart) */
    if (getenv("KCV_NVRTC_LINEINFO") && *getenv("KCV_NVRTC_LINEINFO")) ADD("--generate-line-info");
    /* quoted includes next to the source, as nvcc finds them */
    if (slash) ADD("-I%.*s", slash == path ? 1 : (int)(slash - path), path);
    else ADD("-I.");
    if (inc) ADD("-I%s", inc);
#undef ADD
    return n;
}

/* The options as one NUL-separated list, for the cache key, ending with
 * a digest of kcv's own headers: an edit of those is a new key too. */
static void join_options(const char **opts, int n, char *buf, size_t buflen)
{
    size_t used = 0;
    kcv_hash h;
    char hex[KCV_CACHE_KEYLEN];
    kcv_hash_init(&h);
    for (int i = 0; i < kcv_nvrtc_nheaders; i++) {
        kcv_hash_add(&h, kcv_nvrtc_header_names[i], strlen(kcv_nvrtc_header_names[i]));
        kcv_hash_add(&h, kcv_nvrtc_header_texts[i], strlen(kcv_nvrtc_header_texts[i]));
    }
    kcv_hash_hex(&h, hex);
    for (int i = 0; i <= n; i++) {
        char tag[64];
        const char *o = opts[i];
        if (i == n) snprintf(tag, sizeof tag, "(kcv headers %s)", hex), o = tag;
        size_t k = strlen(o) + 1;
        if (used + k + 1 > buflen) break;
        memcpy(buf + used, o, k);
        used += k;
    }
    buf[used] = '\0';
}

static int nvrtc_fail(nvrtcProgram prog, const char *call, nvrtcResult r,
                      const char *path, char *err, size_t errlen)
{
    int k = snprintf(err, errlen, "%s: %s (%s)", call,
                     kcv_nvrtc.nvrtcGetErrorString(r), path);
    size_t logsize = 0;
    if (prog && k > 0 && (size_t)k + 2 < errlen
        && kcv_nvrtc.nvrtcGetProgramLogSize(prog, &logsize) == NVRTC_SUCCESS && logsize > 1) {
        char *log = malloc(logsize);
        if (log && kcv_nvrtc.nvrtcGetProgramLog(prog, log) == NVRTC_SUCCESS)
            snprintf(err + k, errlen - (size_t)k, "\n%s", log);
        free(log);
    }
    if (prog) kcv_nvrtc.nvrtcDestroyProgram(&prog);
    return -1;
}

/* Take the cubin when NVRTC made one (a real sm_ target), else the PTX. */
static int take_output(nvrtcProgram prog, const char *path, kcv_nvrtc_out *out,
                       char *err, size_t errlen)
{
    size_t n = 0;
    nvrtcResult r;
    out->is_ptx = !(kcv_nvrtc.nvrtcGetCUBINSize(prog, &n) == NVRTC_SUCCESS && n > 0);
    if (out->is_ptx && (r = kcv_nvrtc.nvrtcGetPTXSize(prog, &n)) != NVRTC_SUCCESS)
        return nvrtc_fail(prog, "nvrtcGetPTXSize", r, path, err, errlen);
    if ((out->data = malloc(n + 1)) == NULL) {
        snprintf(err, errlen, "out of memory for %zu bytes of compiler output (%s)", n, path);
        kcv_nvrtc.nvrtcDestroyProgram(&prog);
        return -1;
    }
    r = out->is_ptx ? kcv_nvrtc.nvrtcGetPTX(prog, out->data)
                    : kcv_nvrtc.nvrtcGetCUBIN(prog, out->data);
    if (r != NVRTC_SUCCESS) {
        free(out->data);
        out->data = NULL;
        return nvrtc_fail(prog, out->is_ptx ? "nvrtcGetPTX" : "nvrtcGetCUBIN", r, path, err, errlen);
    }
    out->data[n] = '\0';
    out->len = n;
    kcv_nvrtc.nvrtcDestroyProgram(&prog);
    return 0;
}

int kcv_nvrtc_compile(const char *path, const char *code, size_t len,
                      const char *options, const char *arch, int use_cache,
                      kcv_nvrtc_out *out, char *err, size_t errlen)
{
    const char *opts[MAX_OPTS];
    char buf[8192], joined[16384], key[KCV_CACHE_KEYLEN];
    nvrtcProgram prog = NULL;
    nvrtcResult r;
    memset(out, 0, sizeof *out);
    if (kcv_nvrtc_load(err, errlen) != 0) return -1;
    int n = build_options(path, options, arch, opts, buf, sizeof buf);
    join_options(opts, n, joined, sizeof joined);
    kcv_cache_key(key, path, code, len, joined, arch, kcv_nvrtc_version());
    if (use_cache && kcv_cache_get(key, &out->data, &out->len, &out->is_ptx) == 0) {
        out->cached = 1;
        return 0;
    }
    /* NVRTC wants a NUL-terminated source; code may not be. */
    char *src = malloc(len + 1);
    if (src == NULL) {
        snprintf(err, errlen, "out of memory for %zu bytes of source (%s)", len, path);
        return -1;
    }
    memcpy(src, code, len);
    src[len] = '\0';
    r = kcv_nvrtc.nvrtcCreateProgram(&prog, src, path, kcv_nvrtc_nheaders,
                                      kcv_nvrtc_header_texts, kcv_nvrtc_header_names);
    free(src);
    if (r != NVRTC_SUCCESS) return nvrtc_fail(NULL, "nvrtcCreateProgram", r, path, err, errlen);
    if ((r = kcv_nvrtc.nvrtcCompileProgram(prog, n, opts)) != NVRTC_SUCCESS)
        return nvrtc_fail(prog, "nvrtcCompileProgram", r, path, err, errlen);
    if (take_output(prog, path, out, err, errlen) != 0) return -1;
    if (use_cache) kcv_cache_put(key, out->data, out->len, out->is_ptx);
    return 0;
}
