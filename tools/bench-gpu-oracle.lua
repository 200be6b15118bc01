-- tools/bench-gpu-oracle.lua — the matmul oracle on the host (kcv.mp.gemm,
-- MPFR threads) and on the device (kcv.oracle.gpu), side by side, and
-- whether their bits agree.  For docs/PERF.md (issue 10, part 3).
--
--   ./kcv run tools/bench-gpu-oracle.lua [sizes] [backend] [host]
-- sizes: comma-separated n for n x n x n products (default 2048,4096);
-- backend: cuda (default) or cpu (the kernel on the CPU backend: a check,
-- not a timing); host: "skip" leaves out the host's time above 2048.
local kcv = rawget(_G, "kcv") or require "kcv"
local gpu = require "kcv.oracle.gpu"

local sizes = {}
for n in ((arg and arg[1]) or "2048,4096"):gmatch("%d+") do sizes[#sizes + 1] = tonumber(n) end
local backend = (arg and arg[2]) or "cuda"
local skip_host = arg and arg[3] == "skip"

local wall = kcv.sys.clock                  -- seconds, monotonic
if backend == "cpu" then gpu.MIN_WORK = 0 end  -- a check: every size on the device path

print(("%-16s %12s %12s %10s %s"):format("product", "host (s)", "device (s)", "on host", "same bits"))
for _, n in ipairs(sizes) do
  local A = kcv.buffer("f32", n, n):fill_normal{seed = 1}
  local B = kcv.buffer("f32", n, n):fill_normal{seed = 2}
  local mp = gpu.for_backend(backend, true)
  mp.gemm(kcv.buffer("f32", 64, 64), kcv.buffer("f32", 64, 64))     -- compile first
  local t0 = wall()
  local y2, m2 = mp.gemm(A, B)
  local t_dev = wall() - t0
  local rows = gpu.last and (gpu.last.rows_on_host or gpu.last.message) or "?"
  local t_host, same = "skipped", "-"
  if not (skip_host and n > 2048) then
    t0 = wall()
    local y1, m1 = kcv.mp.gemm(A, B)
    t_host = ("%.2f"):format(wall() - t0)
    same = tostring(kcv.cmp.bytes_equal(y1, y2) and kcv.cmp.bytes_equal(m1, m2))
  end
  print(("%-16s %12s %12.2f %10s %s"):format(("%dx%dx%d"):format(n, n, n), t_host, t_dev, tostring(rows), same))
end
