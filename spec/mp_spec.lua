-- spec/mp_spec.lua — the MPFR oracle (kcv.mp): docs/ORACLE.md states the
-- contract these examples check.
local kcv = require "kcv"
local mp = kcv.mp
local inf, nan = math.huge, 0 / 0

local function bits(b, i) return b:bits(i) end
local function isnan(v) return v ~= v end

-- Element i (0-based) of every output buffer equal bit for bit?
local function same_bits(a, b)
  if a.numel ~= b.numel then return false end
  for i = 0, a.numel - 1 do
    local x, y = a:get(i), b:get(i)
    if not (isnan(x) and isnan(y)) and bits(a, i) ~= bits(b, i) then return false, i end
  end
  return true
end

local function rand(dtype, shape, scale)
  local n = 1
  for _, d in ipairs(shape) do n = n * d end
  local t = {}
  for i = 1, n do t[i] = (math.random() * 2 - 1) * (scale or 4) end
  return kcv.from(dtype, t, shape)
end

-- Pairs x, -x(1 + tiny): sums and dots with heavy cancellation.
local function cancelling(n)
  local t = {}
  for i = 1, n, 2 do
    local v = (math.random() * 2 - 1) * 2 ^ math.random(-30, 30)
    t[i], t[i + 1] = v, -v * (1 + 2 ^ -40 * math.random())
  end
  return kcv.from("f64", t)
end

local function with(setter, value, f)
  local old = setter(value)
  local ok, err = pcall(f)
  setter(old)
  if not ok then error(err, 0) end
end

before_each(function() math.randomseed(20261129) end)

describe("the oracle's state", function()
  it("works at 128 bits by default and refuses fewer than 64", function()
    assert.are.equal(128, mp.precision())
    assert.has_error(function() mp.precision(32) end)
    with(mp.precision, 200, function() assert.are.equal(200, mp.precision()) end)
    assert.are.equal(128, mp.precision())
  end)
  it("uses the online CPUs by default and can be told how many threads", function()
    assert.is_true(mp.threads() >= 1)
    with(mp.threads, 3, function() assert.are.equal(3, mp.threads()) end)
  end)
  it("names the MPFR it was built with", function()
    assert.is_truthy(mp.mpfr_version():match("^%d+%.%d+"))
  end)
end)

describe("sums", function()
  it("round the exact sum once, through cancellation", function()
    local y, mag = mp.sum(kcv.from("f64", {1e16, 1, -1e16, 3}))
    assert.are.equal(4, y:get(0))
    assert.are.equal(2e16 + 4, mag:get(0))
  end)
  it("reduce the chosen axis and remove it from the shape", function()
    local x = kcv.from("f32", {1, 2, 3, 4, 5, 6}, {2, 3})
    local a = mp.sum(x, {axis = 1})
    assert.are.same({3}, a.shape)
    assert.are.same({5, 7, 9}, a:totable())
    assert.are.same({6, 15}, mp.sum(x):totable())
    assert.are.same({6, 15}, mp.sum(x, {axis = 2}):totable())
    assert.are.same({2, 5}, mp.mean(x, {axis = -1}):totable())
  end)
  it("follow IEEE 754 for non-finite terms and signed zeros", function()
    assert.is_true(isnan(mp.sum(kcv.from("f64", {inf, -inf})):get(0)))
    assert.is_true(isnan(mp.sum(kcv.from("f64", {1, nan, inf})):get(0)))
    assert.are.equal(-inf, mp.sum(kcv.from("f64", {-inf, 1e308, -1})):get(0))
    assert.are.equal(inf, mp.sum(kcv.from("f64", {1.7e308, 1.7e308})):get(0))
    local z = mp.sum(kcv.from("f64", {-0.0, -0.0}))
    assert.are.equal(kcv.tobits(-0.0, "f64"), z:bits(0))
    assert.are.equal(0, mp.sum(kcv.from("f64", {1, -1})):bits(0))
  end)
  it("of an empty axis are 0, and its mean is NaN", function()
    local e = kcv.buffer("f64", {2, 0})
    assert.are.same({0, 0}, mp.sum(e):totable())
    assert.is_true(isnan(mp.mean(e):get(1)))
  end)
  it("accumulate exactly in cumsum, rounding each prefix once", function()
    local y, mag = mp.cumsum(kcv.from("f64", {1e16, 1, -1e16}))
    assert.are.same({1e16, 1e16, 1}, y:totable())
    assert.are.same({1e16, 1e16 + 1, 2e16 + 1}, mag:totable())
    local c = mp.cumsum(kcv.from("f64", {1, 2, 3, 4}, {2, 2}), {axis = 1})
    assert.are.same({1, 2, 4, 6}, c:totable())
    local n = mp.cumsum(kcv.from("f64", {1, inf, -inf, 2}))
    assert.are.equal(inf, n:get(1))
    assert.is_true(isnan(n:get(2)) and isnan(n:get(3)))
  end)
  it("give dot products as one-element buffers with Σ|a b| as magnitude", function()
    local y, mag = mp.dot(kcv.from("f64", {1, 2, -3}), kcv.from("f32", {3, 4, 1}))
    assert.are.same({1}, y.shape)
    assert.are.equal(8, y:get(0))
    assert.are.equal(14, mag:get(0))
    assert.is_true(isnan(mp.dot(kcv.from("f64", {0}), kcv.from("f64", {inf})):get(0)))
  end)
end)

describe("max, min and argmax", function()
  it("pick the first extreme and its 0-based index along the axis", function()
    local v, i = mp.max(kcv.from("f64", {1, 5, 5, 2}))
    assert.are.equal(5, v:get(0))
    assert.are.equal(1, i:get(0))
    assert.are.equal("i64", i.dtype)
    local mv, mi = mp.min(kcv.from("f64", {3, 1, 2, 1, 4, 0}, {2, 3}), {axis = -1})
    assert.are.same({1, 0}, mv:totable())
    assert.are.same({1, 2}, mi:totable())
    assert.are.same({1, 0, 1}, mp.argmax(kcv.from("f64", {1, 9, 3, 4, 2, 7}, {2, 3}), {axis = 1}):totable())
  end)
  it("propagate NaN (unlike fmax), reporting the first NaN's index", function()
    local v, i = mp.max(kcv.from("f64", {1, nan, 7, nan}))
    assert.is_true(isnan(v:get(0)))
    assert.are.equal(1, i:get(0))
    assert.are.equal(2, mp.argmax(kcv.from("f64", {inf, 1, nan})):get(0))
  end)
  it("order -0 below +0", function()
    local v, i = mp.max(kcv.from("f64", {-0.0, 0.0}))
    assert.are.equal(0, v:bits(0))
    assert.are.equal(1, i:get(0))
    local w, j = mp.min(kcv.from("f64", {0.0, -0.0}))
    assert.are.equal(kcv.tobits(-0.0, "f64"), w:bits(0))
    assert.are.equal(1, j:get(0))
  end)
end)

describe("element-wise maps", function()
  it("round f(x) once to f64", function()
    local x = kcv.from("f64", {0, 1})
    assert.are.same({1, 0x1.5bf0a8b145769p+1}, mp.map("exp", x):totable())
    assert.are.same({0.5, 0x1.764d4f5d5a2bdp-1}, mp.map("sigmoid", kcv.from("f64", {0, 1})):totable())
    assert.are.equal(0x1.62e42fefa39efp-1, mp.map("softplus", kcv.from("f64", {0})):get(0))
    assert.are.equal(0x1.62e42fefa39efp-1, mp.map("log1p", kcv.from("f64", {1})):get(0))
    assert.are.same({0, 2, 0}, mp.map("relu", kcv.from("f64", {-3, 2, 0})):totable())
  end)
  it("give gelu's tanh form for approximate='tanh'", function()
    local x = rand("f64", {64})
    assert.is_true(same_bits(mp.map("gelu", x, {approximate = "tanh"}), mp.map("gelu_tanh", x)))
    assert.is_false(same_bits(mp.map("gelu", x), mp.map("gelu_tanh", x)))
  end)
  it("follow C99 Annex F at non-finite inputs", function()
    local x = kcv.from("f64", {-inf, inf, nan, -0.0})
    local want = {                -- -Inf, +Inf, NaN, -0
      exp = {0, inf, nan, 1}, log = {nan, inf, nan, -inf},
      log1p = {nan, inf, nan, -0.0}, expm1 = {-1, inf, nan, -0.0},
      tanh = {-1, 1, nan, -0.0}, erf = {-1, 1, nan, -0.0},
      sigmoid = {0, 1, nan, 0.5}, softplus = {0, inf, nan, 0x1.62e42fefa39efp-1},
      silu = {nan, inf, nan, -0.0}, gelu = {nan, inf, nan, -0.0},
      gelu_tanh = {nan, inf, nan, -0.0}, relu = {0, inf, nan, 0.0},
    }
    for name, w in pairs(want) do
      local y = mp.map(name, x)
      for i = 1, 4 do
        if isnan(w[i]) then
          assert.is_true(isnan(y:get(i - 1)), name .. " at " .. i)
        else
          assert.are.equal(kcv.tobits(w[i], "f64"), y:bits(i - 1), name .. " at " .. i)
        end
      end
    end
  end)
  it("report |f(x)| + |x f'(x)| as the magnitude", function()
    local _, mag = mp.map("exp", kcv.from("f64", {2}))
    assert.is_true(math.abs(mag:get(0) - 3 * math.exp(2)) < 1e-12 * mag:get(0))
    local _, m2 = mp.map("log", kcv.from("f64", {1}))
    assert.are.equal(1, m2:get(0))
  end)
end)

describe("softmax and log_softmax", function()
  it("give 1/N for equal logits and -log N in log form", function()
    assert.are.same({1 / 3, 1 / 3, 1 / 3}, mp.softmax(kcv.from("f32", {7, 7, 7})):totable())
    assert.are.same({0.25, 0.25, 0.25, 0.25}, mp.softmax(kcv.from("f32", {-2, -2, -2, -2})):totable())
    local l = mp.log_softmax(kcv.from("f64", {5, 5}))
    assert.are.same({-0x1.62e42fefa39efp-1, -0x1.62e42fefa39efp-1}, l:totable())
  end)
  it("do not change when every logit is shifted exactly", function()
    local a = kcv.from("f64", {1, 2, 3, -4})
    local b = kcv.from("f64", {1001, 1002, 1003, 996})
    assert.is_true(same_bits(mp.softmax(a), mp.softmax(b)))
  end)
  it("normalise along the chosen axis", function()
    local y = mp.softmax(kcv.from("f64", {0, 5, 0, 5}, {2, 2}), {axis = 1})
    assert.are.same({0.5, 0.5, 0.5, 0.5}, y:totable())
  end)
  it("make a row NaN when it holds a NaN or a +Inf, or only -Inf", function()
    local x = kcv.from("f64", {1, nan, 2, 1, inf, 2, -inf, -inf, -inf, 0, -inf, 0}, {4, 3})
    for _, f in ipairs{mp.softmax, mp.log_softmax} do
      local y = f(x)
      for i = 0, 8 do assert.is_true(isnan(y:get(i)), "element " .. i) end
    end
    assert.are.same({0.5, 0, 0.5}, {mp.softmax(x):get(9), mp.softmax(x):get(10), mp.softmax(x):get(11)})
    assert.are.equal(-inf, mp.log_softmax(x):get(10))
  end)
end)

describe("layernorm and rmsnorm", function()
  it("map a constant row to beta (0 without beta)", function()
    local x = kcv.from("f32", {3, 3, 3, 3, -1, -1, -1, -1}, {2, 4})
    assert.are.same({0, 0, 0, 0, 0, 0, 0, 0}, mp.layernorm(x):totable())
    local b = kcv.from("f64", {1, 2, 3, 4})
    assert.are.same({1, 2, 3, 4, 1, 2, 3, 4}, mp.layernorm(x, {beta = b}):totable())
  end)
  it("standardise a row exactly when the statistics are exact", function()
    local x = kcv.from("f64", {1, -1, 1, -1})
    assert.are.same({1, -1, 1, -1}, mp.layernorm(x, {eps = 0}):totable())
    local g = kcv.from("f64", {2, 2, 2, -2})
    assert.are.same({2, -2, 2, 2}, mp.layernorm(x, {eps = 0, gamma = g}):totable())
    assert.are.same({1, 1, 1, 1}, mp.rmsnorm(kcv.from("f64", {2, -2, 2, 2}), {eps = 0, gamma = kcv.from("f64", {1, -1, 1, 1})}):totable())
  end)
  it("make a row with a non-finite entry NaN (layernorm)", function()
    local y = mp.layernorm(kcv.from("f64", {1, inf, 2, 3}))
    for i = 0, 3 do assert.is_true(isnan(y:get(i))) end
  end)
end)

describe("gemm", function()
  local A = kcv.from("f64", {1, 2, 3, 4, 5, 6}, {2, 3})
  it("multiplies by the identity exactly", function()
    local I = kcv.from("f64", {1, 0, 0, 0, 1, 0, 0, 0, 1}, {3, 3})
    local C, mag = mp.gemm(A, I)
    assert.are.same({2, 3}, C.shape)
    assert.is_true(same_bits(C, A))
    assert.is_true(same_bits(mag, A))
  end)
  it("honours ta, tb, alpha, beta and C", function()
    local B = kcv.from("f64", {1, 0, 1, 1, 0, 1}, {3, 2})
    local AB = mp.gemm(A, B)
    assert.are.same({3, 5, 9, 11}, AB:totable())
    local At = mp.gemm(kcv.from("f64", {1, 4, 2, 5, 3, 6}, {3, 2}), kcv.from("f64", {1, 1, 0, 0, 1, 1}, {2, 3}), {ta = true, tb = true})
    assert.are.same({3, 5, 9, 11}, At:totable())
    local C = kcv.from("f64", {1, 1, 1, 1}, {2, 2})
    assert.are.same({5, 9, 17, 21}, mp.gemm(A, B, {alpha = 2, beta = -1, C = C}):totable())
  end)
  it("batches over a leading axis", function()
    local X = kcv.from("f64", {1, 2, 3, 4, 2, 0, 0, 2}, {2, 2, 2})
    local Y = kcv.from("f64", {1, 0, 0, 1, 1, 1, 1, 1}, {2, 2, 2})
    assert.are.same({1, 2, 3, 4, 2, 2, 2, 2}, mp.gemm(X, Y):totable())
  end)
  it("gives NaN for 0 * Inf and does not read C when beta = 0", function()
    local y = mp.gemm(kcv.from("f64", {0, 1}, {1, 2}), kcv.from("f64", {inf, 1}, {2, 1}),
                      {C = kcv.from("f64", {nan}, {1, 1})})
    assert.is_true(isnan(y:get(0)))
    assert.are.equal(3, mp.gemm(kcv.from("f64", {1, 1}, {1, 2}), kcv.from("f64", {1, 2}, {2, 1}),
                                {C = kcv.from("f64", {nan}, {1, 1})}):get(0))
  end)
end)

describe("losses", function()
  it("mse is the mean of squared differences", function()
    local y = mp.mse(kcv.from("f64", {1, 2, 0}), kcv.from("f32", {3, 4, 0}))
    assert.are.equal(8 / 3, y:get(0))
    assert.is_true(isnan(mp.mse(kcv.from("f64", {inf}), kcv.from("f64", {inf})):get(0)))
  end)
  it("cross_entropy of uniform logits is log(classes)", function()
    local y = mp.cross_entropy(kcv.from("f32", {0, 0, 3, 3}, {2, 2}), kcv.from("i64", {0, 1}))
    assert.are.equal(0x1.62e42fefa39efp-1, y:get(0))
    local z = mp.cross_entropy(kcv.from("f64", {-inf, 0}, {1, 2}), kcv.from("i32", {0}))
    assert.are.equal(inf, z:get(0))
  end)
end)

describe("results", function()
  local function all_ops(x, x2, t)
    local out = {}
    for _, name in ipairs{"exp", "log1p", "expm1", "tanh", "erf", "sigmoid", "softplus",
                          "silu", "gelu", "gelu_tanh"} do
      out[#out + 1] = mp.map(name, x)
    end
    out[#out + 1] = mp.map("log", x2)
    out[#out + 1] = mp.softmax(x)
    out[#out + 1] = mp.log_softmax(x, {axis = 1})
    out[#out + 1] = mp.layernorm(x, {gamma = t, beta = t})
    out[#out + 1] = mp.rmsnorm(x, {gamma = t})
    out[#out + 1] = mp.mean(x)
    out[#out + 1] = mp.mse(x, x2)
    out[#out + 1] = mp.cross_entropy(x, kcv.from("i64", {0, 1, 2, 3, 4, 5, 6, 7}))
    return out
  end
  it("agree bit for bit with MPFR at 256 bits on random inputs", function()
    local x, x2, t = rand("f64", {8, 48}), rand("f64", {8, 48}, 100), rand("f32", {48})
    for i = 0, x2.numel - 1 do x2:set(i, math.abs(x2:get(i))) end
    local lo = all_ops(x, x2, t)
    local hi
    with(mp.precision, 256, function() hi = all_ops(x, x2, t) end)
    for k = 1, #lo do
      local ok, at = same_bits(lo[k], hi[k])
      assert.is_true(ok, ("op %d differs at %s"):format(k, tostring(at)))
    end
  end)
  it("do not depend on the number of threads", function()
    local x = rand("f32", {64, 300})
    local p = rand("f64", {20000})
    local a, b, c
    with(mp.threads, 1, function() a = {mp.softmax(x), mp.gemm(x, x, {tb = true}), mp.mse(p, p:cast("f16")), mp.sum(x, {axis = 1})} end)
    with(mp.threads, 2, function() b = {mp.softmax(x), mp.gemm(x, x, {tb = true}), mp.mse(p, p:cast("f16")), mp.sum(x, {axis = 1})} end)
    with(mp.threads, 5, function() c = {mp.softmax(x), mp.gemm(x, x, {tb = true}), mp.mse(p, p:cast("f16")), mp.sum(x, {axis = 1})} end)
    for k = 1, #a do
      assert.is_true(same_bits(a[k], b[k]))
      assert.is_true(same_bits(a[k], c[k]))
    end
  end)
  it("are the same from the exact f64 path and from MPFR alone", function()
    local s, d = cancelling(400), cancelling(400)
    local M, N = rand("f64", {24, 40}, 1e3), rand("f64", {40, 16}, 1e-3)
    local function run()
      return {mp.sum(s), mp.cumsum(s), mp.dot(s, d), mp.gemm(M, N), mp.sum(M, {axis = 1}),
              mp.gemm(M, M, {tb = true})}
    end
    local fast = run()
    local slow
    with(mp.fast, false, function() slow = run() end)
    for k = 1, #fast do assert.is_true(same_bits(fast[k], slow[k]), "result " .. k) end
  end)
  it("give gelu's tails, which skip MPFR, the bits MPFR gives them", function()
    -- x >= 9 rounds to x, finite x <= -40 to -0 (mp_dd_map in host/mp_dd.c);
    -- the values around both thresholds and the largest finite ones included
    local xs = {9, 9.000000000000002, 8.999999999999998, 9.5, 12, 27.3, 1e6, 2 ^ 60, 1.7976931348623157e308,
                -40, -40.00000000000001, -39.99999999999999, -41.5, -1e3, -2 ^ 70, -1.7976931348623157e308,
                -8.5, 8.5, -10, 10, 0.5, -0.5, 0, -0.0}
    for i = 1, 200 do xs[#xs + 1] = 9 + 2 ^ (math.random() * 40) end
    for i = 1, 200 do xs[#xs + 1] = -40 - 2 ^ (math.random() * 40) end
    local x = kcv.from("f64", xs, {#xs})
    local fast, mag = mp.map("gelu", x)
    local slow, smag
    with(mp.fast, false, function() slow, smag = mp.map("gelu", x) end)
    assert.is_true(same_bits(fast, slow))
    assert.is_true(same_bits(mag, smag))
    assert.are.equal(9, fast:get(0))
    assert.are.equal(0x8000000000000000, fast:bits(9))     -- -0 at x = -40
  end)

  it("are the same from the double-double paths and from MPFR alone", function()
    -- Rows of many kinds: small logits, huge spreads (zero and subnormal
    -- softmax values), a common large offset (cancellation in x - max),
    -- f16/f32 inputs, -Inf entries (MPFR rows), a reduced non-last axis;
    -- rmsnorm and layernorm with and without gamma and beta (zeros in
    -- them: signed-zero outputs).
    local function tab(n, f) local t = {} for i = 1, n do t[i] = f(i) end return t end
    local u = math.random
    local inputs = {
      kcv.from("f64", tab(64 * 200, function() return u() * 2 - 1 end), {64, 200}),
      kcv.from("f64", tab(32 * 300, function() return (u() * 2 - 1) * 800 end), {32, 300}),
      kcv.from("f64", tab(32 * 100, function() return -u(0, 760) - u() end), {32, 100}),
      kcv.from("f64", tab(16 * 256, function() return 1e6 + (u() - 0.5) * 1e-6 end), {16, 256}),
      kcv.from("f64", tab(20 * 50, function(i) return i % 17 == 0 and -inf or (u() - 0.5) * 60 end), {20, 50}),
      rand("f32", {40, 500}, 30), rand("f16", {30, 70}, 8),
      kcv.from("f64", {-inf, -inf, -inf, -inf,  0 / 0, 1, 2, 3,  inf, 1, -inf, 2,  -inf, 5, -inf, -inf}, {4, 4}),
    }
    local function run(x, g, b)
      local r = {}
      local function keep(y, mag) r[#r + 1], r[#r + 2] = y, mag end
      keep(mp.softmax(x))
      keep(mp.log_softmax(x))
      keep(mp.softmax(x, {axis = 1}))
      keep(mp.log_softmax(x, {axis = 1}))
      for _, f in ipairs{"exp", "sigmoid", "silu", "tanh"} do keep(mp.map(f, x)) end
      keep(mp.rmsnorm(x))
      keep(mp.rmsnorm(x, {gamma = g, eps = 0}))
      keep(mp.layernorm(x))
      keep(mp.layernorm(x, {gamma = g, beta = b, eps = 0}))
      return r
    end
    for i, x in ipairs(inputs) do
      local g = kcv.from("f32", tab(x.shape[2], function(j) return j % 9 == 0 and 0 or u() * 4 - 2 end))
      local b = kcv.from("f64", tab(x.shape[2], function(j) return j % 7 == 0 and 0 or u() - 0.5 end))
      local fast, slow = run(x, g, b)
      with(mp.fast, false, function() slow = run(x, g, b) end)
      for k = 1, #fast do
        local ok, at = same_bits(fast[k], slow[k])
        assert.is_true(ok, ("input %d, result %d differs at %s"):format(i, k, tostring(at)))
      end
    end
  end)
  it("follow the logical order of strided views", function()
    local x = kcv.from("f64", {1, 2, 3, 4, 5, 6}, {2, 3})
    assert.are.same({6, 15}, mp.sum(x:transpose(), {axis = 1}):totable())
    assert.are.same({5, 7, 9}, mp.sum(x:transpose()):totable())
  end)
  it("read every float dtype exactly", function()
    local h = rand("f16", {5, 7})
    assert.is_true(same_bits(mp.softmax(h), mp.softmax(h:cast("f64"))))
    local b = rand("bf16", {12})
    assert.is_true(same_bits(mp.sum(b), mp.sum(b:cast("f64"))))
  end)
end)

describe("a bad call", function()
  local x = kcv.from("f32", {1, 2, 3, 4}, {2, 2})
  local function fails(pattern, f, ...)
    local ok, err = pcall(f, ...)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find(pattern), tostring(err))
  end
  it("is a Lua error naming the argument", function()
    fails("#1.*float buffer", mp.sum, kcv.from("i32", {1}))
    fails("#2.*axis 3 out of range", mp.sum, x, {axis = 3})
    fails("#2.*axis 0", mp.softmax, x, {axis = 0})
    fails("#2.*'axis' must be an integer", mp.max, x, {axis = "last"})
    fails("#1.*invalid option 'cosh'", mp.map, "cosh", x)
    fails("#3.*approximate", mp.map, "exp", x, {approximate = "tanh"})
    fails("#2.*length", mp.dot, kcv.from("f64", {1, 2}), kcv.from("f64", {1}))
    fails("#1.*1%-d", mp.dot, x, x)
    fails("#2.*inner dimension", mp.gemm, x, kcv.buffer("f64", {3, 2}))
    fails("#3.*needs field 'C'", mp.gemm, x, x, {beta = 1})
    fails("#2.*'gamma' must have 2", mp.layernorm, x, {gamma = kcv.buffer("f64", {3})})
    fails("#2.*outside", mp.cross_entropy, x, kcv.from("i64", {0, 2}))
    fails("#2.*integer buffer", mp.cross_entropy, x, kcv.from("f32", {0, 1}))
    fails("#2.*shape of pred", mp.mse, x, kcv.buffer("f32", {4}))
    fails("#2.*length 0", mp.max, kcv.buffer("f64", {2, 0}))
    fails("#2.*unknown option 'axes'", mp.sum, x, {axes = 1})
    fails("#2.*unknown option 'beta'", mp.rmsnorm, x, {beta = x})
    fails("#3.*unknown option 'transA'", mp.gemm, x, x, {transA = true})
    fails("#1.*0%-d", mp.softmax, kcv.buffer("f64", {}))
    fails("#1", mp.precision, 10)
    fails("#1", mp.threads, 0)
  end)
end)
