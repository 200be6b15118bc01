-- kernels/gdn_chunked_bwd.lua — how kernels/gdn_chunked_bwd.cu is launched:
-- six launches, five over chunks of 64 tokens of a (batch, value head) lane
-- and the last over key tokens (dq, dk: a key head's group summed) (GDN_CHUNK in the source).  The
-- first two are the chunked forward's own (gdn_chunk_prep, gdn_chunk_scan,
-- kernels/gdn_chunked_fwd.lua), recomputing q and k normalised (qn, kn),
-- W, delta (in U) and every chunk's start state (hs; the last state goes to
-- hT, unused).  Then, all f64: A (Am, 64 x 64 per chunk; L, then dA, X
-- and dL in Xm, the same size; the gate pairs over A once it is read), W
-- again (Wd), ddelta (dD), the reverse scan's adjoint state at every
-- chunk's end (dhs), dW, and the last launch's pair tables and sums.
local CHUNK = 64

local function lanes(s) return s.B * s.H * s.G end     -- a lane: (batch, value head)
local function nchunks(s) return (s.T + CHUNK - 1) // CHUNK end
-- gdn_chunk_scan: a block of SCAN_THREADS per (lane, tile of SCAN_COLS state
-- columns) (GDN_SCAN_THREADS, GDN_SCAN_COLS in gdn_chunked_fwd.cu)
local SCAN_COLS, SCAN_THREADS = 16, 256
local function scan_blocks(s) return lanes(s) * ((s.V + SCAN_COLS - 1) // SCAN_COLS) end
-- gdn_chunk_prep's and gdn_chunk_bprep's dynamic shared memory: the
-- chunk's rows of kn, f32, padded by one (gdn_pad)
local function k_rows_smem(s) return CHUNK * (s.K + 1) * 4 end
-- gdn_mma.cuh's gdn_mma_gram (L's k k^T in gdn_chunk_prep on the tensor
-- cores; bprep's k k^T and q k^T): both sets' CHUNK rows GRAM_KB columns at
-- a time, at a stride of gdn_mma_ld(GRAM_KB), and an 8 x 8 double tile a
-- warp of 256 threads; the launch's dynamic shared memory is the larger of
-- this and the staged rows of k (the scalar path's, and q's and k's rows
-- before their normalisation, gdn_norm_rows).  It also holds gdn_mma_lower's
-- A and tiles (prep's W and U, 38,912 bytes; GDN_PREP_LDA) and bprep's
-- columns of M and tiles (22,528; GDN_BPREP_CB)
local GRAM_KB = 32
local function gram_smem() return (2 * CHUNK * ((GRAM_KB + 15) // 16 * 16 + 4) + 256 // 32 * 64) * 8 end
local function prep_smem(s) return math.max(k_rows_smem(s), gram_smem()) end
-- gdn_chunk_prep, gdn_chunk_bprep and gdn_chunk_grad: a block of GRAD_THREADS
-- per (lane, chunk) (the first two take any block of at least CHUNK threads,
-- gdn_chunk_grad a multiple of 32 up to its launch bound of 256); the last
-- one's NPAIR pair tables a chunk (GDN_NPAIR in gdn_chunked_bwd.cu)
local GRAD_THREADS, NPAIR = 256, 5
local QK_CB = 32            -- GDN_QK_CB: gdn_chunk_grad's k or q columns staged at a time
-- gdn_chunk_grad's state rows staged at a time (GDN_MMA_IB in gdn_mma.cuh)
local MMA_IB = 32
local SPLIT_IB = 64         -- GDN_SPLIT_IB: PROD = split's rows of the other set staged at a time
-- gdn_chunk_group: a warp per key token and gradient (q's, k's), GROUP_WARPS
-- (GDN_GROUP_WARPS) a block
local GROUP_WARPS = 4
local function tokens(w) return function(s) return {lanes(s) * s.T * s[w]} end end
-- gdn_chunk_grad's dynamic shared memory: the most its phases stage at once
-- (a chunk's rows padded by one element: dD; k and v as f32; k and delta;
-- X, A and dA; delta and dO as f32; k, q and two triangular coefficient
-- tables; the tensor-core products' operands), as the kernel carves it
-- (gdn_sm_k, gdn_sm_after_k, gdn_sm_a, gdn_sm_qk_at, gdn_mma_rows and the
-- phases of gdn_chunk_grad)
local function grad_smem(s)
  local rk, rv = CHUNK * (s.K + 1), CHUNK * (s.V + 1)
  local k8 = (rk * 4 + 7) // 8 * 8
  local qk = (2 * rk * 4 + 7) // 8 * 8 + CHUNK * (CHUNK + 1) * 8
  -- gdn_mma.cuh's gdn_mma_rows: the chunk's rows and MMA_IB rows of the
  -- other set, a stride of gdn_mma_ld(L) doubles for the longest L (K or V:
  -- the products reduce over both), and an 8 x 8 double tile a warp
  local L = math.max(s.K, s.V)
  local mma = ((CHUNK + MMA_IB) * ((L + 15) // 16 * 16 + 4) + GRAD_THREADS // 32 * 64) * 8
  -- the tensor-core passes of dk and dq and W, U's VJP (gdn_sm_qkt_at): two dense CHUNK x
  -- (CHUNK + 4) tables, QK_CB columns of k or q at a stride of QK_CB + 4,
  -- the warps' tiles
  local qkt = (2 * CHUNK * (CHUNK + 4) + CHUNK * (QK_CB + 4) + GRAD_THREADS // 32 * 64) * 8
  -- PROD = split's gdn_split_rows (gdn_split.cuh): the chunk's rows and
  -- SPLIT_IB of the other set as floats at a stride of gdn_split_ld(L), two
  -- 16 x 16 float tiles a warp, a row code an int
  local split = ((CHUNK + SPLIT_IB) * ((L + 7) // 8 * 8 + 4) + GRAD_THREADS // 32 * 2 * 256) * 4 + (CHUNK + SPLIT_IB) * 4
  return math.max(rv * 8, k8 + rv * 4, k8 + rv * 8, CHUNK * CHUNK * 8 + 2 * CHUNK * (CHUNK + 1) * 8, rv * 8 + rv * 4, qk,
                  mma, qkt, split)
end

-- gdn_chunk_scan's and gdn_chunk_dscan's dynamic shared memory, their
-- tensor-core paths' (the scalar paths need none): the A operand (a chunk's
-- rows SCAN_KB columns at a time, or SCAN_TB positions of rows of K at a
-- stride of gdn_mma_ld(K)), nbuf B operands of CHUNK x SCAN_COLS doubles at
-- a stride of ld (the scan's Gam delta, ld SCAN_LD; dscan's ddelta
-- and dO, ld SCAN_COLS) and an 8 x 8 double tile a warp (gdn_scan_mma_at
-- in gdn_chunked_fwd.cu)
local SCAN_KB, SCAN_TB = 32, 16
local SCAN_LD = SCAN_COLS + 4   -- GDN_SCAN_LD: the forward scan's padded stride
local function scan_smem(s, nbuf, ld)
  local a = math.max(CHUNK * (SCAN_KB + 4), SCAN_TB * ((s.K + 15) // 16 * 16 + 4))
  return (a + nbuf * CHUNK * ld + SCAN_THREADS // 32 * 64) * 8
end

return {
  spec = "gdn_bwd",
  -- seconds a run may take, a backend at a time (kcv.verify.subject's
  -- default is 60).  On the CPU backend CMP-03's top case (B=2 T=32768 H=4
  -- K=4 V=4) is the longest run: the whole `kcv verify ... --gate CMP-03
  -- --case 'top B=2 G=1 H=4 K=4 T=32768 V=4' --backend cpu` took 157 s on
  -- this 2-core machine, idle (12-07; 160 s for 168b16b, 58 s for afd02c9
  -- before the tensor-core paths, whose lanes the emulation switches
  -- between), and the project's CI, slower, killed it at 180 s.  On the GPU
  -- the backward takes milliseconds (9.59 ms at (4,2048,16,128), H200,
  -- 12-07 13:38, docs/PERF.md): 180 s there, as before, still finds a hang
  kernel = {timeout = {cpu = 900, cuda = 180}, pipeline = {
    workspace = {
      {name = "qn", dtype = "f32", shape = tokens("K")},
      {name = "kn", dtype = "f32", shape = tokens("K")},
      {name = "W", dtype = "f32", shape = tokens("K")},
      {name = "U", dtype = "f64", shape = tokens("V")},
      {name = "hs", dtype = "f32", shape = function(s) return {lanes(s) * nchunks(s) * s.K * s.V} end},
      {name = "hT", dtype = "f32", shape = function(s) return {lanes(s) * s.K * s.V} end},
      {name = "dD", dtype = "f64", shape = tokens("V")},
      {name = "dhs", dtype = "f64", shape = function(s) return {lanes(s) * nchunks(s) * s.K * s.V} end},
      {name = "Am", dtype = "f64", shape = function(s) return {lanes(s) * nchunks(s) * CHUNK * CHUNK} end},
      {name = "Xm", dtype = "f64", shape = function(s) return {lanes(s) * nchunks(s) * CHUNK * CHUNK} end},
      {name = "Wd", dtype = "f64", shape = tokens("K")},
      {name = "dW", dtype = "f64", shape = tokens("K")},
      -- gdn_chunk_grad's: the pair tables (GDN_NPAIR of 64 x 64 a chunk),
      -- dk and dq as they accumulate, and the column sums a position reads
      {name = "Pt", dtype = "f64", shape = function(s) return {lanes(s) * nchunks(s) * NPAIR * CHUNK * CHUNK} end},
      {name = "dK", dtype = "f64", shape = tokens("K")},
      {name = "dQ", dtype = "f64", shape = tokens("K")},
      {name = "R", dtype = "f64", shape = function(s) return {lanes(s) * s.T * 2 * math.max(s.K, s.V)} end},
    },
    launches = function(s)
      local dims = {"B:i64", "T:i64", "H:i64", "G:i64", "K:i64", "V:i64"}
      local function with_dims(list, eps)
        for _, d in ipairs(dims) do list[#list + 1] = d end
        if eps then list[#list + 1] = "eps:f32" end
        return list
      end
      local per_chunk = lanes(s) * nchunks(s)
      return {
        {name = "gdn_chunk_prep", grid = per_chunk, block = GRAD_THREADS, smem = prep_smem(s),
         params = with_dims({"q", "k", "v", "g", "beta", "qn", "kn", "W", "U"}, true)},
        {name = "gdn_chunk_scan", grid = scan_blocks(s), block = SCAN_THREADS, smem = scan_smem(s, 1, SCAN_LD),
         params = with_dims{"g", "h0", "kn", "W", "U", "hs", "hT"}},
        {name = "gdn_chunk_bprep", grid = per_chunk, block = GRAD_THREADS, smem = prep_smem(s),
         params = with_dims{"g", "beta", "qn", "kn", "dO", "Am", "Xm", "Wd", "dD"}},
        {name = "gdn_chunk_dscan", grid = scan_blocks(s), block = SCAN_THREADS, smem = scan_smem(s, 2, SCAN_COLS),
         params = with_dims{"g", "qn", "kn", "Wd", "dO", "dht", "dD", "dhs", "dh0"}},
        {name = "gdn_chunk_grad", grid = per_chunk, block = GRAD_THREADS, smem = grad_smem(s),
         params = with_dims{"v", "g", "beta", "dO", "qn", "kn", "U", "hs", "dhs", "dD",
                            "Am", "Xm", "dW", "Pt", "dK", "dQ", "R", "dv", "dg", "dbeta"}},
        {name = "gdn_chunk_group", grid = (2 * s.B * s.T * s.H + GROUP_WARPS - 1) // GROUP_WARPS,
         block = 32 * GROUP_WARPS, smem = 0,
         params = {"q", "k", "dK", "dQ", "dq", "dk", "B:i64", "T:i64", "H:i64", "G:i64", "K:i64", "eps:f32"}},
      }
    end,
  }},
  -- ACC: the accumulator of every dot and matrix product (acc.cuh); f64 is
  -- the kernel as written, f32 what a tensor-core kernel would use.
  -- PROD: gdn_chunk_grad's dense products (gdn_mma_rows) on the double
  -- tensor cores (f64) or on the TF32 ones with split operands (split,
  -- gdn_split.cuh: f32-accurate, not f64's bits)
  -- MMA: the double tensor cores' step, WMMA's m8n8k4 or sm_90's m16n8k4
  -- (gdn_mma.cuh, -DMMA_M16N8K4: gdn_mma_rows, gdn_mma_gram, both scans)
  tune = {
    knobs = {ACC = {"f64", "f32"}, PROD = {"f64", "split"}, MMA = {"m8n8k4", "m16n8k4"}},
    shapes = {{B = 1, T = 200, H = 2, G = 1, K = 64, V = 64}},
  },
}
