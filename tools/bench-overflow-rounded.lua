-- tools/bench-overflow-rounded.lua — the thresholded gates' overflow rule
-- (kcv.verify.probe.overflow_rounded) on 4M f64 oracle values, a third of
-- them past f16's threshold (65520), as matmul_f16's wide cases give.  Run
-- it in two trees to compare (docs/PERF.md):  ./kcv run tools/bench-overflow-rounded.lua
local kcv = require "kcv"
local probe = require "kcv.verify.probe"
local n = 1 << 22
local v = kcv.buffer("f64", n)
for i = 0, n - 1 do v:set(i, (i % 3 == 0) and 70000 or 1.5) end
local t = kcv.sys.clock()
probe.overflow_rounded(v, "f16", {c_abs = 1, c_rel = 0, c_mag = 0}, v)
print(("overflow_rounded of %d f64 values: %.3f s"):format(n, kcv.sys.clock() - t))
