-- kernels/gdn_inverse.cuh, the unit lower-triangular inverse of
-- gdn_chunk_prep (f32) and gdn_chunk_bprep (double): a thread a column,
-- GDN_INV_RB rows of a column at a time, gives the bits of the
-- row-at-a-time loop it replaced (each sum's terms in the same order),
-- where n is and is not a multiple of the row block, and writes nothing
-- above the diagonal.  The Gated DeltaNet dumps (tools/gdn-dump.lua) do
-- not see a change of order here: their outputs are f32.  KCV_BACKEND=cuda
-- (tools/device-check) runs the same on the GPU.
local kcv = require "kcv"
local bt = require "backend_under_test"
local BACKEND = bt.BACKEND
local it = bt.setup(it, function(why) pending(why) end)

local SRC = "spec/fixtures/gdn_inverse_probe.cu"

local function load(name)
  return assert(kcv.kernel.load{source = SRC, name = name, params = {"ptr", "ptr", "i32"}, backend = BACKEND})
end

-- a strictly lower n x n L (stride 64) of mixed sign and scale, as a
-- chunk's beta Gam (k . k) can be; above the diagonal NaN, which no
-- element of A may read
local function lower(dtype, n, seed)
  local L = kcv.buffer(dtype, 64 * 64)
  local x = seed
  for i = 0, 63 do
    for r = 0, 63 do
      x = (x * 1103515245 + 12345) % 2147483648
      L:set(i * 64 + r, (i < n and r < i) and (x / 2147483648 - 0.5) * 2.0 ^ (x % 7 - 4) or 0 / 0)
    end
  end
  return L
end

local function inverse(name, dtype, L, n)
  local A = kcv.buffer(dtype, 64 * 64)
  A:fill(-7)
  local r = load(name):launch{grid = 1, block = 64, args = {L, A, n}}
  assert.are.equal("ok", r.status, r.message)
  return A
end

describe("gdn_inverse.cuh's column inverse", function()
  for _, dtype in ipairs{"f64", "f32"} do
    for _, n in ipairs{64, 37, 9, 1} do
      it(("gives the row-at-a-time loop's bits in %s at n=%d, nothing above the diagonal"):format(dtype, n), function()
        local L = lower(dtype, n, 1000 + n)
        local got = inverse("cols_" .. dtype, dtype, L, n)
        local want = inverse("rows_" .. dtype, dtype, L, n)
        local differ = 0
        for i = 0, 63 do
          for s = 0, 63 do
            local g, w = got:get(i * 64 + s), want:get(i * 64 + s)
            if s <= i and i < n then
              assert(g == w and g == g, ("A(%d,%d): %a, the row loop %a"):format(i, s, g, w))
              if s < i and g ~= 0 then differ = differ + 1 end
            else
              assert(g == -7, ("A(%d,%d) written: %a"):format(i, s, g))
            end
          end
        end
        -- the sums are real ones: off the diagonal, A is not all zero
        if n > 1 then assert.is_true(differ > 0) end
      end)
    end
  end
end)
