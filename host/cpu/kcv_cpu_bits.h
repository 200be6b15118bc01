/*
 * kcv_cpu_bits.h — CUDA's integer intrinsics and bit casts: population
 * count, leading zeros, bit reversal, byte permute, funnel shifts, high
 * halves of products, sums of absolute differences, averages, __dp4a.
 * Each as the CUDA Math API documents it, including the edge cases
 * (__clz(0) = 32, __ffs(0) = 0, a funnel shift's amount taken mod 32 or
 * clamped to 32).
 */
#ifndef KCV_CPU_BITS_H
#define KCV_CPU_BITS_H

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
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
static inline unsigned long long __brevll(unsigned long long x)
{ return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32)); }
/* byte i of the result is byte (s >> 4i) & 7 of the eight bytes y:x */
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
    uint64_t v = ((uint64_t)y << 32) | x; unsigned r = 0;
    for (int i = 0; i < 4; i++) r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
    return r;
}
/* hi:lo shifted; _l/_r take the amount mod 32, _lc/_rc clamp it to 32 */
static inline unsigned kcv__funnel(unsigned lo, unsigned hi, unsigned n, int left)
{
    uint64_t v = ((uint64_t)hi << 32) | lo;
    return left ? (unsigned)((v << n) >> 32) : (unsigned)(v >> n);
}
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) { return kcv__funnel(lo, hi, s & 31, 1); }
static inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned s) { return kcv__funnel(lo, hi, s < 32 ? s : 32, 1); }
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) { return kcv__funnel(lo, hi, s & 31, 0); }
static inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned s) { return kcv__funnel(lo, hi, s < 32 ? s : 32, 0); }

static inline int __mul24(int a, int b) { return (int)((long long)((int)((unsigned)a << 8) >> 8) * ((int)((unsigned)b << 8) >> 8)); }
static inline unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffffu) * (b & 0xffffffu); }
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }
static inline long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{ return (unsigned long long)(((unsigned __int128)a * b) >> 64); }
static inline unsigned __sad(int x, int y, unsigned z) { return z + (unsigned)(x > y ? (long long)x - y : (long long)y - x); }
static inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return z + (x > y ? x - y : y - x); }
/* averages without overflow: (x + y) >> 1 and (x + y + 1) >> 1 */
static inline int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
static inline int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
static inline unsigned __uhadd(unsigned x, unsigned y) { return (unsigned)(((unsigned long long)x + y) >> 1); }
static inline unsigned __urhadd(unsigned x, unsigned y) { return (unsigned)(((unsigned long long)x + y + 1) >> 1); }
/* four-way byte dot products plus an accumulator */
static inline int __dp4a(int a, int b, int c)
{
    for (int i = 0; i < 4; i++) c += (int)(signed char)(a >> 8 * i) * (signed char)(b >> 8 * i);
    return c;
}
static inline unsigned __dp4a(unsigned a, unsigned b, unsigned c)
{
    for (int i = 0; i < 4; i++) c += ((a >> 8 * i) & 0xffu) * ((b >> 8 * i) & 0xffu);
    return c;
}

#endif
