/*
 * RED TEAM — deliberately broken; see gdn_chunked_cumsum_restart.lua.
 *
 * kernels/gdn_chunked_fwd.cu whose output launch takes the decay between
 * positions s < t of a chunk as exp(G_t - G_s) from a cumulative sum of g
 * that restarts every 16 positions (a cumsum kernel written for tiles of
 * 16, used with chunks of 64).  Within a tile of 16 the difference is the
 * sum of g over (s, t], as it should be; across tiles it is not, so the
 * intra-chunk attention weights are wrong wherever T > 16 and g != 0.
 * Only gdn_chunk_out differs from the honest kernel.
 */
#include "../kernels/gdn_chunked_fwd.cu"

#define TILE 16

/* DEFECT: the cumulative sum of g restarts at every tile of 16 */
__device__ static double g_tile_cumsum(const float *g, long long base, long long H, long long t)
{
    double G = 0.0;
    for (long long u = t - t % TILE; u <= t; u++) G += g[base + u * H];
    return G;
}

extern "C" __global__ void gdn_chunk_out_tiled(const float *__restrict__ g, const float *__restrict__ qn,
                                               const float *__restrict__ kn, const double *__restrict__ U,
                                               const float *__restrict__ hs, __nv_bfloat16 *__restrict__ o,
                                               long long B, long long T, long long H,
                                               long long K, long long V)
{
    __shared__ double cq[GDN_CHUNK][GDN_CHUNK];
    __shared__ double gq[GDN_CHUNK];
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    const long long lane = blockIdx.x / nc, c = blockIdx.x % nc, b = lane / H, h = lane % H;
    const long long t0 = c * GDN_CHUNK, n = T - t0 < GDN_CHUNK ? T - t0 : GDN_CHUNK;
    const long long t = threadIdx.x, base = gdn_tok(b, t0, H, T, h);
    const double scale = 1.0 / sqrt((double)K);

    if (lane >= B * H || t >= n) return;
    const float *qt = qn + (base + t * H) * K;
    const double Gt = g_tile_cumsum(g, base, H, t);
    double d = 0.0;
    cq[t][t] = gdn_dot(qt, kn + (base + t * H) * K, K);
    for (long long s = t - 1; s >= 0; s--) {
        d += g[base + (s + 1) * H];
        cq[t][s] = exp(Gt - g_tile_cumsum(g, base, H, s)) * gdn_dot(qt, kn + (base + s * H) * K, K);
    }
    gq[t] = exp(d + g[base]);
    const float *S0 = hs + (lane * nc + c) * K * V;
    for (long long j = 0; j < V; j++) {
        acc_t y = acc_of(0.0);
        for (long long i = 0; i < K; i++) y += (acc_t)S0[i * V + j] * (acc_t)qt[i];
        y *= (acc_t)gq[t];
        for (long long s = 0; s <= t; s++) y += (acc_t)cq[t][s] * (acc_t)U[(base + s * H) * V + j];
        o[(base + t * H) * V + j] = __double2bfloat16(acc_value(y) * scale);
    }
}
