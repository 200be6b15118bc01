-- kernels/gdn_bwd.lua — how kernels/gdn_bwd.cu is launched: one block per
-- (batch, value head), then one per key token (a key head's dq and dk, the
-- sums of its value heads'), with four workspaces: the state at the start of every
-- 64-step segment (ckpt), the states of the segment being reversed (seg),
-- each step's per-column terms of the sums over the value columns (red),
-- added in column order by the threads that own the key rows, and each
-- value token's gradients of the normalised q and k (dy), which the second
-- launch sums over a key head's group.
local SEG = 64

local function lanes(s) return s.B * s.H * s.G end     -- a lane: (batch, value head)
local function nseg(s) return (s.T + SEG - 1) // SEG end

return {
  spec = "gdn_bwd",
  kernel = {pipeline = {
    workspace = {
      {name = "ckpt", dtype = "f32", shape = function(s) return {lanes(s) * nseg(s) * s.K * s.V} end},
      {name = "seg", dtype = "f32", shape = function(s) return {lanes(s) * SEG * s.K * s.V} end},
      {name = "red", dtype = "f64", shape = function(s) return {lanes(s) * 2 * s.K * s.V} end},
      {name = "dy", dtype = "f64", shape = function(s) return {lanes(s) * s.T * 2 * s.K} end},
    },
    launches = function(s)
      return {{name = "gdn_bwd_kernel", grid = lanes(s), block = 32 * ((math.max(s.K, s.V) + 31) // 32), smem = 0,
               params = {"q", "k", "v", "g", "beta", "h0", "dO", "dht", "dq", "dk", "dv", "dg", "dbeta", "dh0",
                         "ckpt", "seg", "red", "dy", "B:i64", "T:i64", "H:i64", "G:i64", "K:i64", "V:i64", "eps:f32"}},
              {name = "gdn_bwd_group", grid = s.B * s.T * s.H, block = 32 * ((s.K + 31) // 32), smem = 0,
               params = {"q", "k", "dy", "dq", "dk", "B:i64", "T:i64", "H:i64", "G:i64", "K:i64", "eps:f32"}}}
    end,
  }},
}
