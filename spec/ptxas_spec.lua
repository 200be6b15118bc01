local ptxas = require "kcv.ptxas"

-- A report as nvcc 13.0 prints it for sm_90a (abridged from a real run).
local REPORT = [[
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_Z5plainPf' for 'sm_90a'
ptxas info    : Function properties for _Z5plainPf
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 10 registers, used 1 barriers, 1024 bytes smem, 352 bytes cmem[0]
ptxas info    : Compile time = 1.618 ms
ptxas info    : Function properties for _Z6helperf
    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Compiling entry function 'spill' for 'sm_90a'
ptxas info    : Function properties for spill
    424 bytes stack frame, 548 bytes spill stores, 548 bytes spill loads
ptxas info    : Used 24 registers, used 0 barriers, 8 bytes cmem[2]
]]

local files = require "files"
local tmpdir, write = files.tmpdir, files.write

describe("ptxas reports", function()
  it("are parsed into registers, barriers, static smem and cmem per kernel", function()
    local r = ptxas.parse(REPORT)
    local k = r.kernels["_Z5plainPf"]
    assert.are.equal(10, k.registers)
    assert.are.equal(1, k.barriers)
    assert.are.equal(1024, k.smem)
    assert.are.equal(352, k.cmem[0])
    assert.are.equal("sm_90a", k.arch)
    assert.are.same({"_Z5plainPf", "spill"}, r.order)
  end)

  it("give each kernel its own stack frame and spill bytes", function()
    local r = ptxas.parse(REPORT)
    assert.are.equal(0, r.kernels["_Z5plainPf"].stack)
    local s = r.kernels.spill
    assert.are.same({424, 548, 548, 24, 8}, {s.stack, s.spill_stores, s.spill_loads, s.registers, s.cmem[2]})
  end)

  it("do not list device functions as kernels", function()
    assert.is_nil(ptxas.parse(REPORT).kernels["_Z6helperf"])
  end)

  it("find a C++ kernel by its plain name and an extern \"C\" one by its symbol", function()
    local r = ptxas.parse(REPORT)
    assert.are.equal("_Z5plainPf", ptxas.kernel(r, "plain").symbol)
    assert.are.equal("spill", ptxas.kernel(r, "spill").symbol)
    local none, why = ptxas.kernel(r, "absent")
    assert.is_nil(none)
    assert.matches("no kernel 'absent'", why)
  end)

  it("refuse a plain name that is overloaded", function()
    local r = ptxas.parse(REPORT:gsub("spill", "_Z5plainPi"))
    local k, why = ptxas.kernel(r, "plain")
    assert.is_nil(k)
    assert.matches("overloaded", why)
  end)
end)

describe("ptxas.usage", function()
  local nvcc, why = ptxas.find_nvcc()

  it("compiles a real kernel with nvcc for sm_90a and reads its resources", function()
    if not nvcc then return pending("skipped: " .. why) end
    local d = tmpdir()
    local path = d .. "/k.cu"
    write(path, [[
__global__ void tile(float *x) {
  __shared__ float s[SIZE];
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = s[SIZE - 1 - threadIdx.x];
}
extern "C" __global__ void spills(float *x, int k) {
  float a[64];
  for (int i = 0; i < 64; i++) a[i] = x[i * k];
  x[0] = a[k & 63];
}
]])
    local r, err = ptxas.usage(path, {flags = {"-DSIZE=300", "-maxrregcount=24"}})
    os.execute("rm -rf " .. d)
    assert.is_table(r, err)
    local tile = assert(ptxas.kernel(r, "tile"))
    assert.are.equal(300 * 4, tile.smem)
    assert.are.equal("sm_90a", tile.arch)
    assert.is_true(tile.registers > 0 and tile.registers <= 24)
    local sp = assert(ptxas.kernel(r, "spills"))
    assert.is_true(sp.stack >= 256, "a 64-float local array indexed at run time lives on the stack")
    assert.are.equal(0, sp.smem)
  end)

  it("returns nil and the compiler's message for a kernel that does not compile", function()
    if not nvcc then return pending("skipped: " .. why) end
    local d = tmpdir()
    write(d .. "/bad.cu", "__global__ void bad(float *x) { x[0] = nope; }\n")
    local r, err = ptxas.usage(d .. "/bad.cu")
    os.execute("rm -rf " .. d)
    assert.is_nil(r)
    assert.matches("bad.cu%(1%): error", err)
    assert.matches("nope", err)
  end)

  it("keeps reports in the disk cache, keyed by the source and the headers it includes", function()
    if not nvcc then return pending("skipped: " .. why) end
    local kcv = require "kcv"
    if not (kcv.sys.cache_dir and kcv.sys.cache_dir()) then return pending("skipped: no cache dir") end
    local d = tmpdir()
    local path = d .. "/k.cu"
    local stamp = ("%d_%d"):format(kcv.sys.getpid(), math.floor(kcv.sys.clock() * 1e6))
    write(d .. "/size.h", "#define SIZE 300\n")
    write(path, ('#include "size.h"\n// %s\n__global__ void tile(float *x) {\n'):format(stamp) .. [[
  __shared__ float s[SIZE];
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = s[SIZE - 1 - threadIdx.x];
}
]])
    local r1 = assert(ptxas.usage(path))
    local r2 = assert(ptxas.usage(path))
    local fresh = assert(ptxas.usage(path, {cache = false}))
    write(d .. "/size.h", "#define SIZE 200\n")            -- only the header changes
    local r3 = assert(ptxas.usage(path))
    local file = ptxas.cache_file(path, r1.command, nvcc, nil)
    os.execute("rm -rf " .. d)
    os.remove(file)
    assert.is_nil(r1.cached)
    assert.is_true(r2.cached)
    assert.is_nil(fresh.cached)
    assert.are.same(fresh.kernels, r2.kernels)
    assert.are.equal(300 * 4, ptxas.kernel(r2, "tile").smem)
    assert.is_nil(r3.cached)
    assert.are.equal(200 * 4, ptxas.kernel(r3, "tile").smem)
  end)

  it("says so when the file is missing", function()
    local r, err = ptxas.usage("/nonexistent/k.cu", {nvcc = "/bin/true"})
    assert.is_nil(r)
    assert.matches("no such file", err)
  end)
end)
