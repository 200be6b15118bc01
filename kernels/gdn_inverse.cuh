/*
 * gdn_inverse.cuh — the unit lower-triangular inverse of the chunked Gated
 * DeltaNet kernels, A = (I + L)^-1, a thread a column: gdn_chunk_prep's (f32
 * A, gdn_chunked_fwd.cu) and gdn_chunk_bprep's (double, gdn_chunked_bwd.cu).
 * Its own header so its probe (spec/fixtures/gdn_inverse_probe.cu,
 * spec/gdn_inverse_spec.lua) checks it against the row-at-a-time loop it
 * replaced, bit for bit.  Needs acc_t (acc.cuh) before it.
 */
#ifndef GDN_INVERSE_CUH
#define GDN_INVERSE_CUH

/* A = (I + L)^-1 by forward substitution, for column s (the caller's
 * thread s < n; only s <= i is ever written or read):
 *
 *   A(s,s) = 1,   A(i,s) = -L(i,s) - sum_{s<r<i} L(i,r) A(r,s)   (i > s),
 *
 * each sum in acc_t, its terms in increasing r.  A column needs nothing
 * but itself and L, so its thread runs alone (the caller waits for every
 * column once, at the end).  Rows go GDN_INV_RB at a time: their sums
 * advance together over the rows above the block, independent chains
 * whose loads issue together, then over the block's own rows in order,
 * each term where the row-at-a-time loop put it, so the same bits.  (Row
 * at a time, with a barrier a row, each step waited on its loads and on
 * the previous add: 0.52 ms of gdn_chunk_prep and 0.40 of bprep at
 * (4,2048,16,128) on an H100, 12-05.)  l(i, r) gives L(i,r), a(r) this
 * column's A(r,s) as stored; set(i, d) stores A(i,s) from the sum d and
 * returns it as stored (prep keeps A in f32). */
#define GDN_INV_RB 8

template <class FL, class FA, class Set>
__device__ static void gdn_inverse_col(long long s, long long n, FL l, FA a, Set set)
{
    if (s >= n) return;
    set(s, acc_of(1.0));
    for (long long i0 = s + 1; i0 < n; i0 += GDN_INV_RB) {
        acc_t d[GDN_INV_RB], av[GDN_INV_RB];
#pragma unroll
        for (int u = 0; u < GDN_INV_RB; u++)
            if (i0 + u < n) d[u] = -(acc_t)l(i0 + u, s);
#pragma unroll 4
        for (long long r = s + 1; r < i0; r++) {
            const acc_t ar = a(r);
#pragma unroll
            for (int u = 0; u < GDN_INV_RB; u++)
                if (i0 + u < n) d[u] -= (acc_t)l(i0 + u, r) * ar;
        }
#pragma unroll
        for (int u = 0; u < GDN_INV_RB; u++)
            if (i0 + u < n) {
#pragma unroll
                for (int v = 0; v < u; v++) d[u] -= (acc_t)l(i0 + u, i0 + v) * av[v];
                av[u] = set(i0 + u, d[u]);
            }
    }
}

#endif
