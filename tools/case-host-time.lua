-- tools/case-host-time.lua — where one case's host time goes, without the
-- kernel: making the inputs, the oracle, and the thresholded comparison
-- (ctx:within, against outputs that are the oracle's own values rounded to
-- the output dtypes).  The gates of a spec run this for every case, so on
-- specs whose kernels are fast it is what verification costs (issue 10):
--
--   ./kcv run tools/case-host-time.lua SPEC B=4,T=512,H=16,G=1,K=128,V=128 [--reps N] [--backend cuda]
--
-- Prints one line a step: its name and the median seconds of N (default 3)
-- repeats, on this machine's cores (kcv.mp.threads()).  --backend cuda:
-- the oracle a verification on the cuda backend gets (its heavy primitives
-- on the device, kcv.oracle.gpu); default cpu (kcv.mp, on the host).
local kcv = require "kcv"
local verify = require "kcv.verify"
local case = require "kcv.verify.case"
local probe = require "kcv.verify.probe"

local function die(msg) io.stderr:write("case-host-time: ", msg, "\n"); os.exit(2) end

local args = {...}
local USAGE = "usage: kcv run tools/case-host-time.lua SPEC DIM=N,... [--reps N] [--backend cpu|cuda]"
local spec_path, shape_text, reps, backend = args[1], args[2], 3, "cpu"
for i = 3, #args, 2 do
  if args[i] == "--reps" then reps = tonumber(args[i + 1]) or die("--reps wants a number")
  elseif args[i] == "--backend" and (args[i + 1] == "cpu" or args[i + 1] == "cuda") then backend = args[i + 1]
  else die(USAGE) end
end
if not (spec_path and shape_text) then die(USAGE) end
local spec, err = verify.load_spec(spec_path)
if not spec then die(err) end
local s = {}
for name, n in shape_text:gmatch("(%w+)=(%d+)") do s[name] = tonumber(n) end
for name in pairs(spec.dims or {}) do
  if not s[name] then die(("the shape gives no %s"):format(name)) end
end

local clock = kcv.sys.clock
local function median(f)
  local t = {}
  for r = 1, reps do
    local t0 = clock()
    f()
    t[r] = clock() - t0
  end
  table.sort(t)
  return t[(reps + 1) // 2]
end

local ctx = probe.new{spec = spec, gate = {id = "host-time"}, seed = 1, budget = "cuda", backend = backend}
local ins, expect, outs
print(("inputs   %.3f s"):format(median(function() ins = case.inputs(spec, s, "normal", 5) end)))
print(("oracle   %.3f s"):format(median(function() expect = ctx:oracle(ins, s) end)))
outs = {}
for i, o in ipairs(spec.outputs) do outs[i] = expect[i].value:cast(o.dtype) end
print(("compare  %.3f s"):format(median(function()
  assert(not ctx:within({name = "host-time", shape = s, seed = 1}, {outputs = outs}, expect, "probabilistic"))
end)))
print(("(%s at %s, %s oracle, %d threads, median of %d)"):format(spec_path, shape_text, backend,
                                                                 kcv.mp.threads(), reps))
