/*
 * RED TEAM — deliberately broken; see gdn_chunked_cumsum_restart.lua.
 *
 * kernels/gdn_chunked_fwd.cu whose output launch takes the decay between
 * positions s < t of a chunk as exp(G_t - G_s) from a cumulative sum of g
 * that restarts every 16 positions (a cumsum kernel written for tiles of
 * 16, used with chunks of 64).  Within a tile of 16 the difference is the
 * sum of g over (s, t], as it should be; across tiles it is not, so the
 * intra-chunk attention weights are wrong wherever T > 16 and g != 0.
 * Only launch 3's weights differ from the honest kernel.
 */
#include "../kernels/gdn_chunked_fwd.cu"

#define TILE 16

/* DEFECT: the cumulative sum of g restarts at every tile of 16 (gs: the
 * chunk's g, staged by gdn_out_chunk) */
__device__ static double g_tile_cumsum(const float *gs, long long t)
{
    double G = 0.0;
    for (long long u = t - t % TILE; u <= t; u++) G += gs[u];
    return G;
}

struct tiled_weights {
    template <class Dot>
    __device__ double operator()(double *cq, const float *gs, long long t, long long s0, long long step, Dot dot) const
    {
        const double Gt = g_tile_cumsum(gs, t);
        double d = 0.0;
        if (t % step == s0) cq[t] = dot(t);
        for (long long s = t - 1; s >= 0; s--) {
            d += gs[s + 1];
            if (s % step == s0) cq[s] = exp(Gt - g_tile_cumsum(gs, s)) * dot(s);
        }
        return exp(d + gs[0]);
    }
};

extern "C" __global__ void gdn_chunk_out_tiled(const float *__restrict__ g, const float *__restrict__ qn,
                                               const float *__restrict__ kn, const double *__restrict__ U,
                                               const float *__restrict__ hs, __nv_bfloat16 *__restrict__ o,
                                               long long B, long long T, long long H, long long G,
                                               long long K, long long V)
{
    gdn_out_chunk(g, qn, kn, U, hs, o, B, T, H * G, K, V, tiled_weights());
}
