-- examples/quickstart.lua — the kcv API in thirty lines:
--   ./kcv run examples/quickstart.lua [cpu|cuda]
-- Fills a buffer from a seed, runs the honest softmax kernel on a backend,
-- and grades it against the MPFR oracle with a bound derived from the
-- oracle's magnitude (what the thresholded gates do, for one case).

local backend = arg[1] or "cpu"
assert(kcv.backend.use(backend))

local rows, cols = 4, 1000
local x = kcv.buffer("f32", {rows, cols}):fill_normal{seed = 42, mean = 0, std = 3}
kcv.inject(x, "nan", {at = {5}})                 -- one NaN: its row must come back NaN
local y = kcv.buffer("f32", {rows, cols})

local k = assert(kcv.kernel.load{source = KCV_ROOT .. "/kernels/softmax.cu", name = "softmax_kernel",
                                 params = {"ptr", "ptr", "i64", "i64"}})
local r = k:launch{grid = rows, block = 256, args = {x, y, rows, cols}, poison = {[y] = 0xFF}}
assert(r.status == "ok", r.message)

local want, mag = kcv.mp.softmax(x, {axis = -1})  -- f64 values and error magnitudes
local same, diff = kcv.cmp.masks_equal(y, want)
print(("non-finite classes match the oracle: %s%s"):format(tostring(same),
      same and "" or (" (first at %d)"):format(diff.index)))

local u = kcv.dtype("f32").unit_roundoff
local res = kcv.cmp.within(y, want, {mag = mag, c_mag = 2 * u * 6 * math.sqrt(cols), c_rel = u})
print(("within the derived bound: %s (worst error/bound %.3g at element %d, %d elements checked)")
      :format(tostring(res.ok), res.ratio, res.worst_index, res.checked))
return (same and res.ok) and 0 or 1
