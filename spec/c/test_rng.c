/*
 * test_rng.c — Philox4x32-10 against the Random123 known-answer vectors,
 * and the (seed, stream, index) -> counter/key mapping kcv fills use.
 *
 * KAT source: DEShawResearch/random123, tests/kat_vectors, the three
 * "philox4x32 10" lines (counter words, key words, expected output words).
 */
#include <math.h>
#include <stdio.h>
#include "kcv.h"

static int failures;

static void tap(int ok, const char *name)
{
    printf("%s - %s\n", ok ? "ok" : "not ok", name);
    if (!ok) failures++;
}

static const struct { uint32_t ctr[4], key[2], out[4]; const char *name; } KAT[] = {
    {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
     "counter 0, key 0"},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff},
     {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}, "counter and key all ff"},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0},
     {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}, "digits of pi"},
};

static int same4(const uint32_t *a, const uint32_t *b)
{
    return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3];
}

int main(void)
{
    char name[128];
    for (size_t i = 0; i < sizeof KAT / sizeof KAT[0]; i++) {
        uint32_t out[4];
        kcv_philox4x32(KAT[i].ctr, KAT[i].key, out);
        snprintf(name, sizeof name, "philox4x32-10 matches the Random123 KAT (%s)", KAT[i].name);
        tap(same4(out, KAT[i].out), name);
        if (!same4(out, KAT[i].out))
            printf("# got %08x %08x %08x %08x\n", out[0], out[1], out[2], out[3]);
    }

    /* Element i of (seed, stream): counter {lo(i), hi(i), stream, 0}, key {lo(seed), hi(seed)}. */
    {
        uint64_t seed = 0x299f31d0a4093822ull, idx = 0x85a308d3243f6a88ull;
        uint32_t out[4];
        kcv_rng_block(seed, 0x13198a2e, idx, out);
        int ok = out[0] != KAT[2].out[0];     /* c3 = 0, not the KAT's 03707344 */
        uint32_t ctr[4] = {0x243f6a88, 0x85a308d3, 0x13198a2e, 0}, ref[4];
        kcv_philox4x32(ctr, KAT[2].key, ref);
        tap(ok && same4(out, ref),
            "element i uses counter {lo32(i), hi32(i), stream, 0} and key {lo32(seed), hi32(seed)}");
    }

    /* Determinism and independence of streams, seeds and indices. */
    {
        uint32_t a[4], b[4], c[4], d[4], e[4];
        kcv_rng_block(42, 0, 7, a);
        kcv_rng_block(42, 0, 7, b);
        kcv_rng_block(42, 1, 7, c);
        kcv_rng_block(43, 0, 7, d);
        kcv_rng_block(42, 0, 8, e);
        tap(same4(a, b), "the same (seed, stream, index) gives the same words");
        tap(!same4(a, c) && !same4(a, d) && !same4(a, e),
            "a different stream, seed or index gives different words");
    }

    /* kcv_u01: on the 2^-53 grid, in [0, 1), mean and variance of U(0,1). */
    {
        const int n = 1 << 20;
        double sum = 0, sum2 = 0, lo = 1, hi = 0;
        int grid = 1;
        for (int i = 0; i < n; i++) {
            uint32_t w[4];
            kcv_rng_block(1234, 5, (uint64_t)i, w);
            double u = kcv_u01(w);
            grid &= ldexp(u, 53) == floor(ldexp(u, 53));
            sum += u; sum2 += u * u;
            lo = u < lo ? u : lo; hi = u > hi ? u : hi;
        }
        double mean = sum / n, var = sum2 / n - mean * mean;
        tap(grid && lo >= 0 && hi < 1, "uniforms are multiples of 2^-53 in [0, 1)");
        /* 6 sigma: sd(mean) = sqrt(1/12/n); sd(var) ~ sqrt(1/180/n). */
        tap(fabs(mean - 0.5) < 6 * sqrt(1.0 / 12 / n) &&
            fabs(var - 1.0 / 12) < 6 * sqrt(1.0 / 180 / n),
            "2^20 uniforms have mean 1/2 and variance 1/12 (6 sigma)");
        if (!(fabs(mean - 0.5) < 6 * sqrt(1.0 / 12 / n)))
            printf("# mean %.9g var %.9g\n", mean, var);
    }
    return failures ? 1 : 0;
}
