-- The CPU backend: CUDA C kernels run as fibers, one per GPU thread, with
-- barriers, warp collectives and atomics, and a schedule drawn from the
-- job's sched_seed.  What only a GPU can run is "needs_device".
--
-- KCV_BACKEND=cuda (tools/device-check) runs the same kernels on the GPU:
-- what they compute must not depend on the backend.  What is the shim's
-- own (fibers, the seeded schedule and stale shared memory, the source scan
-- for inline PTX) is pending there ("cpu backend only: <why>"); with
-- KCV_BACKEND=cuda and no device every test is pending with the reason.
local kcv = require "kcv"

local bt = require "backend_under_test"
local BACKEND, CUDA, NO_DEVICE = bt.BACKEND, bt.CUDA, bt.NO_DEVICE
local it, cpu_only = bt.setup(it, function(why) pending(why) end)

local MISC = "spec/fixtures/misc.cu"
local load = bt.loader(MISC)

local function ok(r)
  assert.are.equal("ok", r.status, r.message)
  assert.are.same({}, r.redzone)
  return r
end

describe(CUDA and "the cpu backend's kernels, on cuda" or "the cpu backend", function()
  it("sums exactly with a block reduction of __syncthreads and warp shuffles", function()
    local k = load("block_sum", {"ptr", "ptr", "i32"}, "spec/fixtures/block_sum.cu")
    for _, case in ipairs{{n = 1000, block = 256}, {n = 4097, block = 1024}, {n = 33, block = 64}} do
      local n, nb = case.n, (case.n + case.block - 1) // case.block
      local x, want = kcv.buffer("i32", n), 0
      for i = 0, n - 1 do
        local v = (i * 7919) % 2001 - 1000
        x:set(i, v)
        want = want + v
      end
      local out = kcv.buffer("i64", nb)
      for seed = 0, 2 do
        out:fill(-1)
        ok(k:launch{grid = nb, block = case.block, args = {x, out, n}, sched_seed = seed})
        local got = 0
        for b = 0, nb - 1 do got = got + out:get(b) end
        assert.are.equal(want, got)
      end
    end
  end)

  it("gives the same results with the portable ucontext switch (-DKCV_UCONTEXT)", function()
    cpu_only("the fiber switch of the cpu runtime")
    local k = assert(kcv.kernel.load{source = "spec/fixtures/block_sum.cu", name = "block_sum",
                                     params = {"ptr", "ptr", "i32"}, options = {"-DKCV_UCONTEXT"},
                                     backend = BACKEND})
    local n = 3000
    local x, want = kcv.buffer("i32", n), 0
    for i = 0, n - 1 do x:set(i, i % 13 - 6); want = want + i % 13 - 6 end
    local out = kcv.buffer("i64", 3)
    ok(k:launch{grid = 3, block = 1024, args = {x, out, n}, sched_seed = 9})
    assert.are.equal(want, out:get(0) + out:get(1) + out:get(2))
  end)

  -- the module is built with -mfma where the CPU has it (fmaf inlined),
  -- and contraction stays off: a * b + c rounds twice, as the source says
  it("rounds a * b + c twice and fmaf once (fmaf inlined, nothing contracted)", function()
    local k = load("mul_add", {"ptr", "ptr", "ptr", "ptr"})
    local a = 1 + 2 ^ -12                           -- a * a = 1 + 2^-11 + 2^-24 exactly
    local x = kcv.buffer("f32", 3)
    x:set(0, a); x:set(1, a); x:set(2, -(1 + 2 ^ -11))
    local da = 1 + 2 ^ -27                          -- da * da = 1 + 2^-26 + 2^-54 exactly
    local d = kcv.buffer("f64", 3)
    d:set(0, da); d:set(1, da); d:set(2, -(1 + 2 ^ -26))
    local out, dout = kcv.buffer("f32", 3), kcv.buffer("f64", 2)
    ok(k:launch{grid = 1, block = 1, args = {x, d, out, dout}})
    assert.are.equal(0, out:get(0))                 -- RN(a*a) = 1 + 2^-11 (a tie, to even)
    assert.are.equal(2 ^ -24, out:get(1))
    assert.are.equal(2 ^ -24, out:get(2))
    assert.are.equal(0, dout:get(0))
    assert.are.equal(2 ^ -54, dout:get(1))
  end)

  local function atomic_inputs()
    local n = 2048
    local x = kcv.buffer("f32", n)
    for i = 0, n - 1 do x:set(i, ((i * 7919) % 1000 + 1) / 7 * 10 ^ ((i % 5) - 2)) end
    return x, n
  end

  -- n float additions in any order stay within gamma_n sum|x| of the exact
  -- sum (gamma_n = n u / (1 - n u), u = 2^-24; no underflow here): all that
  -- float atomicAdd promises on any backend.
  it("sums with float atomics within the error bound of any summation order", function()
    local k = load("atomic_sum", {"ptr", "ptr", "i32"})
    local x, n = atomic_inputs()
    local exact = 0
    for i = 0, n - 1 do exact = exact + x:get(i) end     -- all positive: sum|x| = sum x
    local bound = n * 2 ^ -24 / (1 - n * 2 ^ -24) * exact
    for seed = 1, 3 do
      local out = kcv.buffer("f32", 1)
      ok(k:launch{grid = 8, block = 256, args = {x, out, n}, sched_seed = seed})
      assert.is_true(math.abs(out:get(0) - exact) <= bound,
                     ("sum %.9g, exact %.9g, bound %.3g"):format(out:get(0), exact, bound))
    end
  end)

  it("shows the schedule in float atomics: other seeds, other bits; the same seed, the same bits", function()
    cpu_only("sched_seed orders the fibers; a GPU's atomic order is its own, not seeded " ..
             "(different bits across runs are likely there, not guaranteed)")
    local k = load("atomic_sum", {"ptr", "ptr", "i32"})
    local x, n = atomic_inputs()
    local function sum(seed)
      local out = kcv.buffer("f32", 1)
      ok(k:launch{grid = 8, block = 256, args = {x, out, n}, sched_seed = seed})
      return out:bits(0)
    end
    local seen, distinct = {}, 0
    for seed = 1, 6 do
      local b = sum(seed)
      if not seen[b] then seen[b], distinct = true, distinct + 1 end
      assert.are.equal(b, sum(seed))
    end
    assert.is_true(distinct >= 2, "every seed gave the same bits")
  end)

  it("runs warp votes and __syncthreads_count like a GPU", function()
    local k = load("votes", {"ptr"})
    local nt = 96
    local out = kcv.buffer("u32", 4 * nt)
    ok(k:launch{grid = 1, block = nt, args = {out}, sched_seed = 3})
    for t = 0, nt - 1 do
      assert.are.equal(0xAAAAAAAA, out:get(4 * t))
      assert.are.equal(nt // 2, out:get(4 * t + 1))
      assert.are.equal(1, out:get(4 * t + 2))
      assert.are.equal(1, out:get(4 * t + 3))
    end
  end)

  it("shuffles within a warp, keeping a lane's own value when the source is out of range", function()
    local k = load("shuffles", {"ptr"})
    local out = kcv.buffer("i32", 2 * 64)
    ok(k:launch{grid = 1, block = 64, args = {out}})
    for t = 0, 63 do
      local lane = t % 32
      assert.are.equal(lane == 0 and 0 or (lane - 1) * 10, out:get(2 * t))
      assert.are.equal(30, out:get(2 * t + 1))
    end
  end)

  -- kernel `name` (x, y, n) of `source` on x = 0, 1, ..., n-1, blocks of
  -- 64 with `smem` bytes of dynamic shared memory; returns y
  local function on_ramp(name, n, smem, source)
    local x, y = kcv.buffer("f32", n), kcv.buffer("f32", n)
    for i = 0, n - 1 do x:set(i, i) end
    ok(load(name, {"ptr", "ptr", "i32"}, source):launch{grid = n // 64, block = 64, smem = smem, args = {x, y, n}})
    return y
  end

  it("gives extern __shared__ arrays the launch's dynamic shared memory", function()
    local y = on_ramp("reverse_smem", 256, 64 * 4)
    for i = 0, 255 do assert.are.equal((i // 64) * 64 + 63 - i % 64, y:get(i)) end
  end)

  it("fails a kernel that writes past its dynamic shared memory, naming the block and the byte", function()
    cpu_only("a GPU does not fault on a write just past a block's dynamic shared memory")
    local x, y = kcv.buffer("f32", 128), kcv.buffer("f32", 128)
    local r = load("past_smem", {"ptr", "ptr", "i32"}):launch{grid = 2, block = 64, smem = 64 * 4, args = {x, y, 128}}
    assert.are.equal("kernel_error", r.status)
    assert.matches("wrote past the launch's 256 bytes of dynamic shared memory %(at byte 256 of it%)", r.message)
    -- the same kernel given room for both halves is fine
    ok(load("past_smem", {"ptr", "ptr", "i32"}):launch{grid = 2, block = 64, smem = 128 * 4, args = {x, y, 128}})
  end)

  it("launches a kernel whose static and dynamic shared memory pass 48 KB together", function()
    local y = on_ramp("static_and_dynamic_smem", 128, 20 * 1024)
    for i = 0, 127 do assert.are.equal(i + 3, y:get(i)) end
  end)

  it("gives extern __shared__ arrays of an included kernel file the dynamic shared memory", function()
    local src = "spec/fixtures/include/outer.cu"
    local y = on_ramp("reverse_smem", 256, 64 * 4, src)
    local z = on_ramp("twice_smem", 256, 64 * 4, src)
    -- deep/inner.cu's own include lies next to it, not next to outer.cu
    local w = on_ramp("thrice_smem", 256, 64 * 4, src)
    for i = 0, 255 do
      assert.are.equal((i // 64) * 64 + 63 - i % 64, y:get(i))
      assert.are.equal(2 * i, z:get(i))
      assert.are.equal(3 * i, w:get(i))
    end
  end)

  it("names the included file and its line when it does not compile", function()
    cpu_only("the message is the host compiler's")
    local k, err = kcv.kernel.load{source = "spec/fixtures/include/bad_outer.cu", name = "bad_outer",
                                   params = {"ptr"}, backend = BACKEND}
    assert.is_nil(k)
    assert.matches("bad_inner%.cuh:6", err)
  end)

  it("keeps __shared__ variables of device function templates apart per instantiation", function()
    local k = load("template_smem", {"ptr", "ptr"})
    local y, z = kcv.buffer("f32", 32), kcv.buffer("i32", 32)
    ok(k:launch{grid = 3, block = 32, args = {y, z}})
    for i = 0, 31 do
      assert.are.equal(48, y:get(i))
      assert.are.equal(496, z:get(i))
    end
  end)

  it("fills shared memory with a stale byte drawn from the seed before each block", function()
    cpu_only("what a GPU leaves in shared memory is not drawn from sched_seed")
    local k = load("read_stale", {"ptr"})
    local function stale(seed)
      local out = kcv.buffer("u32", 8)
      ok(k:launch{grid = 4, block = 32, smem = 64, args = {out}, sched_seed = seed})
      return table.concat(out:totable(), ",")
    end
    assert.are.equal(stale(1), stale(1))
    assert.are_not.equal(stale(1), stale(2))
    local v = kcv.buffer("u32", 8)
    ok(k:launch{grid = 4, block = 32, smem = 64, args = {v}, sched_seed = 5})
    for b = 0, 3 do   -- static and dynamic areas hold the same repeated byte
      local x = v:get(2 * b)
      assert.are.equal(x, v:get(2 * b + 1))
      assert.are.equal((x & 0xff) * 0x01010101, x)
    end
  end)

  it("lets threads that returned early count as arrived at __syncthreads", function()
    local k = load("early_exit", {"ptr"})
    local y = kcv.buffer("i32", 16)
    ok(k:launch{grid = 1, block = 64, args = {y}})
    for i = 0, 15 do assert.are.equal(15 - i, y:get(i)) end
  end)

  it("rounds __half and __nv_bfloat16 conversions to nearest even, like kcv.round", function()
    local k = load("halves", {"ptr", "ptr", "i32"})
    local vals = {0, -0.0, 1, 1 / 3, 65504, 65520, 1e-7, -2.5e-8, 3.14159, 1e30, 0 / 0, 1 / 0}
    local x = kcv.from("f32", vals)
    local out = kcv.buffer("f32", 3 * #vals)
    ok(k:launch{grid = 1, block = 32, args = {x, out, #vals}})
    for i, v in ipairs(vals) do
      local xf = x:get(i - 1)
      local h, b, hh = out:get(3 * (i - 1)), out:get(3 * (i - 1) + 1), out:get(3 * (i - 1) + 2)
      if xf ~= xf then
        assert.is_true(h ~= h and b ~= b)
      else
        assert.are.equal(kcv.round(xf, "f16"), h)
        assert.are.equal(kcv.round(xf, "bf16"), b)
        assert.are.equal(kcv.round(2 * kcv.round(xf, "f16"), "f16"), hh)
      end
    end
  end)

  it("rounds a double once to __half and __nv_bfloat16, also just past a tie", function()
    local k = load("double_halves", {"ptr", "ptr", "i32"})
    -- 1 + 2^-8 + 2^-30 lies just above the bf16 tie 1 + 2^-8 (and 1 + 2^-11 +
    -- 2^-40 above the f16 tie): once rounded, up; through a float, the tie,
    -- then down to even
    local vals = {1 + 2 ^ -8 + 2 ^ -30, 1 + 2 ^ -11 + 2 ^ -40, -(1 + 2 ^ -8 + 2 ^ -30), 1 + 2 ^ -8,
                  1e300, -1e-300, 3.14159, 0 / 0}
    local x = kcv.from("f64", vals)
    local out = kcv.buffer("f32", 2 * #vals)
    ok(k:launch{grid = 1, block = 32, args = {x, out, #vals}})
    assert.are.equal(1 + 2 ^ -7, out:get(1))               -- bf16 of the first: up
    assert.are.equal(1 + 2 ^ -10, out:get(2))              -- f16 of the second: up
    assert.are.equal(-(1 + 2 ^ -7), out:get(5))
    for i, v in ipairs(vals) do
      local h, b = out:get(2 * (i - 1)), out:get(2 * (i - 1) + 1)
      if v ~= v then
        assert.is_true(h ~= h and b ~= b)
      else
        assert.are.equal(kcv.round(v, "f16"), h, tostring(v))
        assert.are.equal(kcv.round(v, "bf16"), b, tostring(v))
      end
    end
  end)

  it("makes __expf a fast approximation distinct from the accurate expf", function()
    local k = load("exps", {"ptr", "ptr", "i32"})
    local n = 64
    local x = kcv.buffer("f32", n)
    for i = 0, n - 1 do x:set(i, (i - 32) / 3.7) end
    local out = kcv.buffer("f32", 2 * n)
    ok(k:launch{grid = 1, block = 64, args = {x, out, n}})
    local differ = 0
    for i = 0, n - 1 do
      local acc, fast = out:get(2 * i), out:get(2 * i + 1)
      assert.is_true(math.abs(acc - math.exp(x:get(i))) <= 2 ^ -22 * math.exp(x:get(i)))
      assert.is_true(math.abs(fast - acc) <= 2 ^ -18 * acc)
      if out:bits(2 * i) ~= out:bits(2 * i + 1) then differ = differ + 1 end
    end
    assert.is_true(differ > n / 2)
  end)

  it("reports __trap() as a kernel_error and keeps working afterwards", function()
    local k = load("trapper", {"ptr"})
    local y = kcv.buffer("i32", 32)
    local r = k:launch{grid = 1, block = 32, args = {y}}
    assert.are.equal("kernel_error", r.status)
    if CUDA then   -- a sticky error at synchronize, naming the last kernel launched
      assert.matches("CUDA_ERROR_.*trapper", r.message)
    else
      assert.matches("trapper: __trap%(%)", r.message)
    end
    assert.are.same(kcv.buffer("i32", 32):totable(), y:totable())   -- nothing came back
    ok(load("inc", {"ptr", "i32"}):launch{grid = 1, block = 32, args = {y, 32}})
    assert.are.equal(1, y:get(31))
  end)

  it("gives needs_device, naming the construct and line, for inline PTX (cpu); runs it on cuda", function()
    local k = load("lane_id", {"ptr"}, "spec/fixtures/inline_asm.cu")
    if CUDA then   -- the device runs it: %laneid
      assert.is_nil(k.needs_device)
      local out = kcv.buffer("u32", 64)
      ok(k:launch{grid = 1, block = 64, args = {out}})
      for t = 0, 63 do assert.are.equal(t % 32, out:get(t)) end
      return
    end
    assert.matches("inline_asm.cu:5: 'asm'", k.needs_device)
    local r = k:launch{grid = 1, block = 32, args = {kcv.buffer("u32", 32)}}
    assert.are.equal("needs_device", r.status)
    assert.matches("inline_asm.cu:5: 'asm' cannot run on the cpu backend", r.message)
    local a, why = k:attrs()
    assert.is_nil(a)
    assert.matches("needs_device", why)
  end)

  it("does not mistake asm in comments or strings for inline PTX", function()
    local f = os.tmpname() .. ".cu"
    local h = assert(io.open(f, "w"))
    h:write('// no asm("...") here\n/* wgmma */\nextern "C" __global__ void k(int *y) {\n',
            '  const char *s = "asm volatile"; y[threadIdx.x] = s[0];\n}\n')
    h:close()
    local k = load("k", {"ptr"}, f)
    local y = kcv.buffer("i32", 2)
    ok(k:launch{grid = 1, block = 2, args = {y}})
    assert.are.equal(string.byte("a"), y:get(1))
    os.remove(f)
  end)

  it("gives needs_device for inline PTX hidden in an included header", function()
    cpu_only("the x86 assembler's view of inline PTX; NVRTC compiles it")
    local base = os.tmpname()
    local hdr, src = base .. ".cuh", base .. ".cu"
    local h = assert(io.open(hdr, "w"))
    h:write('__device__ unsigned lane() { unsigned id; asm volatile("mov.u32 %0, %%laneid;" : "=r"(id)); return id; }\n')
    h:close()
    h = assert(io.open(src, "w"))
    h:write('#include "' .. hdr .. '"\nextern "C" __global__ void k(unsigned *o) { o[threadIdx.x] = lane(); }\n')
    h:close()
    local k = load("k", {"ptr"}, src)
    assert.matches("inline PTX", k.needs_device)
    assert.are.equal("needs_device", k:launch{grid = 1, block = 1, args = {kcv.buffer("u32", 1)}}.status)
    os.remove(hdr); os.remove(src); os.remove(base)
  end)

  it("finds a kernel without extern \"C\" by its plain name, unless it is overloaded", function()
    local f = os.tmpname() .. ".cu"
    local h = assert(io.open(f, "w"))
    h:write('__global__ void twice(const float *x, float *y, int n)\n',
            '{ int i = threadIdx.x; if (i < n) y[i] = 2 * x[i]; }\n',
            'template <class T> __global__ void fill1(T *y) { y[threadIdx.x] = 1; }\n',
            'template __global__ void fill1<float>(float *);\n',
            'template __global__ void fill1<int>(int *);\n')
    h:close()
    local k = load("twice", {"ptr", "ptr", "i32"}, f)
    local x, y = kcv.from("f32", {1, 2, 3}), kcv.buffer("f32", 3)
    ok(k:launch{grid = 1, block = 4, args = {x, y, 3}})
    assert.are.same({2, 4, 6}, y:totable())
    local k2, err = kcv.kernel.load{source = f, name = "fill1", params = {"ptr"}, backend = BACKEND}
    assert.is_nil(k2)
    -- cuda: no single mangled _Z5fill1... matches, so cuModuleGetFunction's NOT_FOUND
    assert.matches(CUDA and "CUDA_ERROR_NOT_FOUND (kernel fill1 " or "overloaded or a template",
                   err, 1, true)
    os.remove(f)
  end)

  it("needs a device for PTX and binaries", function()
    cpu_only("the cuda backend JIT-compiles PTX")
    local f = os.tmpname() .. ".ptx"
    local h = assert(io.open(f, "w")); h:write(".version 8.0\n"); h:close()
    local k = load("k", {"ptr"}, f)
    assert.matches("needs_device", k.needs_device)
    os.remove(f)
  end)
end)
