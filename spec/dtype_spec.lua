-- dtypes: names, format parameters, one-rounding conversions, bit patterns.
local kcv = require "kcv"

local function err_of(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok, "expected an error")
  return tostring(e)
end

describe("kcv.dtypes", function()
  it("lists every dtype by its canonical name", function()
    assert.are.same({"f64", "f32", "f16", "bf16", "f8e4m3", "f8e5m2", "i8", "i16", "i32", "i64",
                     "u8", "u16", "u32", "u64", "bool"}, kcv.dtypes)
  end)
end)

describe("kcv.dtype", function()
  it("describes each float format's range and precision", function()
    local want = {
      f64 = {8, 1.7976931348623157e308, 2 ^ -1022, 2 ^ -1074, 2 ^ -52},
      f32 = {4, 3.4028234663852886e38, 2 ^ -126, 2 ^ -149, 2 ^ -23},
      f16 = {2, 65504, 2 ^ -14, 2 ^ -24, 2 ^ -10},
      bf16 = {2, 3.3895313892515355e38, 2 ^ -126, 2 ^ -133, 2 ^ -7},
      f8e4m3 = {1, 448, 2 ^ -6, 2 ^ -9, 2 ^ -3},
      f8e5m2 = {1, 57344, 2 ^ -14, 2 ^ -16, 2 ^ -2},
    }
    for name, w in pairs(want) do
      local d = kcv.dtype(name)
      assert.are.equal(name, d.name)
      assert.is_true(d.is_float)
      assert.are.equal(w[1], d.size, name)
      assert.are.equal(w[2], d.max, name)
      assert.are.equal(w[3], d.min_normal, name)
      assert.are.equal(w[4], d.min_subnormal, name)
      assert.are.equal(w[5], d.eps, name)
      assert.are.equal(w[5] / 2, d.unit_roundoff, name)
    end
  end)

  it("describes integer dtypes by size and signedness", function()
    local d = kcv.dtype("u16")
    assert.are.equal(2, d.size); assert.is_false(d.is_float); assert.is_false(d.is_signed)
    assert.is_true(kcv.dtype("i64").is_signed)
    assert.is_nil(d.max)
  end)

  it("accepts the usual aliases", function()
    for alias, name in pairs{float = "f32", double = "f64", half = "f16", bfloat16 = "bf16",
                             float32 = "f32", e4m3 = "f8e4m3", e5m2 = "f8e5m2"} do
      assert.are.equal(name, kcv.dtype(alias).name)
    end
  end)

  it("rejects an unknown name with a message listing the known ones", function()
    local e = err_of(kcv.dtype, "f12")
    assert.matches("unknown dtype 'f12'", e)
    assert.matches("bf16", e)
    assert.matches("string expected", err_of(kcv.dtype, {}))
  end)
end)

describe("kcv.round", function()
  it("rounds once to nearest, ties to even", function()
    assert.are.equal(0.333251953125, kcv.round(1 / 3, "f16"))
    assert.are.equal(1, kcv.round(1 + 2 ^ -11, "f16"))
    assert.are.equal(1 + 2 ^ -9, kcv.round(1 + 3 * 2 ^ -11, "f16"))
    assert.are.equal(1, kcv.round(1 + 2 ^ -8, "bf16"))
    assert.are.equal(1 + 2 ^ -7, kcv.round(1 + 2 ^ -8 + 2 ^ -30, "bf16"))
    assert.are.equal(0.1 + 0.0, kcv.round(0.1, "f64"))
  end)

  it("overflows to Inf, except f8e4m3 which has none and gives NaN", function()
    assert.are.equal(65504, kcv.round(65519.99, "f16"))
    assert.are.equal(math.huge, kcv.round(65520, "f16"))
    assert.are.equal(-math.huge, kcv.round(-1e39, "f32"))
    assert.are.equal(448, kcv.round(464, "f8e4m3"))     -- tie to even, stays finite
    local n = kcv.round(465, "f8e4m3")
    assert.is_true(n ~= n)
    local i = kcv.round(math.huge, "f8e4m3")
    assert.is_true(i ~= i)
    assert.are.equal(57344, kcv.round(61439, "f8e5m2"))
    assert.are.equal(math.huge, kcv.round(61440, "f8e5m2"))
  end)

  it("underflows gradually to subnormals and then to a signed zero", function()
    assert.are.equal(2 ^ -24, kcv.round(2 ^ -24, "f16"))
    assert.are.equal(2 ^ -24, kcv.round(0.75 * 2 ^ -24, "f16"))
    assert.are.equal(0, kcv.round(2 ^ -25, "f16"))               -- tie to even zero
    assert.are.equal(0x8000, kcv.tobits(-2 ^ -26, "f16"))
  end)

  it("truncates toward zero and saturates for integer dtypes, NaN giving 0", function()
    assert.are.equal(-2, kcv.round(-2.9, "i32"))
    assert.are.equal(127, kcv.round(1e9, "i8"))
    assert.are.equal(0, kcv.round(-5, "u32"))
    assert.are.equal(0, kcv.round(0 / 0, "i64"))
  end)

  it("checks its arguments", function()
    assert.matches("number expected", err_of(kcv.round, "x", "f16"))
    assert.matches("unknown dtype", err_of(kcv.round, 1, "f7"))
    assert.matches("#2", err_of(kcv.round, 1))
  end)
end)

describe("kcv.tobits and kcv.frombits", function()
  it("give the IEEE bit patterns, sign of zero and NaN included", function()
    assert.are.equal(0x3c00, kcv.tobits(1, "f16"))
    assert.are.equal(0x7c00, kcv.tobits(65520, "f16"))
    assert.are.equal(0x8000, kcv.tobits(-0.0, "f16"))
    assert.are.equal(0x3f80, kcv.tobits(1, "bf16"))
    assert.are.equal(0x38, kcv.tobits(1, "f8e4m3"))
    assert.are.equal(0x3c, kcv.tobits(1, "f8e5m2"))
    local nan = kcv.frombits(0x7fc00000, "f32")
    assert.are.equal(0x7f, kcv.tobits(nan, "f8e4m3"))
    assert.are.equal(0xff, kcv.tobits(-nan, "f8e4m3"))
    assert.are.equal(0xfe00, kcv.tobits(-nan, "f16"))
    assert.are.equal(0x3ff0000000000000, kcv.tobits(1, "f64"))
  end)

  it("round-trip every f16 and f8 pattern that is not NaN", function()
    for _, spec in ipairs{{"f16", 0xffff}, {"bf16", 0xffff}, {"f8e4m3", 0xff}, {"f8e5m2", 0xff}} do
      local dt, n = spec[1], spec[2]
      for b = 0, n do
        local v = kcv.frombits(b, dt)
        if v == v then assert.are.equal(b, kcv.tobits(v, dt)) end
      end
    end
  end)

  it("check their arguments", function()
    assert.matches("number expected", err_of(kcv.tobits, nil, "f32"))
    assert.matches("integer", err_of(kcv.frombits, 1.5, "f32"))
  end)
end)
