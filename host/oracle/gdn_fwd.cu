/*
 * gdn_fwd.cu — kcv.mp.gdn's forward lanes on the device, with their bits:
 * the same IEEE operations in the same order as host/mp_gdn_lanes.h's
 * step and fwd_lane, a thread per state column j (the forward's columns
 * are independent: every sum of a column runs over i in index order, as
 * the lanes' column loops do; gdn_col.cuh), a block per (batch, head)
 * lane.  The decays come computed by the host's exp (eg =
 * kcv.mp.gdn_decays(g)): the device's exp may differ from the C library's
 * in the last bit, every other operation here is correctly rounded on
 * both.  Build with -fmad=false: the lanes are built with
 * -ffp-contract=off.
 *
 * All arrays f64.  q, k [B,T,H,K]; v [B,T,H,V]; eg [B,T,H] (gate 1) or
 * [B,T,H,K] (gate 2) or unused (gate 0); beta [B,T,H] when delta; h0
 * [B,H,K,V] when has_h0; S [B*H][K][V] workspace.  Out: o, o_mag
 * [B,T,H,V]; ht, ht_mag [B,H,K,V].
 */
#include "gdn_col.cuh"

extern "C" __global__ void gdn_fwd_oracle(const double *__restrict__ q, const double *__restrict__ k,
                                          const double *__restrict__ v, const double *__restrict__ eg,
                                          const double *__restrict__ beta, const double *__restrict__ h0,
                                          double *__restrict__ S, double *__restrict__ o,
                                          double *__restrict__ o_mag, double *__restrict__ ht,
                                          double *__restrict__ ht_mag,
                                          long long B, long long T, long long H, long long K, long long V,
                                          long long gate, long long delta, long long has_h0, double scale)
{
    const gdn_dev c = {q, k, v, eg, beta, h0, NULL, NULL, B, T, H, K, V, gate, delta, scale};
    const long long lane = blockIdx.x, j = threadIdx.x, b = lane / H, h = lane % H;
    if (lane >= B * H || j >= V) return;
    double *s = S + lane * K * V + j;                 /* column j: s[i * V] */
    for (long long i = 0; i < K; i++) s[i * V] = has_h0 ? h0[lane * K * V + i * V + j] : 0.0;
    double n = 0;                                     /* h0 is given exactly: no error yet */
    for (long long t = 0; t < T; t++) {
        const long long tok = (b * T + t) * H + h;
        gdn_col_step(&c, tok, j, s, &n);
        /* o_t = scale S_t^T q_t and its magnitude */
        const double *qt = q + tok * K, qn = gdn_norm2(qt, K);
        double y = 0, ya = 0;
        for (long long i = 0; i < K; i++) {
            y += s[i * V] * qt[i];
            ya += fabs(s[i * V] * qt[i]);
        }
        o[tok * V + j] = scale * y;
        o_mag[tok * V + j] = fabs(scale) * (ya + qn * n);
    }
    for (long long i = 0; i < K; i++) {
        ht[lane * K * V + i * V + j] = s[i * V];
        ht_mag[lane * K * V + i * V + j] = fabs(s[i * V]) + n;
    }
}
