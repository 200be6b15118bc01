-- CUDA device functions on the CPU backend, one documented behaviour at
-- a time (CUDA Math API, the cuda_fp16.h/cuda_bf16.h documentation and
-- the headers' own reference code): rounding modes, NaN and signed-zero
-- rules, saturation, bit intrinsics, warp functions with a width, atomics
-- on 16-bit pairs.  spec/cpu_conformance_spec.lua compares everything
-- against a GPU run; this spec needs no GPU.  With KCV_BACKEND=cuda
-- (tools/device-check) the same kernels run on the GPU.
local kcv = require "kcv"
local unjudged = require "kcv.verify.unjudged"
local bt = require "backend_under_test"
local BACKEND, CUDA = bt.BACKEND, bt.CUDA
local it, cpu_only = bt.setup(it, function(why) pending(why) end)

local SRC = "spec/fixtures/intrinsics.cu"

-- Words written by kernel `name` run as one block of `threads` threads.
local function run(name, words, threads)
  local k = assert(kcv.kernel.load{source = SRC, name = name, params = {"ptr"}, backend = BACKEND})
  local out = kcv.buffer("u32", words)
  local r = k:launch{grid = 1, block = threads or 1, args = {out}, sched_seed = 5}
  assert.are.equal("ok", r.status, r.message)
  return out:totable()
end

local function hex(t)
  local s = {}
  for i, v in ipairs(t) do s[i] = ("%x"):format(v) end
  return table.concat(s, " ")
end

describe(CUDA and "CUDA device functions, on cuda" or "CUDA device functions on the cpu backend", function()
  it("convert float to half and bfloat16 in each rounding mode, and half to integers saturating", function()
    assert.are.equal(hex{0x7bff,      -- __float2half_rz(65520): the largest finite half, not Inf
                         0x7c00,      -- __float2half_rn(65520): the tie goes to Inf
                         0xfc00,      -- __float2half_rd(-65520): -Inf
                         0x3c01,      -- __float2half_ru(1 + 2^-20): up
                         0x3c00,      -- __float2half_rd(1 + 2^-20): down
                         0xbf80,      -- __float2bfloat16_rz(-1 - 2^-9): toward zero
                         0x0001,      -- __float2bfloat16_ru(2^-135): the least subnormal
                         0x7fff,      -- a NaN with a payload: the canonical NaN
                         2,           -- __half2int_rn(2.5): ties to even
                         0,           -- __half2int_rz(NaN): 0
                         0,           -- __half2uint_rd(-3.5): saturates at 0
                         0x7bff},     -- __int2half_rz(65535): 65504
                     hex(run("to16", 12)))
  end)

  it("ignore a NaN in __hmax/__hmin, propagate it in __hmax_nan, and order -0 below +0", function()
    assert.are.equal(hex{0x3c00,      -- __hmax(NaN, 1) = 1
                         0x7fff,      -- __hmax_nan(NaN, 1) = canonical NaN
                         0x0000,      -- __hmax(+0, -0) = +0
                         0x8000,      -- __hmin(+0, -0) = -0
                         0x7fff,      -- __hmin(NaN, NaN) = canonical NaN
                         0x7fff,      -- bf16 __hmax_nan(2, NaN)
                         0x0000,      -- __hfma_relu(1, -2, 1) = relu(-1) = +0
                         0x0000,      -- __hadd_sat(NaN, 1) = +0
                         0xffffffff}, -- __hisinf(-Inf) = -1
                     hex(run("maxmin", 9)))
  end)

  it("round single-precision intrinsics in their mode, saturate NaN to +0, convert NaN to 0", function()
    assert.are.equal(hex{0,           -- __saturatef(NaN) = +0
                         0,           -- __saturatef(-0) = +0
                         0x3f800000,  -- __fadd_rz(1, 2^-30) = 1
                         0x3f800001,  -- __fadd_ru(1, 2^-30) = 1 + 2^-23
                         0x80000000,  -- __fadd_rd(1, -1) = -0
                         0x34800000,  -- __fmaf_rz((1+2^-23)^2 - 1) = 2^-22 (one rounding)
                         0x3eaaaaaa,  -- __fdiv_rd(1, 3)
                         0x3fb504f4,  -- __fsqrt_ru(2)
                         0x3eaaaaaa,  -- __frcp_rz(3)
                         0,           -- __fdividef(1, 2^127) = 0 (documented)
                         0,           -- __float2int_rn(NaN) = 0
                         0x7fffffff}, -- __float2int_rd(3e9) saturates
                     hex(run("fsingle", 12)))
  end)

  it("convert NaN and round exact quotients and roots as the H200 does", function()
    assert.are.equal(hex{0, 0x80000000,  -- __float2ll_rn(NaN): 0x8000000000000000 (the FP64 unit's)
                         0x80000000,     -- __float2ull_rz(NaN): the same, unsigned
                         0x80000000,     -- __half2ll_rd(NaN)
                         0x80000000,     -- __double2int_rn(NaN): not 0, unlike __float2int_rn
                         0x80000000,     -- __double2uint_rz(NaN)
                         0x80000000,     -- __double2ll_ru(NaN)
                         0x7fc00000,     -- __double2float_rn(NaN): the payload narrowed, not 0x7fffffff
                         0x7e00,         -- __double2half(NaN)
                         0x7fc0,         -- __double2bfloat16(NaN)
                         0x7e800000,     -- __frcp_ru(2^-126) = 2^126 exactly
                         0xbf800000,     -- __frcp_rz(-1) = -1
                         0x40000000,     -- __fsqrt_ru(4) = 2
                         0xbfbc3060},    -- __fdiv_rd(x, -1) = -x
                     hex(run("h200", 14)))
  end)

  it("give __activemask the converged lanes: all in converged code, the branch's where diverged", function()
    local out = run("activemask", 2 * 64, 64)
    for t = 0, 63 do
      local lane = t % 32
      assert.are.equal(0xffffffff, out[2 * t + 1], "converged, thread " .. t)
      local want = lane == 5 and 0 or lane < 10 and 0x3df or 0
      assert.are.equal(want, out[2 * t + 2], "lanes 0-9 but the exited 5, thread " .. t)
    end
  end)

  it("reverse, permute, funnel-shift and count bits as documented", function()
    assert.are.equal(hex{0x80000000, 0x1e6a2c48,   -- __brev
                         0x44770011,               -- __byte_perm(x, y, 0x4701)
                         0x12345678,               -- __funnelshift_l by 36: mod 32
                         0x89abcdef,               -- __funnelshift_lc by 36: clamped to 32
                         0x789abcde,               -- __funnelshift_r by 4
                         0x01234567,               -- __funnelshift_rc by 40: clamped to 32
                         32, 8, 17,                -- __clz(0), __ffs(0x80), __popc
                         112,                      -- __sad(-5, 7, 100)
                         0x7fffffff},              -- __hadd(INT_MAX, INT_MAX): no overflow
                     hex(run("bits", 12)))
  end)

  it("shuffle across groups of a width, match and reduce over the warp", function()
    local out = run("warps", 4 * 64, 64)
    local xor = 0
    for l = 1, 32 do xor = xor ~ l end
    for t = 0, 63 do
      local lane = t % 32
      -- __shfl_xor_sync(lane ^ 8, width 8) may read the earlier group, not the later one
      assert.are.equal(lane & 8 ~= 0 and lane - 8 or lane, out[4 * t + 1], "thread " .. t)
      local same = 0
      for l = 0, 31 do if l % 3 == lane % 3 then same = same | 1 << l end end
      assert.are.equal(same, out[4 * t + 2], "__match_any_sync, thread " .. t)
      assert.are.equal(496 + (xor << 16), out[4 * t + 3], "__reduce_add_sync/__reduce_xor_sync")
      assert.are.equal(0xfffffffe, out[4 * t + 4], "__match_all_sync: the mask, pred 1")
    end
  end)

  it("adds to __half2 and __nv_bfloat162 atomically, and compares-and-swaps 16 bits", function()
    assert.are.equal(hex{0x50005400,  -- 64 x (1, 0.5) = (64, 32)
                         0x4300c280,  -- 64 x (-1, 2) = (-64, 128)
                         9,           -- the one successful atomicCAS
                         1},          -- ... by exactly one thread
                     hex(run("atomics", 4, 64)))
  end)

  it("stops a kernel calling a documented function it lacks with 'needs a CUDA device: <name>'", function()
    cpu_only("the GPU has __isGlobal")
    local f = os.tmpname() .. ".cu"
    local h = assert(io.open(f, "w"))
    h:write('extern "C" __global__ void k(const float *x, float *y)\n',
            '{\n  y[0] = __isGlobal(x) ? 1.0f : 0.0f;\n}\n')
    h:close()
    local k, err = kcv.kernel.load{source = f, name = "k", params = {"ptr", "ptr"}, backend = BACKEND}
    os.remove(f)
    assert.is_nil(k)
    assert.matches("needs a CUDA device: __isGlobal", err, 1, true)
    assert.are.equal(f .. ":3: '__isGlobal' is not provided by the cpu backend's CUDA emulation (host/cpu/); "
                     .. "a GPU is needed to run it", unjudged.load(err, "cpu"))
  end)
end)
