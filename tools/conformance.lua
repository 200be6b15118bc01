-- tools/conformance.lua — the conformance test from the command line
-- (kcv run tools/conformance.lua ...); tools/device-conformance calls it
-- on the GPU machine.
--
--   --backend B [--cubins DIR] --write FILE [--meta K=V ...]
--        run on backend B and write the expected-values file
--   --backend B [--cubins DIR] --check FILE
--        run on backend B and list what differs from FILE (exit 1 if any)
--   --diff [--cubins DIR] [--limit N]
--        run on cpu and on cuda, list every element that differs (exit 1 if any)
-- --cubins DIR: the parts nvcc built, DIR/conf_0.cubin ... (cuda only;
-- without it the cuda backend compiles the source with NVRTC).
-- Exit 2: kcv could not run the test (a backend missing, a kernel that
-- does not build).
local C = require "kcv.conformance"

local opts, meta = {backend = "cpu", limit = 8}, {}
local i = 1
while arg[i] do
  local a = arg[i]
  if a == "--backend" or a == "--cubins" or a == "--write" or a == "--check" or a == "--limit" then
    opts[a:sub(3)] = assert(arg[i + 1], a .. " needs a value")
    i = i + 2
  elseif a == "--meta" then
    local k, v = assert(arg[i + 1], "--meta needs K=V"):match("^([%w_]+)=(.*)$")
    meta[assert(k, "--meta needs K=V")] = v
    i = i + 2
  elseif a == "--diff" then
    opts.diff = true
    i = i + 1
  else
    io.stderr:write("conformance: unknown argument ", a, "\n")
    return 2
  end
end

local function progress(k, n, name)
  if k % 50 == 0 or k == n then io.stderr:write(("  %d/%d %s\n"):format(k, n, name)) end
end

-- the cubins of DIR in part order, or nil
local function cubins(dir)
  if not dir then return nil end
  local list = {}
  while true do
    local f = ("%s/conf_%d.cubin"):format(dir, #list)
    local h = io.open(f)
    if not h then break end
    h:close()
    list[#list + 1] = f
  end
  if #list == 0 then io.stderr:write("conformance: no ", dir, "/conf_0.cubin\n"); os.exit(2) end
  return list
end

local function load(backend, dir)
  local r, err = C.load(backend, backend == "cuda" and cubins(dir) or nil)
  if not r then
    io.stderr:write("conformance: cannot load the kernel on ", backend, ": ", tostring(err), "\n")
    os.exit(2)
  end
  return r
end

if opts.diff then
  local cpu, cuda = load("cpu"), load("cuda", opts.cubins)
  local lines, nfun = C.diff(cpu, cuda, tonumber(opts.limit), progress)
  for _, l in ipairs(lines) do print(l) end
  print(("%d functions differ between cpu and cuda"):format(nfun))
  return nfun == 0 and 0 or 1
end

local runner = load(opts.backend, opts.cubins)
local t0 = os.time()
local res = C.run(runner, progress)
io.stderr:write(("conformance: %s backend, %d s\n"):format(opts.backend, os.time() - t0))
local bad = 0
for _, f in ipairs(C.list()) do
  local r = res.functions[f.name]
  if r.bound and r.bound.fails > 0 then
    bad = bad + 1
    local w = r.bound.worst
    print(("%s: %d of %d outside its error bound (%s); first: x = %s%s, got %s"):format(f.name, r.bound.fails,
          r.bound.checked, C.bound(f.approx).doc, w.x, w.y and (", y = " .. w.y) or "", w.got))
  end
end
if opts.write then
  meta.backend = opts.backend
  local info = require("kcv").backend.info(opts.backend)
  meta.device = info and info.name or nil
  meta.date = meta.date or os.date("!%Y-%m-%d")
  C.write(opts.write, res, meta)
  print(("wrote %s (%d functions, %d collectives)"):format(opts.write, #C.list(), (function()
    local n = 0
    for _ in pairs(res.collectives) do n = n + 1 end
    return n
  end)()))
end
if opts.check then
  local exp = C.read(opts.check)
  if not exp then io.stderr:write("conformance: no file ", opts.check, "\n"); return 2 end
  local diffs, nstale = C.compare(res, exp), 0
  for _, d in ipairs(diffs) do
    print(d.name .. ": " .. d.why)
    if d.stale then nstale = nstale + 1 end
  end
  -- a stale expected value is no difference of the backend: it waits for a GPU run
  print(("%d differences from %s%s"):format(#diffs - nstale, opts.check,
        nstale > 0 and (", %d stale expected values (%s)"):format(nstale, C.STALE) or ""))
  return #diffs == nstale and bad == 0 and 0 or 1
end
return bad == 0 and 0 or 1
