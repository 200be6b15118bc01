// grid.cuh — the inputs of the conformance kernel, computed on the device
// from the element index alone (integer arithmetic only), so that the GPU
// and the CPU backend evaluate every function on the same bits without
// copying inputs.  A function of one 16-bit argument sees all 65536
// patterns; any other sees first the cross product of its kinds' special
// values (zeros, subnormals, extremes, Inf, NaN payloads, rounding ties),
// then KCV_CONF_RANDOM seeded random inputs.
#pragma once
#include <stdint.h>

#define KCV_CONF_RANDOM 65536

// kinds of argument: the letters of spec/conformance/functions.lua
enum { K_H, K_B, K_F, K_D, K_I, K_U, K_L, K_UL, K_S, K_US, K_H2, K_B2, K_NKINDS };

__constant__ uint64_t conf_sp_h[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00,
    0x3c01, 0x3bff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe01, 0x3800, 0x4000, 0x4200};
__constant__ uint64_t conf_sp_b[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80,
    0x3f81, 0x3f7f, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0xffc1, 0x3f00, 0x4000, 0x4040};
__constant__ uint64_t conf_sp_f[] = {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff,
    0x00800000, 0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0x7f7fffff, 0xff7fffff, 0x7f800000,
    0xff800000, 0x7fc00000, 0x7f800001, 0xffc00001, 0x477fe000, 0x477ff000, 0x477fefff, 0x33000000,
    0x33000001, 0x3f801000, 0x3f803000, 0x3f808000, 0x3f818000, 0x40490fdb, 0xc0490fdb, 0x4f000000,
    0xcf000000, 0x5f000000, 0x3effffff, 0x3f000000, 0x3fc00000, 0x40200000, 0xbfc00000};
__constant__ uint64_t conf_sp_d[] = {0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull,
    0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3ff0020000000001ull, 0x3ff0020000000000ull,
    0x3ff0100004000000ull, 0x40effe0000000000ull, 0x40effdffffffffffull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7fe1ccf385ebc8a0ull, 0x81c8e6b8e6c2a3a5ull,
    0x400921f9f01b866eull, 0x3e60000000000000ull, 0x3e60000000000001ull, 0x47efffffe0000000ull,
    0x36a0000000000000ull};
__constant__ uint64_t conf_sp_i[] = {0, 1, 0xffffffffu, 0x7fffffffu, 0x80000000u, 2048, 2049, 2051,
    65504, 65519, 65520, 65536, 16777217, 0x7fffff80u, 0xfffff7ffu, 256, 257, 259};
__constant__ uint64_t conf_sp_l[] = {0, 1, ~0ull, 0x7fffffffffffffffull, 0x8000000000000000ull,
    0x0020000000000001ull, 0x4000010000000001ull, 0xffdfffffffffffffull, 65520, 2049, 257,
    0xfffffffffffffeffull, 0x8000000000000001ull, 0x0000000100000001ull};

__host__ __device__ inline uint64_t conf_mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

__host__ __device__ inline int conf_nspecial(int kind)
{
    switch (kind) {
    case K_H: case K_H2: return sizeof conf_sp_h / 8;
    case K_B: case K_B2: return sizeof conf_sp_b / 8;
    case K_F: return sizeof conf_sp_f / 8;
    case K_D: return sizeof conf_sp_d / 8;
    case K_I: case K_U: return sizeof conf_sp_i / 8;
    default: return sizeof conf_sp_l / 8;
    }
}

__host__ __device__ inline uint64_t conf_special(int kind, int k)
{
    switch (kind) {
    case K_H: return conf_sp_h[k];
    case K_B: return conf_sp_b[k];
    case K_H2: return conf_sp_h[k] | conf_sp_h[(k * 7 + 3) % (sizeof conf_sp_h / 8)] << 16;
    case K_B2: return conf_sp_b[k] | conf_sp_b[(k * 7 + 3) % (sizeof conf_sp_b / 8)] << 16;
    case K_F: return conf_sp_f[k];
    case K_D: return conf_sp_d[k];
    case K_I: case K_U: return conf_sp_i[k];
    default: return conf_sp_l[k];
    }
}

// A random input of a kind: raw bits, or bits shaped toward where the
// functions have their edges (exponents near 1, rounding ties of the
// 16-bit formats, small integers).
__host__ __device__ inline uint64_t conf_random(int kind, uint64_t r)
{
    unsigned shape = (unsigned)(r >> 62);
    uint64_t q = conf_mix(r);
    switch (kind) {
    case K_H: case K_B: case K_S: case K_US: return r & 0xffff;
    case K_H2: case K_B2: return r & 0xffffffffu;
    case K_F:
        if (shape == 1) return (r & 0x807fffffu) | ((uint64_t)(97 + q % 51) << 23);
        if (shape == 2) return ((r & 0xffffe000u) | 0x1000u) ^ (q & 1);     // f16 tie, or next to it
        if (shape == 3) return ((r & 0xffff0000u) | 0x8000u) ^ (q & 1);     // bf16 tie
        return r & 0xffffffffu;
    case K_D:
        if (shape == 1) return (r & 0x800fffffffffffffull) | ((uint64_t)(1023 - 40 + q % 81) << 52);
        if (shape == 2) return (((r & 0xbfffffffe0000000ull) | 0x3e00000010000000ull) ^ (q & 3)) & ~0x4000000000000000ull;
        if (shape == 3) return ((r & 0x800fffffffffffffull) | 0x3ff0000000000000ull) & ~0x00000fffffffffffull | 0x0000080000000000ull | (q & 1);
        return r;
    case K_I: case K_U:
        if (shape == 1) return (uint32_t)((int32_t)(r & 0x3ffff) - 0x20000);
        if (shape == 2) return (r & 0x03ffffffu) | 0x01000000u;
        return r & 0xffffffffu;
    default:
        if (shape == 1) return (uint64_t)((int64_t)(r & 0x3ffff) - 0x20000);
        if (shape == 2) return (r & 0x003fffffffffffffull) | 0x0020000000000000ull;
        return r;
    }
}

// Elements of a function of `arity` arguments of the given kinds.
__host__ __device__ inline long conf_count(int arity, const int *kinds)
{
    if (arity == 1 && (kinds[0] == K_H || kinds[0] == K_B || kinds[0] == K_S || kinds[0] == K_US))
        return 65536;
    long n = 1;
    for (int a = 0; a < arity; a++) n *= conf_nspecial(kinds[a]);
    return n + KCV_CONF_RANDOM;
}

// The bits of argument `a` of element i of function fn.
__host__ __device__ inline uint64_t conf_input(int fn, int arity, const int *kinds, int a, long i)
{
    if (arity == 1 && (kinds[0] == K_H || kinds[0] == K_B || kinds[0] == K_S || kinds[0] == K_US))
        return (uint64_t)i;
    long ns = 1;
    for (int k = 0; k < arity; k++) ns *= conf_nspecial(kinds[k]);
    if (i < ns) {
        long stride = 1;
        for (int k = arity - 1; k > a; k--) stride *= conf_nspecial(kinds[k]);
        return conf_special(kinds[a], (int)((i / stride) % conf_nspecial(kinds[a])));
    }
    return conf_random(kinds[a], conf_mix(((uint64_t)fn << 40) ^ ((uint64_t)a << 36) ^ (uint64_t)(i - ns)));
}
