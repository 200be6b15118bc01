/*
 * kcv_cpu_atomic.h — atomics of every type CUDA has them for.  Fibers are
 * cooperative and the worker runs one OS thread, so a plain
 * read-modify-write is atomic; the order of the threads that do it comes
 * from the launch's sched_seed.  The _block and _system scopes are the
 * same operation.  A 16-bit or a pair type adds as its + does (one
 * rounding per lane).
 */
#ifndef KCV_CPU_ATOMIC_H
#define KCV_CPU_ATOMIC_H

#define KCV_ATOM_ADD(T) static inline T atomicAdd(T *p, T v) { T o = *p; *p = o + v; return o; }
KCV_ATOM_ADD(int) KCV_ATOM_ADD(unsigned) KCV_ATOM_ADD(unsigned long long)
KCV_ATOM_ADD(float) KCV_ATOM_ADD(double) KCV_ATOM_ADD(__half) KCV_ATOM_ADD(__nv_bfloat16)
KCV_ATOM_ADD(__half2) KCV_ATOM_ADD(__nv_bfloat162)
#undef KCV_ATOM_ADD
/* sm_90's vector float adds: each element on its own */
static inline float2 atomicAdd(float2 *p, float2 v)
{ float2 o = *p; p->x = o.x + v.x; p->y = o.y + v.y; return o; }
static inline float4 atomicAdd(float4 *p, float4 v)
{ float4 o = *p; p->x = o.x + v.x; p->y = o.y + v.y; p->z = o.z + v.z; p->w = o.w + v.w; return o; }
static inline int atomicSub(int *p, int v) { int o = *p; *p = o - v; return o; }
static inline unsigned atomicSub(unsigned *p, unsigned v) { unsigned o = *p; *p = o - v; return o; }
#define KCV_ATOM(T) \
    static inline T atomicMax(T *p, T v) { T o = *p; if (v > o) *p = v; return o; } \
    static inline T atomicMin(T *p, T v) { T o = *p; if (v < o) *p = v; return o; } \
    static inline T atomicExch(T *p, T v) { T o = *p; *p = v; return o; } \
    static inline T atomicCAS(T *p, T c, T v) { T o = *p; if (o == c) *p = v; return o; }
KCV_ATOM(int) KCV_ATOM(unsigned) KCV_ATOM(unsigned long long) KCV_ATOM(long long)
#undef KCV_ATOM
/* compare and swap on 16 bits compares the bits */
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
#define KCV_SCOPES(F) template <class... A> static inline auto F##_block(A... a) { return F(a...); } \
    template <class... A> static inline auto F##_system(A... a) { return F(a...); }
KCV_SCOPES(atomicAdd) KCV_SCOPES(atomicSub) KCV_SCOPES(atomicMax) KCV_SCOPES(atomicMin)
KCV_SCOPES(atomicExch) KCV_SCOPES(atomicCAS) KCV_SCOPES(atomicAnd) KCV_SCOPES(atomicOr)
KCV_SCOPES(atomicXor) KCV_SCOPES(atomicInc) KCV_SCOPES(atomicDec)
#undef KCV_SCOPES

#endif
