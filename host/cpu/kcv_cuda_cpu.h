/*
 * kcv_cuda_cpu.h — CUDA's device-side language, emulated on the CPU.
 *
 * The CPU backend compiles a kernel's .cu as C++ with this header
 * force-included (g++ -include), and links it with kcv_cpu_rt.cpp, the
 * fiber scheduler.  Every GPU thread of a block is a fiber; blocks run one
 * after another, in an order drawn from the launch's sched_seed, and the
 * threads of a block resume after every barrier in an order drawn from the
 * same seed.  So kernels whose result depends on ordering (float atomics,
 * races) show it on the CPU too.
 *
 * Shared memory: `__shared__` is `static`, which makes a variable shared by
 * all fibers; since blocks run one at a time, that is exactly per-block
 * storage.  Before each block the runtime fills it (and the dynamic area)
 * with a byte drawn from the seed: what a GPU leaves there is garbage, and
 * a kernel that reads shared memory before writing it shows it.  `extern __shared__`
 * declarations are rewritten by the backend before compiling into a pointer
 * to the dynamic shared memory area (kcv__dyn_smem).
 *
 * Nothing here is atomic in the hardware sense: fibers are cooperative and
 * the worker runs one OS thread, so atomics are plain read-modify-writes.
 */
#ifndef KCV_CUDA_CPU_H
#define KCV_CUDA_CPU_H

#include <stdint.h>
#include <string.h>
#include <math.h>
#include <cmath>
#include <float.h>
#include <limits.h>
#include <limits>
#include <stdio.h>
#include "kcv_cpu_rt.h"

#define __CUDACC__ 1
#define __CUDA_ARCH__ 900
#define KCV_CPU 1

#define __global__ __attribute__((visibility("default")))
#define __device__
#define __host__
#define __constant__
#define __managed__
/* Static shared variables go to one section, so the runtime can find them
 * and fill them with a stale-memory pattern before each block (the backend
 * retries with KCV_NO_SHARED_SECTION if the section ever conflicts). */
#ifdef KCV_NO_SHARED_SECTION
#define __shared__ static
#else
#define __shared__ static __attribute__((section("kcv_shared")))
#endif
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
/* GNU's attribute, not alignas: it may stand where CUDA code puts it,
 * after __shared__ (`__shared__ __align__(32) half tile[256]`), which a
 * standard attribute may not (g++: "standard attributes in middle of
 * decl-specifiers") */
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __grid_constant__
#define __restrict __restrict__

/* ---- thread geometry ---------------------------------------------------- */

struct uint3 { unsigned int x, y, z; };
struct dim3 {
    unsigned int x, y, z;
    dim3(unsigned int a = 1, unsigned int b = 1, unsigned int c = 1) : x(a), y(b), z(c) {}
    dim3(uint3 u) : x(u.x), y(u.y), z(u.z) {}
    operator uint3() const { uint3 u = {x, y, z}; return u; }
};

/* What device code sees of its own fiber: its index, and its async copies
 * (kcv_cpu_pipeline.h: how many are pending, the batch being filled). */
struct kcv_thread { uint3 tid; unsigned pipe_n, pipe_batch; };

extern "C" {
extern kcv_thread *kcv__self;
extern uint3 kcv__blockIdx, kcv__blockDim, kcv__gridDim;
extern char kcv__dyn_smem[];
void kcv__syncthreads(void);
int kcv__syncthreads_op(int op, int pred);
uint64_t kcv__warp_op(int op, unsigned mask, uint64_t v, int arg, int width);
unsigned kcv__activemask(int site);
void kcv__trap(const char *why);
}

#define threadIdx (kcv__self->tid)
#define blockIdx kcv__blockIdx
#define blockDim kcv__blockDim
#define gridDim kcv__gridDim
#define warpSize 32

/* ---- barriers, warp operations ------------------------------------------ */


static inline void __syncthreads(void) { kcv__syncthreads(); }
static inline int __syncthreads_count(int p) { return kcv__syncthreads_op(KCV_BAR_COUNT, p); }
static inline int __syncthreads_and(int p) { return kcv__syncthreads_op(KCV_BAR_AND, p); }
static inline int __syncthreads_or(int p) { return kcv__syncthreads_op(KCV_BAR_OR, p); }
static inline void __syncwarp(unsigned mask = 0xffffffffu) { kcv__warp_op(KCV_W_SYNC, mask, 0, 0, 32); }
/* the lanes converged at this call site (kcv_cpu_rt.cpp: act_try) */
#define __activemask() kcv__activemask(__COUNTER__)
static inline void __threadfence(void) {}
static inline void __threadfence_block(void) {}
static inline void __threadfence_system(void) {}
static inline void __trap(void) { kcv__trap("__trap()"); }
static inline void __nanosleep(unsigned) {}

template <class T> static inline uint64_t kcv__tobits(T v)
{
    static_assert(sizeof(T) <= 8, "warp shuffles move at most 8 bytes");
    uint64_t u = 0; memcpy(&u, &v, sizeof v); return u;
}
template <class T> static inline T kcv__frombits(uint64_t u)
{
    T v; memcpy(&v, &u, sizeof v); return v;
}
template <class T> static inline T __shfl_sync(unsigned m, T v, int src, int w = 32)
{ return kcv__frombits<T>(kcv__warp_op(KCV_W_IDX, m, kcv__tobits(v), src, w)); }
template <class T> static inline T __shfl_up_sync(unsigned m, T v, unsigned d, int w = 32)
{ return kcv__frombits<T>(kcv__warp_op(KCV_W_UP, m, kcv__tobits(v), (int)d, w)); }
template <class T> static inline T __shfl_down_sync(unsigned m, T v, unsigned d, int w = 32)
{ return kcv__frombits<T>(kcv__warp_op(KCV_W_DOWN, m, kcv__tobits(v), (int)d, w)); }
template <class T> static inline T __shfl_xor_sync(unsigned m, T v, int lm, int w = 32)
{ return kcv__frombits<T>(kcv__warp_op(KCV_W_XOR, m, kcv__tobits(v), lm, w)); }
static inline unsigned __ballot_sync(unsigned m, int p)
{ return (unsigned)kcv__warp_op(KCV_W_BALLOT, m, p != 0, 0, 32); }
static inline int __all_sync(unsigned m, int p) { return (int)kcv__warp_op(KCV_W_ALL, m, p != 0, 0, 32); }
static inline int __any_sync(unsigned m, int p) { return (int)kcv__warp_op(KCV_W_ANY, m, p != 0, 0, 32); }
static inline unsigned __reduce_add_sync(unsigned m, unsigned v) { return (unsigned)kcv__warp_op(KCV_W_RADD, m, v, 0, 32); }
static inline unsigned __reduce_min_sync(unsigned m, unsigned v) { return (unsigned)kcv__warp_op(KCV_W_RMIN, m, v, 0, 32); }
static inline unsigned __reduce_max_sync(unsigned m, unsigned v) { return (unsigned)kcv__warp_op(KCV_W_RMAX, m, v, 0, 32); }
static inline int __reduce_add_sync(unsigned m, int v) { return (int)kcv__warp_op(KCV_W_RADD, m, (uint32_t)v, 0, 32); }
static inline int __reduce_min_sync(unsigned m, int v) { return (int)kcv__warp_op(KCV_W_RMINS, m, (uint32_t)v, 0, 32); }
static inline int __reduce_max_sync(unsigned m, int v) { return (int)kcv__warp_op(KCV_W_RMAXS, m, (uint32_t)v, 0, 32); }
static inline unsigned __reduce_and_sync(unsigned m, unsigned v) { return (unsigned)kcv__warp_op(KCV_W_RAND, m, v, 0, 32); }
static inline unsigned __reduce_or_sync(unsigned m, unsigned v) { return (unsigned)kcv__warp_op(KCV_W_ROR, m, v, 0, 32); }
static inline unsigned __reduce_xor_sync(unsigned m, unsigned v) { return (unsigned)kcv__warp_op(KCV_W_RXOR, m, v, 0, 32); }
/* the lanes of m whose value has the same bits as this lane's */
template <class T> static inline unsigned __match_any_sync(unsigned m, T v)
{ return (unsigned)kcv__warp_op(KCV_W_MATCH_ANY, m, kcv__tobits(v), 0, 32); }
/* m when every lane of m has the same bits (*pred = 1), else 0 */
template <class T> static inline unsigned __match_all_sync(unsigned m, T v, int *pred)
{
    uint64_t r = kcv__warp_op(KCV_W_MATCH_ALL, m, kcv__tobits(v), 0, 32);
    *pred = (int)(r >> 32);
    return (unsigned)r;
}

/* ---- rounding, integer and float intrinsics ---------------------------- */

#include "kcv_cpu_round.h"
#include "kcv_cpu_bits.h"
#include "kcv_cpu_fmath.h"

#if defined(__x86_64__)
static inline long long clock64(void) { return (long long)__builtin_ia32_rdtsc(); }
#else
#include <time.h>
static inline long long clock64(void)
{ struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec * 1000000000LL + ts.tv_nsec; }
#endif

/* min/max as CUDA overloads them for every arithmetic type. */
#define KCV_MINMAX(T) \
    static inline T min(T a, T b) { return a < b ? a : b; } \
    static inline T max(T a, T b) { return a > b ? a : b; }
KCV_MINMAX(int) KCV_MINMAX(unsigned) KCV_MINMAX(long) KCV_MINMAX(unsigned long)
KCV_MINMAX(long long) KCV_MINMAX(unsigned long long)
#undef KCV_MINMAX
static inline float min(float a, float b) { return fminf(a, b); }
static inline float max(float a, float b) { return fmaxf(a, b); }
static inline double min(double a, double b) { return fmin(a, b); }
static inline double max(double a, double b) { return fmax(a, b); }

/* ---- vector types --------------------------------------------------------- */

#define KCV_VEC2(T, N, A) struct alignas(A) N##2 { T x, y; }; \
    static inline N##2 make_##N##2(T a, T b) { N##2 v = {a, b}; return v; }
#define KCV_VEC3(T, N) struct N##3 { T x, y, z; }; \
    static inline N##3 make_##N##3(T a, T b, T c) { N##3 v = {a, b, c}; return v; }
#define KCV_VEC4(T, N, A) struct alignas(A) N##4 { T x, y, z, w; }; \
    static inline N##4 make_##N##4(T a, T b, T c, T d) { N##4 v = {a, b, c, d}; return v; }
KCV_VEC2(float, float, 8) KCV_VEC3(float, float) KCV_VEC4(float, float, 16)
KCV_VEC2(double, double, 16) KCV_VEC4(double, double, 16)
KCV_VEC2(int, int, 8) KCV_VEC3(int, int) KCV_VEC4(int, int, 16)
KCV_VEC2(unsigned, uint, 8) KCV_VEC4(unsigned, uint, 16)
KCV_VEC2(long long, longlong, 16) KCV_VEC2(short, short, 4) KCV_VEC4(short, short, 8)
KCV_VEC2(unsigned short, ushort, 4) KCV_VEC4(unsigned short, ushort, 8)
KCV_VEC2(signed char, char, 2) KCV_VEC4(signed char, char, 4)
KCV_VEC2(unsigned char, uchar, 2) KCV_VEC4(unsigned char, uchar, 4)
static inline uint3 make_uint3(unsigned a, unsigned b, unsigned c) { uint3 v = {a, b, c}; return v; }
#undef KCV_VEC2
#undef KCV_VEC3
#undef KCV_VEC4

/* ---- memory loads ----------------------------------------------------- */

template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T __ldcg(const T *p) { return *p; }
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
template <class T> static inline T __ldlu(const T *p) { return *p; }
template <class T> static inline void __stcg(T *p, T v) { *p = v; }
template <class T> static inline void __stcs(T *p, T v) { *p = v; }
template <class T> static inline void __stwt(T *p, T v) { *p = v; }

/* ---- 16-bit floats, atomics, async copies, what needs a device ----------- */

#include "kcv_cpu_half.h"
#include "kcv_cpu_half2.h"
#include "kcv_cpu_atomic.h"
#include "kcv_cpu_pipeline.h"
#include "kcv_cpu_absent.h"

#define CUDART_INF_F INFINITY
#define CUDART_NAN_F NAN
#define CUDART_INF INFINITY
#define CUDART_NAN NAN

/* ---- --use_fast_math ---------------------------------------------------- */
/* nvcc and NVRTC then call the approximate intrinsics for the float math
 * functions (and flush subnormals, and divide approximately: those two
 * are not emulated, plain float operators stay IEEE here).  The backend
 * defines KCV_CPU_FAST_MATH when a kernel is loaded with the option. */
#ifdef KCV_CPU_FAST_MATH
#define expf(x) kcv_expf(x)
#define exp10f(x) kcv_exp10f(x)
#define logf(x) kcv_logf(x)
#define log2f(x) kcv_log2f(x)
#define log10f(x) kcv_log10f(x)
#define powf(x, y) kcv_powf(x, y)
#define sinf(x) kcv_sinf(x)
#define cosf(x) kcv_cosf(x)
#define tanf(x) kcv_tanf(x)
#define sincosf(x, s, c) kcv_sincosf(x, s, c)
#endif

/* ---- host-side runtime names that kernel files sometimes mention ------- */
typedef int cudaError_t;
#define cudaSuccess 0
typedef void *cudaStream_t;

#endif
