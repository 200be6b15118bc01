-- Occupancy: the pure-Lua calculator (kcv.occupancy) against hand-computed
-- cases, k:occupancy on the cpu backend (the calculator on ptxas numbers,
-- when nvcc exists) and on cuda (the driver; pending without a device),
-- and RES-02's budget.min_occupancy.
local kcv = require "kcv"
local occ = require "kcv.occupancy"

local function have_nvcc()
  local ok, ptxas = pcall(require, "kcv.ptxas")
  return ok and ptxas.find_nvcc() ~= nil
end

local files = require "files"
local tmpdir, write = files.tmpdir, files.write

describe("the occupancy calculator (sm_90 limits)", function()
  local function calc(threads, regs, smem)
    return assert(occ.calculate{threads = threads, regs = regs, smem = smem})
  end

  it("gives 8 blocks of 256 threads at 32 registers and no shared memory: 100%", function()
    local r = calc(256, 32, 0)
    assert.are.same({8, 64, 64, 1.0, "warps"},
                    {r.blocks_per_sm, r.warps_per_sm, r.max_warps_per_sm, r.occupancy, r.limiter})
  end)

  it("limits by registers: 128 per thread at 256 threads is 2 blocks (25%)", function()
    -- 128 * 32 = 4096 registers per warp; 16384 per sub-partition -> 4 warps
    -- each, 16 on the SM; 8 warps per block -> 2 blocks
    local r = calc(256, 128, 0)
    assert.are.same({2, 16, 0.25, "registers"}, {r.blocks_per_sm, r.warps_per_sm, r.occupancy, r.limiter})
  end)

  it("rounds registers up to 256 per warp", function()
    -- 255 registers: 8160 -> 8192 per warp, 2 warps per sub-partition, 8 on
    -- the SM; 4 warps per block -> 2 blocks
    assert.are.equal(2, calc(128, 255, 0).blocks_per_sm)
    -- 40 registers: 1280 per warp, 12 warps per sub-partition, 48 on the SM
    -- -> 6 blocks of 8 warps (where 64 warps would allow 8)
    local r = calc(256, 40, 0)
    assert.are.same({6, 0.75, "registers"}, {r.blocks_per_sm, r.occupancy, r.limiter})
    -- 1024 threads at 64 registers: exactly the SM's 64K registers
    assert.are.equal(1, calc(1024, 64, 0).blocks_per_sm)
  end)

  it("limits by shared memory: 100 KB per block is 2 blocks", function()
    -- (102400 + 1024 reserved) per block; 233472 / 103424 -> 2
    local r = calc(256, 32, 100 * 1024)
    assert.are.same({2, 16, 0.25, "smem"}, {r.blocks_per_sm, r.warps_per_sm, r.occupancy, r.limiter})
  end)

  it("counts the 1 KB reserved per block and the 128-byte granularity", function()
    -- 47 KB + 1 KB = 48 KB per block: 233472 / 49152 -> 4
    assert.are.equal(4, calc(128, 16, 47 * 1024).blocks_per_sm)
    -- 1 byte more: 49153 rounds up to 49280; still 4
    assert.are.equal(4, calc(128, 16, 47 * 1024 + 1).blocks_per_sm)
    -- 56 KB + 1 KB = 58368: 233472 / 58368 = 4 exactly; 1 byte more -> 3
    assert.are.equal(4, calc(128, 16, 56 * 1024).blocks_per_sm)
    assert.are.equal(3, calc(128, 16, 56 * 1024 + 1).blocks_per_sm)
  end)

  it("limits by the SM's 32 block slots", function()
    local r = calc(32, 16, 0)
    assert.are.same({32, 32, 0.5, "blocks"}, {r.blocks_per_sm, r.warps_per_sm, r.occupancy, r.limiter})
    -- a partial warp still takes a whole warp
    assert.are.same({32, 32}, {calc(1, 8, 0).blocks_per_sm, calc(1, 8, 0).warps_per_sm})
  end)

  it("answers 0 blocks, with the reason, when one block cannot fit", function()
    local r = calc(256, 32, 228 * 1024)
    assert.are.same({0, 0, 0.0}, {r.blocks_per_sm, r.warps_per_sm, r.occupancy})
    assert.truthy(r.reason:find("shared memory"))
    assert.truthy(calc(1024, 72, 0).reason:find("registers per block"))
    assert.truthy(calc(2048, 8, 0).reason:find("threads"))
    assert.truthy(calc(64, 256, 0).reason:find("registers per thread"))
  end)

  it("takes a device's own limits over the architecture's", function()
    local r = assert(occ.calculate{threads = 256, regs = 32, smem = 0,
                                   limits = {max_threads_per_sm = 1536, max_blocks_per_sm = 16}})
    assert.are.same({6, 48, 1.0}, {r.blocks_per_sm, r.warps_per_sm, r.occupancy})
  end)

  it("knows sm_90a as sm_90 and says so for an architecture it has no limits for", function()
    assert.are.equal(232448, occ.limits("sm_90a").max_smem_per_block)
    local none, why = occ.limits("sm_75")
    assert.is_nil(none)
    assert.truthy(why:find("sm_75"))
    local r, e = occ.calculate{threads = 0}
    assert.is_nil(r)
    assert.truthy(e:find("threads"))
  end)
end)

describe("k:occupancy on the cpu backend", function()
  local function load()
    local k, err = kcv.kernel.load{source = "spec/fixtures/block_sum.cu", name = "block_sum",
                                   params = {"ptr", "ptr", "i32"}, backend = "cpu"}
    return assert(k, err)
  end

  it("is the calculator on ptxas numbers (with nvcc), or unknown and why", function()
    local k = load()
    local r, why = k:occupancy{block = 256, smem = 0}
    if not have_nvcc() then
      assert.is_nil(r)
      assert.truthy(why:find("unknown on cpu"))
      pending("nvcc not found: no ptxas report for the calculator")
    end
    assert(r, why)
    assert.are.equal("calculator (ptxas)", r.source)
    local ptxas = require "kcv.ptxas"
    local u = assert(ptxas.kernel(assert(ptxas.usage("spec/fixtures/block_sum.cu")), "block_sum"))
    assert.are.equal(128, u.smem)            -- int partial[32]
    local want = assert(occ.calculate{threads = 256, regs = u.registers, smem = u.smem})
    assert.are.same({want.blocks_per_sm, want.warps_per_sm, want.occupancy},
                    {r.blocks_per_sm, r.warps_per_sm, r.occupancy})
    assert.are.equal(8 * r.blocks_per_sm, r.warps_per_sm)
    -- dynamic shared memory adds to the static 128 bytes
    local big = assert(k:occupancy{block = {32, 8}, smem = 100 * 1024})
    assert.are.same({2, 0.25, "smem", 128, 102400},
                    {big.blocks_per_sm, big.occupancy, big.limiter, big.static_smem, big.dynamic_smem})
  end)

  it("checks its arguments", function()
    local k = load()
    assert.has_error(function() k:occupancy() end)
    assert.truthy(select(2, pcall(k.occupancy, k, {block = 2048})):find("exceed 1024"))
    assert.truthy(select(2, pcall(k.occupancy, k, {block = 64, smem = -1})):find("smem"))
    assert.truthy(select(2, pcall(k.occupancy, k, {smem = 0})):find("block"))
  end)
end)

describe("k:occupancy on the cuda backend", function()
  local ok, why = kcv.backend.available("cuda")

  it("is the driver's answer, and agrees with the calculator on the device's limits", function()
    if not ok then pending(tostring(why)) end
    local k = assert(kcv.kernel.load{source = "spec/fixtures/block_sum.cu", name = "block_sum",
                                     params = {"ptr", "ptr", "i32"}, backend = "cuda"})
    local info = assert(kcv.backend.info("cuda"))
    local a = assert(k:attrs())
    for _, t in ipairs({{256, 0}, {1024, 0}, {128, 100 * 1024}, {32, 0}}) do
      local r = assert(k:occupancy{block = t[1], smem = t[2]})
      assert.are.equal("driver", r.source)
      assert.is_true(r.blocks_per_sm >= 1)
      assert.is_true(r.occupancy > 0 and r.occupancy <= 1)
      local want = assert(occ.calculate{threads = t[1], regs = a.num_regs, smem = a.static_smem + t[2],
        arch = info.arch:match("^sm_%d+") or nil,
        limits = {max_threads_per_sm = info.max_threads_per_sm, max_blocks_per_sm = info.max_blocks_per_sm,
                  regs_per_sm = info.regs_per_sm, smem_per_sm = info.smem_per_sm}})
      assert.are.equal(want.blocks_per_sm, r.blocks_per_sm,
                       ("block %d, smem %d: driver %d, calculator %d"):format(t[1], t[2], r.blocks_per_sm,
                                                                              want.blocks_per_sm))
    end
  end)

  it("names the call and the kernel when the query fails", function()
    if not ok then pending(tostring(why)) end
    local k = assert(kcv.kernel.load{source = "spec/fixtures/block_sum.cu", name = "block_sum",
                                     params = {"ptr", "ptr", "i32"}, backend = "cuda"})
    local r, e = k:occupancy{block = 256, smem = 1 << 29}   -- far over any opt-in limit
    assert.is_nil(r)
    assert.truthy(e:find("block_sum", 1, true), e)
  end)
end)

describe("RES-02 and budget.min_occupancy", function()
  local verify = require "kcv.verify"
  -- relu with 40 KB of static shared memory at 128 threads: (40960 + 1024)
  -- per block -> 5 blocks of 4 warps = 20 of 64 warps (31%).
  local KERNEL = [[
extern "C" __global__ void relu_kernel(const float *x, float *y, long long n)
{
    __shared__ float stage[10240];
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    stage[(threadIdx.x * 80) % 10240] = v;
    __syncthreads();
    v = stage[(threadIdx.x * 80) % 10240];
    if (i < n) y[i] = (v > 0.0f || v != v) ? v : 0.0f;
}
]]
  local function spec_text(min)
    local f = assert(io.open("spec/fixtures/verify/relu.lua"))
    local s = f:read("a")
    f:close()
    local b = "budget = { regs = 64, smem = 64 * 1024, local_bytes = 0" ..
              (min and (", min_occupancy = " .. min) or "") .. " },"
    return (s:gsub("budget = {[^}]*},", b))
  end
  local function run(min)
    local d = tmpdir()
    write(d .. "/spec.lua", spec_text(min))
    write(d .. "/relu_stage.cu", KERNEL)
    local rep = verify.run{spec = d .. "/spec.lua", kernel = d .. "/relu_stage.cu", gates = {"RES-02"},
                           seed = 1, backend = "cpu"}
    os.execute("rm -rf " .. d)
    return assert(rep.gates[1], rep.message)
  end

  it("reports occupancy without judging it when the budget has no min_occupancy", function()
    if not have_nvcc() then pending("nvcc not found: no resource report on the cpu backend") end
    local g = run(nil)
    assert.are.equal("pass", g.status, g.reason)
    assert.truthy(g.reason:find("occupancy 31%% %(5 blocks/SM, 20 warps/SM, limited by smem"), g.reason)
  end)

  it("fails below min_occupancy and passes at or above it", function()
    if not have_nvcc() then pending("nvcc not found: no resource report on the cpu backend") end
    local g = run(0.5)
    assert.are.equal("fail", g.status, g.reason)
    assert.truthy(g.reason:find("below the budget's min_occupancy 0.5"), g.reason)
    assert.are.equal(20 / 64, g.evidence.occupancy)
    g = run(0.25)
    assert.are.equal("pass", g.status, g.reason)
    assert.truthy(g.reason:find(">= 0.25"), g.reason)
  end)

  it("is a fraction in (0, 1]", function()
    local d = tmpdir()
    write(d .. "/spec.lua", spec_text(2))
    local s, err = require("kcv.verify.spec").load(d .. "/spec.lua")
    os.execute("rm -rf " .. d)
    assert.is_nil(s)
    assert.truthy(tostring(err):find("min_occupancy"), err)
  end)
end)
