-- kcv.cmp: comparing a kernel's output with the oracle.
local kcv = require "kcv"
local cmp = kcv.cmp
local NaN, Inf = 0 / 0, math.huge

local function err_of(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok)
  return e
end

describe("kcv.cmp.bytes_equal", function()
  it("is true for identical bytes and false at the first differing byte, with its element", function()
    local a = kcv.buffer("f32", 64):fill_normal{seed = 1}
    assert.is_true(cmp.bytes_equal(a, a:clone()))
    local b = a:clone()
    b:setbits(10, b:bits(10) ~ 0x100)       -- flip a bit in byte 1 of element 10
    local ok, off, idx = cmp.bytes_equal(a, b)
    assert.is_false(ok); assert.are.equal(41, off); assert.are.equal(10, idx)
  end)

  it("tells -0 from +0 and one NaN payload from another", function()
    assert.is_false(cmp.bytes_equal(kcv.from("f32", {0}), kcv.from("f32", {-0.0})))
    local x, y = kcv.buffer("f16", 1), kcv.buffer("f16", 1)
    kcv.inject(x, "nan", {at = {0}}); kcv.inject(y, "nan", {at = {0}, payload = 3})
    assert.is_false(cmp.bytes_equal(x, y))
  end)

  it("is false for different sizes, at offset = the smaller size", function()
    local ok, off, idx = cmp.bytes_equal(kcv.buffer("f32", 4), kcv.buffer("f32", 6))
    assert.is_false(ok); assert.are.equal(16, off); assert.are.equal(4, idx)
  end)

  it("compares views by logical content", function()
    local a = kcv.buffer("f32", 2, 3):fill_arange{}
    local t = a:transpose()
    local c = t:clone()
    assert.is_true(cmp.bytes_equal(t, c))
    assert.is_false(cmp.bytes_equal(a, c))
  end)
end)

describe("kcv.cmp.classes", function()
  it("codes each element's class relative to its own dtype", function()
    local C = cmp.CLASS
    assert.are.same({normal = 0, subnormal = 1, pzero = 2, nzero = 3, pinf = 4, ninf = 5, nan = 6}, C)
    local x = kcv.from("f16", {1, 2 ^ -20, 0, -0.0, Inf, -Inf, NaN, -65504})
    local c = cmp.classes(x)
    assert.are.equal("u8", c.dtype)
    assert.are.same({C.normal, C.subnormal, C.pzero, C.nzero, C.pinf, C.ninf, C.nan, C.normal},
                    c:totable())
    -- 2^-20 is normal in f32
    assert.are.equal(C.normal, cmp.classes(kcv.from("f32", {2 ^ -20})):get(0))
    for name, code in pairs(C) do assert.are.equal(name, cmp.class_name(code)) end
    assert.matches("#1", err_of(cmp.class_name, 7))
  end)
end)

describe("kcv.cmp.masks_equal", function()
  it("is true when NaN, Inf and zero sit in the same places", function()
    local e = kcv.from("f64", {1, NaN, Inf, -Inf, 0, 3})
    local g = kcv.from("f16", {1.5, -NaN, Inf, -Inf, -0.0, 2 ^ -20})
    assert.is_true(cmp.masks_equal(g, e))
  end)

  it("reports the first mismatch, both classes and the number of mismatches", function()
    local e = kcv.from("f64", {1, NaN, Inf, 2, NaN})
    local g = kcv.from("f32", {1, 5, Inf, NaN, NaN})
    local ok, info = cmp.masks_equal(g, e)
    assert.is_false(ok)
    assert.are.equal(1, info.index)
    assert.are.equal("normal", info.got_class)
    assert.are.equal("nan", info.expected_class)
    assert.are.equal(5, info.got)
    assert.is_true(info.expected ~= info.expected)
    assert.are.equal(2, info.count)
  end)

  it("merges NaN, +Inf and -Inf into one class with merge_nonfinite, never finite with non-finite", function()
    local e = kcv.from("f64", {NaN, Inf, -Inf, NaN, 1})
    local g = kcv.from("f32", {Inf, -Inf, NaN, -Inf, 2})
    local ok, info = cmp.masks_equal(g, e)
    assert.is_false(ok)
    assert.are.equal(4, info.count)
    assert.is_true(cmp.masks_equal(g, e, {merge_nonfinite = true}))
    local fin = kcv.from("f32", {1, Inf, -Inf, NaN, 2})
    ok, info = cmp.masks_equal(fin, e, {merge_nonfinite = true})
    assert.is_false(ok)
    assert.are.equal(0, info.index)
    assert.are.equal("normal", info.got_class)
    assert.are.equal(1, info.count)
    local inf = kcv.from("f32", {NaN, Inf, -Inf, NaN, Inf})
    assert.is_false((cmp.masks_equal(inf, e, {merge_nonfinite = true})))
  end)

  it("distinguishes zero signs, NaN signs and subnormals only when asked", function()
    local z, nz = kcv.from("f32", {0}), kcv.from("f32", {-0.0})
    assert.is_true(cmp.masks_equal(z, nz))
    assert.is_false(cmp.masks_equal(z, nz, {zero_sign = true}))
    local n, nn = kcv.from("f32", {NaN}), kcv.from("f32", {-NaN})
    kcv.inject(n, "nan", {at = {0}}); kcv.inject(nn, "-nan", {at = {0}})
    assert.is_true(cmp.masks_equal(n, nn))
    assert.is_false(cmp.masks_equal(n, nn, {nan_sign = true}))
    local s, o = kcv.from("f32", {1e-40}), kcv.from("f32", {1})
    assert.is_true(cmp.masks_equal(s, o))
    local ok, info = cmp.masks_equal(s, o, {finite_detail = true})
    assert.is_false(ok); assert.are.equal("subnormal", info.got_class)
  end)

  it("classifies an f64 oracle as its correctly rounded value in got's dtype", function()
    -- 1e-30 is 0 in f16, 1e5 is Inf, 1e-6 a subnormal
    local e = kcv.from("f64", {1e-30, 1e5, 1e-6})
    assert.is_true(cmp.masks_equal(kcv.from("f16", {0, Inf, 1e-6}), e, {finite_detail = true}))
    assert.is_false(cmp.masks_equal(kcv.from("f16", {0, 65504, 1e-6}), e))
    assert.is_false(cmp.masks_equal(kcv.from("f16", {0, Inf, 1e-6}), e, {round_expected = false}))
    -- at the edges: 65519 rounds to max, 65520 to Inf; just below 2^-14 rounds up to a normal
    local edge = kcv.from("f64", {65519, 65520, 2 ^ -14 * (1 - 2 ^ -12), -2 ^ -26})
    assert.is_true(cmp.masks_equal(kcv.from("f16", {65504, Inf, 2 ^ -14, -0.0}), edge,
                                   {finite_detail = true, zero_sign = true}))
    assert.is_false(cmp.masks_equal(kcv.from("f16", {65504, 65504, 2 ^ -14, -0.0}), edge))
  end)

  it("needs buffers of equal size and boolean options", function()
    assert.matches("#2", err_of(cmp.masks_equal, kcv.buffer("f32", 2), kcv.buffer("f32", 3)))
    assert.matches("zero_sign", err_of(cmp.masks_equal, kcv.buffer("f32", 2), kcv.buffer("f32", 2),
                                       {zero_sign = 1}))
    assert.matches("#1", err_of(cmp.masks_equal, nil, kcv.buffer("f32", 2)))
  end)
end)

describe("kcv.cmp.ulp", function()
  it("counts representable steps between values, across binades and through zero", function()
    local a = kcv.from("f32", {1, 1, -0.0, 2 ^ -149})
    local b = kcv.from("f32", {1 + 2 ^ -23 * 3, 1 - 2 ^ -24 * 4, 2 ^ -149 * 2, -2 ^ -149})
    local d, i = cmp.ulp(a, b, "f32")
    assert.are.equal(4, d); assert.are.equal(1, i)
    assert.are.equal(2 * 0x7f7fffff, (cmp.ulp(kcv.from("f32", {-3.4028234663852886e38}),
                                                       kcv.from("f32", {3.4028234663852886e38}))))
  end)

  it("measures an f64 oracle in fractions of got's ULP", function()
    local d = cmp.ulp(kcv.from("f16", {1}), kcv.from("f64", {1 + 2 ^ -11}), "f16")
    assert.are.equal(0.5, d)
    assert.are.equal(0.25, (cmp.ulp(kcv.from("f64", {2 ^ -24 * 0.75}), kcv.from("f64", {2 ^ -24}), "f16")))
  end)

  it("is exact in f64 ULPs and defaults to the first buffer's dtype", function()
    local x = 1.0
    local y = x + 2 ^ -52 * 1000
    assert.are.equal(1000, (cmp.ulp(kcv.from("f64", {x}), kcv.from("f64", {y}))))
  end)

  it("is Inf where the classes differ and 0 for matching non-finite values", function()
    assert.are.equal(Inf, (cmp.ulp(kcv.from("f32", {NaN}), kcv.from("f32", {1}))))
    assert.are.equal(Inf, (cmp.ulp(kcv.from("f32", {Inf}), kcv.from("f32", {3e38}))))
    assert.are.equal(Inf, (cmp.ulp(kcv.from("f32", {Inf}), kcv.from("f32", {-Inf}))))
    assert.are.equal(0, (cmp.ulp(kcv.from("f32", {NaN, Inf}), kcv.from("f64", {NaN, Inf}))))
  end)

  it("needs a float dtype", function()
    assert.matches("float", err_of(cmp.ulp, kcv.buffer("f32", 1), kcv.buffer("f32", 1), "i32"))
    assert.matches("dtype", err_of(cmp.ulp, kcv.buffer("f32", 1), kcv.buffer("f32", 1), "f33"))
  end)
end)

describe("kcv.cmp.within", function()
  it("bounds each error by c_abs + c_rel*|expected| + c_mag*mag and reports the worst ratio", function()
    local e = kcv.from("f64", {1, 10, 100, 0})
    local g = kcv.from("f64", {1.1, 10.5, 100, 0.05})
    local mag = kcv.from("f64", {0, 0, 0, 1})
    local r = cmp.within(g, e, {c_abs = 0.01, c_rel = 0.1, c_mag = 0.04, mag = mag})
    assert.is_true(r.ok)
    assert.are.equal(4, r.checked); assert.are.equal(0, r.violations)
    -- element 3: err .05, bound .01 + 0 + .04
    assert.are.equal(3, r.worst_index)
    assert.is_true(math.abs(r.ratio - 0.05 / 0.05) < 1e-12)
    local s = cmp.within(g, e, {c_rel = 0.04})
    assert.is_false(s.ok)
    assert.are.equal(3, s.violations)          -- 1.1, 10.5 and 0.05 vs 0
    assert.are.equal(Inf, s.ratio); assert.are.equal(3, s.worst_index)
    assert.are.equal(0.05, s.err); assert.are.equal(0, s.bound)
  end)

  it("skips matching non-finite elements and counts class mismatches as infinite violations", function()
    local e = kcv.from("f64", {NaN, Inf, -Inf, 1, NaN})
    local g = kcv.from("f32", {-NaN, Inf, -Inf, 1, 1})
    local r = cmp.within(g, e, {c_abs = 1})
    assert.is_false(r.ok)
    assert.are.equal(2, r.checked); assert.are.equal(1, r.violations)
    assert.are.equal(4, r.worst_index); assert.are.equal(Inf, r.ratio)
    local s = cmp.within(kcv.from("f32", {NaN}), kcv.from("f64", {1}), {c_abs = 1e9})
    assert.is_false(s.ok); assert.are.equal(Inf, s.ratio)
  end)

  it("accepts an infinite coefficient, a zero magnitude or value still adding nothing", function()
    local e = kcv.from("f64", {0, 1})
    local g = kcv.from("f64", {0.5, 1.5})
    local r = cmp.within(g, e, {c_mag = math.huge, mag = kcv.from("f64", {0, 1})})
    assert.is_false(r.ok); assert.are.equal(1, r.violations); assert.are.equal(0, r.worst_index)
    assert.are.equal(0, r.bound)
    assert.is_true(cmp.within(g, e, {c_mag = math.huge, mag = kcv.from("f64", {1, 1})}).ok)
    local s = cmp.within(kcv.from("f64", {0}), kcv.from("f64", {0}), {c_rel = math.huge})
    assert.is_true(s.ok); assert.are.equal(0, s.ratio)
  end)

  -- within splits a long buffer over the cores (a fixed 64 parts, merged
  -- in order): its answer must be the serial pass's, the first of equal
  -- worst ratios and the first violation included, whatever the threads.
  it("gives the serial pass's answer on a long buffer, whatever the number of threads", function()
    local n = 300007                             -- 293 blocks of 1024, parts of uneven length
    local e, g = kcv.buffer("f64", n):fill(1), kcv.buffer("f32", n):fill(1)
    for _, at in ipairs{5000, 150000, 299000} do g:set(at, 1.5) end  -- three equal worst ratios
    g:set(260000, 1.25)
    local old = kcv.mp.threads()
    local answers = {}
    for _, t in ipairs{1, 2, 7} do
      kcv.mp.threads(t)
      answers[t] = cmp.within(g, e, {c_abs = 0.1})
    end
    kcv.mp.threads(old)
    for _, t in ipairs{2, 7} do assert.are.same(answers[1], answers[t]) end
    local r = answers[1]
    assert.are.equal(5000, r.worst_index)        -- the first of the equal worst
    assert.are.equal(5000, r.first_violation)
    assert.are.equal(4, r.violations); assert.are.equal(n, r.checked)
    assert.is_true(math.abs(r.ratio - 5) < 1e-9)
  end)

  it("treats err 0 against bound 0 as no violation", function()
    local r = cmp.within(kcv.from("f32", {2, 3}), kcv.from("f64", {2, 3}), {})
    assert.is_true(r.ok); assert.are.equal(0, r.ratio)
  end)

  it("accepts an Inf where a result within the bound rounds to Inf in got's dtype, and no other", function()
    -- f16: |x| >= 65520 (65504 plus half its ulp) rounds to Inf
    local g = kcv.from("f16", {Inf, -Inf, Inf, Inf, -Inf})
    local e = kcv.from("f64", {65500, -65519.96, 65400, -65500, 0})
    local r = cmp.within(g, e, {c_abs = 30})
    assert.are.equal(3, r.violations)          -- 65400 + 30 short; a sign flip; 0
    assert.are.equal(2, r.first_violation)
    local ok = cmp.within(kcv.from("f16", {Inf}), kcv.from("f64", {65500}), {c_abs = 30})
    assert.is_true(ok.ok)
    assert.is_true(math.abs(ok.ratio - 20 / 30) < 1e-12)   -- error at least 65520 - 65500
    assert.is_false(cmp.within(kcv.from("f16", {Inf}), kcv.from("f64", {65500}), {c_abs = 19}).ok)
    -- an expected value that itself rounds to Inf: Inf is exact (error 0), even with no bound
    local exact = cmp.within(kcv.from("f16", {Inf, -Inf}), kcv.from("f64", {70000, -65520}), {})
    assert.is_true(exact.ok); assert.are.equal(0, exact.ratio)
  end)

  it("checks a million elements in one C call", function()
    local n = 1 << 20
    local e = kcv.buffer("f64", n):fill_normal{seed = 1}
    local g = e:cast("f32")
    local r = cmp.within(g, e, {c_rel = 2 ^ -24})
    assert.is_true(r.ok); assert.are.equal(n, r.checked)
    assert.is_true(r.ratio <= 1 and r.ratio > 0.5)
    assert.is_false(cmp.within(g, e, {c_rel = 2 ^ -26}).ok)
  end)

  it("pairs elements by logical index in strided views", function()
    local e = kcv.buffer("f64", 3, 5):fill_normal{seed = 4}
    local g = kcv.buffer("f32", 5, 3):fill_normal{seed = 4}:transpose()   -- values differ
    local r1 = cmp.within(g, e, {c_abs = 0.1})
    local r2 = cmp.within(g:clone(), e, {c_abs = 0.1})
    assert.are.same(r1, r2)
    assert.is_true(cmp.within(e:transpose(), e:transpose():clone():cast("f32"), {c_rel = 2 ^ -24}).ok)
  end)

  it("with opts.ref checks only elements where both the reference and expected are finite", function()
    local e = kcv.from("f64", {1, NaN, 2, 10})
    local g = kcv.from("f32", {1, 3, 2.5, 20})
    local ref = kcv.from("f32", {1, 1, 2, Inf})
    local plain = cmp.within(g, e, {c_abs = 1})
    assert.are.equal(4, plain.checked); assert.are.equal(2, plain.violations)
    -- element 1: the oracle's NaN; element 3: the reference's Inf: not judged, not counted
    local r = cmp.within(g, e, {c_abs = 1, ref = ref})
    assert.is_true(r.ok)
    assert.are.equal(2, r.checked); assert.are.equal(0, r.violations)
    assert.are.equal(2, r.worst_index); assert.are.equal(0.5, r.err)
    -- a finite reference leaves the comparison as it was
    local same = cmp.within(g, e, {c_abs = 1, ref = kcv.from("f32", {0, 0, 0, 0})})
    assert.are.equal(3, same.checked); assert.are.equal(1, same.violations)
    assert.are.equal(3, same.first_violation)
  end)

  it("rejects bad options, naming them", function()
    local a = kcv.buffer("f32", 2)
    assert.matches("opts.ref", err_of(cmp.within, a, a, {ref = {}}))
    assert.matches("opts.ref has 3", err_of(cmp.within, a, a, {ref = kcv.buffer("f32", 3)}))
    assert.matches("c_rel", err_of(cmp.within, a, a, {c_rel = -1}))
    assert.matches("c_mag", err_of(cmp.within, a, a, {c_mag = 1}))
    assert.matches("mag", err_of(cmp.within, a, a, {mag = {}}))
    assert.matches("mag", err_of(cmp.within, a, a, {mag = kcv.buffer("f32", 3), c_mag = 1}))
    assert.matches("#3", err_of(cmp.within, a, a))
  end)
end)

describe("kcv.cmp.allclose", function()
  it("follows torch.allclose: |got - exp| <= atol + rtol*|exp|", function()
    local e = kcv.from("f64", {1, 100, 0})
    assert.is_true(cmp.allclose(kcv.from("f32", {1.019, 100.9, 0.0099}), e))
    local ok, info = cmp.allclose(kcv.from("f32", {1.019, 103, 0.02}), e)
    assert.is_false(ok)
    assert.are.equal(1, info.index); assert.are.equal(103, info.got)
    assert.are.equal(100, info.expected); assert.are.equal(2, info.count)
    assert.is_true(cmp.allclose(kcv.from("f32", {1.5}), kcv.from("f32", {1}), {atol = 0.5, rtol = 0}))
  end)

  it("never calls NaN close unless equal_nan, and Inf close only to the same Inf", function()
    local n = kcv.from("f32", {NaN})
    assert.is_false(cmp.allclose(n, n))
    assert.is_true(cmp.allclose(n, n, {equal_nan = true}))
    assert.is_true(cmp.allclose(kcv.from("f32", {Inf}), kcv.from("f64", {Inf})))
    assert.is_false(cmp.allclose(kcv.from("f32", {Inf}), kcv.from("f64", {-Inf}), {atol = 1e300}))
    assert.is_false(cmp.allclose(kcv.from("f32", {3e38}), kcv.from("f64", {Inf}), {rtol = 1}))
  end)
end)

describe("kcv.cmp.max_abs_diff", function()
  it("returns the largest |a - b| and its index", function()
    local d, i = cmp.max_abs_diff(kcv.from("f32", {1, 5, -3}), kcv.from("f64", {1, 4.5, 0}))
    assert.are.equal(3, d); assert.are.equal(2, i)
    assert.are.equal(0, (cmp.max_abs_diff(kcv.from("f32", {Inf}), kcv.from("f32", {Inf}))))
  end)

  it("lets a NaN on one side win, so a tolerance check on it fails", function()
    local d, i = cmp.max_abs_diff(kcv.from("f32", {1, NaN, 100}), kcv.from("f32", {1, 2, 0}))
    assert.is_true(d ~= d); assert.are.equal(1, i)
  end)
end)

describe("kcv.cmp.max_abs_finite", function()
  it("returns the largest finite |b_i|, 0 when there is none", function()
    assert.are.equal(7, cmp.max_abs_finite(kcv.from("f32", {1, NaN, -7, Inf, 3})))
    assert.are.equal(0, cmp.max_abs_finite(kcv.from("f64", {NaN, -Inf})))
    assert.are.equal(0, cmp.max_abs_finite(kcv.buffer("f32", 0)))
  end)
end)

describe("kcv.cmp.max_abs_diff with finite_only", function()
  it("leaves out pairs with a non-finite value on either side", function()
    local a = kcv.from("f32", {1, NaN, Inf, 5, -Inf})
    local b = kcv.from("f64", {1.5, 2, 3, 4, -Inf})
    local d, i = cmp.max_abs_diff(a, b)
    assert.is_true(d ~= d); assert.are.equal(1, i)             -- unchanged without the option
    d, i = cmp.max_abs_diff(a, b, {finite_only = true})
    assert.are.equal(1, d); assert.are.equal(3, i)
    d, i = cmp.max_abs_diff(a, b, {finite_only = false})
    assert.is_true(d ~= d); assert.are.equal(1, i)
  end)

  it("returns 0, nil when no finite pair is left", function()
    local d, i = cmp.max_abs_diff(kcv.from("f32", {NaN, 1}), kcv.from("f32", {1, Inf}), {finite_only = true})
    assert.are.equal(0, d); assert.is_nil(i)
  end)

  it("refuses an unknown option or a non-boolean", function()
    local a = kcv.buffer("f32", 2)
    assert.matches("finite_onl", err_of(cmp.max_abs_diff, a, a, {finite_onl = true}))
    assert.matches("finite_only", err_of(cmp.max_abs_diff, a, a, {finite_only = 1}))
    assert.matches("#3", err_of(cmp.max_abs_diff, a, a, "finite_only"))
  end)
end)

describe("kcv.cmp.reference_relative", function()
  local f32 = function(t) return kcv.from("f32", t) end
  local f64 = function(t) return kcv.from("f64", t) end

  it("is a violation where the kernel's class differs from the oracle's and the reference agrees", function()
    -- element 1: a NaN from the kernel where the oracle and the reference are finite
    local r = cmp.reference_relative(f32{1, NaN, 0, Inf}, f32{1, 2, 0, Inf}, f64{1.5, 2, 0, Inf})
    assert.is_false(r.ok)
    assert.are.equal(4, r.checked)
    assert.are.equal(1, r.violations)
    assert.are.equal(0, r.ref_disagrees); assert.are.equal(0, r.artifacts)
    assert.are.equal(1, r.first.index)
    assert.is_true(r.first.got ~= r.first.got)
    assert.are.equal(2, r.first.expected); assert.are.equal(2, r.first.ref)
    assert.are.equal("nan", r.first.got_class)
    assert.are.equal("normal", r.first.expected_class)
    assert.are.equal("normal", r.first.ref_class)
    assert.is_nil(r.first_ref_disagree); assert.is_nil(r.first_artifact)
  end)

  it("counts and does not judge elements where the reference disagrees with the oracle", function()
    -- the oracle's NaN (element 0) and Inf (element 1) the f32 reference does not produce:
    -- whatever the kernel gives there, it is not a violation
    local r = cmp.reference_relative(f32{5, NaN, 3}, f32{5, 7, 3}, f64{NaN, Inf, 3})
    assert.is_true(r.ok)
    assert.are.equal(0, r.violations)
    assert.are.equal(2, r.ref_disagrees)
    assert.are.equal(0, r.first_ref_disagree.index)
    assert.are.equal("nan", r.first_ref_disagree.expected_class)
    assert.are.equal("normal", r.first_ref_disagree.ref_class)
    assert.are.equal("normal", r.first_ref_disagree.got_class)
    assert.is_nil(r.first)
  end)

  it("rounds the oracle once to got's dtype before classifying it, and takes the reference in its own", function()
    -- 1e39 is Inf in f32, 1e-50 is 0: a kernel giving Inf and 0 is right
    local r = cmp.reference_relative(f32{Inf, 0}, f32{Inf, 0}, f64{1e39, 1e-50})
    assert.is_true(r.ok); assert.are.equal(0, r.ref_disagrees)
    -- an f16 reference is classified as f16: 1e-5 is subnormal there, normal in f32
    local s = cmp.reference_relative(f32{1e-5}, kcv.from("f16", {1e-5}), f64{1e-5}, {finite_detail = true})
    assert.are.equal(1, s.ref_disagrees); assert.are.equal("subnormal", s.first_ref_disagree.ref_class)
  end)

  it("calls a finite kernel value an artifact where the oracle recomputed with two finite values (alt) does not move", function()
    -- the oracle and the reference are NaN only through 0*NaN; the kernel skipped the product
    local got, ref, exp = f32{0, 0, 0}, f32{NaN, NaN, NaN}, f64{NaN, NaN, NaN}
    local plain = cmp.reference_relative(got, ref, exp)
    assert.are.equal(3, plain.violations)
    local r = cmp.reference_relative(got, ref, exp, {alt = {f64{0, 0, 3}, f64{0, 1, 3}}})
    -- element 0: alt gives 0 twice, the kernel's class: an artifact
    -- element 1: alt moves (the value depends on the special): a violation
    -- element 2: alt is steady but 3 is not the kernel's class (zero): a violation
    assert.are.equal(1, r.artifacts)
    assert.are.equal(2, r.violations)
    assert.is_false(r.ok)
    assert.are.equal(0, r.first_artifact.index)
    assert.are.equal("pzero", r.first_artifact.got_class)
    assert.are.equal("nan", r.first_artifact.expected_class)
    assert.are.equal(1, r.first.index)
    -- non-finite alt values prove nothing
    local n = cmp.reference_relative(f32{0}, f32{NaN}, f64{NaN}, {alt = {f64{Inf}, f64{Inf}}})
    assert.are.equal(1, n.violations); assert.are.equal(0, n.artifacts)
    assert.is_true(cmp.reference_relative(got, ref, exp, {alt = {f64{0, 0, 0}, f64{0, 0, 0}}}).ok)
  end)

  it("catches a subnormal result flushed to zero in either mode, a subnormal-for-normal only with finite_detail", function()
    local exp, ref = f64{1e-40, 2 ^ -127}, f32{1e-40, 2 ^ -127}   -- both subnormal in f32
    -- flushed to zero: zero is a class of its own even without finite_detail
    assert.are.equal(2, cmp.reference_relative(f32{0, 0}, ref, exp).violations)
    local r = cmp.reference_relative(f32{0, 0}, ref, exp, {finite_detail = true})
    assert.are.equal(2, r.violations)
    assert.are.equal("pzero", r.first.got_class); assert.are.equal("subnormal", r.first.expected_class)
    -- rounded up to the smallest normal instead: finite either way unless finite_detail
    local up = f32{2 ^ -126, 2 ^ -126}
    assert.is_true(cmp.reference_relative(up, ref, exp).ok)
    local d = cmp.reference_relative(up, ref, exp, {finite_detail = true})
    assert.are.equal(2, d.violations); assert.are.equal("normal", d.first.got_class)
  end)

  it("calls a zero against a normal within the given bound a rounding, not a violation, and keeps subnormals strict", function()
    -- element 0: a cancelling sum, 0 in the kernel's order, 1e-9 in the oracle's; bound 1e-8 + 0.5*mag
    -- element 1: 0 where the oracle has 3, far past the bound
    -- element 2: the kernel's 1e-9 where the oracle is exactly 0 (the other way round)
    -- element 3: a flushed subnormal, within any bound but a class question all the same
    local got, exp = f32{0, 0, 1e-9, 0}, f64{1e-9, 3, 0, 1e-40}
    local ref = kcv.from("f32", {1e-9, 3, 0, 1e-40})
    assert.are.equal(4, cmp.reference_relative(got, ref, exp).violations)
    local mag = f64{0, 1, 0, 0}
    local r = cmp.reference_relative(got, ref, exp, {c_abs = 1e-8, c_mag = 0.5, mag = mag})
    assert.are.equal(2, r.roundings)
    assert.are.equal(2, r.violations)
    assert.are.equal(0, r.first_rounding.index)
    assert.are.equal("pzero", r.first_rounding.got_class); assert.are.equal("normal", r.first_rounding.expected_class)
    assert.are.equal(1, r.first.index)
    -- the magnitude term reaches element 1 once it is large enough
    local wide = cmp.reference_relative(got, ref, exp, {c_abs = 1e-8, c_mag = 4, mag = mag})
    assert.are.equal(3, wide.roundings); assert.are.equal(1, wide.violations)
    assert.are.equal(3, wide.first.index); assert.are.equal("subnormal", wide.first.expected_class)
    -- without a bound nothing is a rounding, and the field is absent
    assert.is_nil(cmp.reference_relative(got, ref, exp).roundings)
    assert.has_error(function() cmp.reference_relative(got, ref, exp, {c_mag = 1}) end,
                     "bad argument #4 to 'reference_relative' (opts.c_mag needs opts.mag (a buffer))")
  end)

  it("calls a subnormal against a normal within the bound a rounding too (a sum near FLT_MIN), but not a flush", function()
    -- l1_p91 (reverse cumsum) on the H200, 2026-12-03: 1.17549407e-38 where the oracle held 1.1754956e-38 (EXC-02)
    -- element 0: the kernel's subnormal just below FLT_MIN, the oracle's normal just above
    -- element 1: the kernel's normal just above FLT_MIN, the oracle's subnormal just below
    -- element 2: a subnormal where the oracle's normal is 1e-30: past the bound, a violation
    -- element 3: a zero where the oracle's subnormal is 1e-40: a flush, strict whatever the bound
    local got, exp = f32{1.1754940705626e-38, 1.1754956119909e-38, 1e-40, 0}, f64{1.1754956119909e-38, 1.1754940705626e-38, 1e-30, 1e-40}
    local ref = kcv.from("f32", {1.1754956119909e-38, 1.1754940705626e-38, 1e-30, 1e-40})
    assert.are.equal(4, cmp.reference_relative(got, ref, exp, {finite_detail = true}).violations)
    local r = cmp.reference_relative(got, ref, exp, {finite_detail = true, c_abs = 1e-43})
    assert.are.equal(2, r.roundings); assert.are.equal(2, r.violations)
    assert.are.equal("subnormal", r.first_rounding.got_class); assert.are.equal("normal", r.first_rounding.expected_class)
    assert.are.equal(2, r.first.index)
  end)

  it("tells zero signs apart only with zero_sign, and NaN signs never", function()
    local r = cmp.reference_relative(f32{-0.0, -NaN}, f32{0, NaN}, f64{0, NaN})
    assert.is_true(r.ok)
    local z = cmp.reference_relative(f32{-0.0}, f32{0}, f64{0}, {zero_sign = true})
    assert.are.equal(1, z.violations); assert.are.equal("nzero", z.first.got_class)
  end)

  it("judges a million elements in one C call", function()
    local n = 1 << 20
    local exp = kcv.buffer("f64", n):fill_normal{seed = 3}
    local got = exp:cast("f32")
    kcv.inject(got, "nan", {at = {12345}})
    local r = cmp.reference_relative(got, exp:cast("f32"), exp)
    assert.are.equal(n, r.checked); assert.are.equal(1, r.violations)
    assert.are.equal(12345, r.first.index)
  end)

  it("needs buffers of equal numel (naming the argument) and known options", function()
    local a, b = kcv.buffer("f32", 2), kcv.buffer("f32", 3)
    assert.matches("#2", err_of(cmp.reference_relative, a, b, a))
    assert.matches("#3", err_of(cmp.reference_relative, a, a, b))
    assert.matches("#1", err_of(cmp.reference_relative, nil, a, a))
    assert.matches("unknown option 'nan_sign'", err_of(cmp.reference_relative, a, a, a, {nan_sign = true}))
    assert.matches("finite_detail", err_of(cmp.reference_relative, a, a, a, {finite_detail = 1}))
    assert.matches("opts.alt", err_of(cmp.reference_relative, a, a, a, {alt = a}))
    assert.matches("opts.alt%[2%]", err_of(cmp.reference_relative, a, a, a, {alt = {a}}))
    assert.matches("opts.alt%[1%] has 3", err_of(cmp.reference_relative, a, a, a, {alt = {b, a}}))
  end)
end)

describe("the thresholded gates' oracle at the edge of overflow (kcv.verify.probe.overflow_rounded)", function()
  local probe = require "kcv.verify.probe"
  local value = kcv.buffer("f64", 5)
  for i, v in ipairs{65519, 65521, 70000, math.huge, -65530} do value:set(i - 1, v) end
  local mag = kcv.buffer("f64", 5):fill(0)
  local b = {c_abs = 20, c_rel = 0, c_mag = 0}

  it("puts the threshold of f16 at 65520, of f32 at 2^128 - 2^103, and none for f64 (kcv.cmp.overflow_threshold)", function()
    assert.are.equal(65520, kcv.cmp.overflow_threshold("f16"))
    assert.are.equal(2.0 ^ 128 - 2.0 ^ 103, kcv.cmp.overflow_threshold("f32"))
    assert.are.equal(math.huge, kcv.cmp.overflow_threshold("f64"))
  end)

  it("keeps finite an exact value past the threshold by less than its bound: an honest 65504 may stand there", function()
    local p = probe.overflow_rounded(value, "f16", b, mag)
    assert.are.equal(65519, p:get(0))
    assert.are.equal(65521, p:get(1))          -- 65521 - 20 < 65520
    assert.are.equal(-65530, p:get(4))         -- |-65530| - 20 < 65520
    local exact = kcv.buffer("f64", 1):fill(p:get(1))
    assert.is_true(kcv.cmp.within(kcv.buffer("f16", 1):fill(65504), exact, {c_abs = 20}).ok)
  end)

  it("requires Inf where even the bound cannot bring the exact value back under the threshold", function()
    local p = probe.overflow_rounded(value, "f16", b, mag)
    assert.are.equal(math.huge, p:get(2))      -- 70000 - 20 >= 65520
    assert.are.equal(math.huge, p:get(3))
  end)

  it("returns the oracle's own buffer when no finite value reaches the threshold (no copy)", function()
    local small = kcv.from("f64", {1, -65519, math.huge, 0 / 0})
    assert.are.equal(small, probe.overflow_rounded(small, "f16", b, kcv.buffer("f64", 4):fill(0)))
    assert.are_not.equal(value, probe.overflow_rounded(value, "f16", b, mag))
  end)

  it("gives -Inf on the negative side, leaves the oracle's buffer as it was, and checks its arguments", function()
    local v = kcv.from("f64", {-70000, 3, 70000})
    local p = kcv.cmp.overflow_rounded(v, "f16", kcv.buffer("f64", 3):fill(0), {c_abs = 20})
    assert.are.same({-math.huge, 3, math.huge}, {p:get(0), p:get(1), p:get(2)})
    assert.are.equal(-70000, v:get(0))
    -- a magnitude term that reaches below the threshold keeps it finite
    local m = kcv.from("f64", {0, 0, 1e6})
    assert.are.equal(70000, kcv.cmp.overflow_rounded(v, "f16", m, {c_mag = 0.01}):get(2))
    assert.has_error(function() kcv.cmp.overflow_rounded(v, "f16", kcv.buffer("f64", 2), {}) end)
    assert.has_error(function() kcv.cmp.overflow_rounded(v, "f16", m, {c_abs = -1}) end)
  end)
end)
