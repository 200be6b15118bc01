/*
 * cuda_api.h — the CUDA Driver API and NVRTC, loaded with dlopen.
 *
 * Nothing in kcv links libcuda or libnvrtc: a machine without a GPU or a
 * driver must still build and run kcv.  The types come from the toolkit's
 * headers; the functions are pointers in `kcv_cu` / `kcv_nvrtc`, filled by
 * kcv_cu_load() / kcv_nvrtc_load().  Each member is named as the API call
 * (cuda.h's macros rename e.g. cuMemAlloc to cuMemAlloc_v2 in both the
 * member and the symbol we look up, so the two always agree).
 */
#ifndef KCV_CUDA_API_H
#define KCV_CUDA_API_H

#include <stddef.h>
#include <cuda.h>
#include <nvrtc.h>

/* Driver API calls kcv needs (all required). */
#define KCV_CU_CALLS(X) \
    X(cuInit) X(cuDriverGetVersion) X(cuGetErrorName) X(cuGetErrorString) \
    X(cuDeviceGetCount) X(cuDeviceGet) X(cuDeviceGetName) \
    X(cuDeviceGetAttribute) X(cuDeviceTotalMem) \
    X(cuDevicePrimaryCtxRetain) X(cuCtxSetCurrent) \
    X(cuCtxSynchronize) X(cuStreamCreate) X(cuStreamSynchronize) X(cuStreamWaitEvent) \
    X(cuModuleLoadDataEx) X(cuModuleUnload) X(cuModuleGetFunction) \
    X(cuFuncGetAttribute) X(cuFuncSetAttribute) \
    X(cuMemAlloc) X(cuMemFree) X(cuMemcpyHtoD) X(cuMemcpyDtoH) \
    X(cuMemcpyDtoD) X(cuMemsetD8) X(cuMemsetD8Async) \
    X(cuLaunchKernel) X(cuEventCreate) X(cuEventRecord) \
    X(cuEventSynchronize) X(cuEventElapsedTime) X(cuEventDestroy)

/* Newer calls used when the driver has them (NULL otherwise). */
#define KCV_CU_OPTIONAL(X) \
    X(cuFuncGetParamInfo) X(cuModuleGetFunctionCount) \
    X(cuModuleEnumerateFunctions) X(cuFuncGetName) \
    X(cuOccupancyMaxActiveBlocksPerMultiprocessor)

#define KCV_NVRTC_CALLS(X) \
    X(nvrtcVersion) X(nvrtcGetErrorString) X(nvrtcCreateProgram) \
    X(nvrtcCompileProgram) X(nvrtcDestroyProgram) \
    X(nvrtcGetProgramLogSize) X(nvrtcGetProgramLog) \
    X(nvrtcGetPTXSize) X(nvrtcGetPTX) X(nvrtcGetCUBINSize) X(nvrtcGetCUBIN) \
    X(nvrtcGetNumSupportedArchs) X(nvrtcGetSupportedArchs)

#define KCV_API_MEMBER(fn) __typeof__(fn) *fn;

typedef struct {
    KCV_CU_CALLS(KCV_API_MEMBER)
    KCV_CU_OPTIONAL(KCV_API_MEMBER)
} kcv_cu_api;

typedef struct {
    KCV_NVRTC_CALLS(KCV_API_MEMBER)
} kcv_nvrtc_api;

extern kcv_cu_api kcv_cu;          /* valid after kcv_cu_load() == 0    */
extern kcv_nvrtc_api kcv_nvrtc;    /* valid after kcv_nvrtc_load() == 0 */

/* Load libcuda.so.1.  0, or -1 with the reason in err ("libcuda.so.1 not
 * found: ..." or "libcuda.so.1 lacks cuMemAlloc_v2"). */
int kcv_cu_load(char *err, size_t errlen);
/* Load libnvrtc (libnvrtc.so.13, .so.12, .so, also under the toolkit's
 * lib64).  0, or -1 with the reason; the answer is remembered. */
int kcv_nvrtc_load(char *err, size_t errlen);

/* The CUresult's name, from a table built from cuda.h so that it works
 * before (and without) libcuda: "CUDA_ERROR_ILLEGAL_ADDRESS", or
 * "CUresult 12345" (in a static buffer) when unknown. */
const char *kcv_cu_errname(CUresult r);
/* 1 when r leaves the context unusable: every later call fails the same
 * way and only a new process (a fresh worker) recovers. */
int kcv_cu_sticky(CUresult r);

/* The CUDA toolkit's include directory ($CUDA_HOME, $CUDA_PATH,
 * /usr/local/cuda), or NULL when none has cuda_fp16.h. */
const char *kcv_cuda_include_dir(void);

#endif
