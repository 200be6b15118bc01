-- The oracle on the device (kcv.oracle.gpu): the same bits as kcv.mp.
-- The kernel runs on the CPU backend here (kcv compiles the .cu as C++),
-- which checks its arithmetic and its certificate; on a GPU the same
-- test runs on the cuda backend.
local kcv = require "kcv"
local gpu = require "kcv.oracle.gpu"

-- The checks, run by the CPU backend (kcv compiles the .cu as C++) and by
-- the cuda backend where a GPU answers.
local function on_each_backend(checks)
  describe("run by the CPU backend", function() checks("cpu") end)
  describe("run by the cuda backend", function()
    if kcv.backend.available("cuda") then checks("cuda")
    else pending("no CUDA device: the same checks on a GPU run only where one answers") end
  end)
end

local function on(backend, m, k, n, fill, dtype)
  local A, B = kcv.buffer(dtype or "f32", m, k), kcv.buffer(dtype or "f32", k, n)
  fill(A, B)
  local y1, m1 = kcv.mp.gemm(A, B)
  local saved = gpu.MIN_WORK
  gpu.MIN_WORK = 0
  local y2, m2 = gpu.for_backend(backend, true).gemm(A, B)
  gpu.MIN_WORK = saved
  return y1, m1, y2, m2, gpu.last
end

local function normal(A, B, s) A:fill_normal{seed = s}; B:fill_normal{seed = s + 1} end

local function same_bits_on(backend)
  it("gives kcv.mp.gemm's products bit for bit, for shapes that are not multiples of its tiles", function()
    for _, mkn in ipairs{{33, 70, 17}, {16, 1, 16}, {1, 300, 1}} do
      local y1, m1, y2, m2, last = on(backend, mkn[1], mkn[2], mkn[3], function(A, B) normal(A, B, mkn[1]) end)
      assert.are.equal("ok", last.status, last.message)
      assert.is_true(kcv.cmp.bytes_equal(y1, y2), table.concat(mkn, "x"))
      assert.is_true(kcv.cmp.bytes_equal(m1, m2), table.concat(mkn, "x"))
    end
  end)

  it("certifies sums that cancel almost to nothing (2^100 - 2^100 ... + small terms)", function()
    local y1, _, y2, _, last = on(backend, 9, 64, 7, function(A, B)
      normal(A, B, 9)
      for i = 0, 63 do A:set(i, (i % 2 == 0) and 2 ^ 100 or -2 ^ 100) end
      for i = 0, 63 do B:set(i * 7, 1 + 2 ^ -20 * i) end
    end)
    assert.are.equal(0, last.rows_on_host)
    assert.is_true(kcv.cmp.bytes_equal(y1, y2))
    assert.are_not.equal(0, y2:get(0))
  end)

  it("decides non-finite terms itself as MPFR does (NaN, Inf x 0, Infs of both signs), no row left to the host", function()
    local y1, m1, y2, m2, last = on(backend, 17, 40, 18, function(A, B)
      normal(A, B, 5)
      A:set(3, 0 / 0)                          -- A[0][3] NaN: row 0
      B:set(2 * 18 + 4, 1 / 0)                 -- B[2][4] Inf: column 4
      A:set(80, 1 / 0); A:set(81, -1 / 0)      -- A[2][0] +Inf, A[2][1] -Inf ...
      B:set(5, 1); B:set(18 + 5, 1)            -- ... meet at column 5
      A:set(3 * 40 + 6, 1 / 0); B:set(6 * 18, 0)   -- A[3][6] Inf times B[6][0] = 0
    end)
    assert.are.equal(0, last.rows_on_host)
    assert.is_true(kcv.cmp.bytes_equal(y1, y2))
    assert.is_true(kcv.cmp.bytes_equal(m1, m2))
    local function class(v) return v ~= v and "nan" or math.abs(v) == math.huge and "inf" or "finite" end
    local classes = {}
    for _, i in ipairs{0, 1 * 18 + 4, 2 * 18 + 5, 3 * 18, 1 * 18 + 5} do classes[#classes + 1] = class(y2:get(i)) end
    assert.are.same({"nan", "inf", "nan", "nan", "finite"}, classes)
  end)

  it("hands the rows it cannot certify (products past f64's range) to MPFR, and keeps -0 sums -0", function()
    local y1, _, y2, _, last = on(backend, 17, 40, 18, function(A, B)
      normal(A, B, 5); A:set(3, 2 ^ 600); B:set(3 * 18, 2 ^ 600)   -- row 0: 2^1200, finite but past f64
    end, "f64")
    assert.are.equal(1, last.rows_on_host)
    assert.is_true(kcv.cmp.bytes_equal(y1, y2))
    assert.are.equal(math.huge, y2:get(0))
    local z1, _, z2 = on(backend, 5, 3, 4, function(A, B) A:fill(-0.0); B:fill(1) end)
    assert.is_true(kcv.cmp.bytes_equal(z1, z2))
    assert.are.equal(kcv.tobits(-0.0, "f64"), z2:bits(0))
  end)
end

describe("the device oracle's sources", function()
  -- The CPU backend compiles them as C++ with its own headers, nvcc with the
  -- CUDA runtime's: neither is NVRTC, which the cuda backend uses and which
  -- has no <math.h> (an INFINITY there once failed only on the H200).
  it("compile with NVRTC for sm_90a, with the options the oracle loads them with", function()
    local ok, why = kcv.backend.nvrtc_check{source = gpu.sources().gemm_certified, options = gpu.options()}
    if not ok and why:match("libnvrtc not found") then pending("NVRTC is not installed here: " .. why) return end
    local n = 0
    for _, path in pairs(gpu.sources()) do
      local ok, err = kcv.backend.nvrtc_check{source = path, options = gpu.options()}
      assert.is_true(ok, err)
      n = n + 1
    end
    assert.are.equal(3, n)
  end)

  it("are checked for real: a source NVRTC cannot take is an error with the compiler's line", function()
    local bad = os.tmpname() .. ".cu"
    require("files").write(bad, 'extern "C" __global__ void k(double *y) { *y = INFINITY; }\n')
    local ok, err = kcv.backend.nvrtc_check{source = bad, options = gpu.options()}
    os.remove(bad)
    if not ok and err:match("libnvrtc not found") then pending("NVRTC is not installed here: " .. err) return end
    assert.is_nil(ok)
    assert.matches("INFINITY", err)
    assert.matches("%(1%): error", err)
  end)
end)

describe("the certified GEMM oracle on the device", function()
  on_each_backend(same_bits_on)

  it("is kcv.mp itself on the cpu backend and with KCV_GPU_ORACLE=0", function()
    assert.are.equal(kcv.mp, gpu.for_backend("cpu"))
    assert.are_not.equal(kcv.mp, gpu.for_backend("cpu", true))
    assert.are.equal(kcv.mp.sum, gpu.for_backend("cpu", true).sum)
  end)

  it("takes the Gated DeltaNet oracle to the device only with KCV_GPU_ORACLE=gdn (slower there on the H200)", function()
    local script = os.tmpname()
    -- kcv.mp itself?  the device's gdn?  the device's gdn_bwd?
    require("files").write(script, [[local kcv, mp = require "kcv", require("kcv.oracle.gpu").for_backend("cuda")
print(mp == kcv.mp, mp.gdn ~= kcv.mp.gdn, mp.gdn_bwd ~= kcv.mp.gdn_bwd)]])
    local function sh(cmd) return (require("files").sh(cmd):gsub("\t", " ")) end
    assert.are.equal("false false false\n", (sh("./kcv run " .. script)))
    assert.are.equal("false true true\n", (sh("KCV_GPU_ORACLE=gdn ./kcv run " .. script)))
    assert.are.equal("true false false\n", (sh("KCV_GPU_ORACLE=0 ./kcv run " .. script)))
    os.remove(script)
  end)

  it("leaves options it does not take (transposes, alpha, beta) to kcv.mp.gemm", function()
    local A, B = kcv.buffer("f32", 4, 3):fill_normal{seed = 1}, kcv.buffer("f32", 4, 5):fill_normal{seed = 2}
    local y1 = kcv.mp.gemm(A, B, {ta = true})
    local y2 = gpu.for_backend("cpu", true).gemm(A, B, {ta = true})
    assert.is_true(kcv.cmp.bytes_equal(y1, y2))
  end)
end)

-- kcv.mp.gdn's forward lanes on the device (host/oracle/gdn_fwd.cu): the
-- same bits, for every member of the family, with non-finite inputs too.
local GDN_VARIANTS = {
  gdn = {g = "scalar", beta = true}, deltanet = {beta = true}, kda = {g = "key", beta = true},
  gla = {g = "key"}, simple_gla = {g = "scalar"},
}

local function gdn_args(var, B, T, H, K, V, seed)
  local function rnd(shape, s, lo, hi)
    return kcv.buffer("f64", shape):fill_uniform{seed = seed + s, lo = lo or -1, hi = hi or 1}
  end
  local a = {q = rnd({B, T, H, K}, 1), k = rnd({B, T, H, K}, 2), v = rnd({B, T, H, V}, 3)}
  if var.h0 ~= false then a.h0 = rnd({B, H, K, V}, 4) end
  if var.g == "scalar" then a.g = rnd({B, T, H}, 5, -0.3, 0) end
  if var.g == "key" then a.g = rnd({B, T, H, K}, 5, -0.3, 0) end
  if var.beta then a.beta = rnd({B, T, H}, 6, 0, 1) end
  return a
end

-- Whether two buffers hold the same bits, a NaN matching any NaN: IEEE 754
-- leaves a NaN's sign and payload open, and which operand's NaN an x86
-- addition keeps depends on the order the compiler gives it (the H200
-- machine's g++ gave another sign than this one's), so no gate reads them.
-- Every other element, ±0 and ±Inf included, must match bit for bit.
local function same_bits(a, b)
  if a.numel ~= b.numel then return false, "sizes differ" end
  if kcv.cmp.bytes_equal(a, b) then return true end
  for e = 0, a.numel - 1 do
    local x, y = a:get(e), b:get(e)
    if not (x ~= x and y ~= y) and string.pack("<d", x) ~= string.pack("<d", y) then
      return false, ("element %d: %s against %s"):format(e, tostring(x), tostring(y))
    end
  end
  return true
end

-- kcv.mp.gdn and the device's answer to the same arguments, and gpu.last.
local function both_gdn(backend, a)
  local want = table.pack(kcv.mp.gdn(a))
  local saved = gpu.MIN_WORK
  gpu.MIN_WORK = 0
  local got = table.pack(gpu.for_backend(backend, true).gdn(a))
  gpu.MIN_WORK = saved
  return want, got, gpu.last
end

local function gdn_same_bits_on(backend)
  it("gives kcv.mp.gdn's o, ht and their magnitudes bit for bit, for all five members of the family", function()
    for name, var in pairs(GDN_VARIANTS) do
      local want, got, last = both_gdn(backend, gdn_args(var, 2, 70, 2, 8, 5, 10))
      assert.are.equal("ok", last.status, name .. ": " .. tostring(last.message))
      assert.are.equal(4, got.n)
      for i = 1, 4 do assert.is_true(kcv.cmp.bytes_equal(want[i], got[i]), name .. " output " .. i) end
    end
  end)

  it("leaves grouped value heads (v with more heads than q) to kcv.mp.gdn, with its bits", function()
    local a = gdn_args({g = "scalar", beta = true}, 1, 9, 4, 8, 5, 60)
    a.q = kcv.buffer("f64", {1, 9, 2, 8}):fill_uniform{seed = 61, lo = -1, hi = 1}     -- 2 key heads, 4 value heads
    a.k = kcv.buffer("f64", {1, 9, 2, 8}):fill_uniform{seed = 62, lo = -1, hi = 1}
    local want, got, last = both_gdn(backend, a)
    assert.are.equal("host", last.status)
    for i = 1, 4 do assert.is_true(kcv.cmp.bytes_equal(want[i], got[i]), "output " .. i) end
  end)

  it("keeps NaN, Inf and a gate of -Inf where kcv.mp.gdn has them, with no h0 and V past a warp", function()
    local a = gdn_args({g = "scalar", beta = true, h0 = false}, 1, 9, 2, 4, 33, 20)
    a.k:set(5, 0 / 0); a.v:set(40, 1 / 0); a.g:set(7, -1 / 0); a.q:set(60, -1 / 0)
    local want, got, last = both_gdn(backend, a)
    assert.are.equal("ok", last.status, tostring(last.message))
    for i = 1, 4 do
      local same, where = same_bits(want[i], got[i])
      assert.is_true(same, "output " .. i .. ": " .. tostring(where))
    end
    local nan = 0
    for e = 0, got[1].numel - 1 do if got[1]:get(e) ~= got[1]:get(e) then nan = nan + 1 end end
    assert.is_true(nan > 0)                                   -- the NaN reached o
  end)
end

-- kcv.mp.gdn_bwd and the device's answer to the same arguments, and gpu.last.
local function both_gdn_bwd(backend, a)
  local want = kcv.mp.gdn_bwd(a)
  local saved = gpu.MIN_WORK
  gpu.MIN_WORK = 0
  local got = gpu.for_backend(backend, true).gdn_bwd(a)
  gpu.MIN_WORK = saved
  return want, got, gpu.last
end

-- Every gradient and magnitude of want, byte for byte in got (and none more).
local function same_gradients(want, got, what)
  for _, name in ipairs{"dq", "dk", "dv", "dg", "dbeta", "dh0"} do
    assert.are.equal(want[name] == nil, got[name] == nil, what .. " " .. name)
    if want[name] then
      local same, where = same_bits(want[name], got[name])
      assert.is_true(same, what .. " " .. name .. ": " .. tostring(where))
      same, where = same_bits(want.mag[name], got.mag[name])
      assert.is_true(same, what .. " magnitude of " .. name .. ": " .. tostring(where))
    end
  end
end

local function gdn_bwd_same_bits_on(backend)
  it("gives kcv.mp.gdn_bwd's gradients and magnitudes bit for bit, for all five members, across a checkpoint", function()
    for name, var in pairs(GDN_VARIANTS) do
      local a = gdn_args(var, 2, 70, 2, 8, 5, 40)           -- T = 70: two segments of 64 steps
      a["do"] = kcv.buffer("f64", {2, 70, 2, 5}):fill_uniform{seed = 47, lo = -1, hi = 1}
      a.dht = kcv.buffer("f64", {2, 2, 8, 5}):fill_uniform{seed = 48, lo = -1, hi = 1}
      local want, got, last = both_gdn_bwd(backend, a)
      assert.are.equal("ok", last.status, name .. ": " .. tostring(last.message))
      same_gradients(want, got, name)
    end
  end)

  it("keeps NaN, Inf and a gate of -Inf as kcv.mp.gdn_bwd has them, with no h0, no dht and V past a warp", function()
    local a = gdn_args({g = "key", beta = true, h0 = false}, 1, 9, 2, 4, 33, 50)
    a["do"] = kcv.buffer("f64", {1, 9, 2, 33}):fill_uniform{seed = 57, lo = -1, hi = 1}
    a.k:set(5, 0 / 0); a.v:set(40, 1 / 0); a.g:set(7, -1 / 0); a["do"]:set(90, -1 / 0)
    local want, got, last = both_gdn_bwd(backend, a)
    assert.are.equal("ok", last.status, tostring(last.message))
    same_gradients(want, got, "non-finite")
  end)
end

describe("the Gated DeltaNet forward oracle on the device", function()
  on_each_backend(gdn_same_bits_on)

  it("leaves arguments kcv.mp.gdn would refuse to kcv.mp.gdn, whose message they get", function()
    local a = gdn_args(GDN_VARIANTS.gdn, 1, 4, 1, 4, 4, 30)
    for _, bad in ipairs{{beta = kcv.buffer("f64", 1, 4, 2)},   -- not [B,T,H]
                         {q = kcv.buffer("i32", 1, 4, 1, 4)}} do   -- not a float buffer
      local b = {}
      for k, v in pairs(a) do b[k] = v end
      for k, v in pairs(bad) do b[k] = v end
      local ok1, e1 = pcall(kcv.mp.gdn, b)
      local ok2, e2 = pcall(gpu.for_backend("cpu", true).gdn, b)
      assert.is_false(ok1); assert.is_false(ok2)
      assert.are.equal(e1, tostring(e2):sub(-#e1))            -- the same message (e2 has where it was raised)
      assert.are.equal("host", gpu.last.status)
    end
  end)
end)

describe("the Gated DeltaNet backward oracle on the device", function()
  on_each_backend(gdn_bwd_same_bits_on)

  it("leaves a call without dO to kcv.mp.gdn_bwd, whose message it gets", function()
    local a = gdn_args(GDN_VARIANTS.gdn, 1, 4, 1, 4, 4, 60)
    local ok1, e1 = pcall(kcv.mp.gdn_bwd, a)
    local ok2, e2 = pcall(gpu.for_backend("cpu", true).gdn_bwd, a)
    assert.is_false(ok1); assert.is_false(ok2)
    assert.are.equal(e1, tostring(e2):sub(-#e1))
    assert.are.equal("host", gpu.last.status)
  end)
end)

describe("tools/bench-gdn-oracle.lua", function()
  it("times the oracle, forward and backward, both ways and says the bits agree (its kernels on the CPU backend)", function()
    local p = io.popen("./kcv run tools/bench-gdn-oracle.lua '1,70,2,8,5 1,9,2,4,33' cpu 2>&1")
    local out = p:read("a")
    p:close()
    local rows = 0
    for _ in out:gmatch("\n[%d,]+%s+[fbw][wd][d]%s+[%d.]+%s+[%d.]+%s+ok true") do rows = rows + 1 end
    assert.are.equal(4, rows, out)                           -- two shapes, forward and backward
  end)
end)
