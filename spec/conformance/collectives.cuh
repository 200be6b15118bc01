// collectives.cuh — the warp-level functions and the atomics, for the
// conformance kernel.  conf_coll(fn, out) runs in one block of
// CONF_COLL_THREADS threads (four warps) and writes CONF_COLL_OUT words per
// thread; test fn is the fn-th name of `collectives` in
// spec/conformance/functions.lua.  Every lane of a warp takes part (full
// masks): what a GPU does with a lane outside the mask is undefined.
// Each word of the atomics' cells takes one kind of operation only, one
// that commutes and is exact (integer arithmetic and bit operations, max,
// min, float sums of values whose every partial sum is representable), so
// that the final values do not depend on the order in which the threads
// arrive: two operations that do not commute on one word (max and min, a
// float and a double add, an and and a xor) would test the hardware's
// order instead.
#pragma once

#define CONF_COLL_THREADS 128
#define CONF_COLL_OUT 2

__device__ inline unsigned conf_lane_value(unsigned t) { return (unsigned)conf_mix(t * 0x51ull + 7); }

// the shuffles: variant v (0 idx, 1 up, 2 down, 3 xor) at width w
__device__ inline void conf_shuffle(int v, int w, unsigned t, unsigned long long *out)
{
    unsigned x = conf_lane_value(t), lane = t % 32;
    double d = (double)x * 1.5;
    unsigned r;
    double rd;
    switch (v) {
    case 0: r = __shfl_sync(0xffffffffu, x, (int)(lane * 7 + 3) - 9, w); rd = __shfl_sync(0xffffffffu, d, (int)lane + 5, w); break;
    case 1: r = __shfl_up_sync(0xffffffffu, x, 3, w); rd = __shfl_up_sync(0xffffffffu, d, 1, w); break;
    case 2: r = __shfl_down_sync(0xffffffffu, x, 5, w); rd = __shfl_down_sync(0xffffffffu, d, 2, w); break;
    default: r = __shfl_xor_sync(0xffffffffu, x, (int)(lane % 3 == 0 ? 8 : lane % 3 == 1 ? 17 : 3), w);
             rd = __shfl_xor_sync(0xffffffffu, d, 1, w); break;
    }
    out[2 * t] = r;
    memcpy(&out[2 * t + 1], &rd, 8);
}

__device__ inline void conf_warp(int fn, unsigned t, unsigned long long *out)
{
    unsigned lane = t % 32, x = conf_lane_value(t);
    int pred = (x >> 7) & 1;
    unsigned long long *o = out + 2 * t;
    switch (fn) {
    case 20: o[0] = __ballot_sync(0xffffffffu, pred); o[1] = __ballot_sync(0xffffffffu, lane > 20); break;
    case 21: o[0] = __any_sync(0xffffffffu, pred); o[1] = __any_sync(0xffffffffu, t == 70); break;
    case 22: o[0] = __all_sync(0xffffffffu, pred); o[1] = __all_sync(0xffffffffu, lane < 32); break;
    case 23: o[0] = __activemask(); o[1] = __popc(__activemask()); break;
    case 24: o[0] = __match_any_sync(0xffffffffu, (lane * lane) % 5); o[1] = __match_any_sync(0xffffffffu, (unsigned long long)(lane / 8) << 40); break;
    case 25: { int p1, p2;
               o[0] = __match_all_sync(0xffffffffu, t / 32, &p1); o[1] = __match_all_sync(0xffffffffu, lane / 16, &p2);
               o[0] |= (unsigned long long)p1 << 32; o[1] |= (unsigned long long)p2 << 32; break; }
    case 26: o[0] = __reduce_add_sync(0xffffffffu, x); o[1] = (unsigned)__reduce_add_sync(0xffffffffu, (int)x); break;
    case 27: o[0] = __reduce_min_sync(0xffffffffu, x); o[1] = (unsigned)__reduce_min_sync(0xffffffffu, (int)x); break;
    case 28: o[0] = __reduce_max_sync(0xffffffffu, x); o[1] = (unsigned)__reduce_max_sync(0xffffffffu, (int)x); break;
    case 29: o[0] = __reduce_and_sync(0xffffffffu, x | 0x10000u); o[1] = __reduce_or_sync(0xffffffffu, x & 0x1111u); break;
    case 30: o[0] = __reduce_xor_sync(0xffffffffu, x); o[1] = __reduce_xor_sync(0xffffffffu, lane); break;
    }
}

// The first value of cell k: where atomicMin, atomicMax or atomicAnd act
// on it, the identity of that operation.
__device__ inline unsigned long long conf_cell_init(int fn, unsigned k)
{
    switch (fn) {
    case 45: return k < 4 ? 0 : ~0ull;                                    // max; min
    case 46: return k < 4 ? 0x8000000000000000ull : 0x7fffffffffffffffull; // signed max; min
    case 49: return k < 4 ? 0xffffffffull : 0;                            // and | or; xor
    default: return 0;
    }
}

// Atomics on shared memory cells, written out after a barrier; each
// thread's returned old value where it does not depend on the order.
__device__ inline void conf_atomic(int fn, unsigned t, unsigned long long *out)
{
    __shared__ unsigned long long cell[8];
    __shared__ unsigned short c16[CONF_COLL_THREADS];
    unsigned x = conf_lane_value(t), k = t % 8, q = t % 4;
    if (t < 8) { cell[t] = conf_cell_init(fn, t); out[2 * t] = 0; }
    c16[t] = (unsigned short)(t * 3);
    __syncthreads();
    unsigned long long mine = 0;
    switch (fn) {
    case 40: atomicAdd((__half2 *)&cell[k], __halves2half2(__float2half(1.0f), __float2half((float)(t % 4) * 0.5f))); break;
    case 41: atomicAdd((__nv_bfloat162 *)&cell[k], __halves2bfloat162(__float2bfloat16(1.0f), __float2bfloat16((float)(t % 3)))); break;
    case 42: atomicAdd((__half *)&cell[k], __float2half((float)(t % 5) - 2.0f)); break;
    case 43: atomicAdd((__nv_bfloat16 *)&cell[k], __float2bfloat16((float)(t % 5) + 0.5f)); break;
    case 44: mine = atomicCAS(&c16[t], (unsigned short)(t * 3), (unsigned short)(t * 5 + 1));
             mine |= (unsigned long long)atomicCAS(&c16[t], (unsigned short)7, (unsigned short)9) << 16; break;
    // max on cells 0-3, min on cells 4-7
    case 45: atomicMax(&cell[q], conf_mix(t)); atomicMin(&cell[4 + q], conf_mix(t + 1000)); break;
    case 46: atomicMax((long long *)&cell[q], (long long)conf_mix(t)); atomicMin((long long *)&cell[4 + q], (long long)conf_mix(t + 9)); break;
    case 47: atomicAdd(&cell[k], conf_mix(t)); break;
    // floats in both halves of cells 0-3 (sums of quarters up to 64 and of
    // integers: exact), doubles in cells 4-7 (integers below 2^37: exact)
    case 48: atomicAdd((float *)&cell[q], (float)(t % 9) * 0.25f); atomicAdd((float *)&cell[q] + 1, -(float)(t % 5));
             atomicAdd((double *)&cell[4 + q], (double)x); break;
    // and (clearing a bit) in the low halves of cells 0-3, or (setting one)
    // in their high halves, xor on the whole of cells 4-7
    case 49: atomicAnd((unsigned *)&cell[q], ~(1u << (x % 32))); atomicOr((unsigned *)&cell[q] + 1, 1u << (x >> 5) % 32);
             atomicXor(&cell[4 + q], conf_mix(t)); break;
    case 50: atomicInc((unsigned *)&cell[k], 5u); atomicDec((unsigned *)&cell[k] + 1, 6u); break;
    // float2 atomics exist on global memory only (on shared memory the
    // launch fails): out[2 k] is the cell
    case 51: atomicAdd((float2 *)&out[2 * k], make_float2((float)t, -(float)(t % 7))); break;
    case 52: atomicAdd((int *)&cell[k], (int)x); atomicSub((unsigned *)&cell[k] + 1, x); break;
    }
    __syncthreads();
    out[2 * t] = t >= 8 ? c16[t] : fn == 51 ? out[2 * t] : cell[t];
    out[2 * t + 1] = mine;
}

extern "C" __global__ void conf_coll(int fn, unsigned long long *out)
{
    unsigned t = threadIdx.x;
    if (fn < 20) conf_shuffle(fn / 5, 32 >> (fn % 5), t, out);
    else if (fn < 40) conf_warp(fn, t, out);
    else conf_atomic(fn, t, out);
}
