-- tools/bench-gdn-oracle.lua — the Gated DeltaNet oracle, forward and
-- backward, on the host (kcv.mp.gdn and gdn_bwd, the lanes over the cores)
-- and on the device (kcv.oracle.gpu's), side by side, and whether their bits
-- agree.  For docs/PERF.md (issue 10, part 3).
--
--   ./kcv run tools/bench-gdn-oracle.lua [shapes] [backend]
-- shapes: space-separated B,T,H,K,V (default the gates' cuda-budget
-- benchmark case 4,512,16,128,128 and CMP-03's T = 32768 comparison
-- 4,32768,8,16,16); backend: cuda (default) or cpu (the kernel on the CPU
-- backend: a check, not a timing).
local kcv = require "kcv"
local gpu = require "kcv.oracle.gpu"

local shapes = {}
for b, t, h, k, v in ((arg and arg[1]) or "4,512,16,128,128 4,32768,8,16,16"):gmatch("(%d+),(%d+),(%d+),(%d+),(%d+)") do
  shapes[#shapes + 1] = {tonumber(b), tonumber(t), tonumber(h), tonumber(k), tonumber(v)}
end
local backend = (arg and arg[2]) or "cuda"
if backend == "cpu" then gpu.MIN_WORK = 0 end    -- a check: every shape on the device path
local wall = kcv.sys.clock
local mp = gpu.for_backend(backend, true)

local function args(B, T, H, K, V, backward)
  local function rnd(shape, seed, lo, hi) return kcv.buffer("f64", shape):fill_uniform{seed = seed, lo = lo, hi = hi} end
  local a = {q = rnd({B, T, H, K}, 1, -1, 1), k = rnd({B, T, H, K}, 2, -0.1, 0.1), v = rnd({B, T, H, V}, 3, -1, 1),
             g = rnd({B, T, H}, 4, -0.3, 0), beta = rnd({B, T, H}, 5, 0, 1), h0 = rnd({B, H, K, V}, 6, -1, 1)}
  if backward then a["do"], a.dht = rnd({B, T, H, V}, 7, -1, 1), rnd({B, H, K, V}, 8, -1, 1) end
  return a
end

-- The outputs of a call as a list of buffers, whichever way it returns them.
local function outputs(...)
  local first = ...
  if type(first) ~= "table" then return table.pack(...) end
  local list = {}
  for _, n in ipairs(gpu.GRADIENTS) do
    list[#list + 1] = first[n]; list[#list + 1] = first.mag[n]
  end
  return list
end

mp.gdn(args(1, 4, 1, 4, 4))                       -- compile first
mp.gdn_bwd(args(1, 4, 1, 4, 4, true))
print(("%-22s %-4s %10s %12s %10s %s"):format("B,T,H,K,V", "op", "host (s)", "device (s)", "path", "same bits"))
for _, s in ipairs(shapes) do
  for _, op in ipairs{"gdn", "gdn_bwd"} do
    local a = args(s[1], s[2], s[3], s[4], s[5], op == "gdn_bwd")
    local t0 = wall()
    local dev = outputs(mp[op](a))
    local t_dev = wall() - t0
    local path = gpu.last and gpu.last.status or "?"
    t0 = wall()
    local host = outputs(kcv.mp[op](a))
    local t_host = wall() - t0
    local same = #host == #dev
    for i = 1, #host do same = same and kcv.cmp.bytes_equal(host[i], dev[i]) end
    print(("%-22s %-4s %10.3f %12.3f %10s %s"):format(table.concat(s, ","), op == "gdn" and "fwd" or "bwd",
                                                    t_host, t_dev, path, tostring(same)))
  end
end
