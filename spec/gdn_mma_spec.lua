-- kernels/gdn_mma.cuh, the double tensor-core products of gdn_chunk_grad:
-- each element is the scalar loop's fma chain in increasing j, so the bits
-- are the scalar kernel's (gdn_chunked_bwd.cu relies on it: tools/gdn-dump
-- finds the same bits with and without it), also where the rows, the
-- columns or the reduction length are not multiples of the 8 x 8 x 4 tile;
-- and the padding reads nothing past the row sets, so a NaN stored there
-- leaks into no result.  KCV_BACKEND=cuda (tools/device-check) runs the
-- same on the GPU's tensor cores.
local kcv = require "kcv"
local bt = require "backend_under_test"
local probe = require "gdn_mma_probe"
local it = bt.setup(it, function(why) pending(why) end)
local load = probe.load

-- gdn_mma_ld(L) (gdn_mma.cuh) and the launch's dynamic shared memory
local function smem(L) return ((64 + 32) * ((L + 15) // 16 * 16 + 4) + 8 * 64) * 8 end

-- a (n x L, f32) and m (mc x L, f64) with values of mixed sign and scale,
-- and NaN in the rows just past n and mc (in the buffers, outside the sets)
local function operands(n, mc, L, seed)
  local a, m = kcv.buffer("f32", (n + 2) * L), kcv.buffer("f64", (mc + 2) * L)
  local draw = probe.draw_from(seed)
  for e = 0, a.numel - 1 do a:set(e, e < n * L and draw() or 0 / 0) end
  for e = 0, m.numel - 1 do m:set(e, e < mc * L and draw() or 0 / 0) end
  return a, m
end

-- gdn_mma_gram's: two sets of 64 rows, 32 columns at a time
local GRAM_SMEM = (2 * 64 * (32 + 4) + 8 * 64) * 8

local function run(name, a, m, n, mc, L, options)
  local out = kcv.buffer("f64", 64 * mc + 1)
  out:fill(-7)
  local smem = ({mma_rows = smem(L), mma_gram = GRAM_SMEM})[name] or 0
  local r = load(name, options):launch{grid = 1, block = 256, smem = smem, args = {a, m, out, n, mc, L}}
  assert.are.equal("ok", r.status, r.message)
  return out
end

describe("gdn_mma.cuh's row-set products on the double tensor cores", function()
  -- each product as WMMA's m8n8k4 steps form it, and as MMA_M16N8K4's
  -- m16n8k4 steps do (on the GPU: whether DMMA.16x8x4 adds in increasing k)
  local FORMS = {{"mma_rows", nil}, {"mma_rows", {"-DMMA_M16N8K4"}}, {"mma_gram", nil}, {"mma_gram", {"-DMMA_M16N8K4"}}}
  for _, f in ipairs(FORMS) do
    local name, options = f[1], f[2]
    for _, c in ipairs{{n = 64, mc = 128, L = 128}, {n = 37, mc = 41, L = 7}, {n = 1, mc = 1, L = 1},
                       {n = 64, mc = 64, L = 130}} do
      if name == "mma_rows" or c.mc <= 64 then
        it(("give the scalar fma chain's bits at n=%d, %d rows, L=%d, a NaN past the sets leaking nowhere (%s%s)")
           :format(c.n, c.mc, c.L, name, options and ", m16n8k4 steps" or ""), function()
          local a, m = operands(c.n, c.mc, c.L, c.n * 1000 + c.L)
          local got = run(name, a, m, c.n, c.mc, c.L, options)
          local want = run("scalar_rows", a, m, c.n, c.mc, c.L)
          for e = 0, got.numel - 1 do
            local g, w = got:get(e), want:get(e)
            assert(g == w and not (g ~= g),
                   ("element %d (t=%d, i=%d): %a, the scalar chain %a"):format(e, e // c.mc, e % c.mc, g, w))
          end
          -- nothing written past the n x mc results
          assert.are.equal(-7, got:get(c.n * c.mc))
        end)
      end
    end
  end

  -- gdn_chunk_grad's dk and dq passes: the triangular blocks with and
  -- without the diagonal, NaN in every element of A they must not read (the
  -- other triangle, the diagonal when left out, the rows past n, or past n
  -- rounded up to 4 for the upper ones, whose rows n.. hold zeros) and in
  -- M's rows past n
  local TRI = {[0] = "lower with the diagonal", "lower without it", "upper with it", "upper without it"}
  local function tri_operands(n, cols, mode, seed)
    local A, M = kcv.buffer("f64", 64 * 68), kcv.buffer("f32", (n + 2) * cols)
    local draw = probe.draw_from(seed)
    local diag, np = (mode == 0 or mode == 2), (n + 3) // 4 * 4
    for t = 0, 63 do
      for s = 0, 67 do
        local v = 0 / 0
        if mode < 2 and t < n and (s < t or (diag and s == t)) then v = draw() end
        if mode >= 2 and t < n and (s < t or (diag and s == t)) then v = draw() end
        if mode >= 2 and t >= n and t < np then v = 0 end
        A:set(t * 68 + s, v)
      end
    end
    for e = 0, M.numel - 1 do M:set(e, e < n * cols and draw() or 0 / 0) end
    return A, M
  end
  local function tri_run(name, A, M, n, cols, mode)
    local out = kcv.buffer("f64", n * cols + 1)
    out:fill(-7)
    -- modes 4..7 add to what out held: a different value an element, so a
    -- load of the wrong element shows
    if mode >= 4 then for e = 0, n * cols - 1 do out:set(e, (e % 61 - 30) * 2.0 ^ -(e % 9)) end end
    local r = load(name):launch{grid = 1, block = 256, smem = name == "tri_mma" and (64 * 68 + 64 * 36 + 8 * 64) * 8 or 0,
                                args = {A, M, out, n, cols, mode}}
    assert.are.equal("ok", r.status, r.message)
    return out
  end
  for mode = 0, 7 do
    for _, c in ipairs{{n = 64, cols = 128}, {n = 37, cols = 33}, {n = 1, cols = 7}, {n = 9, cols = 64}} do
      it(("give the %s triangular block%s the fma chain's bits at n=%d, %d columns, no NaN read")
         :format(TRI[mode % 4], mode >= 4 and ", added to what its store loads first," or "", c.n, c.cols),
         function()
        local A, M = tri_operands(c.n, c.cols, mode % 4, c.n * 100 + c.cols + mode)
        local got, want = tri_run("tri_mma", A, M, c.n, c.cols, mode), tri_run("scalar_tri", A, M, c.n, c.cols, mode)
        for e = 0, c.n * c.cols - 1 do
          local g, w = got:get(e), want:get(e)
          assert(g == w and g == g, ("element %d (row %d, column %d): %a, the chain %a")
                 :format(e, e // c.cols, e % c.cols, g, w))
        end
        assert.are.equal(-7, got:get(c.n * c.cols))
      end)
    end
  end
end)
