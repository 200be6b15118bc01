-- kernels/gdn_split.cuh, gdn_chunk_grad's dense products on the TF32 tensor
-- cores with split operands (the knob PROD = split): not the double chain's
-- bits but within the split's error bound of it, the double chain's bits
-- wherever the split cannot stand for it (a row holding a NaN or an Inf,
-- an element whose terms all lie far below its rows' largest), +0 for a
-- row of zeros, and rows past f32's range or of tiny values kept.
-- KCV_BACKEND=cuda (tools/device-check) runs the same on the GPU.
local kcv = require "kcv"
local bt = require "backend_under_test"
local probe = require "gdn_mma_probe"
local it = bt.setup(it, function(why) pending(why) end)

-- gdn_split_rows's dynamic shared memory: 64 + 64 rows of floats at
-- gdn_split_ld(L), two 16 x 16 float tiles for each of 8 warps, an int a row
local function smem(L) return ((64 + 64) * ((L + 7) // 8 * 8 + 4) + 8 * 2 * 256) * 4 + (64 + 64) * 4 end

-- a (n x L, f32) and m (mc x L, f64) of mixed sign and scale
local function operands(n, mc, L, seed)
  local a, m = kcv.buffer("f32", n * L), kcv.buffer("f64", mc * L)
  local draw = probe.draw_from(seed)
  for e = 0, a.numel - 1 do a:set(e, draw()) end
  for e = 0, m.numel - 1 do m:set(e, draw()) end
  return a, m
end

local function run(name, a, m, n, mc, L)
  local out = kcv.buffer("f64", n * mc + 1)
  out:fill(-7)
  local r = probe.load(name):launch{grid = 1, block = 256, smem = name == "split_rows" and smem(L) or 0,
                              args = {a, m, out, n, mc, L}}
  assert.are.equal("ok", r.status, r.message)
  assert.are.equal(-7, out:get(n * mc))        -- nothing past the results
  return out
end

-- The bound on |split - chain| for one element, from its terms' magnitude
-- M = sum_j |a_j m_j|: each operand rounded to f32 (2^-24) and split into
-- two TF32 parts (the low part rounded, 2^-22), the lo*lo product dropped
-- (2^-22): under 2^-20 a product; the f32 accumulator's L additions,
-- 2^-23 each as the tensor cores round (truncation): (8 + L) 2^-23 M.
local function bound(a, m, t, i, L)
  local M = 0
  for j = 0, L - 1 do M = M + math.abs(a:get(t * L + j) * m:get(i * L + j)) end
  return (8 + L) * 2.0 ^ -23 * M
end

local function same_bits(x, y) return x == y or (x ~= x and y ~= y) end

-- The n x mc product through gdn_split_rows and as the double chain:
-- check(t, i, split's element, the chain's) for each element.
local function each_element(a, m, n, mc, L, check)
  local got, want = run("split_rows", a, m, n, mc, L), run("scalar_rows", a, m, n, mc, L)
  for t = 0, n - 1 do
    for i = 0, mc - 1 do check(t, i, got:get(t * mc + i), want:get(t * mc + i)) end
  end
end

local function within_bound(a, m, L)
  return function(t, i, g, w)
    local b = bound(a, m, t, i, L)
    assert(math.abs(g - w) <= b, ("t=%d, i=%d: %a, the double chain %a, bound %g"):format(t, i, g, w, b))
  end
end

describe("gdn_split.cuh's products on the TF32 tensor cores with split operands", function()
  for _, c in ipairs{{n = 64, mc = 128, L = 128}, {n = 37, mc = 41, L = 7}, {n = 1, mc = 1, L = 1},
                     {n = 64, mc = 64, L = 130}} do
    it(("stay within the split's error bound of the double chain at n=%d, %d rows, L=%d"):format(c.n, c.mc, c.L),
       function()
      local a, m = operands(c.n, c.mc, c.L, c.n * 1000 + c.L)
      local bounded, differ = within_bound(a, m, c.L), 0
      each_element(a, m, c.n, c.mc, c.L, function(t, i, g, w)
        bounded(t, i, g, w)
        if g ~= w then differ = differ + 1 end
      end)
      -- the split ran: f32 sums of 128 terms are not the double chain everywhere
      if c.L >= 128 then assert(differ > 0, "every element has the double chain's bits: no split product ran") end
    end)
  end

  it("give the double chain's bits for rows holding a NaN or an Inf, and +0 for a row of zeros", function()
    local n, mc, L = 40, 70, 64
    local a, m = operands(n, mc, L, 7)
    a:set(3 * L + 5, 0 / 0)                   -- a's row 3: NaN
    m:set(10 * L + 63, math.huge)             -- m's row 10: +Inf
    m:set(66 * L, -math.huge)                 -- m's row 66 (the second staged block): -Inf
    for j = 0, L - 1 do a:set(7 * L + j, 0) end   -- a's row 7: zeros
    local bounded = within_bound(a, m, L)
    each_element(a, m, n, mc, L, function(t, i, g, w)
      if t == 3 or i == 10 or i == 66 then
        assert(same_bits(g, w), ("t=%d, i=%d: %a, the double chain %a"):format(t, i, g, w))
      elseif t == 7 then
        assert(g == 0 and 1 / g > 0, ("t=%d, i=%d: %a where the row of zeros gives +0"):format(t, i, g))
      else
        bounded(t, i, g, w)
      end
    end)
  end)

  it("keep rows past f32's range and rows of tiny values", function()
    local n, mc, L = 16, 48, 96
    local a, m = operands(n, mc, L, 11)
    for j = 0, L - 1 do
      m:set(2 * L + j, m:get(2 * L + j) * 2.0 ^ 300)    -- past FLT_MAX
      m:set(5 * L + j, m:get(5 * L + j) * 2.0 ^ -300)   -- below FLT_MIN's subnormals
      a:set(9 * L + j, a:get(9 * L + j) * 2.0 ^ -120)   -- f32's smallest normals and below
    end
    local bounded = within_bound(a, m, L)
    each_element(a, m, n, mc, L, function(t, i, g, w)
      bounded(t, i, g, w)
      if i == 5 or t == 9 then assert(g ~= 0, ("t=%d, i=%d: 0 where the chain has %a"):format(t, i, w)) end
    end)
  end)

  it("give the double chain's bits for an element whose terms all lie far below its rows' largest", function()
    local n, mc, L = 16, 16, 64
    local a, m = operands(n, mc, L, 13)
    -- a's row 4 is 1 at j = 0 and about 2^-140 after it (f32 subnormals);
    -- m's row 6 is 0 at j = 0: element (4, 6)'s terms all lie about 2^-140
    -- below its rows' largest
    a:set(4 * L, 1)
    for j = 1, L - 1 do a:set(4 * L + j, a:get(4 * L + j) * 2.0 ^ -140) end
    m:set(6 * L, 0)
    local got, want = run("split_rows", a, m, n, mc, L), run("scalar_rows", a, m, n, mc, L)
    local g, w = got:get(4 * mc + 6), want:get(4 * mc + 6)
    assert(w ~= 0 and same_bits(g, w), ("element (4, 6): %a, the double chain %a"):format(g, w))
  end)
end)
