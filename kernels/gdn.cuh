/*
 * gdn.cuh — what the portable Gated DeltaNet kernels (gdn_fwd.cu,
 * gdn_bwd.cu, and the red team's variants of them) share: the per-step
 * normalisation of q_t and k_t, one forward step on a thread's column of
 * the state, that column's load and store, and the output of a step.  The
 * backward recomputes the states with exactly these operations, so its
 * gradient is the gradient of what the forward computes.
 */
#ifndef KCV_GDN_CUH
#define KCV_GDN_CUH
#include <cuda_bf16.h>
#include <math.h>

#define GDN_KMAX 128

/* Thread 0 writes q_t and k_t normalised (x / sqrt(sum x^2 + eps); a double
 * sum of squares in a fixed order: no overflow, deterministic) into qn, kn
 * and their norms into nrm[0] (q) and nrm[1] (k); then every thread waits. */
__device__ static void gdn_normalise(const __nv_bfloat16 *q, const __nv_bfloat16 *k, long long tok,
                                     long long K, float eps, float *qn, float *kn, double *nrm)
{
    if (threadIdx.x == 0) {
        double nk = 0.0, nq = 0.0;
        for (long long i = 0; i < K; i++) {
            double a = __bfloat162float(k[tok * K + i]), c = __bfloat162float(q[tok * K + i]);
            nk += a * a;
            nq += c * c;
        }
        nk = sqrt(nk + (double)eps);
        nq = sqrt(nq + (double)eps);
        float rk = (float)(1.0 / nk), rq = (float)(1.0 / nq);
        for (long long i = 0; i < K; i++) {
            kn[i] = __bfloat162float(k[tok * K + i]) * rk;
            qn[i] = __bfloat162float(q[tok * K + i]) * rq;
        }
        nrm[0] = nq;
        nrm[1] = nk;
    }
    __syncthreads();
}

/* One step on column s of the state (f32):  s = a s;  r = v_j - s . kn;
 * s += (beta kn) r, the column sum and r in double (values near FLT_MAX do
 * not overflow on the way). */
__device__ static void gdn_step(float *s, const float *kn, long long K, float a, float bt, float vj)
{
    double u = 0.0;
    for (long long i = 0; i < K; i++) {
        s[i] *= a;
        u += (double)s[i] * kn[i];
    }
    const double r = (double)vj - u;
    for (long long i = 0; i < K; i++) s[i] = (float)((double)s[i] + (double)(bt * kn[i]) * r);
}

/* Thread j's column of the state of lane (b * H + h), [lanes][K][V]: read
 * (zeros past V) and written (nothing past V). */
__device__ static void gdn_load_column(float *s, const float *src, long long lane, long long K,
                                       long long V, long long j)
{
    for (long long i = 0; i < K; i++) s[i] = j < V ? src[(lane * K + i) * V + j] : 0.0f;
}

__device__ static void gdn_store_column(const float *s, float *dst, long long lane, long long K,
                                        long long V, long long j)
{
    if (j < V)
        for (long long i = 0; i < K; i++) dst[(lane * K + i) * V + j] = s[i];
}

/* o_tj = scale * S[:,j] . qn, summed in double and rounded once to bf16. */
__device__ static __nv_bfloat16 gdn_output(const float *s, const float *qn, long long K, float scale)
{
    double y = 0.0;
    for (long long i = 0; i < K; i++) y += (double)s[i] * qn[i];
    return __double2bfloat16(y * scale);
}

#endif
