/*
 * acc.cuh — the accumulator type that a kernel's ACC knob picks (kcv tune,
 * docs/KERNELS.md "Knobs").  The sidecar's knob ACC = {"f64", "f32", "f16"}
 * reaches the source as -DACC_F64=1, -DACC_F32=1 or -DACC_F16=1; without
 * any, the kernel's own default ACC_DEFAULT (set before the include) holds,
 * so the default config is the kernel as written.
 *
 * f16 really accumulates in half: every addition rounds to half, and the
 * block reduction adds halves too.  It is there to be vetoed (PRC-02: a
 * long sum passes 65504 and overflows; CMP-01 and ORD-01: the error of
 * 2^-11 per addition), not to be used.
 */
#ifndef KCV_ACC_CUH
#define KCV_ACC_CUH

#include <cuda_fp16.h>

#if defined(ACC_F16)
typedef __half acc_t;
#elif defined(ACC_F32)
typedef float acc_t;
#elif defined(ACC_F64)
typedef double acc_t;
#else
typedef ACC_DEFAULT acc_t;
#endif

/* A value into the accumulator's type, and back out as double. */
__device__ inline acc_t acc_of(double v) { return (acc_t)v; }
__device__ inline double acc_value(double a) { return a; }
__device__ inline double acc_value(float a) { return (double)a; }
__device__ inline double acc_value(__half a) { return (double)__half2float(a); }

#endif
