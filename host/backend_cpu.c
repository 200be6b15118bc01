/*
 * backend_cpu.c — runs CUDA C kernels without a GPU.
 *
 * A .cu file is compiled by the host C++ compiler into a shared object,
 * together with the CUDA emulation header (host/cpu/kcv_cuda_cpu.h,
 * force-included) and the fiber scheduler (host/cpu/kcv_cpu_rt.cpp).  Both
 * are built into kcv (.incbin below) and written next to the module cache,
 * so kcv needs no installation tree to find them.
 *
 * Before compiling, the source is scanned for what the CPU cannot execute
 * (inline PTX, wgmma, TMA, cuda::memcpy_async, ...; <cuda_pipeline.h>'s
 * __pipeline_* copies are emulated): such a kernel loads with an error
 * starting with KCV_NEEDS_DEVICE, never runs to a silently wrong result.
 * `extern __shared__ T name[];` is rewritten, on its own line, to a pointer
 * into the dynamic shared memory area; everything else is left as written.
 *
 * "Device" memory is plain memory of the worker (mmap, so RLIMIT_AS turns a
 * too large allocation into a clean failure); kernels are called through
 * libffi with the parameter list the caller declared.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <ffi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "backend.h"
#include "cuda_cache.h"        /* kcv_hash: the cache keys of both backends */
#include "cpu/kcv_cpu_rt.h"

/* ---- the runtime files, embedded at build time -------------------------- */

#define KCV_EMBED(sym, file) __asm__( \
    ".section .rodata\n.global " #sym "\n.type " #sym ", @object\n.balign 16\n" \
    #sym ":\n.incbin \"" file "\"\n.byte 0\n.previous\n"); \
    extern const char sym[];

KCV_EMBED(kcv_cpu_src_shim, "host/cpu/kcv_cuda_cpu.h")
KCV_EMBED(kcv_cpu_src_rth, "host/cpu/kcv_cpu_rt.h")
KCV_EMBED(kcv_cpu_src_rt, "host/cpu/kcv_cpu_rt.cpp")
KCV_EMBED(kcv_cpu_src_stub, "host/cpu/include/cuda_runtime.h")
KCV_EMBED(kcv_cpu_src_round, "host/cpu/kcv_cpu_round.h")
KCV_EMBED(kcv_cpu_src_bits, "host/cpu/kcv_cpu_bits.h")
KCV_EMBED(kcv_cpu_src_fmath, "host/cpu/kcv_cpu_fmath.h")
KCV_EMBED(kcv_cpu_src_half, "host/cpu/kcv_cpu_half.h")
KCV_EMBED(kcv_cpu_src_half2, "host/cpu/kcv_cpu_half2.h")
KCV_EMBED(kcv_cpu_src_atomic, "host/cpu/kcv_cpu_atomic.h")
KCV_EMBED(kcv_cpu_src_absent, "host/cpu/kcv_cpu_absent.h")
KCV_EMBED(kcv_cpu_src_pipe, "host/cpu/kcv_cpu_pipeline.h")
KCV_EMBED(kcv_cpu_src_mma, "host/cpu/include/mma.h")

static const struct { const char *name; const char *text; } rt_files[] = {
    {"kcv_cuda_cpu.h", kcv_cpu_src_shim}, {"kcv_cpu_rt.h", kcv_cpu_src_rth},
    {"kcv_cpu_rt.cpp", kcv_cpu_src_rt},
    {"kcv_cpu_round.h", kcv_cpu_src_round}, {"kcv_cpu_bits.h", kcv_cpu_src_bits},
    {"kcv_cpu_fmath.h", kcv_cpu_src_fmath}, {"kcv_cpu_half.h", kcv_cpu_src_half},
    {"kcv_cpu_half2.h", kcv_cpu_src_half2}, {"kcv_cpu_atomic.h", kcv_cpu_src_atomic},
    {"kcv_cpu_absent.h", kcv_cpu_src_absent}, {"kcv_cpu_pipeline.h", kcv_cpu_src_pipe},
    {"include/cuda_runtime.h", kcv_cpu_src_stub}, {"include/cuda_fp16.h", kcv_cpu_src_stub},
    {"include/cuda_bf16.h", kcv_cpu_src_stub}, {"include/cuda.h", kcv_cpu_src_stub},
    {"include/cuda_runtime_api.h", kcv_cpu_src_stub},
    {"include/device_launch_parameters.h", kcv_cpu_src_stub},
    {"include/cuda_pipeline.h", kcv_cpu_src_stub},   /* kcv_cpu_pipeline.h */
    {"include/cuda_pipeline_primitives.h", kcv_cpu_src_stub},
    {"include/mma.h", kcv_cpu_src_mma},     /* nvcuda::wmma, emulated */
};

struct kcv_module { void *dl; int (*launch)(const kcv_rt_launch_t *); char path[256], so[700]; };
struct kcv_func { kcv_module *m; void (*fn)(void); char name[128]; };

static char cache_dir[512], rt_dir[600], cxx_id[200];
static const char *cxx = "g++";
static size_t stack_size = 256 * 1024;
static char sticky[KCV_ERRLEN];         /* a kernel's failure, for synchronize */

static int fail(char *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, KCV_ERRLEN, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- running the compiler ------------------------------------------------- */

/* Run argv, collecting stdout+stderr into out; returns the exit status
 * (or -1 when it could not start or died of a signal). */
static int run_capture(char *const argv[], char *out, size_t outlen)
{
    int pfd[2];
    if (pipe(pfd) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) { close(pfd[0]); close(pfd[1]); return -1; }
    if (pid == 0) {
        dup2(pfd[1], 1); dup2(pfd[1], 2);
        close(pfd[0]); close(pfd[1]);
        execvp(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(pfd[1]);
    size_t len = 0;
    char tmp[4096];
    ssize_t r;
    while ((r = read(pfd[0], tmp, sizeof tmp)) > 0 || (r < 0 && errno == EINTR)) {
        if (r < 0) continue;
        size_t k = (size_t)r < outlen - 1 - len ? (size_t)r : outlen - 1 - len;
        memcpy(out + len, tmp, k);
        len += k;
    }
    out[len] = '\0';
    close(pfd[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int mkdirs(const char *path)
{
    char tmp[1500];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') { *p = '\0'; mkdir(tmp, 0755); *p = '/'; }
    return mkdir(tmp, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

/* Write a file atomically (temp + rename), so concurrent workers agree. */
static int write_file(const char *path, const char *data, size_t n)
{
    char tmp[1600];
    snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) return -1;
    int ok = fwrite(data, 1, n, f) == n;
    ok &= fclose(f) == 0;
    if (!ok || rename(tmp, path) != 0) { unlink(tmp); return -1; }
    return 0;
}

static int file_exists(const char *p) { struct stat st; return stat(p, &st) == 0; }

/* ---- init ------------------------------------------------------------------ */

static int init(char *err)
{
    const char *env = getenv("KCV_CXX");
    if (env && *env) cxx = env;
    env = getenv("KCV_CPU_STACK");
    if (env && atol(env) >= 16384) stack_size = (size_t)atol(env);
    env = getenv("KCV_CACHE");
    if (env && *env) snprintf(cache_dir, sizeof cache_dir, "%s/cpu", env);
    else {
        const char *home = getenv("HOME");
        snprintf(cache_dir, sizeof cache_dir, "%s/.cache/kcv/cpu", home && *home ? home : "/tmp");
    }
    char *argv[] = {(char *)cxx, "--version", NULL};
    char out[4096];
    if (run_capture(argv, out, sizeof out) != 0)
        return fail(err, "no C++ compiler for the cpu backend: '%s --version' failed: %s", cxx, out);
    out[strcspn(out, "\n")] = '\0';
    snprintf(cxx_id, sizeof cxx_id, "%.199s", out);

    /* The runtime directory is keyed by the runtime's own text. */
    kcv_hash h;
    char hex[KCV_CACHE_KEYLEN];
    kcv_hash_init(&h);
    for (size_t i = 0; i < sizeof rt_files / sizeof rt_files[0]; i++) {
        kcv_hash_add(&h, rt_files[i].name, strlen(rt_files[i].name));
        kcv_hash_add(&h, rt_files[i].text, strlen(rt_files[i].text));
    }
    kcv_hash_hex(&h, hex);
    snprintf(rt_dir, sizeof rt_dir, "%s/rt-%.16s", cache_dir, hex);
    char p[1400];
    snprintf(p, sizeof p, "%s/include", rt_dir);
    if (mkdirs(p) != 0 || access(p, W_OK) != 0) {
        /* an unwritable home (CI, sandboxes): a private directory in /tmp */
        char first[1400];
        snprintf(first, sizeof first, "%s", p);
        snprintf(cache_dir, sizeof cache_dir, "/tmp/kcv-cache-%d/cpu", (int)getuid());
        snprintf(rt_dir, sizeof rt_dir, "%s/rt-%.16s", cache_dir, hex);
        snprintf(p, sizeof p, "%s/include", rt_dir);
        if (mkdirs(p) != 0)
            return fail(err, "cannot create the cache directory %s nor %s: %s", first, p, strerror(errno));
    }
    for (size_t i = 0; i < sizeof rt_files / sizeof rt_files[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", rt_dir, rt_files[i].name);
        if (!file_exists(p) && write_file(p, rt_files[i].text, strlen(rt_files[i].text)) != 0)
            return fail(err, "cannot write %s: %s", p, strerror(errno));
    }
    return 0;
}

static int device_info(kcv_device_info *d, char *err)
{
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "cpu (kcv fiber emulation, %.199s)", cxx_id);
    snprintf(d->arch, sizeof d->arch, "cpu");
    d->sm_count = 1;
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    d->total_mem = pages > 0 && psz > 0 ? (uint64_t)pages * (uint64_t)psz : 0;
    d->max_threads_per_block = 1024;
    d->max_smem_per_block = 48 * 1024;
    d->max_smem_per_block_optin = KCV_RT_MAX_DYN_SMEM;
    d->max_regs_per_block = -1;
    d->max_regs_per_thread = -1;
    d->warp_size = 32;
    return 0;
}

/* ---- what the CPU cannot run ---------------------------------------------- */

static const char *const device_only[] = {
    "asm", "__asm", "__asm__", "wgmma", "memcpy_async", "cp_async", "__cvta_generic_to_shared",
    "cp_async_bulk_tensor", "cuTensorMapEncodeTiled", "CUtensorMap", "tcgen05", "mbarrier",
    "__nv_fp8_e4m3", "__nv_fp8_e5m2", "cooperative_groups", "cute", "cutlass",
    "cub", "griddepcontrol", "setmaxnreg", NULL};

static int is_ident(int c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* First device-only identifier outside comments and strings; 1 if found. */
static int scan_device_only(const char *s, size_t n, const char *path, char *err)
{
    int line = 1;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\n') { line++; continue; }
        if (c == '/' && i + 1 < n && s[i + 1] == '/') { while (i < n && s[i] != '\n') i++; line++; continue; }
        if (c == '/' && i + 1 < n && s[i + 1] == '*') {
            for (i += 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++) if (s[i] == '\n') line++;
            i++;
            continue;
        }
        if (c == '"' || c == '\'') {
            for (i++; i < n && s[i] != c && s[i] != '\n'; i++) if (s[i] == '\\') i++;
            continue;
        }
        if (!is_ident(c) || (i > 0 && is_ident(s[i - 1]))) continue;
        size_t j = i;
        while (j < n && is_ident(s[j])) j++;
        for (int k = 0; device_only[k]; k++)
            if (strlen(device_only[k]) == j - i && memcmp(s + i, device_only[k], j - i) == 0) {
                snprintf(err, KCV_ERRLEN, "%s%s:%d: '%s' cannot run on the cpu backend "
                         "(inline PTX and tensor-core/async-copy/TMA constructs need a GPU)",
                         KCV_NEEDS_DEVICE, path, line, device_only[k]);
                return 1;
            }
        i = j - 1;
    }
    return 0;
}

/* ---- quoted includes with dynamic shared memory ----------------------------
 * The rewrite below works on the text it is given, so a header next to the
 * source that declares `extern __shared__` arrays (a kernel file included by
 * another, as gdn_chunked_bwd.cu includes gdn_chunked_fwd.cu) is put in
 * place first, between #line directives: messages keep their file and line.
 * Other includes are left to the compiler. */
typedef struct { char *p; size_t len, cap; } text_buf;

static int text_add(text_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *p = realloc(b->p, cap);
        if (!p) return -1;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
    return 0;
}

static int text_str(text_buf *b, const char *s) { return text_add(b, s, strlen(s)); }

/* Whether the `extern` at s[k] starts `extern __shared__` (a word of its
 * own, blanks between): the offset of `__shared__`, else 0. */
static size_t extern_shared_at(const char *s, size_t n, size_t k)
{
    size_t j = k + 6;
    while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n')) j++;
    return (k == 0 || !is_ident(s[k - 1])) && j + 10 <= n && memcmp(s + j, "__shared__", 10) == 0 ? j : 0;
}

static int has_extern_shared(const char *s, size_t n)
{
    for (const char *e = s; (e = memmem(e, n - (size_t)(e - s), "extern", 6)) != NULL; e += 6)
        if (extern_shared_at(s, n, (size_t)(e - s))) return 1;
    return 0;
}

/* The file a line `#include "name"` names, next to `from` (an absolute
 * path), or NULL when the line is no such include or the file is not there. */
static char *quoted_include(const char *line, const char *end, const char *from)
{
    size_t n;
    const char *name = kcv_quoted_include(line, end, &n), *slash = strrchr(from, '/');
    if (!name) return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%.*s%.*s", slash ? (int)(slash - from + 1) : 0, from, (int)n, name);
    return realpath(path, NULL);
}

/* src with its quoted headers that declare extern __shared__ arrays in
 * place (recursively, depth bounded).  Inside a header put in place, the
 * other quoted includes are made absolute: the compiler looks for them
 * next to the file it compiles, not next to the header. */
static int inline_includes(text_buf *out, const char *src, size_t n, const char *path, int depth)
{
    int line = 1;
    for (const char *p = src; p < src + n; line++) {
        const char *eol = memchr(p, '\n', (size_t)(src + n - p));
        const char *end = eol ? eol : src + n;
        char *inc = quoted_include(p, end, path), *text = NULL;
        size_t tn = 0;
        char directive[4200];
        int ok = 1;
        if (inc && depth < 16 && (text = kcv_read_file(inc, &tn)) != NULL && has_extern_shared(text, tn)) {
            snprintf(directive, sizeof directive, "#line 1 \"%s\"\n", inc);
            ok = text_add(out, directive, strlen(directive)) == 0 && inline_includes(out, text, tn, inc, depth + 1) == 0;
            snprintf(directive, sizeof directive, "\n#line %d \"%s\"\n", line + 1, path);
            ok = ok && text_add(out, directive, strlen(directive)) == 0;
        } else if (inc && depth > 0) {
            snprintf(directive, sizeof directive, "#include \"%s\"%s", inc, eol ? "\n" : "");
            ok = text_add(out, directive, strlen(directive)) == 0;
        } else {
            ok = text_add(out, p, (size_t)(end - p) + (eol != NULL)) == 0;
        }
        free(text);
        free(inc);
        if (!ok) return -1;
        p = eol ? eol + 1 : src + n;
    }
    return 0;
}

/* ---- extern __shared__ rewrite ----------------------------------------------
 * `extern __shared__ __align__(16) float smem[];` becomes
 * `__align__(16) float *smem = (decltype(smem))kcv__dyn_smem;` with the same
 * number of newlines, so compiler messages keep their line numbers; src
 * rewritten goes to out. */
static int rewrite_source(text_buf *out, const char *src, size_t n, const char *path)
{
    int ok = text_str(out, "#line 1 \"") == 0 && text_str(out, path) == 0 && text_str(out, "\"\n") == 0;
    size_t i = 0;
    while (ok && i < n) {
        const char *e = memmem(src + i, n - i, "extern", 6);
        size_t k = e ? (size_t)(e - src) : n, j = e ? extern_shared_at(src, n, k) : 0;
        size_t upto = !e ? n : j ? k : k + 6;
        ok = text_add(out, src + i, upto - i) == 0;
        i = upto;
        if (!j) continue;
        size_t d0 = j + 10, semi = d0;
        while (semi < n && src[semi] != ';') semi++;
        size_t br = semi;
        while (br > d0 && src[br] != '[') br--;
        size_t ne = br;
        while (ne > d0 && (src[ne - 1] == ' ' || src[ne - 1] == '\t')) ne--;
        size_t ns = ne;
        while (ns > d0 && is_ident(src[ns - 1])) ns--;
        if (br == d0 || ns == ne) { ok = text_add(out, src + i, 6) == 0; i += 6; continue; }
        /* the qualifiers and type, on one line; then `*name = ...` */
        size_t at = out->len;
        ok = ok && text_add(out, src + d0, ns - d0) == 0;
        for (size_t q = at; ok && q < out->len; q++) if (out->p[q] == '\n') out->p[q] = ' ';
        ok = ok && text_str(out, "*") == 0 && text_add(out, src + ns, ne - ns) == 0 &&
             text_str(out, " = (decltype(") == 0 && text_add(out, src + ns, ne - ns) == 0 &&
             text_str(out, "))kcv__dyn_smem") == 0;
        for (size_t q = k; ok && q < semi; q++) if (src[q] == '\n') ok = text_str(out, "\n") == 0;
        i = semi;
    }
    return ok ? 0 : -1;
}

/* ---- load ---------------------------------------------------------------- */

static int keep_option(const char *o)
{
    static const char *const pass[] = {"-D", "-U", "-I", "-include", "-std=", "-O", "-f", "-W", NULL};
    for (int i = 0; pass[i]; i++)
        if (strncmp(o, pass[i], strlen(pass[i])) == 0)
            return strcmp(o, "-fmad=false") != 0 && strcmp(o, "-fmad=true") != 0;
    return 0;
}

/* Whether kernels are compiled with -mfma (part of the module key). */
static int host_fma(void)
{
#if defined(__GNUC__) && defined(__x86_64__)
    return __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}

static int compile(const char *so, const char *path, const char *code, size_t len,
                   const char *options, char *err)
{
    text_buf whole = {0}, text = {0};
    if (inline_includes(&whole, code, len, path, 0) != 0) {
        free(whole.p);
        return fail(err, "out of memory reading the includes of %s", path);
    }
    int r = rewrite_source(&text, whole.p ? whole.p : "", whole.len, path);
    free(whole.p);
    if (r != 0) {
        free(text.p);
        return fail(err, "out of memory rewriting %s", path);
    }
    char srcp[800], tmpso[800], shim[700], inc[700], rtinc[700], rtcpp[700], dirinc[600];
    snprintf(srcp, sizeof srcp, "%s.%d.cu", so, (int)getpid());
    snprintf(tmpso, sizeof tmpso, "%s.%d.tmp", so, (int)getpid());
    int w = write_file(srcp, text.p, text.len);
    free(text.p);
    if (w != 0) return fail(err, "cannot write %s: %s", srcp, strerror(errno));
    snprintf(shim, sizeof shim, "%s/kcv_cuda_cpu.h", rt_dir);
    snprintf(inc, sizeof inc, "-I%s/include", rt_dir);
    snprintf(rtinc, sizeof rtinc, "-I%s", rt_dir);
    snprintf(rtcpp, sizeof rtcpp, "%s/kcv_cpu_rt.cpp", rt_dir);
    const char *slash = strrchr(path, '/');
    snprintf(dirinc, sizeof dirinc, "-I%.*s", slash ? (int)(slash - path < 590 ? slash - path : 590) : 1, slash ? path : ".");
    char *argv[98];
    int a = 0;
    argv[a++] = (char *)cxx;
    const char *fixed[] = {"-O2", "-g0", "-shared", "-fPIC", "-fvisibility=hidden",
                           "-std=c++17", "-w", "-fno-strict-aliasing", "-include"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) argv[a++] = (char *)fixed[i];
    argv[a++] = shim;
    argv[a++] = dirinc;
    argv[a++] = inc;
    argv[a++] = rtinc;
    for (const char *o = options; o && *o && a < 80; o += strlen(o) + 1) {
        if (keep_option(o)) argv[a++] = (char *)o;
        /* the shim's approximate math functions stand in for the GPU's */
        else if (strcmp(o, "--use_fast_math") == 0 || strcmp(o, "-use_fast_math") == 0)
            argv[a++] = "-DKCV_CPU_FAST_MATH";
    }
    /* fmaf and fma inline to the instruction where the CPU has it (a libm
     * call through the PLT otherwise: a tenth of a tiled GEMM's time); the
     * same correctly rounded result either way.  Contraction stays off
     * whatever the options say: the CPU backend never fuses a * b + c
     * that the source did not write as an fma. */
    if (host_fma()) { argv[a++] = "-mfma"; argv[a++] = "-ffp-contract=off"; }
    argv[a++] = "-x"; argv[a++] = "c++"; argv[a++] = srcp;
    argv[a++] = rtcpp;
    argv[a++] = "-o"; argv[a++] = tmpso;
    argv[a] = NULL;
    char *log = malloc(65536);
    if (!log) { unlink(srcp); return fail(err, "out of memory"); }
    int rc = run_capture(argv, log, 65536);
    if (rc != 0 && strstr(log, "section type conflict")) {
        /* shared variables that cannot share one section: plain statics */
        memmove(argv + 2, argv + 1, sizeof(char *) * (size_t)a);
        argv[1] = "-DKCV_NO_SHARED_SECTION";
        rc = run_capture(argv, log, 65536);
    }
    unlink(srcp);
    if (rc != 0) {
        unlink(tmpso);
        /* inline PTX that the scan missed (in an included header) fails in
         * the x86 assembler or its constraints: that needs a device too */
        static const char *const ptx_signs[] = {"no such instruction", "invalid instruction",
            "impossible constraint", "unknown pseudo-op", "invalid character '%'", NULL};
        for (int i = 0; ptx_signs[i]; i++)
            if (strstr(log, ptx_signs[i])) {
                snprintf(err, KCV_ERRLEN, "%s%s: inline PTX (in an included file?) cannot run on "
                         "the cpu backend:\n%.3500s", KCV_NEEDS_DEVICE, path, log);
                free(log);
                return -1;
            }
        snprintf(err, KCV_ERRLEN, "%s", log[0] ? log : "the compiler failed without a message");
        free(log);
        return -1;
    }
    free(log);
    if (rename(tmpso, so) != 0) { unlink(tmpso); return fail(err, "cannot rename %s: %s", tmpso, strerror(errno)); }
    return 0;
}

static kcv_module *load(kcv_srckind kind, const char *path, const char *code,
                        size_t len, const char *options, char *err)
{
    if (kind != KCV_SRC_CU) {
        fail(err, "%s%s: the cpu backend runs CUDA C (.cu) only; PTX and binaries need a GPU",
             KCV_NEEDS_DEVICE, path);
        return NULL;
    }
    if (scan_device_only(code, len, path, err)) return NULL;
    /* The key: the rewrite's version (bump it when inline_includes or
     * rewrite_source change what they make of a source), runtime,
     * compiler, options, path, source and the text of every header the
     * source includes with quotes. */
    kcv_hash h;
    char key[KCV_CACHE_KEYLEN];
    kcv_hash_init(&h);
    kcv_hash_add(&h, "kcv-cpu-rewrite-3", 17);
    kcv_hash_add(&h, rt_dir, strlen(rt_dir));
    kcv_hash_add(&h, cxx_id, strlen(cxx_id));
    if (host_fma()) kcv_hash_add(&h, "-mfma -ffp-contract=off", 23);
    for (const char *o = options; o && *o; o += strlen(o) + 1) kcv_hash_add(&h, o, strlen(o));
    kcv_hash_add(&h, "", 0);                    /* end of options */
    kcv_hash_add(&h, path, strlen(path));
    kcv_hash_add(&h, code, len);
    kcv_hash_includes(&h, path, code, len, options);
    kcv_hash_hex(&h, key);
    char so[700];
    snprintf(so, sizeof so, "%s/%s.so", cache_dir, key);
    if (!file_exists(so) && compile(so, path, code, len, options, err) != 0) return NULL;
    void *dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!dl) { fail(err, "dlopen %s (%s): %s", so, path, dlerror()); return NULL; }
    const int *abi = dlsym(dl, "kcv_rt_abi");
    void *launch = dlsym(dl, "kcv_rt_launch");
    if (!abi || *abi != KCV_RT_ABI || !launch) {
        dlclose(dl);
        unlink(so);
        fail(err, "stale cpu module %s for %s (runtime ABI mismatch); load it again", so, path);
        return NULL;
    }
    kcv_module *m = calloc(1, sizeof *m);
    if (!m) { dlclose(dl); fail(err, "out of memory"); return NULL; }
    m->dl = dl;
    *(void **)&m->launch = launch;
    snprintf(m->path, sizeof m->path, "%s", path);
    snprintf(m->so, sizeof m->so, "%s", so);
    return m;
}

static void unload(kcv_module *m)
{
    if (!m) return;
    dlclose(m->dl);
    free(m);
}

/* A kernel declared without extern "C": the one exported C++ symbol
 * _Z<len><name>... (templates and overloads give several: an error), found
 * in the module's .dynsym.  1 found, 0 none, -1 ambiguous. */
static int find_mangled(const char *so, const char *name, char *out, size_t outlen)
{
    FILE *f = fopen(so, "rb");
    if (!f) return 0;
    char *img = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n > (long)sizeof(Elf64_Ehdr) && (img = malloc((size_t)n)) &&
        (fseek(f, 0, SEEK_SET) != 0 || fread(img, 1, (size_t)n, f) != (size_t)n)) { free(img); img = NULL; }
    fclose(f);
    if (!img) return 0;
    char prefix[160];
    snprintf(prefix, sizeof prefix, "_Z%zu%s", strlen(name), name);
    size_t pl = strlen(prefix);
    int found = 0;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(img + eh->e_shoff);
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_shoff + (size_t)eh->e_shnum * sizeof *sh > (size_t)n)
        eh = NULL;
    for (int i = 0; eh && i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_DYNSYM || sh[i].sh_link >= eh->e_shnum) continue;
        const Elf64_Sym *sym = (const Elf64_Sym *)(img + sh[i].sh_offset);
        const char *str = img + sh[sh[i].sh_link].sh_offset;
        size_t nsym = sh[i].sh_size / sizeof *sym, strsz = sh[sh[i].sh_link].sh_size;
        for (size_t k = 0; k < nsym; k++) {
            if (sym[k].st_name >= strsz || sym[k].st_shndx == SHN_UNDEF ||
                ELF64_ST_TYPE(sym[k].st_info) != STT_FUNC) continue;
            const char *sname = str + sym[k].st_name;
            if (strncmp(sname, prefix, pl) != 0) continue;
            if (found++ == 0) snprintf(out, outlen, "%s", sname);
        }
    }
    free(img);
    return found > 1 ? -1 : found;
}

static kcv_func *get_function(kcv_module *m, const char *name, char *err)
{
    void *fn = dlsym(m->dl, name);
    if (!fn) {
        char sym[512];
        int r = find_mangled(m->so, name, sym, sizeof sym);
        if (r == 1) fn = dlsym(m->dl, sym);
        if (!fn) {
            fail(err, r < 0 ? "kernel '%s' in %s is overloaded or a template: declare it extern \"C\""
                            : "no kernel '%s' in %s (is it __global__?)", name, m->path);
            return NULL;
        }
    }
    kcv_func *f = calloc(1, sizeof *f);
    if (!f) { fail(err, "out of memory"); return NULL; }
    f->m = m;
    *(void **)&f->fn = fn;
    snprintf(f->name, sizeof f->name, "%s", name);
    return f;
}

static int func_attrs(kcv_func *f, kcv_func_attrs *a, char *err)
{
    a->num_regs = a->static_smem = a->local_bytes = a->const_bytes = -1;
    a->max_threads_per_block = 1024;
    a->ptx_version = a->binary_version = -1;
    return 0;
}

static int set_max_dynamic_smem(kcv_func *f, int bytes, char *err)
{
    if (bytes > KCV_RT_MAX_DYN_SMEM)
        return fail(err, "%s: %d bytes of dynamic shared memory exceed the cpu backend's %d",
                    f->name, bytes, KCV_RT_MAX_DYN_SMEM);
    return 0;
}

/* ---- memory ------------------------------------------------------------------ */

/* The size of each mapping sits in the page in front of it, so the memory
 * handed out is page-aligned like cudaMalloc's. */
static int mem_alloc(kcv_dptr *p, size_t n, char *err)
{
    size_t total = n + 4096;
    /* At a fixed address when it is free: the worker's arena, and so every
     * device address of a job, is then the same in a fresh worker too. */
    char *m = mmap((void *)(uintptr_t)0x100000000000ull, total, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (m == MAP_FAILED || m != (char *)(uintptr_t)0x100000000000ull) {
        if (m != MAP_FAILED) munmap(m, total);   /* old kernels treat the flag as a hint */
        m = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    }
    if (m == MAP_FAILED)
        return fail(err, "out of memory: cannot map %zu bytes of cpu device memory: %s", n, strerror(errno));
    *(size_t *)m = total;
    *p = (kcv_dptr)(uintptr_t)(m + 4096);
    return 0;
}

static int mem_free(kcv_dptr p, char *err)
{
    char *m = (char *)(uintptr_t)p - 4096;
    munmap(m, *(size_t *)m);
    return 0;
}

static int htod(kcv_dptr d, const void *s, size_t n, char *err) { memcpy((void *)(uintptr_t)d, s, n); return 0; }
static int dtoh(void *d, kcv_dptr s, size_t n, char *err) { memcpy(d, (const void *)(uintptr_t)s, n); return 0; }
static int memset8(kcv_dptr d, uint8_t v, size_t n, char *err) { memset((void *)(uintptr_t)d, v, n); return 0; }
static int dtod(kcv_dptr d, kcv_dptr s, size_t n, char *err) { memcpy((void *)(uintptr_t)d, (const void *)(uintptr_t)s, n); return 0; }

/* ---- launch ---------------------------------------------------------------- */

typedef struct {
    ffi_cif cif;
    void (*fn)(void);
    void **args;
    uint64_t ireg[6];                 /* fast path: integer-class arguments, in order */
    double freg[8];                   /* and float-class ones */
} call_ctx;

static void call_body(void *p)
{
    call_ctx *c = p;
    ffi_arg ret;
    ffi_call(&c->cif, c->fn, &ret, c->args);
}

#if defined(__x86_64__) && !defined(_WIN32)
/* The SysV x86-64 ABI passes the first six integer-class arguments in
 * rdi..r9 and the first eight float-class ones in xmm0..7, each class in
 * its own order.  So a kernel with no more than that can be called through
 * one fixed signature, without libffi's per-call marshalling (every GPU
 * thread is one call).  An f32 travels in the low half of its xmm register;
 * integers arrive sign- or zero-extended to 64 bits. */
typedef void (*sysv_fn)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                        double, double, double, double, double, double, double, double);

static void call_body_regs(void *p)
{
    const call_ctx *c = p;
    const uint64_t *i = c->ireg;
    const double *d = c->freg;
    ((sysv_fn)(void *)c->fn)(i[0], i[1], i[2], i[3], i[4], i[5],
                             d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
}

/* Fill the register images; 0 when the arguments do not all fit. */
static int regs_fit(call_ctx *c, void **args, const kcv_ptype *params, int nparams)
{
    int ni = 0, nf = 0;
    memset(c->ireg, 0, sizeof c->ireg);
    memset(c->freg, 0, sizeof c->freg);
    for (int k = 0; k < nparams; k++) {
        if (params[k] == KCV_P_F32 || params[k] == KCV_P_F64) {
            if (nf == 8) return 0;
            uint64_t bits = 0;
            memcpy(&bits, args[k], params[k] == KCV_P_F32 ? 4 : 8);
            memcpy(&c->freg[nf++], &bits, 8);
        } else {
            if (ni == 6) return 0;
            uint64_t v = 0;
            switch (params[k]) {   /* extend as the ABI's callers do */
            case KCV_P_I8: v = (uint64_t)(int64_t)*(int8_t *)args[k]; break;
            case KCV_P_I16: v = (uint64_t)(int64_t)*(int16_t *)args[k]; break;
            case KCV_P_I32: v = (uint64_t)(int64_t)*(int32_t *)args[k]; break;
            case KCV_P_U8: v = *(uint8_t *)args[k]; break;
            case KCV_P_U16: v = *(uint16_t *)args[k]; break;
            case KCV_P_U32: v = *(uint32_t *)args[k]; break;
            default: v = *(uint64_t *)args[k];
            }
            c->ireg[ni++] = v;
        }
    }
    return 1;
}
#endif

static ffi_type *ffi_of(kcv_ptype t)
{
    switch (t) {
    case KCV_P_PTR: return &ffi_type_pointer;
    case KCV_P_I8: return &ffi_type_sint8;
    case KCV_P_I16: return &ffi_type_sint16;
    case KCV_P_I32: return &ffi_type_sint32;
    case KCV_P_I64: return &ffi_type_sint64;
    case KCV_P_U8: return &ffi_type_uint8;
    case KCV_P_U16: return &ffi_type_uint16;
    case KCV_P_U32: return &ffi_type_uint32;
    case KCV_P_U64: return &ffi_type_uint64;
    case KCV_P_F32: return &ffi_type_float;
    default: return &ffi_type_double;
    }
}

static int check_cfg(kcv_func *f, const kcv_launch_cfg *c, char *err)
{
    uint64_t nt = (uint64_t)c->block[0] * c->block[1] * c->block[2];
    if (!c->grid[0] || !c->grid[1] || !c->grid[2] || !nt)
        return fail(err, "%s: empty grid or block", f->name);
    if (nt > 1024 || c->block[2] > 64)
        return fail(err, "%s: block (%u,%u,%u) exceeds 1024 threads (or z > 64)",
                    f->name, c->block[0], c->block[1], c->block[2]);
    if (c->grid[1] > 65535 || c->grid[2] > 65535 || c->grid[0] > 0x7fffffffu)
        return fail(err, "%s: grid (%u,%u,%u) exceeds the CUDA limits", f->name,
                    c->grid[0], c->grid[1], c->grid[2]);
    if ((uint64_t)c->grid[0] * c->grid[1] * c->grid[2] > (1u << 28))
        return fail(err, "%s: grid (%u,%u,%u) has more blocks than the cpu backend runs (2^28)",
                    f->name, c->grid[0], c->grid[1], c->grid[2]);
    if (c->smem > KCV_RT_MAX_DYN_SMEM)
        return fail(err, "%s: %u bytes of dynamic shared memory exceed the limit %d",
                    f->name, c->smem, KCV_RT_MAX_DYN_SMEM);
    return 0;
}

static int run_now(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                   const kcv_ptype *params, int nparams, char *err)
{
    ffi_type *types[256];
    for (int i = 0; i < nparams; i++) types[i] = ffi_of(params[i]);
    call_ctx c;
    c.fn = f->fn;
    c.args = args;
    if (ffi_prep_cif(&c.cif, FFI_DEFAULT_ABI, (unsigned)nparams, &ffi_type_void, types) != FFI_OK)
        return fail(err, "%s: ffi_prep_cif failed", f->name);
    kcv_rt_launch_t a;
    memset(&a, 0, sizeof a);
    memcpy(a.grid, cfg->grid, sizeof a.grid);
    memcpy(a.block, cfg->block, sizeof a.block);
    a.smem = cfg->smem;
    a.seed = cfg->sched_seed;
    a.stack_size = stack_size;
    a.body = call_body;
#if defined(__x86_64__) && !defined(_WIN32)
    if (!getenv("KCV_CPU_FFI") && regs_fit(&c, args, params, nparams)) a.body = call_body_regs;
#endif
    a.ctx = &c;
    char msg[KCV_ERRLEN - 256];
    a.err = msg;
    a.errlen = sizeof msg;
    /* A kernel's own failure (trap, deadlock) is sticky, as on a GPU: it
     * surfaces at synchronize. */
    if (f->m->launch(&a) != 0) snprintf(sticky, sizeof sticky, "%s: %s", f->name, msg);
    return 0;
}

/* Streams: unjoined side launches are held back (backend.h, the worst
 * legal schedule); main and joined side launches run at their place. */
static kcv_defer_queue deferred;

/* A held-back launch; its failure is sticky as any kernel's. */
static int run_held(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                    const kcv_ptype *params, int nparams, char *err)
{
    if (sticky[0]) return -1;
    if (run_now(f, cfg, args, params, nparams, err) != 0 && !sticky[0])
        snprintf(sticky, sizeof sticky, "%s", err);
    return sticky[0] ? -1 : 0;
}

static void run_deferred(void)
{
    char err[KCV_ERRLEN];
    kcv_defer_run(&deferred, run_held, err);
}

static int launch(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                  const kcv_ptype *params, int nparams, char *err)
{
    if (check_cfg(f, cfg, err) != 0) return -1;
    if (cfg->stream != KCV_STREAM_MAIN && cfg->stream != KCV_STREAM_SIDE)
        return fail(err, "%s: unknown stream %d", f->name, cfg->stream);
    if (sticky[0]) return fail(err, "%s: not launched: an earlier kernel failed: %s", f->name, sticky);
    if (nparams > 256) return fail(err, "%s: too many parameters", f->name);
    if (cfg->stream == KCV_STREAM_SIDE) {
        if (!cfg->join) return kcv_defer_push(&deferred, f, cfg, args, params, nparams, err);
        run_deferred();               /* earlier on the side stream */
        if (sticky[0]) return 0;      /* surfaces at synchronize */
    }
    return run_now(f, cfg, args, params, nparams, err);
}

static int synchronize(char *err)
{
    run_deferred();
    if (sticky[0]) return fail(err, "%s", sticky);
    return 0;
}

/* Main: what ran at its place (never the deferred side launches). */
static int sync_stream(int stream, char *err)
{
    if (stream == KCV_STREAM_SIDE) run_deferred();
    else if (stream != KCV_STREAM_MAIN) return fail(err, "sync_stream: unknown stream %d", stream);
    if (sticky[0]) return fail(err, "%s", sticky);
    return 0;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static int time_launch(kcv_func *f, const kcv_launch_cfg *cfg, void **args,
                       const kcv_ptype *params, int nparams, int warmup, int reps,
                       size_t flush_bytes, double *ms, char *err)
{
    for (int i = 0; i < warmup; i++)
        if (launch(f, cfg, args, params, nparams, err) || synchronize(err)) return -1;
    for (int i = 0; i < reps; i++) {
        double t0 = now_ms();
        if (launch(f, cfg, args, params, nparams, err) || synchronize(err)) return -1;
        ms[i] = now_ms() - t0;
    }
    return 0;
}

const kcv_backend kcv_backend_cpu = {
    .name = "cpu",
    .init = init, .device_info = device_info,
    .load = load, .unload = unload, .get_function = get_function,
    .func_attrs = func_attrs, .set_max_dynamic_smem = set_max_dynamic_smem,
    .mem_alloc = mem_alloc, .mem_free = mem_free,
    .htod = htod, .dtoh = dtoh, .memset8 = memset8, .dtod = dtod,
    .launch = launch, .synchronize = synchronize, .sync_stream = sync_stream,
    .time_launch = time_launch,
};
