/*
 * mma.h — CUDA's warp matrix functions (nvcuda::wmma, <mma.h>) for the kcv
 * CPU backend: fragments, fill_fragment, load_matrix_sync, mma_sync,
 * store_matrix_sync and __float_to_tf32, for the floating-point shapes:
 *
 *   m16n16k16, m32n8k16, m8n32k16   __half or __nv_bfloat16 inputs; a float
 *                                   accumulator, or __half with __half inputs
 *   m16n16k8                        precision::tf32 inputs (stored as float),
 *                                   float accumulator
 *   m8n8k4                          double
 *
 * The whole-tile model.  On a GPU a fragment is spread over the 32 lanes of
 * a warp, each lane holding num_elements of the tile in a mapping that CUDA
 * leaves unspecified (it differs between architectures and shapes).  Here
 * every lane holds the WHOLE tile, in the row-major order of the tile
 * (x[r * cols + c], whatever the layout in memory), so no lane ever needs
 * another's elements: load_matrix_sync reads the whole tile in every lane,
 * mma_sync computes the whole product in every lane and store_matrix_sync
 * writes the whole tile from every lane (the same values, so the order in
 * which lanes store does not matter).  num_elements is therefore rows *
 * cols, 16 to 32 times the GPU's (a float m16n16k16 accumulator: 8 on the
 * GPU, 256 here), and so is a fragment's size: 1 KB of the fiber's stack
 * for that accumulator (a kernel with many fragments may need a larger
 * KCV_CPU_STACK than the 256 KB default).  Element-wise code, a loop over
 * num_elements that changes x[i] (scale, add a constant, convert with
 * __float_to_tf32), works unchanged.  Code that relies on which elements a
 * lane holds relies on a mapping CUDA does not define, which is not
 * portable between GPUs either; here it gives other results.
 *
 * Synchronisation.  CUDA says that load_matrix_sync, store_matrix_sync and
 * mma_sync wait until all lanes of the warp have arrived: each is a
 * __syncwarp() first here, so a tile that the lanes of the warp wrote just
 * before a load is complete when any lane reads it.  All 32 lanes must call
 * them (CUDA: undefined otherwise), so a warp of fewer than 32 threads
 * traps.  What CUDA requires of the memory operands also traps when broken
 * (undefined on a GPU): a pointer aligned to 256 bits, and ldm a multiple
 * of 16 bytes (8 halves, 4 floats, 2 doubles).
 *
 * Arithmetic.  d[i][j] = c[i][j] + sum over k of a[i][k] b[k][j], each
 * product exact (bf16, f16 and tf32 have at most 11 significant bits, so a
 * product has at most 22).  A float accumulator adds them as the H200's
 * tensor cores do (kcv__wmma_group: neither IEEE 754 nor CUDA says how;
 * fitted to the H200's bits, docs/CPU.md): in groups of 16 products (f16,
 * bf16) or 4 (tf32), each group with the running sum, every term cut
 * toward zero at 2^-25 of the largest's exponent, the sum cut toward zero
 * to float.  A __half accumulator is read exactly into float, the terms
 * added with fmaf in increasing k, and d rounded to __half (to nearest
 * even) once, at the end, which gave the H200's bits on the six sums asked.
 * m8n8k4 adds with fma in double, in increasing k.  A float NaN result is
 * 0x7fffffff, as on the H200.
 *
 * tf32.  __float_to_tf32 is the GPU's cvt.rna.tf32.f32, bit for bit: round
 * to nearest, ties away from zero, to 10 mantissa bits; the result is a
 * float whose 13 low bits are zero.  mma_sync reads the 19 high bits of a
 * tf32 operand (sign, exponent, 10 mantissa bits), so a value the kernel
 * did not round first is cut toward zero (kcv__tf32_operand says why).
 *
 * Not emulated: the integer fragments (signed and unsigned char inputs, int
 * accumulators), the sub-byte ones (experimental::precision::u4, s4, b1)
 * and bmma_sync.  Using one stops the compile with "needs a CUDA device:
 * wmma_integer" (wmma_subbyte, bmma_sync), which kcv reports as the kernel
 * needing a GPU (kcv_cpu_absent.h).  A fragment that CUDA does not have
 * either (a float matrix_a, a matrix_a without a layout) is the kernel's
 * own error.
 */
#ifndef KCV_CPU_MMA_H
#define KCV_CPU_MMA_H

#include "kcv_cuda_cpu.h"
#include <type_traits>

namespace nvcuda {
namespace wmma {

/* ---- tags, layouts, element types ------------------------------------------ */

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace precision { struct tf32; }
namespace experimental {
namespace precision { struct u4; struct s4; struct b1; }
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}
enum layout_t { mem_row_major, mem_col_major };

/* as CUDA's: what a fragment of T stores and what fill_fragment takes */
template <typename T> struct helper_traits {
    typedef T element_type;
    typedef T storage_element_type;
    typedef T fill_argument_type;
};
template <> struct helper_traits<precision::tf32> {
    typedef precision::tf32 element_type;
    typedef float storage_element_type;
    typedef float fill_argument_type;
};
template <> struct helper_traits<experimental::precision::u4> {
    typedef experimental::precision::u4 element_type;
    typedef unsigned storage_element_type;
    typedef unsigned fill_argument_type;
};
template <> struct helper_traits<experimental::precision::s4> {
    typedef experimental::precision::s4 element_type;
    typedef int storage_element_type;
    typedef int fill_argument_type;
};
template <> struct helper_traits<experimental::precision::b1> {
    typedef experimental::precision::b1 element_type;
    typedef unsigned storage_element_type;
    typedef unsigned fill_argument_type;
};

/* ---- fragments ------------------------------------------------------------ */

/* CUDA's base, with the same members; size is the whole tile here */
template <typename T, int size, int packed_size = size>
struct __align__(8) __frag_base {
    enum { num_elements = size };
    enum { num_storage_elements = packed_size };
    typedef T element_type;
    typedef typename helper_traits<T>::storage_element_type storage_element_type;
    storage_element_type x[num_storage_elements];
};

/* rows and columns of each operand of an m x n x k product: A is m x k,
 * B is k x n, C and D are m x n (1 x 1 for a use that is not one: the
 * fragment's static_assert then names the mistake) */
template <typename Use, int m, int n, int k> struct kcv__tile { enum { rows = 1, cols = 1 }; };
template <int m, int n, int k> struct kcv__tile<matrix_a, m, n, k> { enum { rows = m, cols = k }; };
template <int m, int n, int k> struct kcv__tile<matrix_b, m, n, k> { enum { rows = k, cols = n }; };
template <int m, int n, int k> struct kcv__tile<accumulator, m, n, k> { enum { rows = m, cols = n }; };

/* elements per storage element: sub-byte types are packed, as in CUDA */
template <typename T> struct kcv__pack { enum { per = 1 }; };
template <> struct kcv__pack<experimental::precision::u4> { enum { per = 8 }; };
template <> struct kcv__pack<experimental::precision::s4> { enum { per = 8 }; };
template <> struct kcv__pack<experimental::precision::b1> { enum { per = 32 }; };

/* What a fragment is: one of CUDA's that the CPU computes, one of CUDA's
 * that needs a GPU here, or none of CUDA's. */
enum { KCV_WMMA_NONE, KCV_WMMA_CPU, KCV_WMMA_INTEGER, KCV_WMMA_SUBBYTE };
template <typename Use, int m, int n, int k, typename T, typename L>
constexpr int kcv__kind()
{
    using std::is_same;
    const bool ab = is_same<Use, matrix_a>::value || is_same<Use, matrix_b>::value;
    const bool acc = is_same<Use, accumulator>::value && is_same<L, void>::value;
    const bool lay = is_same<L, row_major>::value || is_same<L, col_major>::value;
    const bool k16 = (m == 16 && n == 16 && k == 16) || (m == 32 && n == 8 && k == 16) ||
                     (m == 8 && n == 32 && k == 16);
    if (k16 && ab && lay && (is_same<T, __half>::value || is_same<T, __nv_bfloat16>::value))
        return KCV_WMMA_CPU;
    if (k16 && acc && (is_same<T, __half>::value || is_same<T, float>::value)) return KCV_WMMA_CPU;
    if (m == 16 && n == 16 && k == 8 &&
        ((ab && lay && is_same<T, precision::tf32>::value) || (acc && is_same<T, float>::value)))
        return KCV_WMMA_CPU;
    if (m == 8 && n == 8 && k == 4 && ((ab && lay) || acc) && is_same<T, double>::value)
        return KCV_WMMA_CPU;
    if (k16 && ab && lay && (is_same<T, signed char>::value || is_same<T, unsigned char>::value))
        return KCV_WMMA_INTEGER;
    if (k16 && acc && is_same<T, int>::value) return KCV_WMMA_INTEGER;
    /* m8n8k32 (u4, s4) and m8n8k128 (b1): A row-major, B column-major */
    const bool sub_ab = (is_same<Use, matrix_a>::value && is_same<L, row_major>::value) ||
                        (is_same<Use, matrix_b>::value && is_same<L, col_major>::value);
    if (m == 8 && n == 8 && k == 32 &&
        ((sub_ab && (is_same<T, experimental::precision::u4>::value ||
                     is_same<T, experimental::precision::s4>::value)) || (acc && is_same<T, int>::value)))
        return KCV_WMMA_SUBBYTE;
    if (m == 8 && n == 8 && k == 128 &&
        ((sub_ab && is_same<T, experimental::precision::b1>::value) || (acc && is_same<T, int>::value)))
        return KCV_WMMA_SUBBYTE;
    return KCV_WMMA_NONE;
}

template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment : public __frag_base<T, kcv__tile<Use, m, n, k>::rows * kcv__tile<Use, m, n, k>::cols,
                                    kcv__tile<Use, m, n, k>::rows * kcv__tile<Use, m, n, k>::cols /
                                        kcv__pack<T>::per> {
    static constexpr int kind = kcv__kind<Use, m, n, k, T, Layout>();
    static_assert(kind != KCV_WMMA_INTEGER, "needs a CUDA device: wmma_integer");
    static_assert(kind != KCV_WMMA_SUBBYTE, "needs a CUDA device: wmma_subbyte");
    static_assert(kind != KCV_WMMA_NONE, "nvcuda::wmma::fragment: CUDA has no fragment of this use, "
                  "shape, element type and layout (matrix_a and matrix_b take row_major or col_major, "
                  "an accumulator none)");
};

template <typename T, int size, int packed_size>
static inline void fill_fragment(__frag_base<T, size, packed_size> &f,
                                 const typename helper_traits<T>::fill_argument_type &v)
{
    for (int i = 0; i < packed_size; i++) f.x[i] = v;
}

/* ---- tf32 ----------------------------------------------------------------- */

/* cvt.rna.tf32.f32 as sm_90a code computes it (the H200 gave these bits
 * for all 24 values tools/wmma-probe.cu asks, 2026-12-03; kept in
 * spec/fixtures/wmma-h200.txt): the SASS that nvcc 13.0 emits for sm_90a
 * (seen with nvdisasm) adds 0x1000, half an ulp of tf32, to the
 * bits of a value whose magnitude is below Inf (FSETP.GEU |x|, +INF), then
 * clears the 13 low bits.  So: round to nearest, ties away from zero, to
 * Inf past the largest tf32; Inf stays Inf, and a NaN only loses its 13 low
 * bits (0x7fffffff gives 0x7fffe000, 0x7f800001 gives Inf). */
static inline float __float_to_tf32(float in)
{
    unsigned u = __float_as_uint(in);
    if ((u & 0x7f800000u) != 0x7f800000u) u += 0x1000u;
    return __uint_as_float(u & 0xffffe000u);
}

/* A tf32 operand as mma_sync reads it: the 19 high bits.  CUDA asks the
 * kernel to round the elements with __float_to_tf32 after the load; the
 * sm_90a code hands the 32 bits of an element to the tensor core
 * (HMMA.1684.F32.TF32) as they are, and PTX leaves what it makes of the
 * 13 low bits to the implementation.  Here they are ignored: a value the
 * kernel did not round is cut toward zero to tf32, as the H200 does in A
 * and in B (tools/wmma-probe.cu), and no product has more than 22
 * significant bits. */
static inline float kcv__tf32_operand(float v)
{
    return __uint_as_float(__float_as_uint(v) & 0xffffe000u);
}

/* ---- the shared part of load, store and mma --------------------------------- */

/* The thread's place in its block, as warps count it. */
static inline unsigned kcv__wmma_thread(void)
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* The warp barrier that each warp matrix function is on a GPU. */
static inline void kcv__wmma_sync(void)
{
    unsigned nt = blockDim.x * blockDim.y * blockDim.z;
    if (kcv__wmma_thread() / 32 * 32 + 32 > nt)
        kcv__trap("nvcuda::wmma called in a warp of fewer than 32 threads (the block's size is "
                  "not a multiple of 32); CUDA requires every lane of the warp");
    kcv__warp_op(KCV_W_SYNC, 0xffffffffu, 0, 0, 32);
}

#define KCV_WMMA_CHECK(fn, p, ldm) do { \
    if ((uintptr_t)(p) % 32) \
        kcv__trap("nvcuda::wmma::" fn ": the pointer is not 256-bit aligned, as CUDA requires"); \
    if ((size_t)(ldm) * sizeof *(p) % 16) \
        kcv__trap("nvcuda::wmma::" fn ": ldm is not a multiple of 16 bytes (8 halves, 4 floats, " \
                  "2 doubles), as CUDA requires"); \
} while (0)

/* The tile in x, row-major, from memory in either layout (and back). */
template <typename S>
static inline void kcv__wmma_load(S *x, const S *p, unsigned ldm, bool col, int rows, int cols)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            x[r * cols + c] = col ? p[(size_t)c * ldm + r] : p[(size_t)r * ldm + c];
}
template <typename S>
static inline void kcv__wmma_store(S *p, const S *x, unsigned ldm, bool col, int rows, int cols)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            (col ? p[(size_t)c * ldm + r] : p[(size_t)r * ldm + c]) = x[r * cols + c];
}

/* ---- load, store ------------------------------------------------------------ */

/* matrix_a, matrix_b: the layout is the fragment's */
template <typename Use, int m, int n, int k, typename T, typename L>
static inline void load_matrix_sync(fragment<Use, m, n, k, T, L> &a,
                                    const typename helper_traits<T>::storage_element_type *p, unsigned ldm)
{
    static_assert(!std::is_same<Use, accumulator>::value, "nvcuda::wmma::load_matrix_sync: an "
                  "accumulator is loaded with a layout_t (mem_row_major or mem_col_major) as 4th argument");
    kcv__wmma_sync();
    KCV_WMMA_CHECK("load_matrix_sync", p, ldm);
    if constexpr (kcv__kind<Use, m, n, k, T, L>() == KCV_WMMA_CPU)
        kcv__wmma_load(a.x, p, ldm, std::is_same<L, col_major>::value,
                       kcv__tile<Use, m, n, k>::rows, kcv__tile<Use, m, n, k>::cols);
}

/* accumulator: the layout is the call's */
template <int m, int n, int k, typename T>
static inline void load_matrix_sync(fragment<accumulator, m, n, k, T> &a,
                                    const typename helper_traits<T>::storage_element_type *p,
                                    unsigned ldm, layout_t layout)
{
    kcv__wmma_sync();
    KCV_WMMA_CHECK("load_matrix_sync", p, ldm);
    if constexpr (kcv__kind<accumulator, m, n, k, T, void>() == KCV_WMMA_CPU)
        kcv__wmma_load(a.x, p, ldm, layout == mem_col_major, m, n);
}

template <int m, int n, int k, typename T>
static inline void store_matrix_sync(typename helper_traits<T>::storage_element_type *p,
                                     const fragment<accumulator, m, n, k, T> &a, unsigned ldm,
                                     layout_t layout)
{
    kcv__wmma_sync();
    KCV_WMMA_CHECK("store_matrix_sync", p, ldm);
    if constexpr (kcv__kind<accumulator, m, n, k, T, void>() == KCV_WMMA_CPU)
        kcv__wmma_store(p, a.x, ldm, layout == mem_col_major, m, n);
}
#undef KCV_WMMA_CHECK

/* ---- mma -------------------------------------------------------------------- */

/* An input element as a float (exact) or a double. */
static inline float kcv__wmma_in(__half v) { return kcv__h2f(v.__x); }
static inline float kcv__wmma_in(__nv_bfloat16 v) { return kcv__bf2f(v.__x); }
static inline float kcv__wmma_in(float v) { return kcv__tf32_operand(v); }   /* tf32's storage */
static inline double kcv__wmma_in(double v) { return v; }
/* The accumulator's sum back in the accumulator's type: rounded once. */
static inline void kcv__wmma_out(float &d, float s) { d = kcv__canon_f(s); }
static inline void kcv__wmma_out(__half &d, float s) { d = __half(s); }
static inline void kcv__wmma_out(double &d, double s) { d = s; }
static inline float kcv__wmma_fma(float a, float b, float c) { return fmaf(a, b, c); }
static inline double kcv__wmma_fma(double a, double b, double c) { return fma(a, b, c); }

/* floor(log2 |x|) of a finite x != 0; a subnormal's true exponent. */
static inline int kcv__wmma_exp(float x)
{
    unsigned u = __float_as_uint(x);
    int e = (int)((u >> 23) & 0xffu);
    return e ? e - 127 : -149 + 31 - __builtin_clz(u & 0x7fffffu);
}

/* c + sum of the g products a[k] b[k * ldb] as the H200's tensor cores add
 * them with a float accumulator.  Fitted to its bits (tools/wmma-probe.cu;
 * tools/fit-wmma-model.py compares the candidates;
 * 2026-12-03: 1024 of 1024 elements of a random 32 x 48 x 32 GEMM each for
 * bf16, f16 and tf32, and sums at the ends of float's range): each product
 * is exact; its exponent is taken as ea + eb, the sum of its factors'
 * exponents (a significand product of 2 or more does not raise it), where
 * a subnormal factor counts as its format's smallest exponent, emin (-14
 * for __half; the probe's section 8); every
 * term, c included, is cut toward zero to a multiple of 2^(emax - 25),
 * emax the largest of those exponents; the exact sum of the terms is cut
 * toward zero to float (Inf past its range).  So 1 + 15 * 2^-24 gives
 * 0x3f800007, and 1 - 2^-30 gives 1.  A non-finite term takes IEEE
 * arithmetic (fmaf in k order): NaN and Inf; a zero sum is +0, even of
 * -0 terms alone. */
static inline float kcv__wmma_group(float c, const float *a, const float *b, int ldb, int g, int emin)
{
    int emax = INT_MIN, finite = isfinite(c);
    if (c != 0.0f && finite) emax = kcv__wmma_exp(c);
    for (int k = 0; k < g && finite; k++) {
        finite = isfinite(a[k]) && isfinite(b[k * ldb]);
        if (a[k] != 0.0f && b[k * ldb] != 0.0f && finite) {
            int ea = kcv__wmma_exp(a[k]), eb = kcv__wmma_exp(b[k * ldb]);
            int e = (ea < emin ? emin : ea) + (eb < emin ? emin : eb);
            if (e > emax) emax = e;
        }
    }
    if (!finite) {
        for (int k = 0; k < g; k++) c = fmaf(a[k], b[k * ldb], c);
        return c;
    }
    if (emax == INT_MIN) return 0.0f;      /* every term zero */
    /* in units of the last bit kept, 2^(emax - 25): each term below 2^28,
     * so the casts cut toward zero exactly and the sum is exact */
    double unit = ldexp(1.0, 25 - emax);
    int64_t sum = (int64_t)((double)c * unit);
    for (int k = 0; k < g; k++) sum += (int64_t)((double)a[k] * b[k * ldb] * unit);
    /* cut toward zero to float; from 2^128 on Inf, as the H200 gives for
     * 2^127 + 2^127 (IEEE's toward-zero would give FLT_MAX) */
    double s = ldexp((double)sum, emax - 25);
    return fabs(s) >= 0x1p128 ? copysignf(INFINITY, (float)s) : kcv__d2f_mode(s, KCV_RZ);
}

/* The tensor cores' group of products for a float accumulator: 16 for
 * f16 and bf16 inputs, 4 for tf32 (the H200's, above). */
template <typename S> struct kcv__wmma_g { static const int value = 16; };
template <> struct kcv__wmma_g<float> { static const int value = 4; };
/* The smallest normal exponent of an input format: what a subnormal
 * factor's exponent counts as in kcv__wmma_group. */
template <typename S> struct kcv__wmma_emin { static const int value = -126; };
template <> struct kcv__wmma_emin<__half> { static const int value = -14; };

/* D = A B + C over the whole tile: a float accumulator of f16, bf16 or
 * tf32 inputs as the tensor cores add (kcv__wmma_group), the others
 * (a __half accumulator, double) with fma in increasing k from C. */
template <typename Acc, int M, int N, int K, typename S, typename Tc, typename Td>
static inline void kcv__wmma_product(Td *d, const S *a, const S *b, const Tc *c)
{
    Acc av[M * K], bv[K * N];
    for (int i = 0; i < M * K; i++) av[i] = kcv__wmma_in(a[i]);
    for (int i = 0; i < K * N; i++) bv[i] = kcv__wmma_in(b[i]);
    constexpr bool grouped = std::is_same<Acc, float>::value && std::is_same<Tc, float>::value &&
                             std::is_same<Td, float>::value;
    constexpr int G = kcv__wmma_g<S>::value;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            Acc s = (Acc)c[i * N + j];
            if constexpr (grouped)
                for (int k0 = 0; k0 < K; k0 += G) s = kcv__wmma_group(s, &av[i * K + k0], &bv[k0 * N + j], N, G,
                                                    kcv__wmma_emin<S>::value);
            else
                for (int kk = 0; kk < K; kk++) s = kcv__wmma_fma(av[i * K + kk], bv[kk * N + j], s);
            kcv__wmma_out(d[i * N + j], s);
        }
}

/* The last product each warp of a block asked for: its inputs' bits and
 * its result.  Every lane holds the whole tile, so the 32 lanes of a warp
 * nearly always ask for the same product; the first computes it, the
 * others find their inputs equal bit for bit and copy it (32 times less
 * work: the grouped sums cost about 9 fmaf chains).  Per OS thread, which
 * runs a block's fibers; the product is a function of the bits alone, so
 * a stale or foreign entry can only miss. */
template <int M, int N, int K, typename S, typename Tc, typename Td>
struct kcv__wmma_memo {
    S a[M * K], b[K * N];
    Tc c[M * N];
    Td d[M * N];
    bool valid;
};

/* d = a b + c; d may be c. */
template <typename Acc, int M, int N, int K, typename S, typename Tc, typename Td>
static inline void kcv__wmma_mma(Td *d, const S *a, const S *b, const Tc *c)
{
    static thread_local kcv__wmma_memo<M, N, K, S, Tc, Td> memo[32];
    kcv__wmma_memo<M, N, K, S, Tc, Td> &m = memo[kcv__wmma_thread() / 32 % 32];
    if (m.valid && !memcmp(m.a, a, sizeof m.a) && !memcmp(m.b, b, sizeof m.b) && !memcmp(m.c, c, sizeof m.c)) {
        memcpy(d, m.d, sizeof m.d);
        return;
    }
    memcpy(m.a, a, sizeof m.a);
    memcpy(m.b, b, sizeof m.b);
    memcpy(m.c, c, sizeof m.c);
    kcv__wmma_product<Acc, M, N, K>(m.d, a, b, c);
    m.valid = true;
    memcpy(d, m.d, sizeof m.d);
}

template <int m, int n, int k, typename Td, typename Ta, typename La, typename Tb, typename Lb, typename Tc>
static inline void mma_sync(fragment<accumulator, m, n, k, Td> &d, const fragment<matrix_a, m, n, k, Ta, La> &a,
                            const fragment<matrix_b, m, n, k, Tb, Lb> &b, const fragment<accumulator, m, n, k, Tc> &c)
{
    using std::is_same;
    constexpr bool f16 = is_same<Ta, __half>::value, bf16 = is_same<Ta, __nv_bfloat16>::value,
                   tf32 = is_same<Ta, precision::tf32>::value, f64 = is_same<Ta, double>::value;
    constexpr bool f32c = is_same<Tc, float>::value && is_same<Td, float>::value;
    constexpr bool ok = is_same<Ta, Tb>::value &&
        ((f16 && (is_same<Tc, float>::value || is_same<Tc, __half>::value) &&
                 (is_same<Td, float>::value || is_same<Td, __half>::value)) ||
         ((bf16 || tf32) && f32c) || (f64 && is_same<Tc, double>::value && is_same<Td, double>::value));
    constexpr int kind = kcv__kind<matrix_a, m, n, k, Ta, La>();
    static_assert(kind != KCV_WMMA_INTEGER, "needs a CUDA device: wmma_integer");
    static_assert(kind != KCV_WMMA_SUBBYTE, "needs a CUDA device: wmma_subbyte");
    static_assert(ok || kind != KCV_WMMA_CPU, "nvcuda::wmma::mma_sync: CUDA has no mma_sync of these "
                  "element types (A and B alike; a __half or float accumulator for __half, float for "
                  "__nv_bfloat16 and tf32, double for double)");
    kcv__wmma_sync();
    if constexpr (ok && (f16 || bf16 || tf32))
        kcv__wmma_mma<float, m, n, k>(d.x, a.x, b.x, c.x);
    else if constexpr (ok && f64)
        kcv__wmma_mma<double, m, n, k>(d.x, a.x, b.x, c.x);
}

/* the integer forms' saturation flag: integer fragments need a GPU */
template <int m, int n, int k, typename Td, typename Ta, typename La, typename Tb, typename Lb, typename Tc>
static inline void mma_sync(fragment<accumulator, m, n, k, Td> &, const fragment<matrix_a, m, n, k, Ta, La> &,
                            const fragment<matrix_b, m, n, k, Tb, Lb> &, const fragment<accumulator, m, n, k, Tc> &,
                            bool)
{
    constexpr int kind = kcv__kind<matrix_a, m, n, k, Ta, La>();
    static_assert(kind != KCV_WMMA_INTEGER, "needs a CUDA device: wmma_integer");
    static_assert(kind != KCV_WMMA_SUBBYTE, "needs a CUDA device: wmma_subbyte");
    static_assert(kind != KCV_WMMA_CPU, "nvcuda::wmma::mma_sync: satf is an argument of the integer "
                  "forms only");
}

/* binary (b1) products */
template <typename... A> static inline void bmma_sync(A &&...)
{
    static_assert(kcv__absent<A...>::no, "needs a CUDA device: bmma_sync");
}

} // namespace wmma
} // namespace nvcuda

#endif
