// tools/wmma-probe.cu — what the H200's tensor cores do where CUDA leaves WMMA
// unspecified, set against the CPU backend's emulation (host/cpu/include/mma.h,
// docs/CPU.md "Warp matrix functions"): unrounded tf32 inputs, NaN outputs,
// a __half accumulator's rounding, a bf16 GEMM's bits against fmaf in k order,
// a tile 16 bytes aligned.  Not part of kcv; run on the device machine:
//   nvcc -arch=sm_90a -o /tmp/wmma-probe tools/wmma-probe.cu && /tmp/wmma-probe
#include "../spec/fixtures/wmma.cu"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <cmath>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); exit(1);} } while (0)

static float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint16_t bf_of(float f) { uint32_t u = u_of(f); return (uint16_t)(u >> 16); }  // exact for bf16 values
static float f_of_bf(uint16_t b) { return f_of((uint32_t)b << 16); }

template <class T> T *dev(const std::vector<T> &h) { T *p; CK(cudaMalloc(&p, h.size() * sizeof(T) + 256)); CK(cudaMemcpy(p, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice)); return p; }
template <class T> std::vector<T> host(const T *p, size_t n) { std::vector<T> h(n); CK(cudaDeviceSynchronize()); CK(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost)); return h; }

int main(int argc, char **argv)
{
    if (argc > 1) {   // misuse: a load at an offset (elements) with an ldm
        int off = atoi(argv[1]), ldm = atoi(argv[2]);
        std::vector<__half> p(64 * 64, __float2half(1.0f));
        __half *dp = dev(p); float *dd; CK(cudaMalloc(&dd, 256 * 4));
        wmma_load_at<<<1, 32>>>(dp, off, ldm, dd);
        cudaError_t e = cudaDeviceSynchronize();
        printf("load_at off=%d ldm=%d: %s", off, ldm, cudaGetErrorString(e));
        if (e == cudaSuccess) { auto d = host(dd, 256); printf(" D[0]=%g", d[0]); }
        printf("\n");
        return 0;
    }
    // 1. __float_to_tf32
    uint32_t xs[] = {0x3f801000, 0xbf801000, 0x3f803000, 0x3f800fff, 0x3f801001, 0x3f801fff, 0x7f7ff000,
                     0x7f7fefff, 0x00001000, 0x00000fff, 0x80000fff, 0x7f800000, 0xff800000, 0x7fc00000,
                     0x7fffffff, 0x7f800001, 0x7f801000, 0xffc00001, 0x00000000, 0x80000000, 0x3f800000,
                     0x00800fff, 0x00801000, 0x7f7fffff};
    int nx = sizeof xs / 4;
    std::vector<float> hx(nx); for (int i = 0; i < nx; i++) hx[i] = f_of(xs[i]);
    float *dx = dev(hx), *dy; CK(cudaMalloc(&dy, nx * 4));
    wmma_tf32_round<<<1, 32>>>(dx, dy, nx);
    auto y = host(dy, nx);
    printf("== __float_to_tf32\n");
    for (int i = 0; i < nx; i++) printf("tf32 %08x -> %08x\n", xs[i], u_of(y[i]));

    // 2. tf32 operands not rounded: A[i][0] = va[i], B[0][j] = 1; then A[i][0] = 1, B[0][j] = vb[j]
    uint32_t vs[16] = {0x3f801800, 0x3f801000, 0x3f800fff, 0x3f801fff, 0xbf801800, 0x00000fff, 0x00400000,
                       0x3f803000, 0x7fc00000, 0x7f800000, 0x3fffffff, 0x3f800001, 0x00001fff, 0x40001000,
                       0x3e801800, 0x3f7fffff};
    std::vector<float> A(16 * 8, 0.0f), B(8 * 16, 0.0f);
    for (int i = 0; i < 16; i++) A[i * 8] = f_of(vs[i]);
    for (int j = 0; j < 16; j++) B[j] = 1.0f;
    float *dA = dev(A), *dB = dev(B), *dD; CK(cudaMalloc(&dD, 256 * 4));
    wmma_tf32<<<1, 32>>>(dA, dB, dD, 0);   // the fixture's, unrounded operands
    auto D = host(dD, 256);
    printf("== tf32 raw operand A (times 1)\n");
    for (int i = 0; i < 16; i++) printf("rawA %08x -> %08x\n", vs[i], u_of(D[i * 16]));
    for (int i = 0; i < 16; i++) A[i * 8] = 1.0f;
    for (int j = 0; j < 16; j++) B[j] = f_of(vs[j]);
    CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    wmma_tf32<<<1, 32>>>(dA, dB, dD, 0);   // the fixture's, unrounded operands
    D = host(dD, 256);
    printf("== tf32 raw operand B (1 times)\n");
    for (int j = 0; j < 16; j++) printf("rawB %08x -> %08x\n", vs[j], u_of(D[j]));

    // 3. half accumulator: rows of A, B = ones, C = 0
    {
        std::vector<__half> hA(256, __float2half(0.0f)), hB(256, __float2half(1.0f)), hC(256, __float2half(0.0f));
        float rows[6][3] = {{1, 0x1p-11f, 0x1p-11f}, {1, 0x1p-11f, 0x1p-13f}, {1, 0x1p-11f, 0},
                            {1 + 0x1p-10f, 0x1p-11f, 0}, {2048, 1, 0}, {2048, 1, 1}};
        for (int r = 0; r < 6; r++) for (int c = 0; c < 3; c++) hA[r * 16 + c] = __float2half(rows[r][c]);
        __half *a = dev(hA), *b = dev(hB), *c = dev(hC);
        wmma_half_acc<<<1, 32>>>(a, b, c);
        auto o = host(c, 256);
        printf("== half accumulator\n");
        for (int r = 0; r < 6; r++) { __half h = o[r * 16]; unsigned short u; memcpy(&u, &h, 2); printf("halfacc row %d -> %04x\n", r, u); }
    }
    // 4. bf16: NaN, Inf, Inf-Inf, and a float sum: 1 + 15 * 2^-24
    {
        int M = 16, N = 16, K = 16;
        std::vector<uint16_t> a(M * K, 0), b(K * N, 0);
        auto sa = [&](int i, int k, float v) { a[i * K + k] = bf_of(v); };
        for (int k = 0; k < K; k++) for (int j = 0; j < N; j++) b[k * N + j] = bf_of(1.0f);
        sa(0, 0, NAN); sa(1, 0, INFINITY); sa(2, 0, INFINITY); sa(2, 1, -INFINITY);
        sa(3, 0, 1.0f); for (int k = 1; k < 16; k++) sa(3, k, 0x1p-24f);
        for (int k = 0; k < 15; k++) sa(4, k, 0x1p-24f); sa(4, 15, 1.0f);
        sa(5, 0, 0x1p-130f);   // float subnormal product input (bf16 subnormal? 2^-130 is a bf16 subnormal)
        sa(6, 0, 0x1p-70f); sa(6, 1, 0x1p-70f);   // product of two in row 6: 2^-70*1 + 2^-70*1
        sa(7, 0, 3.0f); sa(7, 1, 0x1p-24f); // 3 + 2^-24: tie-ish
        sa(8, 0, 1.0f); sa(8, 1, 0x1p-24f); sa(8, 2, 0x1p-24f);
        __nv_bfloat16 *dA2, *dB2; float *dC2;
        CK(cudaMalloc(&dA2, a.size() * 2)); CK(cudaMalloc(&dB2, b.size() * 2)); CK(cudaMalloc(&dC2, 256 * 4));
        CK(cudaMemcpy(dA2, a.data(), a.size() * 2, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(dB2, b.data(), b.size() * 2, cudaMemcpyHostToDevice));
        wmma_bf16_rr<<<1, 32>>>(dA2, dB2, dC2, 16, 16, 16, 16, 16, 16, 0, 0, 1.0f);
        auto o = host(dC2, 256);
        printf("== bf16 specials\n");
        for (int r = 0; r < 9; r++) printf("bf16 row %d -> %08x (%.9g)\n", r, u_of(o[r * 16]), o[r * 16]);
    }
    // 5. lanes write, then load without __syncwarp
    {
        float *d; CK(cudaMalloc(&d, 256 * 4));
        wmma_lanes_write<<<1, 32>>>(d);
        auto o = host(d, 256);
        int bad = 0; for (int e = 0; e < 256; e++) bad += o[e] != (float)e;
        printf("== lanes_write: %d of 256 differ\n", bad);
    }
    // 6. a bf16 GEMM, 32 x 48 x 32 with random normal-ish data: the H200's bits against
    //    fmaf in increasing k (the CPU emulation's model)
    {
        int M = 32, N = 32, K = 48, lda = 56, ldb = 40, ldc = 36;
        std::vector<uint16_t> a(M * lda), b(K * ldb);
        uint64_t s = 12345;
        auto rnd = [&]() { s = s * 6364136223846793005ULL + 1442695040888963407ULL; double u1 = ((s >> 11) + 0.5) * 0x1p-53;
                           s = s * 6364136223846793005ULL + 1442695040888963407ULL; double u2 = ((s >> 11) + 0.5) * 0x1p-53;
                           return (float)(sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2)); };
        auto bfr = [](float f) { uint32_t u = u_of(f); u += 0x7fff + ((u >> 16) & 1); return (uint16_t)(u >> 16); };
        for (auto &v : a) v = bfr(rnd());
        for (auto &v : b) v = bfr(rnd());
        __nv_bfloat16 *dA2, *dB2; float *dC2;
        CK(cudaMalloc(&dA2, a.size() * 2)); CK(cudaMalloc(&dB2, b.size() * 2)); CK(cudaMalloc(&dC2, M * ldc * 4));
        CK(cudaMemcpy(dA2, a.data(), a.size() * 2, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(dB2, b.data(), b.size() * 2, cudaMemcpyHostToDevice));
        wmma_bf16_rr<<<2, 64>>>(dA2, dB2, dC2, M, N, K, lda, ldb, ldc, 0, 0, 1.0f);
        auto o = host(dC2, M * ldc);
        int same = 0, maxulp = 0; double maxrel = 0;
        for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) {
            float acc = 0; double exact = 0, mag = 0;
            for (int k = 0; k < K; k++) { float x = f_of_bf(a[i * lda + k]), w = f_of_bf(b[k * ldb + j]); acc = fmaf(x, w, acc); exact += (double)x * w; mag += fabs((double)x * w); }
            float g = o[i * ldc + j];
            if (u_of(g) == u_of(acc)) same++;
            int ulp = abs((int)u_of(g) - (int)u_of(acc)); if (ulp > maxulp) maxulp = ulp;
            double rel = fabs(g - exact) / mag; if (rel > maxrel) maxrel = rel;
        }
        printf("== bf16 gemm 32x48x32: %d of %d elements equal to fmaf in k order; max %d ulp apart; max |gpu-exact|/sum|terms| %.3g\n",
               same, M * N, maxulp, maxrel);
        // the bits themselves, a row a line, to fit an accumulation model against
        for (int i = 0; i < M; i++) {
            printf("gemm row %2d:", i);
            for (int j = 0; j < N; j++) printf(" %08x", u_of(o[i * ldc + j]));
            printf("\n");
        }
    }
    // 7. the same random GEMM on __half inputs and on tf32 (rounded after the
    //    load), and bf16 sums at the ends of float's range: the bits, to fit
    //    a model of the tensor cores' accumulation (docs/CPU.md)
    {
        int M = 32, N = 32, K = 48, lda = 56, ldb = 40, ldc = 36;
        uint64_t s = 777;
        auto rnd = [&]() { s = s * 6364136223846793005ULL + 1442695040888963407ULL; double u1 = ((s >> 11) + 0.5) * 0x1p-53;
                           s = s * 6364136223846793005ULL + 1442695040888963407ULL; double u2 = ((s >> 11) + 0.5) * 0x1p-53;
                           return (float)(sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2)); };
        std::vector<__half> a(M * lda), b(K * ldb);
        for (auto &v : a) v = __float2half_rn(rnd());
        for (auto &v : b) v = __float2half_rn(rnd());
        std::vector<float> fa(M * lda), fb(K * ldb);
        for (auto &v : fa) v = rnd();
        for (auto &v : fb) v = rnd();
        __half *dA = dev(a), *dB = dev(b);
        float *dfA = dev(fa), *dfB = dev(fb), *dC;
        CK(cudaMalloc(&dC, M * ldc * 4));
        const char *names[2] = {"f16", "tf32"};
        for (int g = 0; g < 2; g++) {
            CK(cudaMemset(dC, 0, M * ldc * 4));
            if (g == 0) wmma_f16_rr<<<2, 64>>>(dA, dB, dC, M, N, K, lda, ldb, ldc);
            else wmma_tf32_rr<<<2, 64>>>(dfA, dfB, dC, M, N, K, lda, ldb, ldc);
            auto o = host(dC, M * ldc);
            for (int i = 0; i < M; i++) {
                printf("%s row %2d:", names[g], i);
                for (int j = 0; j < N; j++) printf(" %08x", u_of(o[i * ldc + j]));
                printf("\n");
            }
        }
        // bf16 rows of 16 products (B = ones) at the ends of the range
        std::vector<uint16_t> ea(256, 0), eb(256, bf_of(1.0f));
        float rows[8][4] = {{0x1p127f, 0x1p127f, 0, 0},              // 2^128: Inf or FLT_MAX?
                            {0x1.fep127f, 0x1p104f, 0, 0},           // past FLT_MAX by a little
                            {-0x1p127f, -0x1p127f, 0, 0},
                            {0x1p-126f, -0x1p-133f, 0, 0},           // a subnormal result, cut
                            {0x1p-130f, 0x1p-132f, 0x1p-133f, 0},
                            {0x1p-133f, 0x1p-133f, 0x1p-133f, 0},
                            {1.0f, -0x1p-30f, 0, 0},                 // negative small term: cut toward zero?
                            {-1.0f, 0x1p-30f, 0, 0}};
        for (int r = 0; r < 8; r++) for (int c = 0; c < 4; c++) ea[r * 16 + c] = bf_of(rows[r][c]);
        __nv_bfloat16 *dA2, *dB2; float *dC2;
        CK(cudaMalloc(&dA2, 512)); CK(cudaMalloc(&dB2, 512)); CK(cudaMalloc(&dC2, 1024));
        CK(cudaMemcpy(dA2, ea.data(), 512, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(dB2, eb.data(), 512, cudaMemcpyHostToDevice));
        wmma_bf16_rr<<<1, 32>>>(dA2, dB2, dC2, 16, 16, 16, 16, 16, 16, 0, 0, 1.0f);
        auto o = host(dC2, 256);
        for (int r = 0; r < 8; r++) printf("edge row %d -> %08x (%.9g)\n", r, u_of(o[r * 16]), o[r * 16]);
    }
    // 8. what the fit left open (run on the H200 2026-12-03 20:55 UTC; docs/CPU.md): the exponent of a subnormal
    //    __half factor (its true one, or the format's smallest), and signed
    //    zeros (bf16, C loaded from memory).  D[r][0] of a 16 x 16 x 16
    //    product: A's row r times B's column 0, plus C[r][0].
    {
        std::vector<__half> ha(256, __float2half(0.0f)), hb(256, __float2half(0.0f));
        // row 0: 2^-20 (subnormal) x 2^10 = 2^-10, and 2^-14 x 2^-19 (subnormal) = 2^-33:
        //        2^-10 + 2^-33 if the first product's exponent is -10, 2^-10 if it is -4
        ha[0] = __float2half(0x1p-20f); ha[1] = __float2half(0x1p-14f);
        hb[0 * 16] = __float2half(0x1p10f); hb[1 * 16] = __float2half(0x1p-19f);
        // row 1: 2^-24 (the smallest subnormal) x 2^10 = 2^-14, and 2^-14 x 2^-21 = 2^-35:
        //        2^-14 + 2^-35 if the first product's exponent is -14, 2^-14 if it is -4
        ha[16 + 0] = __float2half(0x1p-24f); ha[16 + 2] = __float2half(0x1p-14f);
        hb[2 * 16] = __float2half(0x1p-21f);
        __half *dA = dev(ha), *dB = dev(hb); float *dC; CK(cudaMalloc(&dC, 16 * 16 * 4));
        CK(cudaMemset(dC, 0, 1024));
        wmma_f16_rr<<<1, 32>>>(dA, dB, dC, 16, 16, 16, 16, 16, 16);
        auto o = host(dC, 256);
        for (int r = 0; r < 2; r++) printf("subn row %d -> %08x (%.9g)\n", r, u_of(o[r * 16]), o[r * 16]);
        // signed zeros, bf16: C loaded from memory (load_c), B = ones
        std::vector<uint16_t> za(256, 0), zb(256, bf_of(1.0f));
        std::vector<float> zc(256, 0.0f);
        za[1 * 16] = 0x8000;                       // row 1: a product -0, C = +0
        zc[2 * 16] = -0.0f;                        // row 2: products +0, C = -0
        za[3 * 16] = 0x8000; zc[3 * 16] = -0.0f;   // row 3: a product -0, C = -0 (the others +0)
        for (int k = 0; k < 16; k++) za[4 * 16 + k] = 0x8000;   // row 4: every product -0, C = -0
        zc[4 * 16] = -0.0f;
        za[5 * 16] = bf_of(1.0f); za[5 * 16 + 1] = bf_of(-1.0f);   // row 5: 1 - 1 = 0, C = +0
        za[6 * 16] = bf_of(1.0f); za[6 * 16 + 1] = bf_of(-1.0f); zc[6 * 16] = -0.0f;   // row 6: 1 - 1, C = -0
        __nv_bfloat16 *dzA, *dzB; float *dzC;
        CK(cudaMalloc(&dzA, 512)); CK(cudaMalloc(&dzB, 512));
        CK(cudaMemcpy(dzA, za.data(), 512, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(dzB, zb.data(), 512, cudaMemcpyHostToDevice));
        dzC = dev(zc);
        wmma_bf16_rr<<<1, 32>>>(dzA, dzB, dzC, 16, 16, 16, 16, 16, 16, 0, 1, 1.0f);
        auto z = host(dzC, 256);
        for (int r = 1; r < 7; r++) printf("zero row %d -> %08x\n", r, u_of(z[r * 16]));
    }
    return 0;
}
