-- tools/bench-oracle.lua — time the MPFR oracle on the sizes docs/PERF.md
-- records, with the certified f64 paths on and off.
local kcv = rawget(_G, "kcv") or require "kcv"
local mp = kcv.mp

--   ./kcv run tools/bench-oracle.lua [threads] [names]
-- names: a comma-separated list; only the cases whose name contains one of
-- them (plain text) run.
if arg and arg[1] and arg[1] ~= "" then mp.threads(tonumber(arg[1])) end
local only = arg and arg[2]
math.randomseed(12345)

local function randn(dtype, shape)
  local n = 1
  for _, d in ipairs(shape) do n = n * d end
  local t = {}
  for i = 1, n do t[i] = math.random() * 2 - 1 end
  return kcv.from(dtype, t, shape)
end

local cases = {
  {"gemm 512x512x512 (f32 in)", function()
     local A, B = randn("f32", {512, 512}), randn("f32", {512, 512})
     return function() return mp.gemm(A, B) end end},
  {"softmax 16x16384 (f32 in)", function()
     local x = randn("f32", {16, 16384})
     return function() return mp.softmax(x) end end},
  {"log_softmax 16x16384 (f32 in)", function()
     local x = randn("f32", {16, 16384})
     return function() return mp.log_softmax(x) end end},
  {"softmax 256x16384 (4M, f32 in)", function()
     local x = randn("f32", {256, 16384})
     return function() return mp.softmax(x) end end},
  {"map exp 4M (f32 in)", function()
     local x = randn("f32", {4194304})
     return function() return mp.map("exp", x) end end},
  {"map sigmoid 4M (f32 in)", function()
     local x = randn("f32", {4194304})
     return function() return mp.map("sigmoid", x) end end},
  {"map silu 4M (f32 in)", function()
     local x = randn("f32", {4194304})
     return function() return mp.map("silu", x) end end},
  {"map tanh 4M (f32 in)", function()
     local x = randn("f32", {4194304})
     return function() return mp.map("tanh", x) end end},
  {"layernorm 64x4096 (f32 in)", function()
     local x = randn("f32", {64, 4096})
     return function() return mp.layernorm(x) end end},
  {"rmsnorm 64x4096 (f32 in)", function()
     local x = randn("f32", {64, 4096})
     return function() return mp.rmsnorm(x) end end},
  {"sum 64x65536 (f32 in)", function()
     local x = randn("f32", {64, 65536})
     return function() return mp.sum(x) end end},
}

-- Wall-clock seconds (kcv.sys.clock is monotonic) and CPU seconds of the
-- whole process (os.clock: every thread added up, which is what a loaded
-- machine distorts least).
local clock = kcv.sys and kcv.sys.clock or os.time

local function time(f)
  local w0, c0 = clock(), os.clock()
  f()
  return clock() - w0, os.clock() - c0
end

print(("kcv.mp benchmark: MPFR %s, precision %d bits, %d threads"):format(
  mp.mpfr_version(), mp.precision(), mp.threads()))
print(("%-32s %16s %16s"):format("", "oracle", "MPFR-only"))
print(("%-32s %8s %7s %8s %7s"):format("case", "wall s", "cpu s", "wall s", "cpu s"))
for _, c in ipairs(cases) do
  if only then
    local hit = false
    for w in only:gmatch("[^,]+") do hit = hit or c[1]:find(w, 1, true) ~= nil end
    if not hit then goto continue end
  end
  local run = c[2]()
  mp.fast(true)
  local fw, fc = time(run)
  mp.fast(false)
  local sw, sc = time(run)
  mp.fast(true)
  print(("%-32s %8.3f %7.3f %8.3f %7.3f"):format(c[1], fw, fc, sw, sc))
  ::continue::
end
