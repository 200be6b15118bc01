/*
 * RED TEAM — deliberately broken; see gdn_chunked_long_seq.lua.
 *
 * kernels/gdn_chunked_fwd.cu whose output launch was written for
 * sequences of at most 16384 positions (256 chunks of 64, one slot each in
 * a table sized at compile time): the blocks of chunks past 256 return
 * without writing, so o's rows from position 16384 on are never written.
 * Right everywhere below T = 16385; issue 10's "breaks only near the top of
 * the declared range" (T goes to 32768).  Only launch 3 differs.
 */
#include "../kernels/gdn_chunked_fwd.cu"

#define MAX_CHUNKS 256

extern "C" __global__ void gdn_chunk_out_short(const float *__restrict__ g, const float *__restrict__ qn,
                                               const float *__restrict__ kn, const double *__restrict__ U,
                                               const float *__restrict__ hs, __nv_bfloat16 *__restrict__ o,
                                               long long B, long long T, long long H, long long G,
                                               long long K, long long V)
{
    const long long nc = (T + GDN_CHUNK - 1) / GDN_CHUNK;
    /* DEFECT: chunks past the table's 256 are dropped */
    if (blockIdx.x % nc >= MAX_CHUNKS) return;
    gdn_out_chunk(g, qn, kn, U, hs, o, B, T, H * G, K, V, gdn_out_weights());
}
