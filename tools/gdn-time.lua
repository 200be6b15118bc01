-- tools/gdn-time.lua — times kcv's own Gated DeltaNet kernels for issue 12's
-- side-by-side benchmark (tools/gdn-bench.py times the anchors; the wrapper
-- tools/device-gdn-bench merges both).  Run with kcv on a CUDA device:
--
--   ./kcv run tools/gdn-time.lua [--shape B,T,H,D|B,T,H,HV,D ...] [--reps N] [--skip-bwd-above TOKENS]
--                                [--fwd F.cu] [--bwd F.cu]
--
-- --fwd, --bwd time other kernel files (with their sidecars) in place of
-- kernels/gdn_chunked_{fwd,bwd}.cu: an earlier version, side by side.
-- Prints one JSON object a line on stdout, a row each ({shape, stage,
-- kernel, ms, noise, err}), the moment the row is measured, so that a
-- caller that kills a slow shape keeps the stages that finished.  The timer is the one `kcv tune` uses
-- (kcv.tune.time.kernel): CUDA events around each repeat, 2 x L2 (>= 256 MB)
-- flushed before each, warm-up excluded, median of the repeats, the median
-- of 3 rounds, on normal inputs of seed 12345.  Forward: kernels/gdn_chunked_fwd.cu (its sidecar's three
-- launches are one timed run).  Backward: kernels/gdn_chunked_bwd.cu when
-- it exists, else the sequential kernels/gdn_bwd.cu; the sequential one is
-- slow at big B*T*H, so shapes above --skip-bwd-above tokens*heads (B*T*H;
-- default 2^21) are recorded as skipped rather than timed, to keep the
-- device call inside its 10 minutes.  fwd+bwd is reported as the sum: our
-- backward recomputes what it needs from the inputs, as the spec has it.
--
-- Exit 2 with a message on stderr when there is no CUDA backend (this is
-- what spec/gdn_bench_spec.lua checks on a machine without a GPU).
local kcv = require "kcv"
local verify = require "kcv.verify"
local subject = require "kcv.verify.subject"
local gdn = require "kcv.gdn"
local time = require "kcv.tune.time"

local function die(msg) io.stderr:write("gdn-time: ", msg, "\n"); os.exit(2) end

local args = {...}
local shapes, reps, bwd_cap, files = {}, 20, 2 ^ 21, {}
local i = 1
while i <= #args do
  local a = args[i]
  if a == "--shape" then
    shapes[#shapes + 1] = gdn.parse_shape(args[i + 1]) or die("--shape wants B,T,H,D or B,T,H,HV,D")
    i = i + 2
  elseif a == "--reps" then reps = tonumber(args[i + 1]) or die("--reps wants a number"); i = i + 2
  elseif a == "--skip-bwd-above" then bwd_cap = tonumber(args[i + 1]) or die("--skip-bwd-above wants a number"); i = i + 2
  elseif (a == "--fwd" or a == "--bwd") and args[i + 1] then files[a:sub(3)] = args[i + 1]; i = i + 2
  elseif a == "--backend" then
    -- Accepted for symmetry with gdn-accuracy.lua; only cuda can time.
    if args[i + 1] ~= "cuda" then die("only --backend cuda can time kernels") end
    i = i + 2
  else
    die("usage: kcv run tools/gdn-time.lua [--shape B,T,H,D|B,T,H,HV,D ...] [--reps N] [--skip-bwd-above B*T*H]"
        .. " [--fwd F.cu] [--bwd F.cu]")
  end
end
if #shapes == 0 then shapes = gdn.fla_shapes() end

local function exists(p) local f = io.open(p) if f then f:close() return true end return false end
local bwd_src = files.bwd or (exists("kernels/gdn_chunked_bwd.cu") and "kernels/gdn_chunked_bwd.cu" or "kernels/gdn_bwd.cu")
local fwd_src = files.fwd or "kernels/gdn_chunked_fwd.cu"
for _, f in ipairs{fwd_src, bwd_src} do if not exists(f) then die("no kernel file " .. f) end end

-- Host-clock times on the cpu backend would be meaningless next to the
-- anchors' CUDA-event times, so no fallback.
-- kcv.backend.use succeeds without a GPU (the worker fails later), so ask
-- for the device first, as `kcv device` does.
local iok, info, ierr = pcall(kcv.backend.info, "cuda")
if not iok or type(info) ~= "table" then
  die(tostring(iok and ierr or info) .. " (gdn-time needs the GPU machine)")
end
local ok, uerr = pcall(kcv.backend.use, "cuda")
if not ok then die("no CUDA backend here (" .. tostring(uerr) .. ")") end

local function timer(spec_name, source)
  local spec = assert(verify.load_spec("specs/" .. spec_name .. ".lua"))
  local side, err = subject.sidecar(source)
  if err then die(err) end
  local subj = subject.kernel{spec = spec, source = source, backend = "cuda", sidecar = side}
  -- No knobs: one config, {}, under an empty knob definition.
  return time.kernel{spec = spec, def = {names = {}, default = {}}, make = function() return subj end,
                     shapes = shapes, reps = reps}
end

local stages = {
  {stage = "fwd", kernel = fwd_src, t = timer("gdn_fwd", fwd_src)},
  {stage = "bwd", kernel = bwd_src, t = timer("gdn_bwd", bwd_src)},
}

-- A minimal JSON writer: the values are numbers, strings and flat tables.
local function js(v)
  if type(v) == "number" then return v ~= v and "null" or ("%.6g"):format(v) end
  if type(v) == "string" then return '"' .. v:gsub('[%c"\\]', function(c) return ("\\u%04x"):format(c:byte()) end) .. '"' end
  if v == nil then return "null" end
  local parts = {}
  for _, k in ipairs{"shape", "stage", "kernel", "ms", "q1", "q3", "noise", "err"} do
    if v[k] ~= nil then parts[#parts + 1] = '"' .. k .. '":' .. js(v[k]) end
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

for si, s in ipairs(shapes) do
  local shape = gdn.shape_label(s)
  local ms = {}
  for _, st in ipairs(stages) do
    local row = {shape = shape, stage = st.stage, kernel = st.kernel}
    if st.stage == "bwd" and st.kernel == "kernels/gdn_bwd.cu" and s.B * s.T * s.H * s.G > bwd_cap then
      row.err = ("skipped: sequential backward at B*T*HV = %d > %d (device-call budget)"):format(s.B * s.T * s.H * s.G, bwd_cap)
    else
      local r, err = st.t:measure({}, si, 1)
      if r then
        row.ms, row.noise = r.ms, r.noise
        ms[st.stage] = r.ms
      else
        row.err = err
      end
    end
    print(js(row)); io.stdout:flush()
    io.stderr:write(("gdn-time: %s %s %s\n"):format(shape, st.stage, row.ms and ("%.4f ms"):format(row.ms) or row.err))
  end
  local sum = {shape = shape, stage = "fwd+bwd", kernel = "sum of the two",
               ms = (ms.fwd and ms.bwd) and ms.fwd + ms.bwd or nil,
               err = not (ms.fwd and ms.bwd) and "a stage is missing" or nil}
  print(js(sum)); io.stdout:flush()
end
