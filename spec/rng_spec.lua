-- Random fills: Philox4x32-10, a pure function of (seed, stream, index).
local kcv = require "kcv"

local function hex4(a, b, c, d)
  return string.format("%08x %08x %08x %08x", a, b, c, d)
end

local function stats(b)
  local n, s, s2 = #b, 0, 0
  for i = 0, n - 1 do local v = b:get(i); s = s + v; s2 = s2 + v * v end
  local mean = s / n
  return mean, s2 / n - mean * mean
end

describe("kcv.rng.philox", function()
  it("is Random123's Philox4x32-10 (known-answer vectors)", function()
    -- seed 0, stream 0, index 0 is counter 0, key 0
    assert.are.equal("6627e8d5 e169c58d bc57ac4c 9b00dbd8", hex4(kcv.rng.philox(0, 0, 0)))
    assert.are.equal("d16cfe09 94fdcceb 5001e420 24126ea1", hex4(kcv.rng.philox_block(
      0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0)))
    assert.are.equal("408f276d 41c83b0e a20bc7c6 6d5451fd", hex4(kcv.rng.philox_block(
      0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff)))
  end)

  it("maps (seed, stream, index) to counter {lo(i), hi(i), stream, 0} and key {lo(seed), hi(seed)}", function()
    local seed, stream, index = 0x299f31d0a4093822, 7, 0x85a308d3243f6a88
    assert.are.equal(hex4(kcv.rng.philox_block(0x243f6a88, 0x85a308d3, 7, 0, 0xa4093822, 0x299f31d0)),
                     hex4(kcv.rng.philox(seed, stream, index)))
  end)

  it("rejects a stream outside 32 bits and non-integers, naming the argument", function()
    assert.has_error(function() kcv.rng.philox(1, -1, 0) end)
    assert.has_error(function() kcv.rng.philox(1, 2^32 | 0, 0) end)
    assert.has_error(function() kcv.rng.philox("x", 0, 0) end)
    local ok, err = pcall(kcv.rng.philox, 1, 0.5, 0)
    assert.is_false(ok); assert.matches("#2", err)
  end)
end)

describe("a random fill", function()
  it("returns the buffer, so fills chain", function()
    local b = kcv.buffer("f32", 8)
    assert.are.equal(b, b:fill_uniform{seed = 1})
    for _, m in ipairs{"fill_normal", "fill_loguniform", "fill_pareto", "fill_bernoulli"} do
      assert.are.equal(b, b[m](b, {seed = 1}))
    end
    assert.are.equal(b, b:fill_int{seed = 1, lo = 0, hi = 3})
    assert.are.equal(b, b:fill_arange{})
  end)

  it("gives identical bytes for identical arguments and different bytes for another stream or seed", function()
    local function f(seed, stream)
      return kcv.buffer("f32", 1000):fill_normal{seed = seed, stream = stream}:bytes()
    end
    assert.are.equal(f(5, 0), f(5, 0))
    assert.are_not.equal(f(5, 0), f(5, 1))
    assert.are_not.equal(f(5, 0), f(6, 0))
  end)

  it("depends only on the element index, not on the shape or layout", function()
    local flat = kcv.buffer("f64", 12):fill_uniform{seed = 3}
    local grid = kcv.buffer("f64", 3, 4):fill_uniform{seed = 3}
    assert.are.equal(flat:bytes(), grid:bytes())
    local t = kcv.buffer("f64", 4, 3):transpose()     -- a 3x4 strided view
    t:fill_uniform{seed = 3}
    for i = 0, 11 do assert.are.equal(flat:get(i), t:get(i)) end
    assert.are.equal(kcv.rng.uniform(3, 0, 11), flat:get(11))
  end)

  it("rounds each value once to the dtype (an f16 fill is the f64 fill cast once)", function()
    for _, m in ipairs{"fill_uniform", "fill_normal", "fill_loguniform", "fill_pareto"} do
      local wide = kcv.buffer("f64", 4096)
      wide[m](wide, {seed = 11, stream = 2})
      for _, dt in ipairs{"f32", "f16", "bf16", "f8e4m3", "f8e5m2"} do
        local narrow = kcv.buffer(dt, 4096)
        narrow[m](narrow, {seed = 11, stream = 2})
        if m == "fill_loguniform" then   -- defaults differ per dtype; use explicit bounds
          wide:fill_loguniform{seed = 11, stream = 2, lo = 1e-3, hi = 1e3}
          narrow:fill_loguniform{seed = 11, stream = 2, lo = 1e-3, hi = 1e3}
        end
        assert.are.equal(wide:cast(dt):bytes(), narrow:bytes(), m .. " " .. dt)
      end
    end
  end)

  it("requires a seed and says so", function()
    local b = kcv.buffer("f32", 4)
    for _, m in ipairs{"fill_uniform", "fill_normal", "fill_loguniform", "fill_pareto",
                       "fill_bernoulli"} do
      local ok, err = pcall(b[m], b, {})
      assert.is_false(ok); assert.matches("seed", err)
    end
    local ok, err = pcall(b.fill_int, b, {lo = 0, hi = 1})
    assert.is_false(ok); assert.matches("seed", err)
  end)

  it("rejects bad options with a message naming them", function()
    local b = kcv.buffer("f32", 4)
    local function err_of(f, ...) local ok, e = pcall(f, ...); assert.is_false(ok); return e end
    assert.matches("opts.seed", err_of(b.fill_uniform, b, {seed = "x"}))
    assert.matches("lo", err_of(b.fill_uniform, b, {seed = 1, lo = 2, hi = 1}))
    assert.matches("std", err_of(b.fill_normal, b, {seed = 1, std = -1}))
    assert.matches("signs", err_of(b.fill_loguniform, b, {seed = 1, signs = "some"}))
    assert.matches("alpha", err_of(b.fill_pareto, b, {seed = 1, alpha = 0}))
    assert.matches("opts.p", err_of(b.fill_bernoulli, b, {seed = 1, p = 1.5}))
    assert.matches("opts.hi", err_of(b.fill_int, b, {seed = 1, lo = 0}))
    assert.matches("stream", err_of(b.fill_uniform, b, {seed = 1, stream = -1}))
    assert.matches("table", err_of(b.fill_uniform, b, 5))
    assert.matches("fill_int", err_of(kcv.buffer("i32", 2).fill_normal, kcv.buffer("i32", 2), {seed = 1}))
  end)
end)

describe("the distributions", function()
  local N = 1 << 15
  local function sd_mean(var) return math.sqrt(var / N) end

  it("fill_uniform lies in [lo, hi] with mean (lo+hi)/2", function()
    local b = kcv.buffer("f64", N):fill_uniform{seed = 1, lo = -3, hi = 5}
    local mean, var = stats(b)
    for i = 0, N - 1 do local v = b:get(i); assert.is_true(v >= -3 and v < 5) end
    assert.is_true(math.abs(mean - 1) < 6 * sd_mean(64 / 12))
    assert.is_true(math.abs(var - 64 / 12) < 0.05 * 64 / 12)
  end)

  it("fill_normal has the requested mean and standard deviation", function()
    local b = kcv.buffer("f32", N):fill_normal{seed = 2, mean = 10, std = 3}
    local mean, var = stats(b)
    assert.is_true(math.abs(mean - 10) < 6 * sd_mean(9))
    assert.is_true(math.abs(math.sqrt(var) - 3) < 0.05 * 3)
    local out = 0
    for i = 0, N - 1 do if math.abs(b:get(i) - 10) > 6 * 3 then out = out + 1 end end
    assert.are.equal(0, out)   -- P(|z| > 6) ~ 2e-9
  end)

  it("fill_loguniform has log-uniform magnitudes and mixed or positive signs", function()
    local b = kcv.buffer("f64", N):fill_loguniform{seed = 3, lo = 1e-8, hi = 1e8}
    local neg, slog = 0, 0
    for i = 0, N - 1 do
      local v = b:get(i)
      local m = math.abs(v)
      assert.is_true(m >= 1e-8 * (1 - 1e-12) and m <= 1e8 * (1 + 1e-12))
      if v < 0 then neg = neg + 1 end
      slog = slog + math.log(m, 10)
    end
    assert.is_true(math.abs(slog / N) < 6 * sd_mean(16 ^ 2 / 12))
    assert.is_true(math.abs(neg / N - 0.5) < 6 * sd_mean(0.25))
    local p = kcv.buffer("f64", 1000):fill_loguniform{seed = 3, signs = "positive"}
    for i = 0, 999 do assert.is_true(p:get(i) > 0) end
  end)

  it("fill_loguniform's default range stays finite and nonzero in every float dtype", function()
    for _, dt in ipairs{"f64", "f32", "f16", "bf16", "f8e4m3", "f8e5m2"} do
      local b = kcv.buffer(dt, 4096):fill_loguniform{seed = 4}
      local c = kcv.cmp.classes(b)
      for i = 0, #b - 1 do
        local k = c:get(i)
        assert.is_true(k == kcv.cmp.CLASS.normal or k == kcv.cmp.CLASS.subnormal, dt)
      end
    end
  end)

  it("fill_pareto is at least scale, with median scale * 2^(1/alpha)", function()
    local b = kcv.buffer("f64", N):fill_pareto{seed = 5, alpha = 2, scale = 3, signs = "positive"}
    local below = 0
    for i = 0, N - 1 do
      local v = b:get(i)
      assert.is_true(v >= 3)
      if v < 3 * 2 ^ 0.5 then below = below + 1 end
    end
    assert.is_true(math.abs(below / N - 0.5) < 6 * sd_mean(0.25))
    local m = kcv.buffer("f64", 1000):fill_pareto{seed = 5}
    local neg = 0
    for i = 0, 999 do if m:get(i) < 0 then neg = neg + 1 end end
    assert.is_true(neg > 400 and neg < 600)
  end)

  it("fill_int covers [lo, hi] inclusive, uniformly, in integer and float buffers", function()
    for _, dt in ipairs{"i32", "i64", "u8", "f32"} do
      local b = kcv.buffer(dt, N):fill_int{seed = 6, lo = 2, hi = 9}
      local seen = {}
      for i = 0, N - 1 do
        local v = b:get(i)
        assert.is_true(v >= 2 and v <= 9 and v == math.floor(v), dt)
        seen[v] = (seen[v] or 0) + 1
      end
      for v = 2, 9 do
        assert.is_true(math.abs(seen[v] / N - 1 / 8) < 6 * sd_mean(1 / 8 * 7 / 8), dt)
      end
    end
    local n = kcv.buffer("i64", 100):fill_int{seed = 1, lo = -5, hi = -5}
    for i = 0, 99 do assert.are.equal(-5, n:get(i)) end
  end)

  it("fill_bernoulli gives 1 with probability p and 0 otherwise", function()
    local b = kcv.buffer("u8", N):fill_bernoulli{seed = 7, p = 0.3}
    local ones = 0
    for i = 0, N - 1 do
      local v = b:get(i)
      assert.is_true(v == 0 or v == 1)
      ones = ones + v
    end
    assert.is_true(math.abs(ones / N - 0.3) < 6 * sd_mean(0.21))
    local z = kcv.buffer("f32", 100):fill_bernoulli{seed = 7, p = 0}
    local o = kcv.buffer("f32", 100):fill_bernoulli{seed = 7, p = 1}
    for i = 0, 99 do assert.are.equal(0, z:get(i)); assert.are.equal(1, o:get(i)) end
  end)

  it("fill_arange counts start, start+step, ... in row-major order, so rows are sorted", function()
    local b = kcv.buffer("f32", 3, 4):fill_arange{start = -2, step = 0.5}
    for i = 0, 11 do assert.are.equal(-2 + 0.5 * i, b:get(i)) end
    local d = kcv.buffer("i32", 5):fill_arange()
    assert.are.same({0, 1, 2, 3, 4}, d:totable())
  end)
end)
