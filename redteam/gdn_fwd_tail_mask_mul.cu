/*
 * RED TEAM — deliberately broken; see gdn_fwd_tail_mask_mul.lua.
 *
 * kernels/gdn_fwd.cu run the way a chunked kernel over the flattened
 * (B*T) token axis runs its last chunk: every sequence is processed in
 * whole chunks of 64 tokens, and the tail chunk's positions past the
 * sequence's end load the next sequence's tokens (in bounds of the whole
 * tensor) and mask them by multiplying with 0.  With finite values the
 * masked steps change nothing; a NaN or Inf there gives 0 * NaN = NaN,
 * which reaches this sequence's final state.
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
    const long long padded = (T + CHUNK - 1) / CHUNK * CHUNK;
    float s[KMAX], km[KMAX];

    if (lane >= B * HV || K > KMAX) return;
    gdn_load_column(s, h0, lane, K, V, j);
    for (long long t = 0; t < padded && b * T + t < B * T; t++) {
        const long long tok = (b * T + t) * HV + hv;   /* past T: the next sequence's token */
        const float m = t < T ? 1.0f : 0.0f;
        __syncthreads();
        gdn_normalise(q, k, (b * T + t) * H + hv / G, K, eps, qn, kn, nrm);
        if (j < V) {
            /* DEFECT: the tail is masked by multiplication, not by a branch */
            for (long long i = 0; i < K; i++) km[i] = kn[i] * m;
            gdn_step(s, km, K, expf(g[tok] * m), __bfloat162float(beta[tok]) * m,
                     __bfloat162float(v[tok * V + j]) * m);
            if (t < T) {
                o[tok * V + j] = gdn_output(s, qn, K, scale);
            }
        }
    }
    gdn_store_column(s, ht, lane, K, V, j);
}
