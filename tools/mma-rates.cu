// tools/mma-rates.cu — the rate of the warp-level tensor-core steps kcv's
// kernels use (nvcuda::wmma, mma.sync underneath), set beside cuBLAS's
// rates that tools/gdn-bench.py --rates measures (wgmma underneath).  The
// figure issue 12's plan turns on: whether an f32-accurate product through
// three TF32 steps (3xTF32, docs/KERNELS.md step 3) beats the double steps
// the kernels take now, and by how much.  Not part of kcv; on the device:
//   nvcc -arch=sm_90a -O3 -std=c++17 -Ikernels -o /tmp/mma-rates tools/mma-rates.cu && /tmp/mma-rates
// Each kernel keeps its operands in fragments and runs NACC independent
// accumulators, so the steps are throughput- not latency-bound (each
// starts from its own value: started alike, the compiler may compute one
// chain for all, and the first run of this tool, on 12-07, reported bf16
// steps at 1259 TFLOP/s, past the card's peak; and the checksum sums
// every element of every accumulator, see sum()); grid:
// 4 blocks of 8 warps an SM.  The "split" row is the kernels' own step,
// gdn_wm_step of kernels/gdn_chunked_fwd.cu (built with OUT_WMMA): both
// operands loaded from shared memory and split every k-step (hi =
// tf32(x), lo = tf32(x - hi)), three products and the magnitude product.
// Prints one line a step: its name, TFLOP/s counted as the product it
// stands for (a 16 x 16 x GDN_WM_SLICE product a gdn_wm_step, however many
// TF32 steps it takes), and a checksum so that no step is optimised away.
// Exit 1 on a CUDA error.
#define OUT_WMMA   /* gdn_chunked_fwd.cu's tensor-core step, gdn_wm_step */
#include "../kernels/gdn_chunked_fwd.cu"
#include <cstdio>
#include <cstdlib>

using namespace nvcuda;

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "mma-rates: CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
    exit(1); } } while (0)

#define NACC 4
#define ITERS 4096

/* Every element of the NACC accumulators: the checksum.  (One element
 * kept only the half of each m16n16 tile it lies in: ptxas dropped the
 * other m16n8 step, and the 12-07 13:38 run reported bf16 at 1276 and
 * TF32 at 479 TFLOP/s, twice what ran; nvdisasm showed one HMMA a step.) */
template <class F>
__device__ static float sum(const F *c)
{
    float s = 0;
    for (int k = 0; k < NACC; k++)
        for (int i = 0; i < c[k].num_elements; i++) s += (float)c[k].x[i];
    return s;
}

/* NACC accumulators, each ITERS steps of c += a b, a and b held in
 * fragments: operand type TA (as wmma names it), elements of type TE,
 * accumulator TC.  cast turns a double into TE. */
template <int M, int N, int KD, class TA, class TE, class TC, TE (*cast)(double)>
__global__ void steps(TC *out)
{
    wmma::fragment<wmma::matrix_a, M, N, KD, TA, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, M, N, KD, TA, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, M, N, KD, TC> c[NACC];
    wmma::fill_fragment(a, cast(1e-3 * threadIdx.x));
    wmma::fill_fragment(b, cast(1e-3));
    for (int k = 0; k < NACC; k++) wmma::fill_fragment(c[k], (TC)(k + 1));   /* distinct: no chain is another's copy */
    for (int it = 0; it < ITERS; it++)
#pragma unroll
        for (int k = 0; k < NACC; k++) wmma::mma_sync(c[k], a, b, c[k]);
    if (sum(c) == (TC)1) out[0] = (TC)1;   /* never true: keeps the steps */
}

__device__ double as_f64(double x) { return x; }
__device__ float as_tf32(double x) { return wmma::__float_to_tf32((float)x); }
__device__ __nv_bfloat16 as_bf16(double x) { return __double2bfloat16(x); }

/* The f64 shapes PTX gives sm_90 beside WMMA's m8n8k4 (mma.sync
 * .m16n8k{4,8,16}.row.col.f64; ptxas: DMMA.16x8x4 .. DMMA.16x8x16, where
 * m8n8k4 is DMMA.884).  A thread's fragments (PTX ISA, "Matrix Fragments
 * for mma.m16n8k*" .f64): A KD/2 doubles, B KD/4, C 4. */
template <int KD>
__device__ static void dmma16(double (&c)[4], const double (&a)[KD / 2], const double (&b)[KD / 4])
{
    if constexpr (KD == 4)
        asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3]) : "d"(a[0]), "d"(a[1]), "d"(b[0]));
    else if constexpr (KD == 8)
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
                     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
    else
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, "
                     "{%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};"
                     : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
                     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]),
                       "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
}

template <int KD>
__global__ void steps16(double *out)
{
    double a[KD / 2], b[KD / 4], c[NACC][4];
    for (int i = 0; i < KD / 2; i++) a[i] = 1e-3 * threadIdx.x + i;
    for (int i = 0; i < KD / 4; i++) b[i] = 1e-3 * (i + 1);
    for (int k = 0; k < NACC; k++)
        for (int i = 0; i < 4; i++) c[k][i] = k + 1 + i;
    for (int it = 0; it < ITERS; it++)
#pragma unroll
        for (int k = 0; k < NACC; k++) dmma16<KD>(c[k], a, b);
    double s = 0;
    for (int k = 0; k < NACC; k++)
        for (int i = 0; i < 4; i++) s += c[k][i];
    if (s == 1) out[0] = 1;   /* never true: keeps the steps */
}

/* Whether one m16n8kKD step is the fma chain in increasing k that the
 * kernels' m8n8k4 steps give (their bits on the CPU backend): A (16 x KD)
 * and B (KD x 8) from a, b (row-major), C from c; each of the 128 results
 * against fma(a[r][KD-1], b[KD-1][j], ... fma(a[r][0], b[0][j], c)); the
 * count of elements that differ to *diff, of those past 1e-12 of the sum of
 * their terms' magnitudes (a fragment misread, not an order) to *gross.
 * One warp. */
template <int KD>
__global__ void chain16(const double *a, const double *b, const double *c, int *diff, int *gross)
{
    const int lane = threadIdx.x, g = lane / 4, t = lane % 4;
    double fa[KD / 2], fb[KD / 4], d[4];
    for (int i = 0; i < KD / 2; i++) fa[i] = a[(g + 8 * (i % 2)) * KD + t + 4 * (i / 2)];
    for (int i = 0; i < KD / 4; i++) fb[i] = b[(t + 4 * i) * 8 + g];
    for (int i = 0; i < 4; i++) d[i] = c[(g + 8 * (i / 2)) * 8 + 2 * t + i % 2];
    dmma16<KD>(d, fa, fb);
    int n = 0, m = 0;
    for (int i = 0; i < 4; i++) {
        const int r = g + 8 * (i / 2), j = 2 * t + i % 2;
        double x = c[r * 8 + j], mag = fabs(x);
        for (int k = 0; k < KD; k++) {
            x = fma(a[r * KD + k], b[k * 8 + j], x);
            mag += fabs(a[r * KD + k] * b[k * 8 + j]);
        }
        n += __double_as_longlong(x) != __double_as_longlong(d[i]);
        m += !(fabs(x - d[i]) <= 1e-12 * mag);   /* a fragment misread, not an order */
    }
    for (int o = 16; o > 0; o /= 2) {
        n += __shfl_xor_sync(0xffffffffu, n, o);
        m += __shfl_xor_sync(0xffffffffu, m, o);
    }
    if (lane == 0) { *diff = n; *gross = m; }
}

/* Run chain16<KD> on seeded operands spread over 2^-30 .. 2^30 with both
 * signs (so that the order of the additions shows in the bits): prints the
 * elements that differ from the chain, of 128 a trial, over 64 trials. */
template <int KD>
static void chain(const char *name)
{
    double *d;
    int *diff, total = 0, gross = 0;
    const int na = 16 * KD, nb = KD * 8, nc = 128;
    CK(cudaMalloc(&d, (na + nb + nc) * sizeof(double)));
    CK(cudaMalloc(&diff, 2 * sizeof(int)));
    double h[16 * 16 + 16 * 8 + 128];
    unsigned long long s = 0x9e3779b97f4a7c15ull * KD;
    for (int trial = 0; trial < 64; trial++) {
        for (int i = 0; i < na + nb + nc; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            const double u = (double)(s >> 11) / 9007199254740992.0;
            h[i] = ((s >> 7) & 1 ? -1 : 1) * (1 + u) * ldexp(1.0, (int)((s >> 20) % 61) - 30);
        }
        CK(cudaMemcpy(d, h, (na + nb + nc) * sizeof(double), cudaMemcpyHostToDevice));
        chain16<KD><<<1, 32>>>(d, d + na, d + na + nb, diff, diff + 1);
        int n[2] = {0, 0};
        CK(cudaMemcpy(n, diff, 2 * sizeof(int), cudaMemcpyDeviceToHost));
        total += n[0];
        gross += n[1];
    }
    printf("%-16s %d of %d elements differ from the fma chain in increasing k (%d by more than 1e-12 of their terms)\n",
           name, total, 64 * 128, gross);
    CK(cudaFree(d));
    CK(cudaFree(diff));
}

/* 3xTF32 as gdn_chunked_fwd.cu's OUT=wmma path runs it: its own step,
 * gdn_wm_step (a 16 x 16 tile over a slice of GDN_WM_SLICE: each k-step of
 * 8 loads both operands from shared memory, splits them, and takes the
 * three products and the magnitude product), on a slice staged once. */
__global__ void tf32x3_split(float *out)
{
    __shared__ __align__(32) float A[16 * GDN_WM_SLICE], Bm[GDN_WM_SLICE * GDN_WM_VMAX];
    const int warp = threadIdx.x / 32;
    for (int i = threadIdx.x; i < 16 * GDN_WM_SLICE; i += blockDim.x) A[i] = 1.0f + 1e-4f * i;
    for (int i = threadIdx.x; i < GDN_WM_SLICE * GDN_WM_VMAX; i += blockDim.x) Bm[i] = 1.0f - 1e-6f * i;
    __syncthreads();
    gdn_wm_c c[NACC], mg;
    for (int k = 0; k < NACC; k++) wmma::fill_fragment(c[k], (float)(k + 1));
    wmma::fill_fragment(mg, 0.0f);
    /* a store of +0 (zero is 0, unknown to the compiler) before each step
     * keeps its loads and splits in the loop (without it the compiler
     * hoists them: one set for the whole loop) */
    const float zero = (float)(blockDim.x >> 12);
    for (int it = 0; it < ITERS; it++)
#pragma unroll
        for (int k = 0; k < NACC; k++) {
            A[threadIdx.x % 32] += zero;
            __syncwarp();
            gdn_wm_step(c[k], mg, A, Bm, 0, warp);   /* warp w: columns 16w.. */
        }
    if (sum(c) + sum(&mg) == 1.0f) out[0] = 1.0f;   /* never true */
}

/* Time one kernel (one warm-up launch, then the median of 5), TFLOP/s for
 * `flops_per_warp_step` flops a warp a step (as the product it stands for). */
template <class T>
static void rate(const char *name, void (*kernel)(T *), T *out, double flops_per_warp_step)
{
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const int blocks = 4 * sms, threads = 256;
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    kernel<<<blocks, threads>>>(out);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    float ms[5];
    for (int r = 0; r < 5; r++) {
        CK(cudaEventRecord(e0));
        kernel<<<blocks, threads>>>(out);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        CK(cudaEventElapsedTime(&ms[r], e0, e1));
    }
    for (int i = 1; i < 5; i++)           /* insertion sort: the median */
        for (int j = i; j > 0 && ms[j] < ms[j - 1]; j--) { float t = ms[j]; ms[j] = ms[j - 1]; ms[j - 1] = t; }
    const double steps = (double)blocks * (threads / 32) * ITERS * NACC;
    printf("%-16s %8.1f TFLOP/s  (%.3f ms, %d blocks of %d)\n", name,
           steps * flops_per_warp_step / (ms[2] * 1e-3) / 1e12, ms[2], blocks, threads);
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        fprintf(stderr, "usage: %s   (no arguments; prints the WMMA steps' rates on device 0)\n", argv[0]);
        return 2;
    }
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("mma-rates on %s (%d SMs)\n", p.name, p.multiProcessorCount);
    void *out;
    CK(cudaMalloc(&out, 64));
    rate("f64 m8n8k4", steps<8, 8, 4, double, double, double, as_f64>, (double *)out, 2.0 * 8 * 8 * 4);
    rate("f64 m16n8k4", steps16<4>, (double *)out, 2.0 * 16 * 8 * 4);
    rate("f64 m16n8k8", steps16<8>, (double *)out, 2.0 * 16 * 8 * 8);
    rate("f64 m16n8k16", steps16<16>, (double *)out, 2.0 * 16 * 8 * 16);
    rate("tf32 m16n16k8", steps<16, 16, 8, wmma::precision::tf32, float, float, as_tf32>, (float *)out,
         2.0 * 16 * 16 * 8);
    rate("bf16 m16n16k16", steps<16, 16, 16, __nv_bfloat16, __nv_bfloat16, float, as_bf16>, (float *)out,
         2.0 * 16 * 16 * 16);
    rate("3xtf32 gdn_wm_step", tf32x3_split, (float *)out, 2.0 * 16 * 16 * GDN_WM_SLICE);
    CK(cudaFree(out));
    chain<4>("f64 m16n8k4");
    chain<8>("f64 m16n8k8");
    chain<16>("f64 m16n8k16");
    return 0;
}
