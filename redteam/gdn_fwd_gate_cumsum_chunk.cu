/*
 * RED TEAM — deliberately broken; see gdn_fwd_gate_cumsum_chunk.lua.
 *
 * kernels/gdn_fwd.cu with the decay taken from a cumulative sum of the
 * log-gates, as chunked kernels do (the decay between two tokens is
 * exp(G_t - G_s)).  The cumsum restarts at every chunk of 64 tokens, but
 * the step from the previous token still subtracts the previous chunk's
 * last value: at each chunk's first token the decay is
 * exp(g_t - sum of the previous chunk's g) instead of exp(g_t).  Right for
 * any T <= 64; from the second chunk on the carried state is scaled wrongly.
 */
#include "../kernels/gdn.cuh"

#define KMAX GDN_KMAX
#define CHUNK 64

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
    const long long HV = H * G, lane = blockIdx.x, b = lane / HV, hv = lane % HV, j = threadIdx.x;
    const float scale = 1.0f / sqrtf((float)K);
    float s[KMAX];
    float Gc = 0.0f;                         /* the chunk-local cumsum of g */

    if (lane >= B * HV || K > KMAX) return;
    gdn_load_column(s, h0, lane, K, V, j);
    for (long long t = 0; t < T; t++) {
        const long long tok = (b * T + t) * HV + hv;
        /* DEFECT: restarts per chunk, yet the decay below is G_t - G_{t-1} */
        const float Gt = (t % CHUNK == 0) ? g[tok] : Gc + g[tok];
        const float a = expf(Gt - Gc);
        Gc = Gt;
        __syncthreads();
        gdn_normalise(q, k, (b * T + t) * H + hv / G, K, eps, qn, kn, nrm);
        if (j < V) {
            gdn_step(s, kn, K, a, __bfloat162float(beta[tok]), __bfloat162float(v[tok * V + j]));
            o[tok * V + j] = gdn_output(s, qn, K, scale);
        }
    }
    gdn_store_column(s, ht, lane, K, V, j);
}
