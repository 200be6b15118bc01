/*
 * gdn_fwd.cu — the Gated DeltaNet forward, portable path (specs/gdn_fwd.lua).
 *
 * One block per (batch, value head); value head hv reads q and k at key
 * head hv / G (grouped heads: kcv.gdn).  Thread j owns column j of the K x V state
 * in its own array, so nothing is shared but the normalised q_t and k_t.
 * Step t, as the spec writes it:
 *   k, q normalised (a double sum of squares: no overflow, fixed order);
 *   A = exp(g_t) S;  u_j = A[:,j] . k;  r_j = v_tj - u_j;
 *   S[:,j] = A[:,j] + beta_t k r_j;   o_tj = K^-1/2 S[:,j] . q.
 * The state is f32; the two column sums and r are double, so that values
 * near FLT_MAX do not overflow on the way (EXC-03); o is rounded once, from
 * the double, to bf16 (gdn.cuh holds the normalisation and the step, which
 * gdn_bwd.cu recomputes).  No atomics, a fixed order: bit-for-bit
 * deterministic.  Sequential in t, so
 * it is slow: this is the reference kernel that runs on kcv's CPU backend
 * in CI; gdn_chunked_fwd.cu is the chunked (WY) form of the same forward.
 */
#include "gdn.cuh"

#define KMAX GDN_KMAX

extern "C" __global__ void gdn_fwd_kernel(const __nv_bfloat16 *__restrict__ q,
                                          const __nv_bfloat16 *__restrict__ k,
                                          const __nv_bfloat16 *__restrict__ v,
                                          const float *__restrict__ g,
                                          const __nv_bfloat16 *__restrict__ beta,
                                          const float *__restrict__ h0,
                                          __nv_bfloat16 *__restrict__ o,
                                          float *__restrict__ ht,
                                          long long B, long long T, long long H, long long G,
                                          long long K, long long V, float eps)
{
    __shared__ float kn[KMAX], qn[KMAX];
    __shared__ double nrm[2];
    const long long HV = H * G;                 /* value heads; value head hv reads key head hv / G */
    const long long lane = blockIdx.x, b = lane / HV, hv = lane % HV;
    const long long j = threadIdx.x;
    const float scale = 1.0f / sqrtf((float)K);
    float s[KMAX];

    if (lane >= B * HV || K > KMAX) return;
    gdn_load_column(s, h0, lane, K, V, j);
    for (long long t = 0; t < T; t++) {
        const long long tok = (b * T + t) * HV + hv;
        __syncthreads();                        /* the last step's readers are done */
        gdn_normalise(q, k, (b * T + t) * H + hv / G, K, eps, qn, kn, nrm);
        if (j < V) {
            gdn_step(s, kn, K, expf(g[tok]), __bfloat162float(beta[tok]), __bfloat162float(v[tok * V + j]));
            o[tok * V + j] = gdn_output(s, qn, K, scale);
        }
    }
    gdn_store_column(s, ht, lane, K, V, j);
}
