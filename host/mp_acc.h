/*
 * mp_acc.h — the exact running sum of mp_exact.c (TwoSum cascades, two
 * levels) and its certificate, in one header that both the host's C and
 * the GPU oracle's CUDA (host/oracle/gemm_certified.cu) compile, so that
 * both certify with the same arithmetic.  A CUDA includer defines
 * MP_ACC_FN as __device__ static inline first.
 *
 * The transformations need every product and sum rounded separately: no
 * contraction into fma (C: mp_exact.c's pragma; CUDA: -fmad=false).
 */
#ifndef KCV_MP_ACC_H
#define KCV_MP_ACC_H

#ifndef MP_ACC_FN
#include <math.h>
#define MP_ACC_FN static inline
#endif

/* An exact running sum s + Σq (cascaded TwoSum, two levels): e = fl-free
 * TwoSum sum of the q's, e2 = float sum of the second-level errors q2;
 * E1 = Σ|q|, E2 = Σ|q2|.  The exact value is s + e + e2 + δ with
 * |δ| <= gamma_m E2. */
typedef struct { double s, e, e2, E1, E2; } mp_acc;
/* -0 is the identity of RN addition: an all -0 input sums to -0. */
#define MP_ACC_INIT {-0.0, 0, 0, 0, 0}

MP_ACC_FN void two_sum(double a, double b, double *s, double *q)
{
    double x = a + b, z = x - a;
    *q = (a - (x - z)) + (b - z);
    *s = x;
}

/* Add an exact error term (already split off) to the e level. */
MP_ACC_FN void mp_acc_err(mp_acc *a, double q)
{
    double q2;
    a->E1 += fabs(q);
    two_sum(a->e, q, &a->e, &q2);
    a->e2 += q2;
    a->E2 += fabs(q2);
}

MP_ACC_FN void mp_acc_add(mp_acc *a, double v)
{
    double q;
    two_sum(a->s, v, &a->s, &q);
    mp_acc_err(a, q);
}

MP_ACC_FN int mp_acc_certify(const mp_acc *a, long long nterms, double *y)
{
    if (a->E1 == 0) { *y = a->s; return isfinite(a->s); }   /* s is exact */
    if (!isfinite(a->s) || !isfinite(a->e) || !isfinite(a->e2) || !isfinite(a->E2))
        return 0;
    if (nterms > (1LL << 40)) return 0;
    double r, d;
    two_sum(a->s, a->e, &r, &d);
    if (!isfinite(r)) return 0;
    if (a->E2 == 0) { *y = r; return 1; }     /* s + e is exact: r = RN(s + e) */
    if (r == 0) return 0;
    /* The rest is d + e2*, |e2 - e2*| <= gamma_m Σ|q2|; gamma_m <= 1.01 m u
     * for m u < 2^-12, and the computed E2 is within the same factor. */
    double c = d + a->e2;
    double bound = a->E2 * (double)(nterms + 4) * 0x1p-53 * 1.01;
    double dist = (fabs(c) * (1 + 0x1p-51) + bound) * (1 + 0x1p-50);
    int ex;
    double m = frexp(fabs(r), &ex);
    int q = ex - 53 < -1074 ? -1074 : ex - 53;           /* ulp(r) = 2^q */
    double half = ldexp(1.0, q - 1);
    if (m == 0.5 && ex - 1 > -1022) half *= 0.5;        /* binade below is finer */
    if (!(dist < half)) return 0;
    *y = r;
    return 1;
}

#endif
