/*
 * test_cpu_backend.c — the CPU backend through its kcv_backend vtable alone,
 * the way the worker drives it (no Lua, no worker process).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backend.h"

static int failures;
static const kcv_backend *B = &kcv_backend_cpu;

static void ok(int cond, const char *name, const char *detail)
{
    printf("%s - %s\n", cond ? "ok" : "not ok", name);
    if (!cond) { failures++; if (detail && *detail) printf("# %s\n", detail); }
}

static kcv_func *load(const char *src, const char *name, char *err)
{
    kcv_module *m = B->load(KCV_SRC_CU, "spec/c/inline.cu", src, strlen(src), NULL, err);
    return m ? B->get_function(m, name, err) : NULL;
}

/* extern __shared__ spread over two lines keeps later line numbers. */
static void test_rewrite_keeps_lines(void)
{
    char err[KCV_ERRLEN] = "";
    const char *src =
        "extern \"C\" __global__ void k(float *y) {\n"
        "  extern __shared__\n"
        "      float smem[];\n"
        "  y[0] = smem[0] + not_declared;\n"
        "}\n";
    ok(load(src, "k", err) == NULL && strstr(err, "spec/c/inline.cu:4:") != NULL,
       "a compile error after a rewritten extern __shared__ keeps its line number", err);
}

/* A launch through the vtable: device memory, copies, dynamic smem. */
static void test_launch(void)
{
    char err[KCV_ERRLEN] = "";
    const char *src =
        "extern \"C\" __global__ void rev(const int *x, int *y, int n) {\n"
        "  extern __shared__ __align__(16) int t[];\n"
        "  t[threadIdx.x] = x[threadIdx.x];\n"
        "  __syncthreads();\n"
        "  y[threadIdx.x] = t[n - 1 - threadIdx.x] * 2 + (int)gridDim.x;\n"
        "}\n";
    kcv_func *f = load(src, "rev", err);
    ok(f != NULL, "a kernel with an aligned extern __shared__ array compiles", err);
    if (!f) return;
    enum { N = 100 };
    int hx[N], hy[N];
    for (int i = 0; i < N; i++) hx[i] = i * 3;
    kcv_dptr dx, dy;
    int rc = B->mem_alloc(&dx, sizeof hx, err) | B->mem_alloc(&dy, sizeof hy, err);
    rc |= B->htod(dx, hx, sizeof hx, err) | B->memset8(dy, 0xEE, sizeof hy, err);
    kcv_launch_cfg cfg = {.grid = {1, 1, 1}, .block = {N, 1, 1}, .smem = N * sizeof(int), .sched_seed = 7};
    int n = N;
    void *args[] = {&dx, &dy, &n};
    kcv_ptype pt[] = {KCV_P_PTR, KCV_P_PTR, KCV_P_I32};
    rc |= B->launch(f, &cfg, args, pt, 3, err) | B->synchronize(err);
    rc |= B->dtoh(hy, dy, sizeof hy, err);
    int good = rc == 0;
    for (int i = 0; i < N; i++) good &= hy[i] == (N - 1 - i) * 3 * 2 + 1;
    ok(good, "launch, synchronize and copies give the kernel's result", err);
    ok(dx % 4096 == 0, "device memory is page-aligned", NULL);

    cfg.block[0] = 2048;
    ok(B->launch(f, &cfg, args, pt, 3, err) == -1 && strstr(err, "rev") && strstr(err, "1024"),
       "a block of more than 1024 threads is refused, naming the kernel", err);
    cfg.block[0] = N;
    cfg.smem = 300000;
    ok(B->launch(f, &cfg, args, pt, 3, err) == -1 && strstr(err, "shared memory"),
       "more dynamic shared memory than sm_90 has is refused", err);
    B->mem_free(dx, err);
    B->mem_free(dy, err);
}

/* A barrier that cannot be passed is a kernel error at synchronize. */
static void test_deadlock(void)
{
    char err[KCV_ERRLEN] = "";
    const char *src =
        "extern \"C\" __global__ void dl(int *y) {\n"
        "  if (threadIdx.x < 16) __syncthreads();\n"
        "  else y[0] = __shfl_sync(0xffffffffu, 1, 0) + __shfl_sync(0xffffffffu, 2, 0);\n"
        "}\n";
    kcv_func *f = load(src, "dl", err);
    if (!f) { ok(0, "a divergent barrier kernel compiles", err); return; }
    kcv_dptr dy;
    B->mem_alloc(&dy, 64, err);
    kcv_launch_cfg cfg = {.grid = {1, 1, 1}, .block = {32, 1, 1}, .smem = 0, .sched_seed = 0};
    void *args[] = {&dy};
    kcv_ptype pt[] = {KCV_P_PTR};
    int lrc = B->launch(f, &cfg, args, pt, 1, err);
    int src_rc = B->synchronize(err);
    ok(lrc == 0 && src_rc == -1 && strstr(err, "deadlock") && strstr(err, "dl"),
       "lanes of one warp split between __syncthreads and a shuffle deadlock: a sticky kernel error", err);
}

static void test_needs_device(void)
{
    char err[KCV_ERRLEN] = "";
    const char *src = "extern \"C\" __global__ void k(float *y) {\n"
                      "  // asm(\"in a comment\")\n"
                      "  asm(\"trap;\");\n}\n";
    ok(load(src, "k", err) == NULL && strncmp(err, KCV_NEEDS_DEVICE, strlen(KCV_NEEDS_DEVICE)) == 0 &&
       strstr(err, "spec/c/inline.cu:3:"), "inline asm is needs_device with file:line", err);
    ok(B->load(KCV_SRC_PTX, "x.ptx", ".version 8.0", 12, NULL, err) == NULL &&
       strncmp(err, KCV_NEEDS_DEVICE, strlen(KCV_NEEDS_DEVICE)) == 0, "PTX is needs_device", err);
}

int main(void)
{
    char err[KCV_ERRLEN] = "";
    if (B->init(err) != 0) {
        printf("ok - cpu backend # SKIP %s\n", err);
        return 0;
    }
    kcv_device_info info;
    ok(B->device_info(&info, err) == 0 && strcmp(info.arch, "cpu") == 0 && info.warp_size == 32,
       "device_info describes the cpu", err);
    test_rewrite_keeps_lines();
    test_launch();
    test_deadlock();
    test_needs_device();
    return failures != 0;
}
