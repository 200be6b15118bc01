-- kernels/gdn_chunked_fwd.lua — how kernels/gdn_chunked_fwd.cu is launched:
-- three launches over chunks of 64 tokens (GDN_CHUNK in the source), with
-- five workspaces: q and k normalised (qn, kn, f32), the WY factors W (f32)
-- and U (f64; it becomes delta = U - W S0 in the scan), and the state at
-- every chunk's start (hs, f32), which the output launch reads.
local CHUNK = 64

local function lanes(s) return s.B * s.H * s.G end     -- a lane: (batch, value head)
local function nchunks(s) return (s.T + CHUNK - 1) // CHUNK end
-- gdn_chunk_scan: a block of SCAN_THREADS per (lane, tile of SCAN_COLS state
-- columns) (GDN_SCAN_THREADS, GDN_SCAN_COLS in gdn_chunked_fwd.cu)
local SCAN_COLS, SCAN_THREADS = 16, 256
-- gdn_chunk_out: OUT_SPLIT threads a position (GDN_OUT_SPLIT); gdn_chunk_prep:
-- a block of PREP_THREADS a chunk (any block of at least CHUNK threads)
local OUT_SPLIT, PREP_THREADS = 4, 256
local function scan_blocks(s) return lanes(s) * ((s.V + SCAN_COLS - 1) // SCAN_COLS) end
-- gdn_chunk_prep's and gdn_chunk_out's dynamic shared memory: the chunk's
-- rows of kn, f32, padded by one (gdn_pad)
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
-- gdn_chunk_scan's dynamic shared memory, its tensor-core path's (the
-- scalar path, ACC=f32 or OPND=bf16, needs none): the A operand (W's rows
-- SCAN_KB columns at a time, or SCAN_TB positions of kn at a stride of
-- gdn_mma_ld(K)), nbuf B operands of CHUNK x SCAN_COLS doubles at a stride
-- of ld (SCAN_LD here) and an 8 x 8 double tile a warp
-- (gdn_scan_mma_at in gdn_chunked_fwd.cu; nbuf 1 here, 2 for the
-- backward's gdn_chunk_dscan)
local SCAN_KB, SCAN_TB = 32, 16
local SCAN_LD = SCAN_COLS + 4   -- GDN_SCAN_LD: the scan's padded stride
-- gdn_chunk_out's, the largest of the staged rows of kn (the scalar path's),
-- the weights' Gram product q k^T (gram_smem) and the tensor-core path's
-- operands (gdn_out_mma: CHUNK rows of q and OUT_KB of S0, OUT_CB columns at
-- a stride of OUT_CB + 4 doubles, and an 8 x 8 double tile a warp;
-- GDN_OUT_CB, GDN_OUT_KB in gdn_chunked_fwd.cu)
local OUT_CB, OUT_KB = 32, 32
local function out_smem(s)
  return math.max(k_rows_smem(s), gram_smem(),
                  ((CHUNK + OUT_KB) * (OUT_CB + 4) + CHUNK * OUT_SPLIT // 32 * 64) * 8)
end
local function scan_smem(s)
  local a = math.max(CHUNK * (SCAN_KB + 4), SCAN_TB * ((s.K + 15) // 16 * 16 + 4))
  return (a + CHUNK * SCAN_LD + SCAN_THREADS // 32 * 64) * 8
end

return {
  spec = "gdn_fwd",
  kernel = {pipeline = {
    workspace = {
      {name = "qn", dtype = "f32", shape = function(s) return {lanes(s) * s.T * s.K} end},
      {name = "kn", dtype = "f32", shape = function(s) return {lanes(s) * s.T * s.K} end},
      {name = "W", dtype = "f32", shape = function(s) return {lanes(s) * s.T * s.K} end},
      {name = "U", dtype = "f64", shape = function(s) return {lanes(s) * s.T * s.V} end},
      {name = "hs", dtype = "f32", shape = function(s) return {lanes(s) * nchunks(s) * s.K * s.V} end},
    },
    launches = function(s)
      local dims = {"B:i64", "T:i64", "H:i64", "G:i64", "K:i64", "V:i64"}
      local function with_dims(list)
        for _, d in ipairs(dims) do list[#list + 1] = d end
        return list
      end
      local prep = with_dims{"q", "k", "v", "g", "beta", "qn", "kn", "W", "U"}
      prep[#prep + 1] = "eps:f32"
      return {
        {name = "gdn_chunk_prep", grid = lanes(s) * nchunks(s), block = PREP_THREADS, smem = prep_smem(s),
         params = prep},
        {name = "gdn_chunk_scan", grid = scan_blocks(s), block = SCAN_THREADS, smem = scan_smem(s),
         params = with_dims{"g", "h0", "kn", "W", "U", "hs", "ht"}},
        {name = "gdn_chunk_out", grid = lanes(s) * nchunks(s), block = CHUNK * OUT_SPLIT, smem = out_smem(s),
         params = with_dims{"g", "qn", "kn", "U", "hs", "o"}},
      }
    end,
  }},
  -- ACC: the accumulator of every dot and matrix product (acc.cuh); f64 is
  -- the kernel as written, f32 what a tensor-core kernel would use.
  -- OPND: the operands of those products; bf16 is what tensor cores fed
  -- bf16 see (flash-linear-attention's chunk kernels, a bf16 state)
  -- OUT: gdn_chunk_out's two matrix products, scalar (the kernel as written)
  -- or wmma: tensor cores, m16n16k8 tf32 on split operands (hi + lo, three
  -- products, and a fourth for each element's magnitude) with per-row and
  -- per-column power-of-two scaling; a block with a non-finite operand and
  -- an element whose terms f32 flushed take the scalar sums (-DOUT_WMMA;
  -- issue 12's experiment, docs/KERNELS.md "Knobs").  Same grid and block.
  -- MMA: the double tensor cores' step, WMMA's m8n8k4 or sm_90's m16n8k4
  -- (gdn_mma.cuh, -DMMA_M16N8K4: the products of prep, out and the scan).
  tune = {
    knobs = {ACC = {"f64", "f32"}, OPND = {"f32", "bf16"}, OUT = {"scalar", "wmma"}, MMA = {"m8n8k4", "m16n8k4"}},
    shapes = {{B = 1, T = 200, H = 2, G = 1, K = 64, V = 64}},
  },
}
