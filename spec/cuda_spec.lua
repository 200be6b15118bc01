local kcv = require "kcv"
local device = require "kcv.cmd.device"

-- Run ./kcv with args; its stdout+stderr and exit code.
local function kcv_cmd(args)
  local p = assert(io.popen("./kcv " .. args .. " 2>&1; echo \"rc=$?\""))
  local out = p:read("a")
  p:close()
  local rc = tonumber(out:match("rc=(%d+)%s*$"))
  return out:gsub("rc=%d+%s*$", ""), rc
end

-- The cuda backend's own answer: a table, or nil and "no CUDA device: why".
local function cuda_info()
  local ok, info, why = false, nil, "kcv.backend.info is not built in this kcv"
  if type(kcv.backend) == "table" and type(kcv.backend.info) == "function" then
    ok, info, why = pcall(kcv.backend.info, "cuda")
    if not ok then info, why = nil, info end
  end
  if info then return info end
  why = tostring(why)
  return nil, why:match("^no CUDA device") and why or "no CUDA device: " .. why
end

describe("kcv device", function()
  it("explains itself with --help and exits 0", function()
    local out, rc = kcv_cmd("device --help")
    assert.are.equal(0, rc)
    assert.matches("usage: kcv device", out, 1, true)
    assert.matches("no CUDA device: <reason>", out, 1, true)
  end)

  it("refuses arguments with exit code 2", function()
    local out, rc = kcv_cmd("device extra")
    assert.are.equal(2, rc)
    assert.matches("no arguments", out)
  end)

  it("prints the device with exit code 0, or 'no CUDA device: <reason>' with exit code 2", function()
    local info, why = cuda_info()
    local out, rc = kcv_cmd("device")
    if info then
      assert.are.equal(0, rc)
      assert.matches(info.name, out, 1, true)
      assert.matches("compute capability", out, 1, true)
    else
      assert.are.equal(2, rc)
      assert.matches("^no CUDA device: %S", out)
      if not why:match("not built") then assert.matches(why, out, 1, true) end
    end
  end)

  it("names libcuda.so.1 as the reason where the driver library is missing", function()
    local f = io.popen("ldconfig -p 2>/dev/null | grep -c 'libcuda.so.1 '")
    local n = tonumber(f:read("a")) or 0
    f:close()
    if n > 0 then return pending("skipped: libcuda.so.1 is installed here") end
    local _, why = cuda_info()
    if why:match("kcv.backend.info is not built") then
      return pending("skipped: " .. why)
    end
    local out, rc = kcv_cmd("device")
    assert.are.equal(2, rc)
    assert.matches("no CUDA device: libcuda.so.1 not found", out, 1, true)
  end)

  it("shows versions as CUDA writes them and memory in GiB", function()
    local lines = table.concat(device.describe({
      name = "Test GPU", cc_major = 9, cc_minor = 0, arch = "sm_90a", sm_count = 132,
      total_mem = 150121594880, max_threads_per_block = 1024, max_smem_per_block = 49152,
      max_smem_per_block_optin = 232448, max_regs_per_block = 65536, warp_size = 32,
      driver_version = 13000, nvrtc_major = 13, nvrtc_minor = 0}), "\n")
    assert.matches("9.0 (target sm_90a)", lines, 1, true)
    assert.matches("139.8 GiB", lines, 1, true)
    assert.matches("CUDA 13.0 (13000)", lines, 1, true)
    assert.matches("48 KiB shared (227 KiB opt-in)", lines, 1, true)
    assert.matches("NVRTC%s+13.0", lines)
  end)

  it("reads the NVRTC version as kcv.backend.info gives it", function()
    local lines = table.concat(device.describe({name = "X", nvrtc_version = "12.8"}), "\n")
    assert.matches("NVRTC%s+12.8", lines)
  end)

  it("says when NVRTC is missing", function()
    local lines = table.concat(device.describe({name = "X", driver_version = 12090, nvrtc_major = 0}), "\n")
    assert.matches("CUDA 12.9", lines, 1, true)
    assert.matches("NVRTC%s+not found", lines)
  end)
end)

describe("the cuda backend on a device", function()
  local info, why = cuda_info()

  it("compiles for sm_90a on a Hopper GPU", function()
    if not info then return pending("skipped: " .. why) end
    if info.cc_major ~= 9 then return pending("skipped: not a Hopper GPU (" .. tostring(info.name) .. ")") end
    assert.are.equal("sm_90a", info.arch)
  end)

  it("reports NVRTC and a driver at least as new as it", function()
    if not info then return pending("skipped: " .. why) end
    local v = device.nvrtc_version(info)
    assert.is_string(v, "NVRTC found")
    local major = tonumber(v:match("^(%d+)%.%d+$"))
    assert.is_true(info.driver_version >= major * 1000, "driver >= NVRTC")
  end)
end)

-- The same kernels through kcv.kernel on both backends: a GPU must give the
-- CPU backend's bytes wherever the result does not depend on order.
describe("kernels on the cuda backend", function()
  local info, why = cuda_info()
  local MISC, CRASH = "spec/fixtures/misc.cu", "spec/fixtures/crash.cu"

  local function load(backend, name, params, source)
    return assert(kcv.kernel.load{source = source or MISC, name = name, params = params,
                                  backend = backend})
  end

  it("give the CPU backend's bytes for an integer block reduction on seeded inputs", function()
    if not info then return pending("skipped: " .. why) end
    local n, block = 10000, 256
    local blocks = (n + block - 1) // block
    local x = kcv.buffer("i32", n):fill_int{seed = 7, lo = -1000000, hi = 1000000}
    local out = {}
    for _, be in ipairs({"cpu", "cuda"}) do
      local k = load(be, "block_sum", {"ptr", "ptr", "i32"}, "spec/fixtures/block_sum.cu")
      out[be] = kcv.buffer("i64", blocks)
      local r = k:launch{grid = blocks, block = block, args = {x, out[be], n}}
      assert.are.equal("ok", r.status, r.message)
    end
    assert.are.equal(out.cpu:bytes(), out.cuda:bytes())
  end)

  it("give the CPU backend's bytes for an elementwise kernel", function()
    if not info then return pending("skipped: " .. why) end
    local x = kcv.buffer("f32", 5000):fill_normal{seed = 3}
    local y = {}
    for _, be in ipairs({"cpu", "cuda"}) do
      y[be] = kcv.buffer("f32", 5000)
      local r = load(be, "relu", {"ptr", "ptr", "i64"}):launch{grid = 20, block = 256, args = {x, y[be], 5000}}
      assert.are.equal("ok", r.status, r.message)
    end
    assert.are.equal(y.cpu:bytes(), y.cuda:bytes())
  end)

  it("catch a write one element past the end in the redzone", function()
    if not info then return pending("skipped: " .. why) end
    local y = kcv.buffer("f32", 8)
    local r = load("cuda", "off_by_one", {"ptr", "i32"}):launch{grid = 1, block = 32, args = {y, 8}}
    assert.are.equal(1, #r.redzone)
    assert.are.equal("after", r.redzone[1].side)
  end)

  it("report a kernel that writes far out of bounds, and the next launch works", function()
    if not info then return pending("skipped: " .. why) end
    local y = kcv.buffer("f32", 32)
    local r = load("cuda", "wild", {"ptr"}, CRASH):launch{grid = 1, block = 1, args = {y}, timeout = 20}
    assert.are_not.equal("ok", r.status)
    assert.matches("CUDA_ERROR_ILLEGAL_ADDRESS", r.message, 1, true)
    local x, z = kcv.from("f32", {-1, 2}), kcv.buffer("f32", 2)
    local ok = load("cuda", "relu", {"ptr", "ptr", "i64"}):launch{grid = 1, block = 32, args = {x, z, 2}}
    assert.are.equal("ok", ok.status, ok.message)
    assert.are.same({0, 2}, z:totable())
  end)
end)

-- NVRTC without a device: the image the cuda backend would load, written
-- out (for nvdisasm), and the line info that KCV_NVRTC_LINEINFO adds for a
-- profiler's source view (tools/device-gdn-bench STEPS=source).
describe("kcv.backend.nvrtc_check", function()
  local SRC = "spec/fixtures/gdn_mma_probe.cu"
  local function image(env)
    local out, script = os.tmpname(), os.tmpname() .. ".lua"
    local f = assert(io.open(script, "w"))
    f:write(([[local kcv = require "kcv"
local ok, err = kcv.backend.nvrtc_check{source = %q, output = %q}
if not ok then io.stderr:write(err, "\n") os.exit(err:match("libnvrtc not found") and 3 or 1) end]]):format(SRC, out))
    f:close()
    local p = assert(io.popen(("%s ./kcv run %s 2>&1; echo \"rc=$?\""):format(env, script)))
    local log = p:read("a")
    p:close()
    local rc = tonumber(log:match("rc=(%d+)%s*$"))
    os.remove(script)
    local g = io.open(out, "rb")
    local bytes = g and g:read("a") or ""
    if g then g:close() end
    os.remove(out)
    return bytes, rc, log
  end

  it("writes the compiled image to output=, and the line info only where KCV_NVRTC_LINEINFO is set", function()
    local plain, rc, log = image("KCV_NVRTC_LINEINFO=")
    if rc == 3 then pending("NVRTC is not installed here: " .. log) return end
    assert.are.equal(0, rc, log)
    assert.are.equal("\127ELF", plain:sub(1, 4))
    local lined, rc2, log2 = image("KCV_NVRTC_LINEINFO=1")
    assert.are.equal(0, rc2, log2)
    assert.are.equal("\127ELF", lined:sub(1, 4))
    assert.is_nil(plain:find("debug_line", 1, true))
    assert.truthy(lined:find("debug_line", 1, true))
  end)

  it("refuses an output that is not a path, and says why it cannot write one", function()
    assert.has_error(function() kcv.backend.nvrtc_check{source = SRC, output = 3} end,
                     "bad argument #1 to 'nvrtc_check' (output: a path expected)")
    local ok, err = kcv.backend.nvrtc_check{source = SRC, output = "/nonexistent-dir/x.cubin"}
    if not ok and err:match("libnvrtc not found") then pending("NVRTC is not installed here: " .. err) return end
    assert.is_nil(ok)
    assert.truthy(err:find("cannot write /nonexistent-dir/x.cubin", 1, true), err)
  end)
end)
