-- tools/gdn-dump.lua — every output of the chunked Gated DeltaNet kernels
-- at a few shapes, written raw, so that a rework of the kernels can be
-- shown to give the same bits as before (`cmp` the two directories):
--
--   ./kcv run tools/gdn-dump.lua DIR [--backend cpu|cuda] [--fwd F.cu] [--bwd F.cu]
--
-- Files DIR/fwd-N-M.bin and DIR/bwd-N-M.bin: shape N, output M (DIR is
-- created if it does not exist; its parent must).  The shapes
-- have tail chunks, partial state tiles, K /= V and one of fla's benchmark
-- shapes (cuda only: too slow on the CPU backend); the inputs are normal,
-- seeded by the shape's number.  Exit 2 with a message on a kernel that
-- does not run.
local kcv = require "kcv"
local verify = require "kcv.verify"
local subject = require "kcv.verify.subject"
local case = require "kcv.verify.case"

local function die(msg) io.stderr:write("gdn-dump: ", msg, "\n"); os.exit(2) end

local args = {...}
local dir, backend = nil, "cpu"
local kernels = {fwd = "kernels/gdn_chunked_fwd.cu", bwd = "kernels/gdn_chunked_bwd.cu"}
local i = 1
while i <= #args do
  local a = args[i]
  if a == "--backend" then backend = args[i + 1]; i = i + 2
  elseif a == "--fwd" or a == "--bwd" then kernels[a:sub(3)] = args[i + 1]; i = i + 2
  elseif not dir and a:sub(1, 1) ~= "-" then dir = a; i = i + 1
  else die("usage: kcv run tools/gdn-dump.lua DIR [--backend cpu|cuda] [--fwd F.cu] [--bwd F.cu]") end
end
if not dir then die("no output directory given") end
local lfs = require "lfs"
if lfs.attributes(dir, "mode") ~= "directory" then
  local ok, merr = lfs.mkdir(dir)
  if not ok then die(("cannot create %s: %s"):format(dir, merr)) end
end
local ok, err = pcall(kcv.backend.use, backend)
if not ok then die(tostring(err)) end

local shapes = {{B = 1, T = 1, H = 1, G = 1, K = 64, V = 64}, {B = 1, T = 130, H = 2, G = 1, K = 64, V = 64},
                {B = 2, T = 200, H = 3, G = 1, K = 32, V = 48}, {B = 1, T = 128, H = 1, G = 1, K = 128, V = 128},
                {B = 1, T = 77, H = 2, G = 1, K = 16, V = 40}, {B = 1, T = 90, H = 2, G = 3, K = 16, V = 24}}
if backend == "cuda" then shapes[#shapes + 1] = {B = 4, T = 2048, H = 16, G = 1, K = 128, V = 128} end

for _, stage in ipairs{"fwd", "bwd"} do
  local spec = assert(verify.load_spec("specs/gdn_" .. stage .. ".lua"))
  local side, serr = subject.sidecar(kernels[stage])
  if serr then die(serr) end
  local subj = subject.kernel{spec = spec, source = kernels[stage], backend = backend, sidecar = side}
  for n, s in ipairs(shapes) do
    local r = subj:run(case.inputs(spec, s, "normal", 7 + n), s, {})
    if r.status ~= "ok" then die(("%s at shape %d: %s %s"):format(kernels[stage], n, r.status, tostring(r.message))) end
    for m, b in ipairs(r.outputs) do
      local path = ("%s/%s-%d-%d.bin"):format(dir, stage, n, m)
      local f, ferr = io.open(path, "wb")
      if not f then die(ferr) end
      f:write(b:bytes())
      f:close()
    end
  end
end
print(("gdn-dump: %d shapes, fwd %s, bwd %s -> %s"):format(#shapes, kernels.fwd, kernels.bwd, dir))
