-- tools/gdn-accuracy.lua — worst relative error of the Gated DeltaNet
-- kernels against the fp64 oracle at flash-linear-attention's benchmark
-- shapes (issue 11's accuracy table).  Run with kcv:
--
--   ./kcv run tools/gdn-accuracy.lua [--backend cuda|cpu] [--shape B,T,H,D|B,T,H,HV,D ...] [--seed N]
--                                    [--fwd KERNEL.cu] [--bwd KERNEL.cu]
--
-- Default shapes: fla's five, (1,8192,96,128) (2,16384,16,128) (4,2048,16,128)
-- (4,4096,64,128) (8,1024,8,64), K = V = D.  For each spec (gdn_fwd, gdn_bwd)
-- and shape: inputs from the normal distribution under the seed, the
-- kernel run once, and for every output max |got - oracle| / max |oracle|
-- (the error relative to the output's scale) and the worst element's own
-- relative error.  One line per (spec, shape, output); a shape the CPU
-- backend cannot afford is the user's to choose (--shape).
local kcv = require "kcv"
local verify = require "kcv.verify"
local case = require "kcv.verify.case"
local subject = require "kcv.verify.subject"
local gdn = require "kcv.gdn"

local args = {...}
local PER_ELEMENT_MAX = 1 << 22   -- outputs past this size skip the per-element column
io.stdout:setvbuf("line")     -- a run cut by a timeout keeps the lines it printed
local backend, seed, shapes = "auto", 1, {}
-- the kernel each spec is measured on (default the sequential ones)
local kernels = {gdn_fwd = "kernels/gdn_fwd.cu", gdn_bwd = "kernels/gdn_bwd.cu"}
local i = 1
while i <= #args do
  local a = args[i]
  if a == "--backend" then backend = args[i + 1]; i = i + 2
  elseif a == "--seed" then seed = tonumber(args[i + 1]); i = i + 2
  elseif a == "--fwd" or a == "--bwd" then kernels["gdn_" .. a:sub(3)] = args[i + 1]; i = i + 2
  elseif a == "--shape" then
    local shape = gdn.parse_shape(args[i + 1])
    if not shape then io.stderr:write("gdn-accuracy: --shape wants B,T,H,D or B,T,H,HV,D\n"); os.exit(2) end
    shapes[#shapes + 1] = shape
    i = i + 2
  else io.stderr:write("usage: kcv run tools/gdn-accuracy.lua [--backend B] [--shape B,T,H,D|B,T,H,HV,D ...] [--seed N] [--fwd K.cu] [--bwd K.cu]\n"); os.exit(2) end
end
if #shapes == 0 then shapes = gdn.fla_shapes() end
if backend == "auto" then backend = pcall(kcv.backend.use, "cuda") and "cuda" or "cpu" end
assert(pcall(kcv.backend.use, backend), "backend " .. backend .. " is not available")

print(("# gdn-accuracy, backend %s, seed %d"):format(backend, seed))
print("spec     shape (B,T,H,D)     output  max|err|/max|y|  worst element rel err  seconds")
-- the cheapest shape first, each shape's forward then its backward, so a
-- run cut by a timeout has whole shapes
table.sort(shapes, function(a, b) return a.B * a.T * a.H * a.G * a.K * a.V < b.B * b.T * b.H * b.G * b.K * b.V end)
local subjects = {}
for _, name in ipairs{"gdn_fwd", "gdn_bwd"} do
  local spec = assert(verify.load_spec("specs/" .. name .. ".lua"))
  local side, err = subject.sidecar(kernels[name])
  assert(not err, err)
  print(("# %s: %s"):format(name, kernels[name]))
  subjects[#subjects + 1] = {name = name, spec = spec,
    subj = subject.kernel{spec = spec, source = kernels[name], backend = backend, sidecar = side}}
end
for _, s in ipairs(shapes) do
  for _, it in ipairs(subjects) do
    local name, spec, subj = it.name, it.spec, it.subj
    local t0 = kcv.sys.clock()
    local inputs = case.inputs(spec, s, "normal", seed)
    local r = subj:run(inputs, s, {})
    if r.status ~= "ok" then
      print(("%-8s %-19s run failed: %s"):format(name, gdn.shape_label(s), r.message or r.status))
    else
      local args2 = {}
      for k, b in ipairs(inputs) do args2[k] = b end
      local res = table.pack(spec.oracle(kcv.mp, table.unpack(args2)))
      for k, out in ipairs(spec.outputs) do
        local y, got = res[2 * k - 1], r.outputs[k]
        -- the scale and the error in C (fla's shapes have 10^8 elements);
        -- the per-element relative error in Lua only where that is cheap
        local scale = kcv.cmp.max_abs_finite(y)
        local err = kcv.cmp.max_abs_diff(y, got)
        local worst = "-"
        if y.numel <= PER_ELEMENT_MAX then
          worst = 0
          for e = 0, y.numel - 1 do
            local a, b = y:get(e), got:get(e)
            if a ~= 0 then worst = math.max(worst, math.abs(a - b) / math.abs(a)) end
          end
          worst = ("%.3g"):format(worst)
        end
        print(("%-8s %-19s %-7s %-16.3g %-22s %.1f"):format(name, gdn.shape_label(s),
              out.name, scale > 0 and err / scale or err, worst, kcv.sys.clock() - t0))
      end
    end
  end
end
