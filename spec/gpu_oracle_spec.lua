-- The oracle on the device (kcv.oracle.gpu): the same bits as kcv.mp.
-- The kernel runs on the CPU backend here (kcv compiles the .cu as C++),
-- which checks its arithmetic and its certificate; on a GPU the same
-- test runs on the cuda backend.
local kcv = require "kcv"
local gpu = require "kcv.oracle.gpu"

local function on(backend, m, k, n, fill)
  local A, B = kcv.buffer("f32", m, k), kcv.buffer("f32", k, n)
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

  it("hands the rows it cannot certify (NaN, Inf) to MPFR, and keeps -0 sums -0", function()
    local y1, _, y2, _, last = on(backend, 17, 40, 18, function(A, B)
      normal(A, B, 5); A:set(3, 0 / 0); B:set(40, 1 / 0)
    end)
    assert.is_true(last.rows_on_host > 0)
    assert.is_true(kcv.cmp.bytes_equal(y1, y2))
    local z1, _, z2 = on(backend, 5, 3, 4, function(A, B) A:fill(-0.0); B:fill(1) end)
    assert.is_true(kcv.cmp.bytes_equal(z1, z2))
    assert.are.equal(kcv.tobits(-0.0, "f64"), z2:bits(0))
  end)
end

describe("the certified GEMM oracle on the device", function()
  describe("run by the CPU backend", function() same_bits_on("cpu") end)

  describe("run by the cuda backend", function()
    if kcv.backend.available("cuda") then same_bits_on("cuda")
    else pending("no CUDA device: the same checks on a GPU run only where one answers") end
  end)

  it("is kcv.mp itself on the cpu backend and with KCV_GPU_ORACLE=0", function()
    assert.are.equal(kcv.mp, gpu.for_backend("cpu"))
    assert.are_not.equal(kcv.mp, gpu.for_backend("cpu", true))
    assert.are.equal(kcv.mp.sum, gpu.for_backend("cpu", true).sum)
  end)

  it("leaves options it does not take (transposes, alpha, beta) to kcv.mp.gemm", function()
    local A, B = kcv.buffer("f32", 4, 3):fill_normal{seed = 1}, kcv.buffer("f32", 4, 5):fill_normal{seed = 2}
    local y1 = kcv.mp.gemm(A, B, {ta = true})
    local y2 = gpu.for_backend("cpu", true).gemm(A, B, {ta = true})
    assert.is_true(kcv.cmp.bytes_equal(y1, y2))
  end)
end)
