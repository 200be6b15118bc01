-- kernels/layernorm.lua — how kernels/layernorm.cu is launched.  Rows of up
-- to 16384 columns (LN_CHUNK in the source) take the spec's convention: one
-- block per row.  Longer rows run as a pipeline of three launches, one
-- block per (row, chunk of 16384 columns), with the per-chunk partial sums
-- in two workspace buffers of doubles (see the comment in the source).
local CHUNK = 16384

local function chunks(s) return (s.cols + CHUNK - 1) // CHUNK end

local function blocks(s) return math.min(s.rows * chunks(s), 1 << 24) end

return {
  spec = "layernorm",
  kernel = {pipeline = {
    workspace = {
      {name = "psum", dtype = "f64", shape = function(s) return {s.rows * chunks(s)} end},
      {name = "psq", dtype = "f64", shape = function(s) return {s.rows * chunks(s)} end},
    },
    launches = function(s)
      if s.cols <= CHUNK then
        return {{name = "layernorm_kernel", grid = s.rows, block = 256,
                 params = {"x", "gamma", "beta", "y", "rows:i64", "cols:i64", "eps:f32"}}}
      end
      return {
        {name = "layernorm_chunk_sum", grid = blocks(s), block = 256,
         params = {"x", "psum", "rows:i64", "cols:i64"}},
        {name = "layernorm_chunk_sq", grid = blocks(s), block = 256,
         params = {"x", "psum", "psq", "rows:i64", "cols:i64"}},
        {name = "layernorm_chunk_apply", grid = blocks(s), block = 256,
         params = {"x", "gamma", "beta", "psum", "psq", "y", "rows:i64", "cols:i64", "eps:f32"}},
      }
    end,
  }},
}
