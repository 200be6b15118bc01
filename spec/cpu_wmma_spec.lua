-- The CPU backend's nvcuda::wmma (<mma.h>, host/cpu/include/mma.h): warp
-- matrix fragments, loads, stores and products on tensor-core shapes, so
-- that a WMMA kernel compiles, runs and is verified without a GPU.
--
-- The emulation keeps the whole tile in every lane and adds a product's
-- terms in float with fmaf in increasing k (docs/CPU.md, "Warp matrix
-- functions").  The references here follow that model bit for bit.  They
-- are computed in Lua's doubles: a product of two bf16, f16 or tf32 values
-- has at most 22 significant bits, so it is exact in a double and is itself
-- a float (the data stays far from float's underflow and overflow); the sum
-- s + p of two floats, rounded to double and then to float, is the sum
-- rounded once to float, since 53 >= 2 * 24 + 2 (Figueroa, "When is double
-- rounding innocuous?", 1995).  So f32(p + s) in Lua is fmaf(a, b, s).
-- A GPU's tensor cores add in their own order and width: the bit-for-bit
-- claims are the CPU's; that the kernels are CUDA is checked with nvcc and
-- NVRTC.
local kcv = require "kcv"
local files = require "files"
local ptxas = require "kcv.ptxas"
local unjudged = require "kcv.verify.unjudged"

local SRC = "spec/fixtures/wmma.cu"

local function load(name, params, source)
  local k, err = kcv.kernel.load{source = source or SRC, name = name, params = params, backend = "cpu"}
  assert(k, err)
  assert.is_nil(k.needs_device)
  return k
end

local function ok(r)
  assert.are.equal("ok", r.status, r.message)
  return r
end

local function f32(x) return kcv.round(x, "f32") end
local function hex(bits) return ("0x%08x"):format(bits) end

-- A rows x cols matrix (get(r, c)) stored row-major (r * ld + c) or
-- column-major (c * ld + r) in a new buffer; the rest of the buffer holds pad.
local function store(dtype, rows, cols, get, col, ld, pad)
  local b = kcv.buffer(dtype, (col and cols or rows) * ld):fill(pad)
  for r = 0, rows - 1 do
    for c = 0, cols - 1 do b:set(col and c * ld + r or r * ld + c, get(r, c)) end
  end
  return b
end

---------------------------------------------------------------------------
-- the bf16 GEMM: C (32 x 32) = A (32 x 48) B (48 x 32), four 16 x 16 tiles,
-- one warp each, in two blocks; K in three steps of 16

local M, N, K = 32, 32, 48
local GEMM = {"ptr", "ptr", "ptr", "i32", "i32", "i32", "i32", "i32", "i32", "i32", "i32", "f32"}
-- leading dimensions wider than the tile rows they hold, multiples of 16 bytes
local LD = {a_row = 56, a_col = 40, b_row = 40, b_col = 56, c = 36}

local function problem(seed)
  local a = kcv.buffer("bf16", M * K):fill_normal{seed = seed, stream = 1}
  local b = kcv.buffer("bf16", K * N):fill_normal{seed = seed, stream = 2}
  local c = kcv.buffer("f32", M * N):fill_normal{seed = seed, stream = 3}
  return {A = function(i, k) return a:get(i * K + k) end,
          B = function(k, j) return b:get(k * N + j) end,
          C0 = function(i, j) return c:get(i * N + j) end}
end

-- floor(log2 |x|) of a finite x ~= 0
local function expo(x)
  x = math.abs(x)
  local e = math.floor(math.log(x, 2))
  while 2.0 ^ e > x do e = e - 1 end
  while 2.0 ^ (e + 1) <= x do e = e + 1 end
  return e
end

-- A finite double cut toward zero to float (Inf from 2^128 on).
local function rz32(x)
  if math.abs(x) >= 2.0 ^ 128 then return x > 0 and math.huge or -math.huge end
  local f = f32(x)
  if math.abs(f) > math.abs(x) then f = kcv.frombits(kcv.tobits(f, "f32") - 1, "f32") end
  return f
end

-- c plus the products of the pairs {a, b}, as the H200's tensor cores add
-- a group with a float accumulator (docs/CPU.md): each term cut toward
-- zero at 2^-25 of the largest exponent, a product's being the sum of its
-- factors', then the exact sum cut toward zero to float.
local function tensor_group(c, pairs)
  local emax = c ~= 0 and expo(c) or nil
  for _, p in ipairs(pairs) do
    if p[1] ~= 0 and p[2] ~= 0 then
      local e = expo(p[1]) + expo(p[2])
      if not emax or e > emax then emax = e end
    end
  end
  if not emax then return c end
  local q = 2.0 ^ (emax - 25)
  local function cut(t) local n = t / q; return n >= 0 and math.floor(n) or math.ceil(n) end
  local s = cut(c)
  for _, p in ipairs(pairs) do s = s + cut(p[1] * p[2]) end
  return rz32(s * q)
end

-- D = A B + C0 (C0 nil: zero) as the emulation computes it: groups of 16
-- products in increasing k (bf16); with `fmaf`, fmaf in increasing k.
local function reference(p, with_c0, fmaf)
  local d = {}
  for i = 0, M - 1 do
    for j = 0, N - 1 do
      local s = with_c0 and p.C0(i, j) or 0
      for k0 = 0, K - 1, 16 do
        local pairs = {}
        for k = k0, k0 + 15 do pairs[#pairs + 1] = {p.A(i, k), p.B(k, j)} end
        if fmaf then
          for _, ab in ipairs(pairs) do s = f32(ab[1] * ab[2] + s) end
        else
          s = tensor_group(s, pairs)
        end
      end
      d[i * N + j] = s
    end
  end
  return d
end

-- Runs kernel wmma_bf16_<ab> (ab: "rr", "cc", "rc", "cr") with C in the
-- column-major layout when ccol; returns the C buffer.
local function gemm(p, ab, ccol, load_c, scale)
  local acol, bcol = ab:sub(1, 1) == "c", ab:sub(2, 2) == "c"
  local lda = acol and LD.a_col or LD.a_row
  local ldb = bcol and LD.b_col or LD.b_row
  local nan = 0 / 0
  local A = store("bf16", M, K, p.A, acol, lda, nan)    -- a padding read would show as NaN
  local B = store("bf16", K, N, p.B, bcol, ldb, nan)
  local C = store("f32", M, N, load_c == 1 and p.C0 or function() return -7.5 end, ccol, LD.c, -7.5)
  local k = load("wmma_bf16_" .. ab, GEMM)
  ok(k:launch{grid = 2, block = 64, args = {A, B, C, M, N, K, lda, ldb, LD.c, ccol and 1 or 0, load_c, scale}})
  return C
end

-- Every element of C (in its layout) has the reference's bits times scale,
-- and the padding between its rows (columns) is untouched.
local function assert_c(C, ccol, want, scale)
  local bad, first = 0, nil
  for i = 0, M - 1 do
    for j = 0, N - 1 do
      local idx = ccol and j * LD.c + i or i * LD.c + j
      local w = kcv.tobits(f32(want[i * N + j] * scale), "f32")
      if C:bits(idx) ~= w then
        bad = bad + 1
        first = first or ("C[%d][%d] = %s, want %s"):format(i, j, hex(C:bits(idx)), hex(w))
      end
    end
  end
  assert.are.equal(0, bad, ("%d of %d elements differ; first %s"):format(bad, M * N, first))
  for outer = 0, (ccol and N or M) - 1 do
    for inner = (ccol and M or N), LD.c - 1 do
      assert.are.equal(-7.5, C:get(outer * LD.c + inner), "the store wrote into the padding")
    end
  end
end

describe("the cpu backend's nvcuda::wmma", function()
  it("computes C = A B in bf16 m16n16k16 with a float accumulator bit for bit as the H200's tensor cores", function()
    local p = problem(11)
    local C = gemm(p, "rr", false, 0, 1)
    local want = reference(p, false)
    assert_c(C, false, want, 1)
    -- the model matters for these data: fmaf in increasing k gives other
    -- bits, so the test above would see an emulation that did that
    local other, differ = reference(p, false, true), 0
    for i = 0, M * N - 1 do
      if kcv.tobits(other[i], "f32") ~= kcv.tobits(want[i], "f32") then differ = differ + 1 end
    end
    assert.is_true(differ > 10, differ .. " elements differ between the two models")
  end)

  it("gives the same bits with column-major operands and a mem_col_major accumulator", function()
    local p = problem(12)
    local want = reference(p, true)
    for _, ab in ipairs{"rr", "cc", "rc", "cr"} do
      for _, ccol in ipairs{false, true} do
        assert_c(gemm(p, ab, ccol, 1, 1), ccol, want, 1)
      end
    end
  end)

  it("keeps element-wise fragment code correct: every accumulator element scaled by 2 before the store", function()
    local p = problem(13)
    local want = reference(p, false)
    assert_c(gemm(p, "rr", false, 0, 2), false, want, 2)
    assert_c(gemm(p, "cc", true, 0, 2), true, want, 2)
  end)

  it("adds __half products in float and rounds a __half accumulator once, to nearest even", function()
    -- B is 1 in columns 0-7, so D[r][0] = C[r][0] + the sum of row r of A:
    -- rounding each partial sum to half would give 0x3c00 in rows 0 and 1
    local rows = {{1, 2 ^ -11, 2 ^ -11},       -- 1 + 2^-10:                    0x3c01
                  {1, 2 ^ -11, 2 ^ -13},       -- 1 + 2^-11 + 2^-13, up:        0x3c01
                  {1, 2 ^ -11},                -- the tie 1 + 2^-11, to even:   0x3c00
                  {1 + 2 ^ -10, 2 ^ -11},      -- the tie 1 + 3 2^-11, to even: 0x3c02
                  {2048, 1},                   -- 2049, a tie:                  0x6800
                  {2048, 1, 1}}                -- 2050:                         0x6801
    local want0 = {0x3c01, 0x3c01, 0x3c00, 0x3c02, 0x6800, 0x6801}
    local function a(r, k)
      if r < #rows then return rows[r + 1][k + 1] or 0 end
      return ((r * 7 + k * 3) % 9 - 4) * 0.25
    end
    local function b(k, j) return j < 8 and 1 or (k * 3 + j) % 5 - 2 end
    local function c(r, j) return r < #rows and 0 or (j - 8) * 0.5 end
    local A, B, C = store("f16", 16, 16, a, false, 16, 0), store("f16", 16, 16, b, false, 16, 0),
                    store("f16", 16, 16, c, false, 16, 0)
    ok(load("wmma_half_acc", {"ptr", "ptr", "ptr"}):launch{grid = 1, block = 32, args = {A, B, C}})
    for r = 0, #rows - 1 do
      assert.are.equal(want0[r + 1], C:bits(r * 16), ("row %d"):format(r))
    end
    for r = 0, 15 do         -- every sum here is exact in float: one rounding, to half
      for j = 0, 15 do
        local s = c(r, j)
        for k = 0, 15 do s = s + a(r, k) * b(k, j) end
        assert.are.equal(kcv.tobits(s, "f16"), C:bits(r * 16 + j), ("D[%d][%d]"):format(r, j))
      end
    end
  end)

  -- cvt.rna.tf32.f32: nearest, ties away from zero, 13 low bits cleared, as
  -- the SASS nvcc 13.0 emits for sm_90a computes it (IADD 0x1000 unless
  -- |x| >= Inf or NaN, then LOP3 with 0xffffe000)
  local TF32 = {
    {0x3f800000, 0x3f800000}, {0x3f801000, 0x3f802000},   -- 1; 1 + 2^-11: a tie, away (even: 1)
    {0xbf801000, 0xbf802000}, {0x3f803000, 0x3f804000},   -- -(1 + 2^-11); 1 + 3 2^-11
    {0x3f800fff, 0x3f800000}, {0x3f801001, 0x3f802000},   -- just below and above the tie
    {0x3f801fff, 0x3f802000}, {0x7f7fefff, 0x7f7fe000},   -- the largest tf32 stays
    {0x7f7ff000, 0x7f800000}, {0x7f7fffff, 0x7f800000},   -- past it: Inf
    {0x00001000, 0x00002000}, {0x00000fff, 0x00000000},   -- subnormals: a tie away; to +0
    {0x80000fff, 0x80000000}, {0x00801000, 0x00802000},   -- to -0; the smallest normal's tie
    {0x00000000, 0x00000000}, {0x80000000, 0x80000000},
    {0x7f800000, 0x7f800000}, {0xff800000, 0xff800000},   -- Inf and NaN: no add, only the mask
    {0x7fc00000, 0x7fc00000}, {0x7fffffff, 0x7fffe000},   -- (the sm_90a SASS: FSETP.GEU |x|, +INF)
    {0xffc00001, 0xffc00000}, {0x7f800001, 0x7f800000}}   -- a NaN with only low bits set: Inf

  local function rna(x)
    local u = kcv.tobits(x, "f32")
    if u & 0x7f800000 ~= 0x7f800000 then u = u + 0x1000 end
    return kcv.frombits(u & 0xffffe000, "f32")
  end
  local function cut(x) return kcv.frombits(kcv.tobits(x, "f32") & 0xffffe000, "f32") end

  it("rounds with __float_to_tf32 to nearest, ties away from zero, and multiplies tf32 in m16n16k8", function()
    local x, y = kcv.buffer("f32", #TF32), kcv.buffer("f32", #TF32)
    for i, t in ipairs(TF32) do x:setbits(i - 1, t[1]) end
    ok(load("wmma_tf32_round", {"ptr", "ptr", "i32"}):launch{grid = 1, block = 32, args = {x, y, #TF32}})
    for i, t in ipairs(TF32) do
      assert.are.equal(hex(t[2]), hex(y:bits(i - 1)), "__float_to_tf32(" .. hex(t[1]) .. ")")
      if t[1] & 0x7f800000 ~= 0x7f800000 then   -- the Lua rna of the reference agrees
        assert.are.equal(hex(t[2]), hex(kcv.tobits(rna(kcv.frombits(t[1], "f32")), "f32")))
      end
    end
    -- a product: A and B hold 13 fraction bits, more than tf32's 10, and
    -- ties among them (low bits 100); the kernel rounds them after the load
    local function a(i, k) return (1 + ((i * 8 + k) * 37 % 8192) * 2 ^ -13) * ((i + k) % 3 == 0 and -1 or 1) end
    local function b(k, j) return ((k * 16 + j) * 53 % 8192) * 2 ^ -13 - 0.5 end
    local A, B = store("f32", 16, 8, a, false, 8, 0), store("f32", 8, 16, b, false, 16, 0)
    local ties = 0
    for i = 0, 15 do for k = 0, 7 do ties = ties + (((i * 8 + k) * 37 % 8192) % 8 == 4 and 1 or 0) end end
    assert.is_true(ties > 5)
    local k = load("wmma_tf32", {"ptr", "ptr", "ptr", "i32"})
    for _, convert in ipairs{1, 0} do
      -- unrounded operands: mma_sync reads their 19 high bits (cut toward zero)
      local op = convert == 1 and rna or cut
      local D = kcv.buffer("f32", 256)
      ok(k:launch{grid = 1, block = 32, args = {A, B, D, convert}})
      for i = 0, 15 do
        for j = 0, 15 do
          local s = 0
          for k0 = 0, 7, 4 do         -- groups of 4 tf32 products
            local pairs = {}
            for kk = k0, k0 + 3 do pairs[#pairs + 1] = {op(a(i, kk)), op(b(kk, j))} end
            s = tensor_group(s, pairs)
          end
          assert.are.equal(hex(kcv.tobits(s, "f32")), hex(D:bits(i * 16 + j)),
                           ("D[%d][%d], convert = %d"):format(i, j, convert))
        end
      end
    end
  end)

  it("multiplies in m32n8k16 (__half), m8n32k16 (__nv_bfloat16) and m8n8k4 (double), B column-major", function()
    local cases = {{"wmma_m32n8k16", 32, 8, 16, "f16", "f32"}, {"wmma_m8n32k16", 8, 32, 16, "bf16", "f32"},
                   {"wmma_m8n8k4", 8, 8, 4, "f64", "f64"}}
    for _, cs in ipairs(cases) do
      local name, m, n, kk, t, acc = table.unpack(cs)
      -- small dyadic values: every sum is exact, whatever the order
      local function a(i, k) return ((i * 5 + k * 3) % 7 - 3) * 0.5 end
      local function b(k, j) return (k * 2 + j) % 5 - 2 end
      local function c(i, j) return (i - j) * 0.25 end
      local A, B = store(t, m, kk, a, false, kk, 0), store(t, kk, n, b, true, kk, 0)
      local C, D = store(acc, m, n, c, false, n, 0), kcv.buffer(acc, m * n)
      ok(load(name, {"ptr", "ptr", "ptr", "ptr"}):launch{grid = 1, block = 32, args = {A, B, C, D}})
      for i = 0, m - 1 do
        for j = 0, n - 1 do
          local s = c(i, j)
          for k = 0, kk - 1 do s = s + a(i, k) * b(k, j) end
          assert.are.equal(s, D:get(i * n + j), ("%s: D[%d][%d]"):format(name, i, j))
        end
      end
    end
  end)

  it("waits for every lane of the warp in load_matrix_sync, as CUDA's does", function()
    -- each lane writes two rows of the tile to shared memory, and the warp
    -- loads it with no __syncwarp between: a lane that loaded at once would
    -- see the stale bytes of the other lanes' rows
    local k = load("wmma_lanes_write", {"ptr"})
    for seed = 1, 4 do
      local D = kcv.buffer("f32", 256)
      ok(k:launch{grid = 1, block = 32, args = {D}, sched_seed = seed})
      for e = 0, 255 do assert.are.equal(e, D:get(e), ("seed %d, element %d"):format(seed, e)) end
    end
  end)

  it("gives each lane its own product when the lanes' fragments differ (a product is computed once a warp)", function()
    -- the emulation keeps the last product of each warp and hands it to the
    -- lanes whose inputs have the same bits; here no two lanes' do
    local A = kcv.buffer("f16", 256)
    local B = kcv.buffer("f16", 256):fill(0)
    for e = 0, 255 do A:set(e, (e % 7) - 3) end
    for kk = 0, 15 do B:set(kk * 16, 1) end              -- column 0 of B: ones
    local want0 = 0
    for kk = 0, 15 do want0 = want0 + A:get(kk) end      -- row 0 of A, summed (small integers: exact)
    assert.is_true(want0 ~= 0)
    local D = kcv.buffer("f32", 64)
    ok(load("wmma_lane_product", {"ptr", "ptr", "ptr"}):launch{grid = 1, block = 64, args = {A, B, D}})
    for t = 0, 63 do
      assert.are.equal(want0 * (t % 32 + 1), D:get(t), ("thread %d"):format(t))
    end
  end)

  it("traps a pointer not aligned to 256 bits, an ldm not a multiple of 16 bytes and a partial warp", function()
    local k = load("wmma_load_at", {"ptr", "i32", "i32", "ptr"})
    local p = kcv.buffer("f16", 64 * 64):fill(1)
    local D = kcv.buffer("f32", 256)
    ok(k:launch{grid = 1, block = 32, args = {p, 16, 16, D}})     -- 32 bytes in, 32-byte rows
    assert.are.equal(16, D:get(0))
    ok(k:launch{grid = 1, block = 32, args = {p, 16, 24, D}})     -- 48-byte rows
    local r = k:launch{grid = 1, block = 32, args = {p, 8, 16, D}}
    assert.are.equal("kernel_error", r.status)
    assert.matches("load_matrix_sync: the pointer is not 256%-bit aligned", r.message)
    r = k:launch{grid = 1, block = 32, args = {p, 16, 20, D}}
    assert.are.equal("kernel_error", r.status)
    assert.matches("load_matrix_sync: ldm is not a multiple of 16 bytes", r.message)
    r = k:launch{grid = 1, block = 48, args = {p, 16, 16, D}}     -- warp 1 has 16 threads
    assert.are.equal("kernel_error", r.status)
    assert.matches("warp of fewer than 32 threads", r.message)
  end)

  describe("against the H200 (tools/wmma-probe.cu's answers, spec/fixtures/wmma-h200.txt)", function()
    -- What CUDA leaves to the implementation, asked of the GPU once and
    -- kept: every line here must come out of the emulation bit for bit.
    local expected = {}
    for line in io.lines("spec/fixtures/wmma-h200.txt") do
      local key, from, to = line:match("^(%w+) (%x+) %-> (%x+)")
      if key then expected[#expected + 1] = {key = key, from = tonumber(from, 16), to = tonumber(to, 16)} end
    end
    local function answers(key)
      local list = {}
      for _, e in ipairs(expected) do if e.key == key then list[#list + 1] = e end end
      assert.is_true(#list > 0, key)
      return list
    end

    it("rounds with __float_to_tf32 as the GPU does: ties away, Inf past the top, a NaN's low bits cut", function()
      local list = answers("tf32")
      local x, y = kcv.buffer("f32", #list), kcv.buffer("f32", #list)
      for i, e in ipairs(list) do x:setbits(i - 1, e.from) end
      ok(load("wmma_tf32_round", {"ptr", "ptr", "i32"}):launch{grid = 1, block = 32, args = {x, y, #list}})
      for i, e in ipairs(list) do assert.are.equal(hex(e.to), hex(y:bits(i - 1)), hex(e.from)) end
    end)

    it("cuts a tf32 operand the kernel did not round toward zero, in A and in B", function()
      local k = load("wmma_tf32", {"ptr", "ptr", "ptr", "i32"})
      for _, side in ipairs{"rawA", "rawB"} do
        local list = answers(side)
        local A, B, D = kcv.buffer("f32", 128):fill(0), kcv.buffer("f32", 128):fill(0), kcv.buffer("f32", 256)
        for i, e in ipairs(list) do
          if side == "rawA" then A:setbits((i - 1) * 8, e.from); B:set(i - 1, 1.0)
          else A:set((i - 1) * 8, 1.0); B:setbits(i - 1, e.from) end
        end
        ok(k:launch{grid = 1, block = 32, args = {A, B, D, 0}})
        for i, e in ipairs(list) do
          local at = side == "rawA" and (i - 1) * 16 or i - 1
          assert.are.equal(hex(e.to), hex(D:bits(at)), side .. " " .. hex(e.from))
        end
      end
    end)

    -- the probe's random data: an LCG and Box-Muller, in C doubles, cast to float
    local function probe_rng(seed)
      local s = seed
      local function u()
        s = s * 6364136223846793005 + 1442695040888963407      -- wraps, as uint64_t does
        return ((s >> 11) + 0.5) * 2 ^ -53
      end
      return function()
        local u1 = u()
        local u2 = u()
        return f32(math.sqrt(-2 * math.log(u1)) * math.cos(6.283185307179586 * u2))
      end
    end

    it("gives the H200's bits for a random GEMM with bf16, f16 and tf32 inputs and a float accumulator", function()
      local GM, GN, GK, lda, ldb, ldc = 32, 32, 48, 56, 40, 36
      local rows = {}
      for line in io.lines("spec/fixtures/wmma-h200.txt") do
        local kind, r, rest = line:match("^(%w+) row%s+(%d+):(.*)")
        if kind then
          rows[kind] = rows[kind] or {}
          local list = {}
          for h in rest:gmatch("%x+") do list[#list + 1] = tonumber(h, 16) end
          rows[kind][tonumber(r)] = list
        end
      end
      local bf = probe_rng(12345)
      local f = probe_rng(777)
      local inputs = {}
      inputs.bf16 = {kcv.buffer("bf16", GM * lda), kcv.buffer("bf16", GK * ldb)}
      inputs.f16 = {kcv.buffer("f16", GM * lda), kcv.buffer("f16", GK * ldb)}
      inputs.tf32 = {kcv.buffer("f32", GM * lda), kcv.buffer("f32", GK * ldb)}
      for _, kind in ipairs{"bf16", "f16", "tf32"} do       -- the probe's order of draws
        local rng = kind == "bf16" and bf or f
        for _, b in ipairs(inputs[kind]) do
          for e = 0, b.numel - 1 do b:set(e, rng()) end    -- to bf16 and f16: nearest even, as the probe
        end
      end
      local kernels = {bf16 = "wmma_bf16_rr", f16 = "wmma_f16_rr", tf32 = "wmma_tf32_rr"}
      for _, kind in ipairs{"bf16", "f16", "tf32"} do
        local A, B = table.unpack(inputs[kind])
        local C = kcv.buffer("f32", GM * ldc):fill(0)
        local params = {"ptr", "ptr", "ptr", "i32", "i32", "i32", "i32", "i32", "i32"}
        local args = {A, B, C, GM, GN, GK, lda, ldb, ldc}
        if kind == "bf16" then
          for _, t in ipairs{"i32", "i32", "f32"} do params[#params + 1] = t end
          for _, v in ipairs{0, 0, 1.0} do args[#args + 1] = v end
        end
        ok(load(kernels[kind], params):launch{grid = 2, block = 64, args = args})
        local bad, first = 0, nil
        for i = 0, GM - 1 do
          for j = 0, GN - 1 do
            local want, got = rows[kind][i][j + 1], C:bits(i * ldc + j)
            if want ~= got then
              bad = bad + 1
              first = first or ("C[%d][%d] = %s, the H200 %s"):format(i, j, hex(got), hex(want))
            end
          end
        end
        assert.are.equal(0, bad, ("%s: %d of 1024 differ; first %s"):format(kind, bad, first))
      end
    end)

    it("gives the H200's bits at the ends of float's range: Inf past it, subnormals, small terms cut", function()
      local edge = {{2 ^ 127, 2 ^ 127}, {0x1.fep127, 2 ^ 104}, {-2 ^ 127, -2 ^ 127}, {2 ^ -126, -2 ^ -133},
                    {2 ^ -130, 2 ^ -132, 2 ^ -133}, {2 ^ -133, 2 ^ -133, 2 ^ -133}, {1, -2 ^ -30}, {-1, 2 ^ -30}}
      local A, B = kcv.buffer("bf16", 256):fill(0), kcv.buffer("bf16", 256):fill(1)
      for r, row in ipairs(edge) do for c, v in ipairs(row) do A:set((r - 1) * 16 + c - 1, v) end end
      local C = kcv.buffer("f32", 256)
      ok(load("wmma_bf16_rr", GEMM):launch{grid = 1, block = 32, args = {A, B, C, 16, 16, 16, 16, 16, 16, 0, 0, 1.0}})
      local n = 0
      for line in io.lines("spec/fixtures/wmma-h200.txt") do
        local r, bits = line:match("^edge row (%d) %-> (%x+)")
        if r then
          n = n + 1
          assert.are.equal(hex(tonumber(bits, 16)), hex(C:bits(tonumber(r) * 16)), "edge row " .. r)
        end
      end
      assert.are.equal(#edge, n)
    end)

    -- the H200's answers of section 8 of tools/wmma-probe.cu (spec/fixtures/wmma-h200.txt)
    local function h200(pattern)
      local t = {}
      for line in io.lines("spec/fixtures/wmma-h200.txt") do
        local r, bits = line:match(pattern)
        if r then t[tonumber(r)] = tonumber(bits, 16) end
      end
      return t
    end

    it("takes a subnormal __half factor's exponent as the format's smallest, -14, as the H200 does", function()
      -- row 0: 2^-20 x 2^10 and 2^-14 x 2^-19; row 1: 2^-24 x 2^10 and 2^-14 x 2^-21.
      -- With the true exponents the second products would count (2^-10 + 2^-33).
      local A, B = kcv.buffer("f16", 256):fill(0), kcv.buffer("f16", 256):fill(0)
      A:set(0, 2 ^ -20); A:set(1, 2 ^ -14); B:set(0, 2 ^ 10); B:set(16, 2 ^ -19)
      A:set(16, 2 ^ -24); A:set(18, 2 ^ -14); B:set(32, 2 ^ -21)
      local C = kcv.buffer("f32", 256)
      ok(load("wmma_f16_rr", {"ptr", "ptr", "ptr", "i32", "i32", "i32", "i32", "i32", "i32"})
         :launch{grid = 1, block = 32, args = {A, B, C, 16, 16, 16, 16, 16, 16}})
      local want = h200("^subn row (%d) %-> (%x+)")
      assert.are.equal(2, #want + (want[0] and 1 or 0))
      for r = 0, 1 do assert.are.equal(hex(want[r]), hex(C:bits(r * 16)), "subn row " .. r) end
    end)

    it("never gives -0 for a zero sum: products and C all -0 give +0, as on the H200", function()
      local A, B, C = kcv.buffer("bf16", 256):fill(0), kcv.buffer("bf16", 256):fill(1), kcv.buffer("f32", 256):fill(0)
      A:set(16, -0.0)                                   -- row 1: a product -0, C = +0
      C:set(32, -0.0)                                   -- row 2: products +0, C = -0
      A:set(48, -0.0); C:set(48, -0.0)                  -- row 3: a product -0, C = -0
      for k = 0, 15 do A:set(64 + k, -0.0) end          -- row 4: every product -0, C = -0
      C:set(64, -0.0)
      A:set(80, 1); A:set(81, -1)                       -- row 5: 1 - 1, C = +0
      A:set(96, 1); A:set(97, -1); C:set(96, -0.0)      -- row 6: 1 - 1, C = -0
      ok(load("wmma_bf16_rr", GEMM):launch{grid = 1, block = 32, args = {A, B, C, 16, 16, 16, 16, 16, 16, 0, 1, 1.0}})
      local want, n = h200("^zero row (%d) %-> (%x+)"), 0
      for r = 1, 6 do
        n = n + 1
        assert.are.equal(hex(want[r]), hex(C:bits(r * 16)), "zero row " .. r)
      end
      assert.are.equal(6, n)
    end)

    it("rounds a __half accumulator once, after the sum (not after each term)", function()
      local rows = {{1, 2^-11, 2^-11}, {1, 2^-11, 2^-13}, {1, 2^-11, 0}, {1 + 2^-10, 2^-11, 0}, {2048, 1, 0}, {2048, 1, 1}}
      local A, B, C = kcv.buffer("f16", 256):fill(0), kcv.buffer("f16", 256):fill(1), kcv.buffer("f16", 256):fill(0)
      for r, row in ipairs(rows) do for c, v in ipairs(row) do A:set((r - 1) * 16 + c - 1, v) end end
      ok(load("wmma_half_acc", {"ptr", "ptr", "ptr"}):launch{grid = 1, block = 32, args = {A, B, C}})
      local list = {}
      for line in io.lines("spec/fixtures/wmma-h200.txt") do
        local r, bits = line:match("^halfacc row (%d) %-> (%x+)")
        if r then list[tonumber(r) + 1] = tonumber(bits, 16) end
      end
      assert.are.equal(#rows, #list)
      for r = 1, #rows do assert.are.equal(("0x%04x"):format(list[r]), ("0x%04x"):format(C:bits((r - 1) * 16)), "row " .. r - 1) end
    end)
  end)

  describe("what it does not emulate", function()
    local function try(body)
      local d = files.tmpdir()
      local path = d .. "/k.cu"
      files.write(path, "#include <mma.h>\nusing namespace nvcuda;\n" .. body)
      local k, err = kcv.kernel.load{source = path, name = "k", params = {"ptr"}, backend = "cpu"}
      os.execute("rm -rf " .. d)
      assert.is_nil(k)
      return err
    end

    it("needs a device for integer and sub-byte fragments and bmma_sync (the kernel is not judged)", function()
      local err = try([[
extern "C" __global__ void k(int *y) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
  wmma::load_matrix_sync(a, (const signed char *)y, 16);
  wmma::load_matrix_sync(b, (const signed char *)y, 16);
  wmma::fill_fragment(c, 0);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(y, c, 16, wmma::mem_row_major);
}
]])
      assert.matches("needs a CUDA device: wmma_integer", err)
      assert.matches("'wmma_integer' is not provided by the cpu backend's CUDA emulation",
                     unjudged.load(err, "cpu"))
      err = try([[
extern "C" __global__ void k(int *y) {
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> c;
  wmma::bmma_sync(c, a, b, c, wmma::experimental::bmmaBitOpXOR, wmma::experimental::bmmaAccumulateOpPOPC);
}
]])
      local why = unjudged.load(err, "cpu")
      assert.matches("'wmma_subbyte'", why)
      assert.matches("'bmma_sync'", why)
    end)

    it("leaves a fragment CUDA does not have either to the kernel's own compile error", function()
      local err = try([[
extern "C" __global__ void k(float *y) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, float, wmma::row_major> a;
  wmma::load_matrix_sync(a, y, 16);
}
]])
      assert.matches("CUDA has no fragment of this use, shape, element type and layout", err)
      assert.is_nil(unjudged.load(err, "cpu"))
    end)
  end)

  describe("its test kernels, as CUDA", function()
    it("compile with nvcc for sm_90a", function()
      local nvcc, why = ptxas.find_nvcc()
      if not nvcc then pending(why) return end
      local out = os.tmpname()
      local log, rc = files.sh(("%s -arch=sm_90a -cubin -o %s %s 2>&1"):format(nvcc, out, SRC))
      os.remove(out)
      assert.are.equal(0, rc, log)
    end)

    it("compile with NVRTC for sm_90a", function()
      local okay, err = kcv.backend.nvrtc_check{source = SRC, options = {}}
      if not okay and err:match("libnvrtc not found") then pending("NVRTC is not installed here: " .. err) return end
      assert.is_true(okay, err)
    end)
  end)
end)
