-- tools/gdn-anchor-check.lua — the Gated DeltaNet anchors (fla, FlashQLA)
-- judged by kcv's own oracle: the specs' oracles (kcv.mp.gdn and gdn_bwd
-- behind fla's l2norm, grouped value heads included) on the slice that
-- `tools/gdn-bench.py --dump DIR` wrote, against each anchor's outputs and
-- gradients there (issue 12: "the anchors are compared with the same
-- oracle").
--
--   ./kcv run tools/gdn-anchor-check.lua DIR [--json FILE]
--
-- Prints one line an anchor and output: max|got - ref| / max|ref| (the
-- measure of tools/gdn-accuracy.lua and gdn-bench.py's table) and the worst
-- |got - ref| / magnitude, the oracle's magnitude per element that kcv's
-- bounds scale.  Exit 2 on a missing or malformed dump.
local kcv = require "kcv"
local lfs = require "lfs"
local verify = require "kcv.verify"
local gdn = require "kcv.gdn"

local function die(msg) io.stderr:write("gdn-anchor-check: ", msg, "\n"); os.exit(2) end

local args = {...}
local dir, json_path
local i = 1
while i <= #args do
  if args[i] == "--json" then json_path = args[i + 1]; i = i + 2
  elseif not dir and args[i]:sub(1, 1) ~= "-" then dir = args[i]; i = i + 1
  else die("usage: kcv run tools/gdn-anchor-check.lua DIR [--json FILE]") end
end
if not dir then die("usage: kcv run tools/gdn-anchor-check.lua DIR [--json FILE]") end

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
local rows = {}
print(("%-10s %-6s %12s %14s"):format("anchor", "output", "rel", "max err/mag"))
for _, m in ipairs(manifests()) do
  local x = {}
  for n, stem in ipairs(INPUTS) do x[n] = load(m, stem) end
  grouped(x)
  local o, om, ht, hm = fwd.oracle(kcv.mp, x[1], x[2], x[3], x[4], x[5], x[6])
  local r = {o = {o, om}, ht = {ht, hm}}
  local b = table.pack(bwd.oracle(kcv.mp, table.unpack(x, 1, 8)))
  for n, name in ipairs{"dq", "dk", "dv", "dg", "dbeta", "dh0"} do r[name] = {b[2 * n - 1], b[2 * n]} end
  for _, name in ipairs(OUTPUTS) do
    local rel, by_mag = errors(load(m, m.anchor .. "-" .. name), r[name][1], r[name][2])
    rows[#rows + 1] = {anchor = m.anchor, output = name, rel = rel, err_over_mag = by_mag}
    print(("%-10s %-6s %12.3e %14.3e"):format(m.anchor, name, rel, by_mag))
  end
end
if json_path then
  local f = io.open(json_path, "w") or die("cannot write " .. json_path)
  f:write(require("dkjson").encode(rows, {indent = true}), "\n")
  f:close()
end
