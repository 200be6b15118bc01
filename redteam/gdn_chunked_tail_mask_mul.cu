/*
 * RED TEAM — deliberately broken; see gdn_chunked_tail_mask_mul.lua.
 *
 * kernels/gdn_chunked_fwd.cu whose state update runs every chunk over all
 * 64 positions, the way a tiled kernel loads a full tile: the tail chunk's
 * positions past the sequence's end read the next sequence's tokens of the
 * flattened (B*T) axis (in bounds of the tensor) and are masked by
 * multiplying with 0.  With finite values 0 * x = 0 changes nothing; a NaN
 * or Inf there gives 0 * NaN = NaN, which reaches this sequence's state,
 * its final state ht and the next chunk's outputs.  Only launch 2's state
 * update differs from the honest kernel.
 */
#include "../kernels/gdn_chunked_fwd.cu"

struct whole_tile {
    __device__ float operator()(float s, const float *kn, const double *U, const double *ex,
                                long long b, long long t0, long long n, long long base,
                                long long B, long long T, long long H, long long K, long long V,
                                long long i, long long j) const
    {
        acc_t acc = acc_of(ex[n] * s);
        /* DEFECT: a whole tile of 64 positions, the tail masked by * 0 */
        for (long long t = 0; t < GDN_CHUNK; t++) {
            if (b * T + t0 + t >= B * T) break;          /* the tensor's end */
            const long long tok = base + t * H;
            const double m = t < n ? 1.0 : 0.0, e = t < n ? ex[t] : 1.0;
            acc += (acc_t)kn[tok * K + i] * (acc_t)(e * U[tok * V + j] * m);
        }
        return (float)acc_value(acc);
    }
};

extern "C" __global__ void gdn_chunk_scan_tile(const float *__restrict__ g, const float *__restrict__ h0,
                                               const float *__restrict__ kn, const float *__restrict__ W,
                                               double *__restrict__ U, float *__restrict__ hs,
                                               float *__restrict__ ht,
                                               long long B, long long T, long long H, long long G,
                                               long long K, long long V)
{
    gdn_scan_lane(g, h0, kn, W, U, hs, ht, B, T, H * G, K, V, whole_tile());
}
