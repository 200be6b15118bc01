/*
 * RED TEAM — deliberately broken; see gdn_fwd_bf16_state.lua.
 *
 * kernels/gdn_fwd.cu with its state stored in bf16 between steps, as a
 * kernel that keeps S in bf16 registers or shared memory to save space.
 * The normalisation is the honest kernels' own (kernels/gdn.cuh); the step
 * is theirs but for the rounding of the state.
 */
#include "../kernels/gdn.cuh"

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
    const long long HV = H * G, lane = blockIdx.x, b = lane / HV, hv = lane % HV, j = threadIdx.x;
    const float scale = 1.0f / sqrtf((float)K);
    float s[KMAX];

    if (lane >= B * HV || K > KMAX) return;
    gdn_load_column(s, h0, lane, K, V, j);
    for (long long t = 0; t < T; t++) {
        const long long tok = (b * T + t) * HV + hv;
        __syncthreads();
        gdn_normalise(q, k, (b * T + t) * H + hv / G, K, eps, qn, kn, nrm);
        if (j < V) {
            const float a = expf(g[tok]), bt = __bfloat162float(beta[tok]);
            double u = 0.0, y = 0.0;
            for (long long i = 0; i < K; i++) {
                s[i] *= a;
                u += (double)s[i] * kn[i];
            }
            const double r = (double)__bfloat162float(v[tok * V + j]) - u;
            for (long long i = 0; i < K; i++) {
                /* DEFECT: the state is rounded to bf16 at every step */
                s[i] = __bfloat162float(__float2bfloat16_rn((float)((double)s[i] + (double)(bt * kn[i]) * r)));
                y += (double)s[i] * qn[i];
            }
            o[tok * V + j] = __double2bfloat16(y * scale);
        }
    }
    gdn_store_column(s, ht, lane, K, V, j);
}
