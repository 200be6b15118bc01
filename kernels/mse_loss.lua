-- kernels/mse_loss.lua — how kernels/mse_loss.cu is launched.  Up to 16384
-- elements (MSE_CHUNK in the source): the spec's convention, one block.
-- Longer inputs: mse_partial on ceil(n / 16384) blocks (at most 1024), each
-- writing one double partial sum to the workspace, then mse_final on one
-- block (see the comment in the source).
local CHUNK, MAX_PARTS = 16384, 1024

local function parts(s) return math.min((s.n + CHUNK - 1) // CHUNK, MAX_PARTS) end

return {
  spec = "mse_loss",
  kernel = {pipeline = {
    workspace = {{name = "partial", dtype = "f64", shape = function(s) return {parts(s)} end}},
    launches = function(s)
      if s.n <= CHUNK then
        return {{name = "mse_loss_kernel", grid = 1, block = 1024,
                 params = {"pred", "target", "loss", "n:i64"}}}
      end
      return {
        {name = "mse_partial", grid = parts(s), block = 256, params = {"pred", "target", "partial", "n:i64"}},
        {name = "mse_final", grid = 1, block = 1024, params = {"partial", "loss", "n:i64"}},
      }
    end,
  }},
}
