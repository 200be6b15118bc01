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
#define __align__(n) alignas(n)
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

/* What device code sees of its own fiber. */
struct kcv_thread { uint3 tid; };

extern "C" {
extern kcv_thread *kcv__self;
extern uint3 kcv__blockIdx, kcv__blockDim, kcv__gridDim;
extern char kcv__dyn_smem[];
void kcv__syncthreads(void);
int kcv__syncthreads_op(int op, int pred);
uint64_t kcv__warp_op(int op, unsigned mask, uint64_t v, int arg, int width);
unsigned kcv__activemask(void);
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
static inline unsigned __activemask(void) { return kcv__activemask(); }
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

/* ---- bit casts and integer intrinsics ----------------------------------- */

static inline int __float_as_int(float x) { int i; memcpy(&i, &x, 4); return i; }
static inline unsigned __float_as_uint(float x) { unsigned i; memcpy(&i, &x, 4); return i; }
static inline float __int_as_float(int i) { float x; memcpy(&x, &i, 4); return x; }
static inline float __uint_as_float(unsigned i) { float x; memcpy(&x, &i, 4); return x; }
static inline long long __double_as_longlong(double x) { long long i; memcpy(&i, &x, 8); return i; }
static inline double __longlong_as_double(long long i) { double x; memcpy(&x, &i, 8); return x; }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __brev(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++) r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
static inline int __mul24(int a, int b) { return (int)((long long)(a << 8 >> 8) * (b << 8 >> 8)); }
static inline unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffffu) * (b & 0xffffffu); }
#if defined(__x86_64__)
static inline long long clock64(void) { return (long long)__builtin_ia32_rdtsc(); }
#else
#include <time.h>
static inline long long clock64(void)
{ struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec * 1000000000LL + ts.tv_nsec; }
#endif
static inline int __double2int_rn(double x) { return (int)nearbyint(x); }
static inline double __int2double_rn(int x) { return (double)x; }
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
    uint64_t v = ((uint64_t)y << 32) | x; unsigned r = 0;
    for (int i = 0; i < 4; i++) r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
    return r;
}

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

/* ---- math ---------------------------------------------------------------
 * The C library gives expf, logf, tanhf, erff, sqrtf, ... (correctly
 * rounded or nearly so).  The fast intrinsics mimic the GPU's special
 * function unit: an exp2/log2 of a float-rounded argument, division by a
 * rounded reciprocal, so their results differ from the accurate ones as
 * they do on a device. */
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
static inline float __saturatef(float x) { return x != x ? 0.0f : x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
static inline float kcv__ftz(float x) { return fabsf(x) < FLT_MIN ? copysignf(0.0f, x) : x; }
static inline float kcv__ex2(float x) { return kcv__ftz((float)exp2((double)x) * (1.0f + 0x1p-22f)); }
static inline float kcv__lg2(float x) { return (float)log2((double)kcv__ftz(x)) + 0x1p-22f * (x > 1.0f); }
static inline float kcv_expf(float x) { return kcv__ex2(x * 1.4426950408889634f); }
static inline float kcv_exp10f(float x) { return kcv__ex2(x * 3.3219280948873622f); }
static inline float kcv_logf(float x) { return kcv__lg2(x) * 0.69314718055994531f; }
static inline float kcv_log2f(float x) { return kcv__lg2(x); }
static inline float kcv_log10f(float x) { return kcv__lg2(x) * 0.30102999566398120f; }
static inline float kcv_powf(float x, float y) { return kcv__ex2(y * kcv__lg2(x)); }
static inline float __fdividef(float x, float y)
{
    if (fabsf(y) > 0x1p126f && fabsf(y) < INFINITY) return isinf(x) ? NAN : 0.0f;
    return x * (1.0f / y);
}
static inline float __frcp_rn(float x) { return 1.0f / x; }
static inline float __fsqrt_rn(float x) { return sqrtf(x); }
static inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }
static inline float kcv_sinf(float x) { return (float)sin((double)x) + 0x1p-21f * (float)sin((double)x); }
static inline float kcv_cosf(float x) { return (float)cos((double)x) + 0x1p-21f * (float)cos((double)x); }
static inline float kcv_tanf(float x) { return kcv_sinf(x) / kcv_cosf(x); }
static inline void kcv_sincosf(float x, float *s, float *c) { *s = kcv_sinf(x); *c = kcv_cosf(x); }
static inline float kcv_tanhf(float x) { return tanhf(x) * (1.0f + 0x1p-11f); }
#define __expf kcv_expf
#define __exp10f kcv_exp10f
#define __logf kcv_logf
#define __log2f kcv_log2f
#define __log10f kcv_log10f
#define __powf kcv_powf
#define __sinf kcv_sinf
#define __cosf kcv_cosf
#define __tanf kcv_tanf
#define __sincosf kcv_sincosf
#define __tanhf kcv_tanhf
static inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
static inline float __fadd_rn(float a, float b) { return a + b; }
static inline float __fsub_rn(float a, float b) { return a - b; }
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline float __fdiv_rn(float a, float b) { return a / b; }
static inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }
static inline double __dadd_rn(double a, double b) { return a + b; }
static inline double __dmul_rn(double a, double b) { return a * b; }
static inline float normcdff(float x) { return 0.5f * erfcf(-x * 0.70710678118654752f); }
static inline int __float2int_rn(float x) { return (int)nearbyintf(x); }
static inline int __float2int_rz(float x) { return (int)x; }
static inline int __float2int_rd(float x) { return (int)floorf(x); }
static inline int __float2int_ru(float x) { return (int)ceilf(x); }
static inline unsigned __float2uint_rn(float x) { return (unsigned)nearbyintf(x); }
static inline float __int2float_rn(int x) { return (float)x; }
static inline float __double2float_rn(double x) { return (float)x; }

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

/* ---- atomics (cooperative fibers: a plain read-modify-write is atomic) --- */

template <class T> static inline T kcv__rmw_add(T *p, T v) { T o = *p; *p = o + v; return o; }
static inline int atomicAdd(int *p, int v) { return kcv__rmw_add(p, v); }
static inline unsigned atomicAdd(unsigned *p, unsigned v) { return kcv__rmw_add(p, v); }
static inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v) { return kcv__rmw_add(p, v); }
static inline float atomicAdd(float *p, float v) { return kcv__rmw_add(p, v); }
static inline double atomicAdd(double *p, double v) { return kcv__rmw_add(p, v); }
static inline int atomicSub(int *p, int v) { int o = *p; *p = o - v; return o; }
static inline unsigned atomicSub(unsigned *p, unsigned v) { unsigned o = *p; *p = o - v; return o; }
#define KCV_ATOM(T) \
    static inline T atomicMax(T *p, T v) { T o = *p; if (v > o) *p = v; return o; } \
    static inline T atomicMin(T *p, T v) { T o = *p; if (v < o) *p = v; return o; } \
    static inline T atomicExch(T *p, T v) { T o = *p; *p = v; return o; } \
    static inline T atomicCAS(T *p, T c, T v) { T o = *p; if (o == c) *p = v; return o; }
KCV_ATOM(int) KCV_ATOM(unsigned) KCV_ATOM(unsigned long long) KCV_ATOM(long long)
#undef KCV_ATOM
static inline unsigned short atomicCAS(unsigned short *p, unsigned short c, unsigned short v)
{ unsigned short o = *p; if (o == c) *p = v; return o; }
static inline float atomicExch(float *p, float v) { float o = *p; *p = v; return o; }
#define KCV_BITATOM(T) \
    static inline T atomicAnd(T *p, T v) { T o = *p; *p = o & v; return o; } \
    static inline T atomicOr(T *p, T v) { T o = *p; *p = o | v; return o; } \
    static inline T atomicXor(T *p, T v) { T o = *p; *p = o ^ v; return o; }
KCV_BITATOM(int) KCV_BITATOM(unsigned) KCV_BITATOM(unsigned long long)
#undef KCV_BITATOM
static inline unsigned atomicInc(unsigned *p, unsigned m) { unsigned o = *p; *p = o >= m ? 0 : o + 1; return o; }
static inline unsigned atomicDec(unsigned *p, unsigned m) { unsigned o = *p; *p = (o == 0 || o > m) ? m : o - 1; return o; }
#define atomicAdd_block atomicAdd
#define atomicMax_block atomicMax
#define atomicMin_block atomicMin
#define atomicCAS_block atomicCAS

/* ---- memory loads ----------------------------------------------------- */

template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T __ldcg(const T *p) { return *p; }
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
template <class T> static inline T __ldlu(const T *p) { return *p; }
template <class T> static inline void __stcg(T *p, T v) { *p = v; }
template <class T> static inline void __stcs(T *p, T v) { *p = v; }
template <class T> static inline void __stwt(T *p, T v) { *p = v; }

/* ---- __half and __nv_bfloat16 --------------------------------------------
 * Storage is the 16-bit pattern; arithmetic goes through float and rounds
 * once back (exact for + - * / since float holds more than twice the
 * bits), which is what the hardware's correctly rounded ops give. */

static inline uint16_t kcv__f2h(float f)
{
    uint32_t x; memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u) return (uint16_t)(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u | ((ax >> 13) & 0x3ffu) : 0));
    if (ax >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u);     /* rounds to Inf */
    if (ax < 0x38800000u) {                                        /* subnormal half */
        float a; memcpy(&a, &ax, 4);
        float r = a * 0x1p24f;                                      /* exact scaling */
        uint32_t m = (uint32_t)nearbyintf(r);                       /* RNE (default mode) */
        return (uint16_t)(sign | m);
    }
    uint32_t m = ax + 0xc8000fffu + ((ax >> 13) & 1u);             /* rebias, RNE */
    return (uint16_t)(sign | (m >> 13));
}
static inline float kcv__h2f(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu, x;
    if (e == 0x1f) x = sign | 0x7f800000u | (m << 13);
    else if (e == 0) { float f = (float)m * 0x1p-24f; memcpy(&x, &f, 4); x |= sign; }
    else x = sign | ((e + 112) << 23) | (m << 13);
    float f; memcpy(&f, &x, 4); return f;
}
static inline uint16_t kcv__f2bf(float f)
{
    uint32_t x; memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)(x >> 16);
}
static inline float kcv__bf2f(uint16_t b) { uint32_t x = (uint32_t)b << 16; float f; memcpy(&f, &x, 4); return f; }

/* A double rounded to float to odd: truncated, with the last bit set when
 * inexact.  Rounding that float once more to a format of at most 22
 * significant bits gives the double's correctly rounded value there, as the
 * hardware's __double2half and __double2bfloat16 do; a plain (float)d
 * first would round twice (a value just above a tie would go to even). */
static inline float kcv__d2f_odd(double d)
{
    float t = (float)d;
    if (d != d || (double)t == d) return t;
    if (fabs((double)t) > fabs(d)) t = nextafterf(t, 0.0f);
    uint32_t x; memcpy(&x, &t, 4); x |= 1u; memcpy(&t, &x, 4);
    return t;
}

#define KCV_HALF_TYPE(N, ENC, DEC) \
struct N { \
    uint16_t __x; \
    N() = default; \
    N(float f) : __x(ENC(f)) {} \
    N(double d) : __x(ENC(kcv__d2f_odd(d))) {} \
    N(int i) : __x(ENC((float)i)) {} \
    N(unsigned i) : __x(ENC((float)i)) {} \
    N(long long i) : __x(ENC((float)i)) {} \
    operator float() const { return DEC(__x); } \
    N &operator+=(N o) { *this = N(DEC(__x) + DEC(o.__x)); return *this; } \
    N &operator-=(N o) { *this = N(DEC(__x) - DEC(o.__x)); return *this; } \
    N &operator*=(N o) { *this = N(DEC(__x) * DEC(o.__x)); return *this; } \
    N &operator/=(N o) { *this = N(DEC(__x) / DEC(o.__x)); return *this; } \
}; \
static inline N operator+(N a, N b) { return N((float)a + (float)b); } \
static inline N operator-(N a, N b) { return N((float)a - (float)b); } \
static inline N operator*(N a, N b) { return N((float)a * (float)b); } \
static inline N operator/(N a, N b) { return N((float)a / (float)b); } \
static inline N operator-(N a) { N r; r.__x = a.__x ^ 0x8000u; return r; } \
static inline bool operator==(N a, N b) { return (float)a == (float)b; } \
static inline bool operator!=(N a, N b) { return (float)a != (float)b; } \
static inline bool operator<(N a, N b) { return (float)a < (float)b; } \
static inline bool operator>(N a, N b) { return (float)a > (float)b; } \
static inline bool operator<=(N a, N b) { return (float)a <= (float)b; } \
static inline bool operator>=(N a, N b) { return (float)a >= (float)b; }

KCV_HALF_TYPE(__half, kcv__f2h, kcv__h2f)
KCV_HALF_TYPE(__nv_bfloat16, kcv__f2bf, kcv__bf2f)
#undef KCV_HALF_TYPE
typedef __half half;
typedef __nv_bfloat16 nv_bfloat16;
struct __half2 { __half x, y; };
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __half2 half2;
typedef __nv_bfloat162 nv_bfloat162;

static inline __half __float2half(float f) { return __half(f); }
static inline __half __float2half_rn(float f) { return __half(f); }
static inline float __half2float(__half h) { return (float)h; }
static inline __half __double2half(double d) { return __half(d); }
static inline __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
static inline __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); }
static inline __nv_bfloat16 __double2bfloat16(double d) { return __nv_bfloat16(d); }
static inline float __bfloat162float(__nv_bfloat16 b) { return (float)b; }
static inline unsigned short __half_as_ushort(__half h) { return h.__x; }
static inline __half __ushort_as_half(unsigned short u) { __half h; h.__x = u; return h; }
static inline short __half_as_short(__half h) { return (short)h.__x; }
static inline __half __short_as_half(short u) { __half h; h.__x = (uint16_t)u; return h; }
static inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
static inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { __nv_bfloat16 h; h.__x = u; return h; }
static inline __half __hadd(__half a, __half b) { return a + b; }
static inline __half __hsub(__half a, __half b) { return a - b; }
static inline __half __hmul(__half a, __half b) { return a * b; }
static inline __half __hdiv(__half a, __half b) { return a / b; }
static inline __half __hneg(__half a) { return -a; }
static inline __half __hfma(__half a, __half b, __half c) { return __half(fmaf((float)a, (float)b, (float)c)); }
static inline __half __hmax(__half a, __half b) { return __half(fmaxf((float)a, (float)b)); }
static inline __half __hmin(__half a, __half b) { return __half(fminf((float)a, (float)b)); }
static inline bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
static inline bool __hisinf(__half a) { return (a.__x & 0x7fffu) == 0x7c00u; }
static inline __half hexp(__half a) { return __half(expf((float)a)); }
static inline __half hlog(__half a) { return __half(logf((float)a)); }
static inline __half hsqrt(__half a) { return __half(sqrtf((float)a)); }
static inline __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return a + b; }
static inline __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return a * b; }
static inline __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return __nv_bfloat16(fmaf((float)a, (float)b, (float)c)); }
static inline __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat16(fmaxf((float)a, (float)b)); }
static inline __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat16(fminf((float)a, (float)b)); }
static inline __half2 __floats2half2_rn(float a, float b) { __half2 r = {__half(a), __half(b)}; return r; }
static inline __half2 __float2half2_rn(float a) { __half2 r = {__half(a), __half(a)}; return r; }
static inline float2 __half22float2(__half2 h) { return make_float2((float)h.x, (float)h.y); }
static inline __half __low2half(__half2 h) { return h.x; }
static inline __half __high2half(__half2 h) { return h.y; }
static inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { __nv_bfloat162 r = {__nv_bfloat16(a), __nv_bfloat16(b)}; return r; }
static inline float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2((float)h.x, (float)h.y); }
static inline __half atomicAdd(__half *p, __half v) { __half o = *p; *p = o + v; return o; }
static inline __nv_bfloat16 atomicAdd(__nv_bfloat16 *p, __nv_bfloat16 v) { __nv_bfloat16 o = *p; *p = o + v; return o; }
#define CUDART_INF_F INFINITY
#define CUDART_NAN_F NAN
#define CUDART_INF INFINITY
#define CUDART_NAN NAN

/* ---- host-side runtime names that kernel files sometimes mention ------- */
typedef int cudaError_t;
#define cudaSuccess 0
typedef void *cudaStream_t;

#endif
