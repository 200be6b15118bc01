-- kcv.kernel and kcv.backend: loading kernels, running jobs in the worker,
-- and surviving kernels that crash, hang or scribble.  Fixed seeds.
--
-- The backend under test comes from the environment: KCV_BACKEND=cuda runs
-- every test on the GPU (tools/device-check does), anything else on the cpu
-- backend.  A test whose contract differs between the backends asserts the
-- documented behaviour of the one in use; one about the cpu backend alone is
-- pending on cuda ("cpu backend only: <why>").  With KCV_BACKEND=cuda and no
-- device, every test is pending with the reason ("no CUDA device: ...").
local kcv = require "kcv"

local bt = require "backend_under_test"
local BACKEND, CUDA, NO_DEVICE = bt.BACKEND, bt.CUDA, bt.NO_DEVICE
local it, cpu_only = bt.setup(it, function(why) pending(why) end)

local MISC, CRASH = "spec/fixtures/misc.cu", "spec/fixtures/crash.cu"

local function load(name, params, source)
  local k, err = kcv.kernel.load{source = source or MISC, name = name, params = params,
                                 backend = BACKEND}
  assert(k, err)
  return k
end

local function err_of(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok, "expected an error")
  return tostring(e)
end

describe("kcv.backend", function()
  it("selects the backend under test and reports it as current", function()
    assert.are.equal(BACKEND, kcv.backend.use(BACKEND))
    assert.are.equal(BACKEND, kcv.backend.current())
    assert.is_true(kcv.backend.available(BACKEND))
  end)

  it("describes the device of the backend under test", function()
    local info = assert(kcv.backend.info(BACKEND))
    assert.are.equal(BACKEND, info.backend)
    if CUDA then    -- the NVRTC target: sm_90a on an H200, compute_NN with an older NVRTC
      assert.is_string(info.name)
      assert.matches("^%a+_%d%d+a?$", info.arch)
      assert.is_true(info.sm_count > 0)
    else
      assert.are.equal("cpu", info.arch)
    end
    assert.are.equal(32, info.warp_size)
    assert.are.equal(1024, info.max_threads_per_block)
    assert.is_true(info.total_mem > 0)
  end)

  it("answers for cuda with a table or nil and 'no CUDA device: <reason>'", function()
    local info, why = kcv.backend.info("cuda")
    if info then
      assert.is_string(info.name)
    else
      assert.matches("^no CUDA device: %S", why)
      local ok, why2 = kcv.backend.available("cuda")
      assert.is_false(ok)
      assert.matches("^no CUDA device", why2)
    end
  end)

  it("rejects unknown backend names as argument errors", function()
    assert.matches("unknown backend 'tpu'", err_of(kcv.backend.use, "tpu"))
    assert.matches("bad argument #1", err_of(kcv.backend.info, "opencl"))
  end)
end)

describe("kcv.kernel.load", function()
  it("returns a kernel that knows its name, source, backend and parameters", function()
    local k = load("relu", {"ptr", "ptr", "i64"})
    assert.are.equal("relu", k.name)
    assert.are.equal(MISC, k.source)
    assert.are.equal(BACKEND, k.backend)
    assert.are.same({"ptr", "ptr", "i64"}, k.params)
    assert.is_nil(k.needs_device)
  end)

  it("returns nil and the compiler's log with file:line when the source does not compile", function()
    local k, err = kcv.kernel.load{source = "spec/fixtures/compile_error.cu", name = "broken",
                                   params = {"ptr"}, backend = BACKEND}
    assert.is_nil(k)
    -- g++ writes file:line:, NVRTC file(line): (docs/API.md)
    assert.matches(CUDA and "spec/fixtures/compile_error.cu(4): error" or
                   "spec/fixtures/compile_error.cu:4:", err, 1, true)
    assert.matches("undeclared_thing", err, 1, true)
  end)

  it("returns nil and a message for a missing file or entry point", function()
    local k, err = kcv.kernel.load{source = "spec/fixtures/nope.cu", name = "x", params = {}}
    assert.is_nil(k); assert.matches("cannot open", err)
    k, err = kcv.kernel.load{source = MISC, name = "no_such_kernel", params = {}, backend = BACKEND}
    assert.is_nil(k); assert.matches("no_such_kernel", err)
  end)

  it("passes compiler options through (-D)", function()
    local f = os.tmpname() .. ".cu"
    local h = assert(io.open(f, "w"))
    h:write('extern "C" __global__ void k(int *y) { y[threadIdx.x] = VALUE; }\n')
    h:close()
    local k = assert(kcv.kernel.load{source = f, name = "k", params = {"ptr"},
                                     options = {"-DVALUE=42"}, backend = BACKEND})
    local y = kcv.buffer("i32", 4)
    assert.are.equal("ok", k:launch{grid = 1, block = 4, args = {y}}.status)
    for i = 0, 3 do assert.are.equal(42, y:get(i)) end
    os.remove(f)
  end)

  it("says 'no CUDA device' when asked to load for cuda without one", function()
    if kcv.backend.available("cuda") then return end
    local k, err = kcv.kernel.load{source = MISC, name = "relu", params = {"ptr", "ptr", "i64"},
                                   backend = "cuda"}
    assert.is_nil(k)
    assert.matches("^no CUDA device: ", err)
  end)

  it("rejects a bad declaration as an argument error naming the field", function()
    assert.matches("params%[2%]: unknown parameter type 'float'",
      err_of(kcv.kernel.load, {source = MISC, name = "relu", params = {"ptr", "float"}}))
    assert.matches("name:", err_of(kcv.kernel.load, {source = MISC, params = {}}))
    assert.matches("params:", err_of(kcv.kernel.load, {source = MISC, name = "relu"}))
  end)

  it("gives attributes with unknown fields left nil on the cpu, all of them on cuda", function()
    local a = assert(load("relu", {"ptr", "ptr", "i64"}):attrs())
    if CUDA then   -- cuFuncGetAttribute: the limit may be below 1024 for a kernel with many registers
      assert.is_true(a.num_regs > 0)
      assert.is_true(a.max_threads_per_block >= 32 and a.max_threads_per_block <= 1024)
      assert.are.equal(0, a.static_smem)
      assert.is_true(a.binary_version >= 10 * (kcv.backend.info("cuda").cc_major))
    else
      assert.are.equal(1024, a.max_threads_per_block)
      assert.is_nil(a.num_regs)
    end
  end)
end)

describe("kcv.kernel.run", function()
  local relu      -- loaded here: without the device asked for, nothing is loaded
  if not NO_DEVICE then relu = load("relu", {"ptr", "ptr", "i64"}) end

  it("uploads the args, runs the launch and downloads every buffer", function()
    local x = kcv.from("f32", {-2, -1, 0, 1, 2, 3.5, -0.5})
    local y = kcv.buffer("f32", 7):fill(99)
    local r = relu:launch{grid = 1, block = 32, args = {x, y, 7}}
    assert.are.equal("ok", r.status)
    assert.are.same({0, 0, 0, 1, 2, 3.5, 0}, y:totable())
    assert.are.same({-2, -1, 0, 1, 2, 3.5, -0.5}, x:totable())
    assert.are.same({}, r.redzone)
  end)

  it("runs several launches in order over shared device buffers", function()
    local inc = load("inc", {"ptr", "i32"})
    local y = kcv.from("i32", {5, 6, 7})
    local r = kcv.kernel.run{launches = {
      {kernel = inc, grid = 1, block = 32, args = {y, 3}},
      {kernel = inc, grid = {1, 1, 1}, block = {32, 1, 1}, args = {y, 2}},
    }}
    assert.are.equal("ok", r.status)
    assert.are.same({7, 8, 8}, y:totable())
  end)

  it("takes sizes computed as floats when they are whole numbers", function()
    local inc = load("inc", {"ptr", "i32"})
    local y = kcv.buffer("i32", 64)
    assert.are.equal("ok", inc:launch{grid = 64 / 32, block = {32.0}, smem = 0.0, args = {y, 64.0}}.status)
    assert.are.equal(1, y:get(63))
    assert.matches("grid: 1.5 is not a positive size",
      err_of(inc.launch, inc, {grid = 1.5, block = 32, args = {y, 64}}))
  end)

  it("repeats the launch list on the same device buffers", function()
    local inc = load("inc", {"ptr", "i32"})
    local y = kcv.from("i32", {0, 10})
    assert.are.equal("ok", inc:launch{grid = 1, block = 32, args = {y, 2}, repeats = 5}.status)
    assert.are.same({5, 15}, y:totable())
  end)

  it("converts every scalar to its declared type", function()
    local k = load("scalars", {"ptr", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64"})
    local out = kcv.buffer("f64", 10)
    local r = k:launch{grid = 1, block = 1,
      args = {out, -128, -32768, -2147483648, -(2 ^ 53), 255, 65535, 4294967295, 2 ^ 53, 0.1, 0.1}}
    assert.are.equal("ok", r.status)
    assert.are.same({-128, -32768, -2147483648, -(2 ^ 53), 255, 65535, 4294967295, 2 ^ 53,
                     kcv.round(0.1, "f32"), 0.1}, out:totable())
  end)

  it("passes mixed narrow integers and floats in registers in their declared order", function()
    local k = load("scalars_few", {"ptr", "i8", "f32", "u16", "f64", "i32"})
    local out = kcv.buffer("f64", 5)
    assert.are.equal("ok", k:launch{grid = 1, block = 1, args = {out, -7, 1.5, 65535, -0.25, -123456}}.status)
    assert.are.same({-7, 1.5, 65535, -0.25, -123456}, out:totable())
  end)

  it("makes argument mistakes Lua errors that name the argument", function()
    local x, y = kcv.buffer("f32", 4), kcv.buffer("f32", 4)
    assert.matches("bad argument #1 to 'kcv.kernel.run'",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 1.5}}))
    assert.matches("args%[3%] %(i64%): 1.5 is not an integer",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 1.5}}))
    assert.matches("args%[2%] %(ptr%): missing",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, nil, 4}}))
    assert.matches("args%[1%] %(ptr%): a kcv buffer expected, got number",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {1, y, 4}}))
    assert.matches("args%[3%] %(i64%): a number expected",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, "4"}}))
    assert.matches("4 arguments for 3 parameters",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 4, 5}}))
    local inc = load("inc", {"ptr", "i32"})
    assert.matches("args%[2%] %(i32%): 2147483648 does not fit in i32",
      err_of(inc.launch, inc, {grid = 1, block = 4, args = {x, 2 ^ 31 // 1}}))
    assert.matches("grid: 0 is not a positive size",
      err_of(relu.launch, relu, {grid = 0, block = 4, args = {x, y, 4}}))
    assert.matches("block: 2048 threads exceed 1024",
      err_of(relu.launch, relu, {grid = 1, block = {64, 32}, args = {x, y, 4}}))
    assert.matches("grid%[2%]: a positive integer",
      err_of(relu.launch, relu, {grid = {1, -1}, block = 4, args = {x, y, 4}}))
    assert.matches("launches%[1%]%.kernel: a kernel expected",
      err_of(kcv.kernel.run, {launches = {{grid = 1, block = 1, args = {}}}}))
    assert.matches("poison: a key is not a buffer among the launch args",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 4}, poison = {[kcv.buffer("f32", 1)] = 0}}))
    assert.matches("placement: must be a multiple of 256",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 4}, placement = 100}))
  end)

  it("refuses a misspelt option instead of ignoring it, naming it", function()
    local x, y = kcv.buffer("f32", 4), kcv.buffer("f32", 4)
    assert.matches("unknown option 'redzon'",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 4}, redzon = 0}))
    assert.matches("unknown option 'timout'",
      err_of(kcv.kernel.run, {launches = {{kernel = relu, grid = 1, block = 4, args = {x, y, 4}}}, timout = 1}))
    assert.matches("launches%[1%]: unknown option 'blocks'",
      err_of(kcv.kernel.run, {launches = {{kernel = relu, grid = 1, blocks = 4, args = {x, y, 4}}}}))
    assert.matches("time: unknown option 'rep'",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 4}, time = {rep = 3}}))
    assert.matches("unknown option 'sources'",
      err_of(kcv.kernel.load, {sources = MISC, source = MISC, name = "relu", params = {"ptr"}}))
  end)

  it("fills a poisoned buffer's device copy instead of uploading it, so unwritten elements show", function()
    local k = load("write_even", {"ptr", "i32"})
    local y = kcv.buffer("f32", 8)
    assert.are.equal("ok", k:launch{grid = 1, block = 32, args = {y, 8}, poison = {[y] = 0xFF}}.status)
    for i = 0, 7 do
      if i % 2 == 0 then assert.are.equal(1.0, y:get(i))
      else assert.are.equal(0xFFFFFFFF, y:bits(i)) end
    end
  end)

  it("fills a scratch buffer on the device and leaves its host bytes alone, guards still checked", function()
    -- a pipeline's workspace: no gate reads it after the run, so its bytes
    -- are neither uploaded nor copied back (subject.lua's workspace)
    local x, y = kcv.buffer("f32", 4), kcv.buffer("f32", 4)
    for i = 0, 3 do x:set(i, -1.0) end
    assert.are.equal("ok", relu:launch{grid = 1, block = 4, args = {x, y, 4}, scratch = {[x] = 0x3F}}.status)
    for i = 0, 3 do
      assert.are.equal(0x3F3F3F3F, y:bits(i))    -- relu saw the fill, not -1
      assert.are.equal(-1.0, x:get(i))            -- and nothing came back into x
    end
    local k = load("off_by_one", {"ptr", "i32"})
    local r = k:launch{grid = 1, block = 32, args = {y, 8}, scratch = {[y] = 0}}
    assert.are.equal(1, #r.redzone)
    assert.are.equal("after", r.redzone[1].side)
    assert.matches("scratch: values must be integers in %[0, 255%]",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 4}, scratch = {[x] = 256}}))
  end)

  it("sends a scratch buffer's bytes neither way: the job's shared memory has no room for it", function()
    -- gdn_chunked_bwd's workspace is 35 GB at its top shapes; the worker
    -- used to map (and fault in) that much shared memory for bytes that
    -- never travel
    local x, y = kcv.buffer("f32", 4), kcv.buffer("f32", 4)
    local big = kcv.buffer("f32", 1 << 22)       -- 16 MiB, of which relu reads 4 elements
    local plain = relu:launch{grid = 1, block = 4, args = {x, y, 4}}
    local r = relu:launch{grid = 1, block = 4, args = {big, y, 4}, scratch = {[big] = 0}}
    assert.are.equal("ok", r.status, r.message)
    assert.are.equal(2 * 64, plain.shared_bytes)  -- x and y, 64-byte aligned
    assert.are.equal(64, r.shared_bytes)          -- y alone
  end)

  it("sends only a tiled buffer's head, repeats it on the device and brings nothing back", function()
    -- CMP-03's runs past 2^31 elements: their inputs repeat a random head,
    -- and sending all of them moved 16 GB a tensor each way
    local n, period = 1000, 7
    local x, y = kcv.buffer("f32", n), kcv.buffer("f32", n)
    for i = 0, n - 1 do x:set(i, (i % period) - 3.0) end
    x:set(500, 1e6)                                   -- the caller broke its word here: not sent
    local r = relu:launch{grid = 4, block = 256, args = {x, y, n}, tile = {[x] = period * 4}}
    assert.are.equal("ok", r.status, r.message)
    for i = 0, n - 1 do assert.are.equal(math.max(0, (i % period) - 3.0), y:get(i)) end
    assert.are.equal(1e6, x:get(500))                 -- the host's bytes stay as they were
    assert.are.equal(64 + 4000 // 64 * 64 + 64, r.shared_bytes)   -- the head and y
  end)

  it("brings back only the sampled elements, into their places, from a device copy never uploaded", function()
    local n = 1000
    local x, y = kcv.buffer("f32", n), kcv.buffer("f32", n):fill(9)
    for i = 0, n - 1 do x:set(i, i - 10.0) end
    local sample = {0, 5, 10, 11, 12, 13, 999}
    local r = relu:launch{grid = 4, block = 256, args = {x, y, n}, sample = {[y] = sample}}
    assert.are.equal("ok", r.status, r.message)
    local picked = {}
    for _, i in ipairs(sample) do picked[i] = true end
    for i = 0, n - 1 do
      assert.are.equal(picked[i] and math.max(0, i - 10.0) or 9, y:get(i))
    end
    assert.are.equal(4032 + 64, r.shared_bytes)      -- x whole, y's seven elements
    -- the device copy starts as the poison byte, not as the host's bytes
    local skip = load("off_by_one", {"ptr", "i32"})   -- writes 2.0 to y[0 .. 8]
    local z = kcv.buffer("f32", 64):fill(9)
    assert.are.equal("ok", skip:launch{grid = 1, block = 32, args = {z, 8}, poison = {[z] = 0x7F},
                                       sample = {[z] = {7, 8, 40}}}.status)
    assert.are.same({2, 2, 0x7F7F7F7F}, {z:get(7), z:get(8), z:bits(40)})
    assert.are.equal(9, z:get(0))
  end)

  it("refuses a tile or a sample that does not fit its buffer", function()
    local x, y = kcv.buffer("f32", 8), kcv.buffer("f32", 8)
    local function run(opts)
      opts.grid, opts.block, opts.args = 1, 32, {x, y, 8}
      return err_of(relu.launch, relu, opts)
    end
    assert.matches("tile: 6 bytes for a buffer of 32 bytes", run{tile = {[x] = 6}})
    assert.matches("tile: 36 bytes", run{tile = {[x] = 36}})
    assert.matches("tile: a tiled buffer has no poison", run{tile = {[x] = 4}, poison = {[x] = 1}})
    assert.matches("sample%[2%]: 8 is no element index of a buffer of 8 elements", run{sample = {[y] = {0, 8}}})
    assert.matches("sample: an empty list", run{sample = {[y] = {}}})
    assert.matches("sample: a buffer cannot be both tiled and sampled", run{tile = {[y] = 4}, sample = {[y] = {1}}})
    assert.matches("tile: a key is not a buffer among the launch args", run{tile = {[kcv.buffer("f32", 8)] = 4}})
  end)

  it("reports a write one element past the end in the after-guard", function()
    local k = load("off_by_one", {"ptr", "i32"})
    local y = kcv.buffer("f32", 8)
    local r = k:launch{grid = 1, block = 32, args = {y, 8}}
    assert.are.equal("ok", r.status)
    assert.are.equal(1, #r.redzone)
    local v = r.redzone[1]
    assert.are.equal(y, v.buffer)
    assert.are.equal("after", v.side)
    assert.are.equal(0, v.offset)
    assert.are.equal(0x00, v.got)                 -- low byte of 2.0f
    assert.are.equal(0xA5, v.expected)
    assert.matches("redzone", r.message)
    for i = 0, 7 do assert.are.equal(2.0, y:get(i)) end   -- the buffer still comes back
  end)

  it("reports a write before the start in the before-guard, and nothing without a redzone", function()
    local k = load("underflow", {"ptr", "i32"})
    local y = kcv.buffer("f32", 8)
    local r = k:launch{grid = 1, block = 1, args = {y, 8}}
    assert.are.equal(1, #r.redzone)
    assert.are.equal("before", r.redzone[1].side)
    assert.are.equal(0, r.redzone[1].offset)      -- the byte right before the data
    assert.are.equal(0x40, r.redzone[1].got)      -- high byte of 3.0f
    r = k:launch{grid = 1, block = 1, args = {y, 8}, redzone = 0, offset = {[y] = 4}}
    assert.are.equal("ok", r.status)
    assert.are.same({}, r.redzone)
  end)

  local function whereami()
    local k = load("whereami", {"ptr", "ptr"})
    local x, out = kcv.buffer("f32", 100), kcv.buffer("u64", 1)
    return x, function(opts)
      opts.grid, opts.block, opts.args = 1, 1, {x, out}
      local r = k:launch(opts)
      assert.are.equal("ok", r.status)
      assert.are.equal(r.addresses[x], out:get(0))
      return out:get(0)
    end
  end

  it("lays out the same job at the same device addresses; placement and offset move them", function()
    local x, where = whereami()
    local a = where{}
    assert.are.equal(a, where{})
    assert.are.equal(0, a % 256)
    assert.are.equal(a + 4096, where{placement = 4096})
    assert.are.equal(a + 4, where{offset = {[x] = 4}})
  end)

  it("lays out the same job at the same device addresses even in a fresh worker", function()
    cpu_only("the fixed arena address; cuMemAlloc in a fresh context promises no address")
    local _, where = whereami()
    local a = where{}
    kcv.backend.restart("cpu")             -- a fresh worker lays it out alike
    assert.are.equal(a, where{})
  end)

  it("fills the arena with the dirty byte, so a kernel reading outside its buffers sees it", function()
    local k = load("peek", {"ptr", "ptr", "i32"})
    local x, out = kcv.buffer("u8", 1), kcv.buffer("u8", 1)
    -- byte 100 past x's start lies in the alignment padding after its guard
    local r = k:launch{grid = 1, block = 1, args = {x, out, 100}, dirty = 0x5A}
    assert.are.equal("ok", r.status)
    assert.are.equal(0x5A, out:get(0))
    k:launch{grid = 1, block = 1, args = {x, out, 100}, dirty = 0x33}
    assert.are.equal(0x33, out:get(0))
    -- and the guard itself holds the canary: byte 1 after a 1-byte buffer
    k:launch{grid = 1, block = 1, args = {x, out, 1}, dirty = 0x33}
    assert.are.equal(0xA5, out:get(0))
  end)

  it("turns a segfaulting kernel into a 'crash' with the signal (cpu) or a 'kernel_error' (cuda), and the next launch works", function()
    local segv = load("segv", {"ptr"}, CRASH)
    local y = kcv.buffer("f32", 32)
    local r = segv:launch{grid = 1, block = 32, args = {y}}
    if CUDA then   -- a sticky CUDA error at synchronize, naming the kernel; no signal
      assert.are.equal("kernel_error", r.status)
      assert.is_nil(r.signal)
      assert.matches("CUDA_ERROR_", r.message, 1, true)
    else
      assert.are.equal("crash", r.status)
      assert.are.equal(11, r.signal)
    end
    assert.matches("segv", r.message)
    assert.are.same(kcv.buffer("f32", 32):totable(), y:totable())   -- nothing came back
    local x = kcv.from("f32", {-1, 1})
    local z = kcv.buffer("f32", 2)
    assert.are.equal("ok", relu:launch{grid = 1, block = 32, args = {x, z, 2}}.status)
    assert.are.same({0, 1}, z:totable())
  end)

  it("kills a kernel that runs past the timeout ('timeout'), and the next launch works", function()
    local spin = load("spin", {"ptr"}, CRASH)
    local flag = kcv.buffer("i32", 1)
    local t0 = kcv.sys.clock()
    local r = spin:launch{grid = 1, block = 1, args = {flag}, timeout = 0.5}
    assert.are.equal("timeout", r.status)
    assert.matches("spin", r.message)
    assert.is_true(kcv.sys.clock() - t0 < 5)
    local x, z = kcv.from("f32", {-3, 3}), kcv.buffer("f32", 2)
    assert.are.equal("ok", relu:launch{grid = 1, block = 32, args = {x, z, 2}}.status)
    assert.are.same({0, 3}, z:totable())
  end)

  it("reports a worker that runs out of its memory limit as 'oom'", function()
    cpu_only("memory_limit is the cpu worker's address-space limit; a GPU arena is cuMemAlloc'd, " ..
             "and the largest placement kcv allows (64 GiB) fits an H200")
    local old = kcv.backend.memory_limit()
    kcv.backend.memory_limit(256 * 1024 * 1024)
    local inc = load("inc", {"ptr", "i32"})
    local y = kcv.buffer("i32", 1)
    -- a 1 GiB placement makes the device arena larger than the limit
    local r = inc:launch{grid = 1, block = 1, args = {y, 1}, placement = 1024 * 1024 * 1024}
    kcv.backend.memory_limit(old)
    assert.are.equal("oom", r.status)
    assert.matches("out of memory", r.message)
    assert.are.equal("ok", inc:launch{grid = 1, block = 1, args = {y, 1}}.status)
    assert.are.equal(1, y:get(0))
  end)

  it("times a launch when asked (median ms, and the repeats' quartiles)", function()
    local x, y = kcv.buffer("f32", 1024), kcv.buffer("f32", 1024)
    local r = relu:launch{grid = 4, block = 256, args = {x, y, 1024}, time = {warmup = 1, reps = 3}}
    assert.are.equal("ok", r.status)
    assert.is_number(r.ms)
    assert.is_true(r.ms >= 0)
    assert.is_true(0 <= r.ms_q1 and r.ms_q1 <= r.ms and r.ms <= r.ms_q3)
    assert.is_nil(relu:launch{grid = 4, block = 256, args = {x, y, 1024}}.ms)
    local l = {kernel = relu, grid = 4, block = 256, args = {x, y, 1024}}
    r = kcv.kernel.run{launches = {l, l}, time = {warmup = 0, reps = 4}}
    assert.are.equal("ok", r.status)
    assert.is_true(r.ms >= 0)
    assert.is_true(0 <= r.ms_q1 and r.ms_q1 <= r.ms and r.ms <= r.ms_q3)
  end)

  -- Streams: x -> y on main, y -> z on the side stream, z -> w on main;
  -- every buffer but x starts at 99, so a launch that has not run shows.
  local function three(side)
    local x = kcv.from("f32", {-1, 2, -3, 4})
    local y, z, w = kcv.buffer("f32", 4):fill(99), kcv.buffer("f32", 4):fill(99), kcv.buffer("f32", 4):fill(99)
    side.kernel, side.grid, side.block, side.args = relu, 1, 32, {y, z, 4}
    local r = kcv.kernel.run{launches = {
      {kernel = relu, grid = 1, block = 32, args = {x, y, 4}},
      side,
      {kernel = relu, grid = 1, block = 32, args = {z, w, 4}},
    }}
    return r, y, z, w
  end

  it("runs a joined side launch after the main launches before it and before those after it", function()
    local r, y, z, w = three{stream = "side"}                  -- join defaults to true
    assert.are.equal("ok", r.status)
    assert.are.same({0, 2, 0, 4}, y:totable())
    assert.are.same({0, 2, 0, 4}, z:totable())
    assert.are.same({0, 2, 0, 4}, w:totable())
    r, y, z, w = three{stream = "side", join = true}
    assert.are.same({0, 2, 0, 4}, w:totable())
    r, y, z, w = three{stream = "main"}
    assert.are.same({0, 2, 0, 4}, w:totable())
  end)

  it("reads the outputs when the main stream is done: unjoined side work is not waited for", function()
    local r, y, z, w = three{stream = "side", join = false}
    assert.are.equal("ok", r.status)
    assert.are.same({0, 2, 0, 4}, y:totable())
    -- held back until after the download (both backends): never seen
    assert.are.same({99, 99, 99, 99}, z:totable())
    assert.are.same({99, 99, 99, 99}, w:totable())
    -- the worker waited for it before the next job, which is complete
    local a, b = kcv.from("f32", {-5, 5}), kcv.buffer("f32", 2):fill(7)
    assert.are.equal("ok", relu:launch{grid = 1, block = 32, args = {a, b, 2}}.status)
    assert.are.same({0, 5}, b:totable())
  end)

  it("leaves an unjoined one-launch job's outputs unwritten, every time", function()
    local x, y = kcv.from("f32", {-1, 1}), kcv.buffer("f32", 2):fill(99)
    local r = relu:launch{grid = 1, block = 32, args = {x, y, 2}, stream = "side", join = false}
    assert.are.equal("ok", r.status)
    assert.are.same({99, 99}, y:totable())
    r = relu:launch{grid = 1, block = 32, args = {x, y, 2}, stream = "side"}
    assert.are.same({0, 1}, y:totable())
  end)

  it("keeps the side stream in order: a joined side launch waits for an unjoined one before it", function()
    local x = kcv.from("f32", {-1, 2})
    local y, z = kcv.buffer("f32", 2):fill(99), kcv.buffer("f32", 2):fill(99)
    local r = kcv.kernel.run{launches = {
      {kernel = relu, grid = 1, block = 32, args = {x, y, 2}, stream = "side", join = false},
      {kernel = relu, grid = 1, block = 32, args = {y, z, 2}, stream = "side", join = true},
    }}
    assert.are.equal("ok", r.status)
    assert.are.same({0, 2}, y:totable())
    assert.are.same({0, 2}, z:totable())
  end)

  it("times and repeats launch lists with side launches", function()
    local inc = load("inc", {"ptr", "i32"})
    local y = kcv.from("i32", {0, 10})
    local l1 = {kernel = inc, grid = 1, block = 32, args = {y, 2}}
    local l2 = {kernel = inc, grid = 1, block = 32, args = {y, 2}, stream = "side"}
    local r = kcv.kernel.run{launches = {l1, l2}, repeats = 3, time = {warmup = 1, reps = 3}}
    assert.are.equal("ok", r.status)
    assert.are.same({6, 16}, y:totable())
    assert.is_true(r.ms >= 0)
    r = kcv.kernel.run{launches = {{kernel = inc, grid = 1, block = 32, args = {y, 2},
                                    stream = "side", join = false}}, time = {warmup = 0, reps = 2}}
    assert.are.equal("ok", r.status)
    assert.is_true(r.ms >= 0)
  end)

  it("makes a bad stream or join an argument error naming the launch", function()
    local x, y = kcv.buffer("f32", 4), kcv.buffer("f32", 4)
    local function run(extra)
      local l = {kernel = relu, grid = 1, block = 4, args = {x, y, 4}}
      for k, v in pairs(extra) do l[k] = v end
      return kcv.kernel.run{launches = {{kernel = relu, grid = 1, block = 4, args = {x, y, 4}}, l}}
    end
    assert.matches("bad argument #1", err_of(run, {stream = "other"}))
    assert.matches("launches%[2%]%.stream: \"main\" or \"side\" expected, got 'other'", err_of(run, {stream = "other"}))
    assert.matches("launches%[2%]%.stream: .* got number", err_of(run, {stream = 1}))
    assert.matches("launches%[2%]%.join: a boolean expected, got number", err_of(run, {stream = "side", join = 0}))
    assert.matches("launches%[2%]%.join: only a launch with stream = \"side\" joins", err_of(run, {join = false}))
    assert.matches("launches%[1%]%.stream: \"main\" or \"side\" expected, got 'Side'",
      err_of(relu.launch, relu, {grid = 1, block = 4, args = {x, y, 4}, stream = "Side"}))
  end)

  it("moves buffers of hundreds of MB", function()
    local inc = load("inc", {"ptr", "i32"})
    local n = 64 * 1024 * 1024            -- 256 MB of i32
    local y = kcv.buffer("i32", n)
    y:set(n - 1, 41)
    local r = inc:launch{grid = 1, block = 1, args = {y, 1}, redzone = 16}
    assert.are.equal("ok", r.status)
    assert.are.equal(1, y:get(0))
    assert.are.equal(41, y:get(n - 1))
  end)
end)

describe("a kernel that includes a header with quotes", function()
  it("is compiled anew when the header changes: neither the disk cache nor the worker serves the old one", function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir -p " .. dir)
    local function write(name, text)
      local f = assert(io.open(dir .. "/" .. name, "w")); f:write(text); f:close()
    end
    write("k.cu", '#include "val.h"\nextern "C" __global__ void put(int *o) { o[0] = VALUE; }\n')
    local out = kcv.buffer("i32", 1)
    for v = 1, 2 do
      write("val.h", "#define VALUE " .. v .. "\n")
      local k = assert(kcv.kernel.load{source = dir .. "/k.cu", name = "put", params = {"ptr"}, backend = BACKEND})
      assert.are.equal("ok", k:launch{grid = 1, block = 1, args = {out}}.status)
      assert.are.equal(v, out:get(0))
    end
    os.execute("rm -rf " .. dir)
  end)
end)
