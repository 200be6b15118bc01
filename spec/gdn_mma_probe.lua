-- spec/gdn_mma_probe.lua — what spec/gdn_mma_spec.lua and
-- spec/gdn_split_spec.lua share: the probe kernels of
-- spec/fixtures/gdn_mma_probe.cu on the backend under test, and the
-- seeded operand values both draw.
local kcv = require "kcv"
local bt = require "backend_under_test"

local M = {}

local SRC = "spec/fixtures/gdn_mma_probe.cu"
local PARAMS = {"ptr", "ptr", "ptr", "i32", "i32", "i32"}

-- The probe's kernel `name` (every probe takes three buffers and three ints),
-- built with the compiler options `options` (a list, or nil).
function M.load(name, options)
  return assert(kcv.kernel.load{source = SRC, name = name, params = PARAMS, backend = bt.BACKEND,
                                options = options})
end

-- A generator of values of mixed sign and scale (2^-9 .. 2^8), from seed.
function M.draw_from(seed)
  local x = seed
  return function()
    x = (x * 1103515245 + 12345) % 2147483648
    return (x / 2147483648 - 0.5) * 2.0 ^ (x % 17 - 8)
  end
end

return M
