/*
 * kcv_cpu_rt.h — the interface between the CPU backend (backend_cpu.c, C)
 * and the fiber runtime compiled into each kernel module (kcv_cpu_rt.cpp).
 * Bump KCV_RT_ABI whenever kcv_rt_launch_t changes: the backend refuses a
 * cached module built against another ABI.
 */
#ifndef KCV_CPU_RT_H
#define KCV_CPU_RT_H

#include <stddef.h>
#include <stdint.h>

#define KCV_RT_ABI 1
/* Shared memory per block after opting in, as on sm_90 (227 KB): a launch
 * asking for more fails on the CPU exactly where it would on a Hopper GPU. */
#define KCV_RT_MAX_DYN_SMEM 232448

typedef struct {
    unsigned grid[3], block[3];
    unsigned smem;
    uint64_t seed;
    size_t stack_size;             /* bytes per fiber stack */
    void (*body)(void *ctx);       /* runs one GPU thread: calls the kernel */
    void *ctx;
    char *err;                     /* message on failure */
    size_t errlen;
} kcv_rt_launch_t;

/* __syncthreads_count/and/or */
enum { KCV_BAR_COUNT = 1, KCV_BAR_AND, KCV_BAR_OR };
/* warp collectives */
enum { KCV_W_SYNC, KCV_W_IDX, KCV_W_UP, KCV_W_DOWN, KCV_W_XOR, KCV_W_BALLOT,
       KCV_W_ALL, KCV_W_ANY, KCV_W_RADD, KCV_W_RMIN, KCV_W_RMAX,
       KCV_W_RMINS, KCV_W_RMAXS, KCV_W_RAND, KCV_W_ROR, KCV_W_RXOR,
       KCV_W_MATCH_ANY, KCV_W_MATCH_ALL };

#endif
