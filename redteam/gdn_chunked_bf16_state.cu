/*
 * RED TEAM — deliberately broken; see gdn_chunked_bf16_state.lua.
 *
 * kernels/gdn_chunked_fwd.cu with the state carried from chunk to chunk
 * in bf16, as a kernel that keeps the chunk states in the input dtype to
 * halve their memory (flash-linear-attention stores them so).  Within a
 * chunk everything is the honest kernel's; only launch 2's state update
 * differs: the state is rounded to bf16 at the end of every chunk.
 */
#include "../kernels/gdn_chunked_fwd.cu"

struct bf16_carry {
    __device__ float operator()(float s, const float *kn, const double *U, const double *ex,
                                long long b, long long t0, long long n, long long base,
                                long long B, long long T, long long H, long long K, long long V,
                                long long i, long long j) const
    {
        const float x = gdn_state_update()(s, kn, U, ex, b, t0, n, base, B, T, H, K, V, i, j);
        /* DEFECT: the carried state rounded to bf16 */
        return __bfloat162float(__float2bfloat16(x));
    }
};

extern "C" __global__ void gdn_chunk_scan_bf16(const float *__restrict__ g, const float *__restrict__ h0,
                                               const float *__restrict__ kn, const float *__restrict__ W,
                                               double *__restrict__ U, float *__restrict__ hs,
                                               float *__restrict__ ht,
                                               long long B, long long T, long long H, long long G,
                                               long long K, long long V)
{
    gdn_scan_lane(g, h0, kn, W, U, hs, ht, B, T, H * G, K, V, bf16_carry());
}
