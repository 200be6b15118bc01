-- tools/gdn-anchor-check.lua — the Gated DeltaNet anchors (fla, FlashQLA)
-- judged by kcv's own oracle: the specs' oracles (kcv.mp.gdn and gdn_bwd
-- behind fla's l2norm, grouped value heads included) on the slice that
-- `tools/gdn-bench.py --dump DIR` wrote, against each anchor's outputs and
-- gradients there (issue 12: "the anchors are compared with the same
-- oracle").
--
--   ./kcv run tools/gdn-anchor-check.lua DIR [--json FILE]
--                                       [--ours [--backend cuda|cpu] [--fwd F.cu] [--bwd F.cu]]
--
-- Prints one line an anchor and output: max|got - ref| / max|ref| (the
-- measure of tools/gdn-accuracy.lua and gdn-bench.py's table) and the worst
-- |got - ref| / magnitude, the oracle's magnitude per element that kcv's
-- bounds scale.  --ours adds kcv's own kernels (default
-- kernels/gdn_chunked_{fwd,bwd}.cu, on cuda where there is one) run on the
-- same inputs, as the anchor "kcv": their errors beside the anchors'.
-- Exit 2 on a missing or malformed dump, or a kernel that does not run.
local kcv = require "kcv"
local lfs = require "lfs"
local verify = require "kcv.verify"
local gdn = require "kcv.gdn"
local subject = require "kcv.verify.subject"

local function die(msg) io.stderr:write("gdn-anchor-check: ", msg, "\n"); os.exit(2) end

local USAGE = "usage: kcv run tools/gdn-anchor-check.lua DIR [--json FILE] [--ours [--backend B] [--fwd F.cu] [--bwd F.cu]]"
local args = {...}
local dir, json_path, ours
local kernels = {fwd = "kernels/gdn_chunked_fwd.cu", bwd = "kernels/gdn_chunked_bwd.cu"}
local backend = "auto"
local i = 1
while i <= #args do
  local a = args[i]
  if a == "--json" and args[i + 1] then json_path = args[i + 1]; i = i + 2
  elseif a == "--ours" then ours = true; i = i + 1
  elseif a == "--backend" and args[i + 1] then backend = args[i + 1]; i = i + 2
  elseif (a == "--fwd" or a == "--bwd") and args[i + 1] then kernels[a:sub(3)] = args[i + 1]; i = i + 2
  elseif not dir and a:sub(1, 1) ~= "-" then dir = a; i = i + 1
  else die(USAGE) end
end
if not dir then die(USAGE) end

local INPUTS = {"q", "k", "v", "g", "beta", "h0", "do", "dht"}
local OUTPUTS = {"o", "ht", "dq", "dk", "dv", "dg", "dbeta", "dh0"}

-- The manifests (one an anchor) in dir, by anchor name order.
local function manifests()
  local list = {}
  local ok, iter, state = pcall(lfs.dir, dir)
  if not ok then die(("cannot read %s: %s"):format(dir, tostring(iter))) end
  for name in iter, state do
    if name:match("%.json$") then
      local f = assert(io.open(dir .. "/" .. name))
      local m = require("dkjson").decode(f:read("a"))
      f:close()
      if type(m) ~= "table" or type(m.anchor) ~= "string" or type(m.files) ~= "table" then
        die(dir .. "/" .. name .. ": not a gdn-bench.py --dump manifest")
      end
      list[#list + 1] = m
    end
  end
  table.sort(list, function(a, b) return a.anchor < b.anchor end)
  if #list == 0 then die("no manifest (*.json) in " .. dir .. ": run tools/gdn-bench.py --dump " .. dir) end
  return list
end

local function load(m, stem)
  local shape = m.files[stem]
  if type(shape) ~= "table" then die(("%s: the manifest of %s names no %s"):format(dir, m.anchor, stem)) end
  local b = kcv.buffer("f64", shape)
  local ok, err = pcall(b.readfile, b, dir .. "/" .. stem .. ".bin")
  if not ok then die(tostring(err)) end
  return b
end

-- max|got - ref| / max|ref| (as tools/gdn-accuracy.lua measures it) and
-- the worst |got - ref| / mag (kcv.cmp.within with the bound mag itself)
local function errors(got, ref, mag)
  if got.numel ~= ref.numel then die(("%d values against the oracle's %d"):format(got.numel, ref.numel)) end
  got = got:reshape(ref.shape)                  -- [B, T, HV, ...] as the oracle's [B, T, HK, G, ...]
  local scale = kcv.cmp.max_abs_finite(ref)
  return kcv.cmp.max_abs_diff(ref, got) / (scale > 0 and scale or 1),
         kcv.cmp.within(got, ref, {mag = mag, c_mag = 1}).ratio
end

-- The anchors' value-side tensors are [B, T, HV, ...] with HV = G HK value
-- heads (q and k have HK); the specs take them as [B, T, HK, G, ...], the
-- same bytes (kcv.gdn).
local function grouped(x)
  local HK, HV = x[1].shape[3], x[3].shape[3]
  if HV % HK ~= 0 then die(("%d value heads are no multiple of %d key heads"):format(HV, HK)) end
  for n = 3, #x do x[n] = gdn.grouped(x[n], (n == 6 or n == 8) and 2 or 3, HV // HK) end   -- h0, dht: [B, H, K, V]
end

local fwd = verify.load_spec("specs/gdn_fwd.lua") or die("cannot load specs/gdn_fwd.lua")
local bwd = verify.load_spec("specs/gdn_bwd.lua") or die("cannot load specs/gdn_bwd.lua")

-- The oracle's outputs and magnitudes on inputs x (the specs' order).
local function oracle(x)
  local o, om, ht, hm = fwd.oracle(kcv.mp, x[1], x[2], x[3], x[4], x[5], x[6])
  local r = {o = {o, om}, ht = {ht, hm}}
  local b = table.pack(bwd.oracle(kcv.mp, table.unpack(x, 1, 8)))
  for n, name in ipairs{"dq", "dk", "dv", "dg", "dbeta", "dh0"} do r[name] = {b[2 * n - 1], b[2 * n]} end
  return r
end

-- kcv's kernels on inputs x: their outputs by name (f64), or a message.
local function run_ours(x)
  if backend == "auto" then backend = pcall(kcv.backend.use, "cuda") and "cuda" or "cpu" end
  local ok, err = pcall(kcv.backend.use, backend)
  if not ok then return nil, tostring(err) end
  local q, v = x[1], x[3]
  local shape = {B = q.shape[1], T = q.shape[2], H = q.shape[3], K = q.shape[4], G = v.shape[4], V = v.shape[5]}
  local got = {}
  for _, stage in ipairs{{fwd, kernels.fwd, 6, {"o", "ht"}}, {bwd, kernels.bwd, 8, {"dq", "dk", "dv", "dg", "dbeta", "dh0"}}} do
    local spec, source, nin, names = table.unpack(stage)
    local side, serr = subject.sidecar(source)
    if serr then return nil, serr end
    local subj = subject.kernel{spec = spec, source = source, backend = backend, sidecar = side}
    local inputs = {}
    for n = 1, nin do inputs[n] = x[n]:cast(spec.inputs[n].dtype) end   -- the dump's values are the anchors' bf16/f32
    local r = subj:run(inputs, shape, {})
    if r.status ~= "ok" then return nil, ("%s: %s %s"):format(source, r.status, tostring(r.message)) end
    for n, name in ipairs(names) do got[name] = r.outputs[n]:cast("f64") end
  end
  return got
end

local rows = {}
local function row(anchor, name, got, ref)
  local rel, by_mag = errors(got, ref[1], ref[2])
  rows[#rows + 1] = {anchor = anchor, output = name, rel = rel, err_over_mag = by_mag}
  print(("%-10s %-6s %12.3e %14.3e"):format(anchor, name, rel, by_mag))
end

print(("%-10s %-6s %12s %14s"):format("anchor", "output", "rel", "max err/mag"))
-- every anchor's manifest names the same input files (one slice, one seed)
local list = manifests()
local x = {}
for n, stem in ipairs(INPUTS) do x[n] = load(list[1], stem) end
grouped(x)
local ref = oracle(x)
for _, m in ipairs(list) do
  for _, name in ipairs(OUTPUTS) do row(m.anchor, name, load(m, m.anchor .. "-" .. name), ref[name]) end
end
if ours then
  local got, err = run_ours(x)
  if not got then die("kcv's kernels: " .. err) end
  for _, name in ipairs(OUTPUTS) do row("kcv", name, got[name], ref[name]) end
end
if json_path then
  local f = io.open(json_path, "w") or die("cannot write " .. json_path)
  f:write(require("dkjson").encode(rows, {indent = true}), "\n")
  f:close()
end
