-- kcv.inject: special values written as exact bit patterns.
local kcv = require "kcv"

local FLOATS = {"f64", "f32", "f16", "bf16", "f8e4m3", "f8e5m2"}

-- Field layout of a float dtype, from kcv.dtype (independent of inject).
local function layout(dt)
  local d = kcv.dtype(dt)
  local M = math.floor(-math.log(d.eps, 2) + 0.5)
  local E = d.size * 8 - 1 - M
  return E, M, 1 << (E + M), ((1 << E) - 1) << M
end

local function err_of(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok)
  return e
end

describe("kcv.inject", function()
  it("writes the IEEE encodings of NaN, Inf, zeros and the range edges in every float dtype", function()
    for _, dt in ipairs(FLOATS) do
      local d = kcv.dtype(dt)
      local x = kcv.buffer(dt, 16)
      local function put(what, opts)
        opts = opts or {}
        opts.at = {3}
        kcv.inject(x, what, opts)
        return x:get(3), x:bits(3)
      end
      local v, b = put("nan"); assert.is_true(v ~= v, dt)
      v, b = put("-nan"); assert.is_true(v ~= v and b >> (layout(dt) + select(2, layout(dt))) == 1, dt)
      assert.are.equal(0, (put("zero"))); assert.are.equal(0, select(2, put("zero")))
      v, b = put("-zero"); assert.are.equal(0, v); assert.are.equal(select(3, layout(dt)), b)
      assert.are.equal(d.min_subnormal, (put("min_subnormal")), dt)
      assert.are.equal(-d.min_subnormal, (put("-min_subnormal")), dt)
      assert.are.equal(d.min_normal - d.min_subnormal, (put("max_subnormal")), dt)
      assert.are.equal(-(d.min_normal - d.min_subnormal), (put("-max_subnormal")), dt)
      assert.are.equal(d.min_normal, (put("min_normal")), dt)
      assert.are.equal(d.max, (put("max")), dt)
      assert.are.equal(-d.max, (put("-max")), dt)
      if dt ~= "f8e4m3" then
        assert.are.equal(math.huge, (put("inf")), dt)
        assert.are.equal(-math.huge, (put("-inf")), dt)
      end
    end
  end)

  it("matches known encodings bit for bit", function()
    local function bits(dt, what, opts) return kcv.special_bits(dt, what, opts) end
    assert.are.equal(0x7fc00000, bits("f32", "nan"))
    assert.are.equal(0xfff8000000000000, bits("f64", "-nan"))
    assert.are.equal(0x7c00, bits("f16", "inf"))
    assert.are.equal(0x7bff, bits("f16", "max"))
    assert.are.equal(0x7f7f, bits("bf16", "max"))
    assert.are.equal(0x7e, bits("f8e4m3", "max"))
    assert.are.equal(0x7f, bits("f8e4m3", "nan"))
    assert.are.equal(0x7c, bits("f8e5m2", "inf"))
    assert.are.equal(0x7e01, bits("f16", "nan", {payload = 1}))
    assert.are.equal(0x7f800001, bits("f32", "snan"))
    assert.are.equal(0x7c05, bits("f16", "snan", {payload = 5}))
  end)

  it("writes signaling NaNs with the quiet bit clear and a nonzero payload", function()
    for _, dt in ipairs{"f64", "f32", "f16", "bf16", "f8e5m2"} do
      local E, M, _, expmask = layout(dt)
      local x = kcv.buffer(dt, 4)
      kcv.inject(x, "snan", {at = {1}})
      local b = x:bits(1)
      assert.are.equal(expmask, b & expmask, dt)
      assert.are.equal(0, b & (1 << (M - 1)), dt)
      assert.is_true(b & ((1 << (M - 1)) - 1) ~= 0, dt)
      assert.are.equal(kcv.cmp.CLASS.nan, kcv.cmp.classes(x):get(1), dt)
    end
  end)

  it("puts near_overflow opts.ulps (default 2) ULPs below max, with random signs when asked", function()
    local x = kcv.buffer("f16", 64)
    kcv.inject(x, "near_overflow", {at = {0}})
    assert.are.equal(65504 - 2 * 32, x:get(0))
    kcv.inject(x, "near_overflow", {at = {1}, ulps = 0})
    assert.are.equal(65504, x:get(1))
    kcv.inject(x, "near_overflow", {at = {2}, ulps = 5})
    assert.are.equal(65504 - 5 * 32, x:get(2))
    local idx = kcv.inject(x, "near_overflow", {count = 64, seed = 9, signs = "mixed"})
    local neg = 0
    for _, i in ipairs(idx) do
      assert.are.equal(65440, math.abs(x:get(i)))
      if x:get(i) < 0 then neg = neg + 1 end
    end
    assert.is_true(neg > 10 and neg < 54)
  end)

  it("returns the indices it wrote and leaves every other element alone", function()
    local x = kcv.buffer("f32", 100):fill_uniform{seed = 1, lo = 1, hi = 2}
    local before = x:clone()
    local idx = kcv.inject(x, "inf", {at = {7, 0, 99}})
    assert.are.same({7, 0, 99}, idx)
    local hit = {[7] = true, [0] = true, [99] = true}
    for i = 0, 99 do
      if hit[i] then assert.are.equal(math.huge, x:get(i))
      else assert.are.equal(before:get(i), x:get(i)) end
    end
  end)

  it("draws opts.count distinct positions from opts.seed, reproducibly", function()
    local x = kcv.buffer("f32", 1000)
    local a = kcv.inject(x, "nan", {count = 50, seed = 3})
    local b = kcv.inject(kcv.buffer("f32", 1000), "nan", {count = 50, seed = 3})
    local c = kcv.inject(kcv.buffer("f32", 1000), "nan", {count = 50, seed = 4})
    assert.are.same(a, b)
    assert.are_not.same(a, c)
    assert.are.equal(50, #a)
    local seen, nans = {}, 0
    for k, i in ipairs(a) do
      assert.is_true(i >= 0 and i < 1000 and not seen[i])
      if k > 1 then assert.is_true(i > a[k - 1]) end
      seen[i] = true
    end
    for i = 0, 999 do if x:get(i) ~= x:get(i) then nans = nans + 1 end end
    assert.are.equal(50, nans)
    assert.are.equal(1000, #kcv.inject(x, "zero", {count = 1000, seed = 1}))
    assert.are.same({}, kcv.inject(x, "zero", {count = 0, seed = 1}))
  end)

  it("works on strided views, by logical index", function()
    local base = kcv.buffer("f32", 2, 3)
    local t = base:transpose()           -- 3x2 view
    kcv.inject(t, "-inf", {at = {1}})    -- t[0][1] is base[1][0] = flat 3
    assert.are.equal(-math.huge, base:get(3))
  end)

  it("refuses values a dtype cannot hold, with a clear message", function()
    assert.matches("no Inf", err_of(kcv.inject, kcv.buffer("f8e4m3", 4), "inf", {at = {0}}))
    assert.matches("signaling", err_of(kcv.inject, kcv.buffer("f8e4m3", 4), "snan", {at = {0}}))
    assert.matches("integer", err_of(kcv.inject, kcv.buffer("i32", 4), "nan", {at = {0}}))
    assert.matches("integer", err_of(kcv.inject, kcv.buffer("u8", 4), "zero", {at = {0}}))
    assert.matches("payload", err_of(kcv.inject, kcv.buffer("f16", 4), "nan", {at = {0}, payload = 512}))
    assert.matches("payload", err_of(kcv.inject, kcv.buffer("f16", 4), "snan", {at = {0}, payload = 0}))
    assert.matches("unknown", err_of(kcv.inject, kcv.buffer("f16", 4), "huge", {at = {0}}))
  end)

  it("rejects bad positions and options, naming them", function()
    local x = kcv.buffer("f16", 4)
    assert.matches("opts.at%[2%]", err_of(kcv.inject, x, "nan", {at = {0, 4}}))
    assert.matches("opts.at%[1%]", err_of(kcv.inject, x, "nan", {at = {-1}}))
    assert.matches("seed", err_of(kcv.inject, x, "nan", {count = 2}))
    assert.matches("count", err_of(kcv.inject, x, "nan", {count = 5, seed = 1}))
    assert.matches("opts.at", err_of(kcv.inject, x, "nan", {}))
    assert.matches("signs", err_of(kcv.inject, x, "max", {at = {0}, signs = "x"}))
    assert.matches("#1", err_of(kcv.inject, {}, "nan", {at = {0}}))
    assert.matches("#3", err_of(kcv.inject, x, "nan"))
  end)
end)
