-- kernels/layernorm.lua — how kernels/layernorm.cu is launched.  Rows of up
-- to 16384 columns (LN_CHUNK in the source) take the spec's convention: one
-- block per row.  Longer rows run as a pipeline of three launches, one
-- block per (row, chunk of LN_CHUNK columns), with the per-chunk partial sums
-- in two workspace buffers of doubles (see the comment in the source).
-- The knobs are for `kcv tune`; the first value of each is the kernel as
-- written (docs/KERNELS.md "Knobs"): BLOCK threads per block, ACC the
-- statistics' accumulator, LN_CHUNK the columns of one pipeline block.
local function chunks(s) return (s.cols + s.LN_CHUNK - 1) // s.LN_CHUNK end

local function blocks(s) return math.min(s.rows * chunks(s), 1 << 24) end

return {
  spec = "layernorm",
  kernel = {pipeline = {
    workspace = {
      {name = "psum", dtype = "f64", shape = function(s) return {s.rows * chunks(s)} end},
      {name = "psq", dtype = "f64", shape = function(s) return {s.rows * chunks(s)} end},
    },
    launches = function(s)
      if s.cols <= s.LN_CHUNK then
        return {{name = "layernorm_kernel", grid = s.rows, block = s.BLOCK,
                 params = {"x", "gamma", "beta", "y", "rows:i64", "cols:i64", "eps:f32"}}}
      end
      return {
        {name = "layernorm_chunk_sum", grid = blocks(s), block = s.BLOCK,
         params = {"x", "psum", "rows:i64", "cols:i64"}},
        {name = "layernorm_chunk_sq", grid = blocks(s), block = s.BLOCK,
         params = {"x", "psum", "psq", "rows:i64", "cols:i64"}},
        {name = "layernorm_chunk_apply", grid = blocks(s), block = s.BLOCK,
         params = {"x", "gamma", "beta", "psum", "psq", "y", "rows:i64", "cols:i64", "eps:f32"}},
      }
    end,
  }},
  tune = {
    knobs = {BLOCK = {256, 128, 512, 1024}, ACC = {"f64", "f32", "f16"}, LN_CHUNK = {16384, 4096, 65536}},
    shapes = {{rows = 64, cols = 4096}},   -- the one-block-per-row path, besides the benchmark's pipeline
  },
}
