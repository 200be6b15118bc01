-- The async copies of <cuda_pipeline.h> (cp.async, global to shared
-- memory): on the CPU backend each copy lands at the wait that covers it
-- and its destination holds NaN bytes until then (host/cpu/kcv_cpu_pipeline.h),
-- so a kernel that reads too early shows it; with KCV_BACKEND=cuda the same
-- kernels run on the device (tools/device-check), whose results must agree.
local kcv = require "kcv"
local bt = require "backend_under_test"
local it, cpu_only = bt.setup(it, function(why) pending(why) end)
local load, ok = bt.loader("spec/fixtures/pipeline.cu")

describe("async copies (__pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior)", function()
  it("copies 4, 8 and 16 bytes into shared memory, which every thread reads after the wait and a barrier", function()
    local n = 256
    local x, y, z = kcv.buffer("f32", n), kcv.buffer("f64", n), kcv.buffer("f32", 4 * n)
    x:fill_normal{seed = 1}
    y:fill_normal{seed = 2}
    z:fill_normal{seed = 3}
    local ox, oy, oz = kcv.buffer("f32", n), kcv.buffer("f64", n), kcv.buffer("f32", 4 * n)
    for seed = 0, 2 do
      ok(load("mirror", {"ptr", "ptr", "ptr", "ptr", "ptr", "ptr"})
           :launch{grid = 1, block = n, args = {x, y, z, ox, oy, oz}, sched_seed = seed})
      for t = 0, n - 1 do
        assert.are.equal(x:bits(n - 1 - t), ox:bits(t))
        assert.are.equal(y:bits(n - 1 - t), oy:bits(t))
        for c = 0, 3 do assert.are.equal(z:bits(4 * (n - 1 - t) + c), oz:bits(4 * t + c)) end
      end
    end
  end)

  it("lands every batch but the newest N at wait_prior(N)", function()
    local n = 128
    local x, out = kcv.buffer("f64", 2 * n), kcv.buffer("f64", 2 * n)
    for i = 0, 2 * n - 1 do x:set(i, i + 0.5) end
    ok(load("two_batches", {"ptr", "ptr"}):launch{grid = 1, block = n, args = {x, out}})
    for t = 0, n - 1 do
      assert.are.equal(n - 1 - t + 0.5, out:get(t))
      assert.are.equal(2 * n - 1 - t + 0.5, out:get(n + t))
    end
  end)

  it("fills the last zfill bytes with zeros", function()
    local x, out = kcv.buffer("f32", 4 * 64), kcv.buffer("f32", 4 * 64)
    for i = 0, 4 * 64 - 1 do x:set(i, i + 1) end
    for _, zfill in ipairs{0, 4, 8, 12, 16} do
      ok(load("zero_fill", {"ptr", "ptr", "i32"}):launch{grid = 1, block = 64, args = {x, out, zfill}})
      for i = 0, 4 * 64 - 1 do
        local kept = i % 4 < (16 - zfill) / 4
        assert.are.equal(kept and i + 1 or 0, out:get(i), "zfill " .. zfill .. ", element " .. i)
      end
    end
  end)

  it("gives NaN where a kernel reads its copy before the wait (cpu)", function()
    cpu_only("on a GPU an early read sees whatever is there: the emulation's NaN shows it")
    local x, out = kcv.buffer("f64", 64), kcv.buffer("f64", 64)
    for i = 0, 63 do x:set(i, i) end
    ok(load("read_early", {"ptr", "ptr"}):launch{grid = 1, block = 64, args = {x, out}})
    for i = 0, 63 do assert.is_true(out:get(i) ~= out:get(i), "element " .. i) end
  end)

  it("ends the kernel with a message naming the call for a bad size or alignment (cpu)", function()
    cpu_only("a GPU's behaviour for such a copy is undefined, not a message")
    local x, out = kcv.buffer("u8", 128), kcv.buffer("u8", 64)
    local k = load("bad_copy", {"ptr", "ptr", "i32", "i32"})
    local r = k:launch{grid = 1, block = 1, args = {x, out, 12, 0}}
    assert.are.equal("kernel_error", r.status)
    assert.matches("__pipeline_memcpy_async: size 12, not 4, 8 or 16", r.message, 1, true)
    r = k:launch{grid = 1, block = 1, args = {x, out, 16, 4}}
    assert.are.equal("kernel_error", r.status)
    assert.matches("not aligned to its size 16", r.message, 1, true)
    ok(k:launch{grid = 1, block = 1, args = {x, out, 16, 16}})
  end)
end)
