-- kcv/verify/case.lua — probe shapes and input generation.
--
-- A case is {name=, shape=, dist=, seed=}; its inputs are a function of the
-- spec, the shape, the distribution and the seed only, so a failing case is
-- reproduced by its (gate, case name, seed).  Budgets keep runs quick: the
-- "cpu" budget caps every tensor at LIMITS.cpu elements and every launch at
-- THREADS.cpu threads (each GPU thread is a fiber there); "cuda" caps tensors
-- at LIMITS.cuda, where the MPFR oracle, not the GPU, is the cost.

local kcv = require "kcv"
local specmod = require "kcv.verify.spec"

local M = {}

M.LIMITS = {cpu = 1 << 18, cuda = 1 << 22}
-- GPU threads one launch may start: the CPU backend runs each as a fiber.
M.THREADS = {cpu = 1 << 19, cuda = math.huge}
-- Smaller probes (special values, memory checks): many runs, small tensors.
M.SMALL = {cpu = 1 << 13, cuda = 1 << 18}

-- FNV-1a of a string, folded with the base seed: a case's own seed.
function M.seed_for(base, ...)
  local h = 0xcbf29ce484222325
  for _, part in ipairs{...} do
    for i = 1, #part do
      h = (h ~ part:byte(i)) * 0x100000001b3
    end
    h = (h ~ 0x2f) * 0x100000001b3
  end
  h = h ~ (base * 0x9E3779B97F4A7C15)
  return (h >> 1) % 2147483647
end

-- Largest tensor of the spec at shape s, in elements.
function M.numel(spec, s)
  local worst = 0
  for _, list in ipairs{spec.inputs, spec.outputs} do
    for _, t in ipairs(list) do
      local n = 1
      for _, d in ipairs(specmod.shape_of(t, s)) do n = n * d end
      worst = math.max(worst, n)
    end
  end
  return worst
end

-- Threads launched at shape s by the spec's launch geometry.
function M.threads(spec, s)
  local ok, l = pcall(spec.kernel.launch, specmod.with_scalars(spec, s))
  if not ok or type(l) ~= "table" then return 0 end
  local function count(v)
    if type(v) == "table" then return (v[1] or v.x or 1) * (v[2] or v.y or 1) * (v[3] or v.z or 1) end
    return tonumber(v) or 1
  end
  return count(l.grid) * count(l.block)
end

local function copy(s)
  local t = {}
  for k, v in pairs(s) do t[k] = v end
  return t
end

local function clamp_dim(spec, name, v)
  local r = spec.dims[name]
  return math.max(r.min, math.min(r.max, v))
end

-- Shrink the dims other than `keep` (largest first) until shape s fits the
-- budget (or `limit` elements); nil when it cannot fit.
function M.fit(spec, s, budget, keep, limit)
  limit = limit or M.LIMITS[budget] or M.LIMITS.cpu
  local max_threads = M.THREADS[budget] or M.THREADS.cpu
  s = copy(s)
  for name in pairs(spec.dims) do s[name] = clamp_dim(spec, name, s[name]) end
  for _ = 1, 200 do
    if M.numel(spec, s) <= limit and M.threads(spec, s) <= max_threads then return s end
    -- the largest dim shrinks first; a tie goes to the first name, so the
    -- shape does not hang on the hash order of `pairs` (it differs from
    -- process to process, and a --case reproducer must rerun the same shape)
    local big
    for name, v in pairs(spec.dims) do
      if name ~= keep and s[name] > v.min and
         (not big or s[name] > s[big] or (s[name] == s[big] and name < big)) then big = name end
    end
    if not big then
      if keep and s[keep] > spec.dims[keep].min then big = keep else return nil end
    end
    s[big] = math.max(spec.dims[big].min, s[big] // 2)
  end
  return nil
end

local function shape_key(s)
  return specmod.shape_string(s)
end

local function add_unique(list, seen, s, label)
  if not s then return end
  local key = shape_key(s)
  if seen[key] then return end
  seen[key] = true
  list[#list + 1] = {shape = s, label = key}
end

-- The benchmark shape, fitted to the budget.
function M.benchmark(spec, budget)
  return M.fit(spec, spec.benchmark, budget) or copy(spec.benchmark)
end

-- A small base shape: every dim at min(benchmark, 64).
local function small_base(spec)
  local s = {}
  for name, r in pairs(spec.dims) do s[name] = clamp_dim(spec, name, math.min(spec.benchmark[name], 64)) end
  return s
end

local function sorted_dims(spec)
  local names = {}
  for name in pairs(spec.dims) do names[#names + 1] = name end
  table.sort(names)
  return names
end

-- A small shape for many-run probes: the benchmark shape shrunk to SMALL.
function M.small(spec, budget)
  return M.fit(spec, spec.benchmark, budget, nil, M.SMALL[budget] or M.SMALL.cpu)
end

-- An odd shape (no dim a multiple of a block or tile): every dim near 257,
-- 33 or 5, the largest that fits the small budget.
function M.odd(spec, budget)
  local limit = M.SMALL[budget] or M.SMALL.cpu
  for _, v in ipairs{257, 33, 5} do
    local s = {}
    for name in pairs(spec.dims) do s[name] = clamp_dim(spec, name, v) end
    if M.numel(spec, s) <= limit then return s end
  end
  return M.small(spec, budget)
end

-- Edge sizes (CMP-02): 1, primes, one past a power-of-two tile, non-multiples
-- of the block size; each dim in turn, the others small.
M.EDGE_SIZES = {1, 2, 3, 7, 31, 127, 257, 1000, 1025, 4097}

function M.edge_shapes(spec, budget)
  local list, seen = {}, {}
  local base = small_base(spec)
  for _, name in ipairs(sorted_dims(spec)) do
    for _, v in ipairs(M.EDGE_SIZES) do
      local s = copy(base)
      s[name] = clamp_dim(spec, name, v)
      add_unique(list, seen, M.fit(spec, s, budget, name), ("%s=%d"):format(name, s[name]))
    end
  end
  for _, s in ipairs(spec.shapes or {}) do add_unique(list, seen, M.fit(spec, s, budget)) end
  return list
end

-- Polymorphism shapes (CMP-03): each dim from its min to its max (by factors
-- of 8) with the others at the benchmark value, fitted to the budget; plus
-- spec.shapes and the benchmark shape.
function M.range_shapes(spec, budget)
  local list, seen = {}, {}
  add_unique(list, seen, M.benchmark(spec, budget), "benchmark")
  for _, name in ipairs(sorted_dims(spec)) do
    local r = spec.dims[name]
    local v = r.min
    while true do
      local s = copy(spec.benchmark)
      s[name] = v
      add_unique(list, seen, M.fit(spec, s, budget, name), ("%s=%d"):format(name, v))
      if v >= r.max then break end
      v = math.min(r.max, v * 8 + 3)   -- +3: not a power of two
    end
  end
  for _, s in ipairs(spec.shapes or {}) do add_unique(list, seen, M.fit(spec, s, budget)) end
  return list
end

-- Top-of-range shapes (CMP-03): each dim at its declared maximum once, the
-- others at the benchmark value, shrunk only as far as TOP_LIMITS (memory,
-- not the oracle: these cases are compared on a sample).  Only shapes that
-- reach further in that dim than range_shapes does are listed.
M.TOP_LIMITS = {cpu = 1 << 20, cuda = 1 << 28}

function M.top_shapes(spec, budget)
  local list, seen = {}, {}
  for _, name in ipairs(sorted_dims(spec)) do
    local s = copy(spec.benchmark)
    s[name] = spec.dims[name].max
    local top = M.fit(spec, s, budget, name, M.TOP_LIMITS[budget] or M.TOP_LIMITS.cpu)
    local usual = M.fit(spec, s, budget, name)
    local key = top and shape_key(top)
    if top and not seen[key] and (not usual or top[name] > usual[name] or M.numel(spec, top) > M.numel(spec, usual)) then
      seen[key] = true
      list[#list + 1] = {shape = top, label = "top " .. key, dim = name}   -- a case name of its own
    end
  end
  return list
end

-- Sorted row indices to compare in a tensor of n rows: both ends, both
-- sides of every power of two and of the last whole tile of 16..1024 rows
-- (where a tail is handled), and `count` drawn from the seed.
function M.sample_rows(n, seed, count)
  local set, list = {}, {}
  local function add(i)
    if i >= 0 and i < n and not set[i] then set[i] = true; list[#list + 1] = i end
  end
  add(0); add(1); add(n - 2); add(n - 1)
  local p = 1
  while p < n do add(p - 1); add(p); p = p * 2 end
  for _, t in ipairs{16, 32, 64, 128, 256, 1024} do
    local last = (n // t) * t
    add(last - 1); add(last)
  end
  if count > 0 then
    local r = kcv.buffer("i64", {count}):fill_int{seed = seed, stream = 98, lo = 0, hi = n - 1}
    for k = 0, count - 1 do add(r:get(k)) end
  end
  table.sort(list)
  return list
end

-- The shape with the longest reduction that fits: the reduction dim as large
-- as the budget allows (up to `want`), the other dims small.
function M.long_reduction_shape(spec, budget, want)
  local r = spec.error_model.reduction
  local s = small_base(spec)
  for name in pairs(spec.dims) do s[name] = clamp_dim(spec, name, math.min(s[name], 4)) end
  if type(r) == "string" then
    s[r] = clamp_dim(spec, r, want)
    return M.fit(spec, s, budget, r)
  end
  -- a function(shape) -> N: grow every dim the function depends on, each
  -- judged alone against the small shape, so that neither the order of
  -- pairs() nor one dim masking another (max(K, min(T, 64)): K first hid T)
  -- decides the shape
  local base, grow = specmod.reduction_length(spec, s), {}
  for name in pairs(spec.dims) do
    local t = copy(s)
    t[name] = clamp_dim(spec, name, want)
    if specmod.reduction_length(spec, t) > base then grow[name] = t[name] end
  end
  for name, v in pairs(grow) do s[name] = v end
  return M.fit(spec, s, budget)
end

---------------------------------------------------------------------------
-- input generation

local function dtype_range(dtype)
  local d = kcv.dtype(dtype)
  return d.max, d.min_normal
end

-- Distributions: each fills a float buffer in place from (seed, stream).
M.DISTS = {}

M.DISTS.normal = function(b, seed, stream)
  b:fill_normal{seed = seed, stream = stream, mean = 0, std = 1}
end

M.DISTS.uniform = function(b, seed, stream)
  b:fill_uniform{seed = seed, stream = stream, lo = -1, hi = 1}
end

M.DISTS.large = function(b, seed, stream)
  local max = dtype_range(b.dtype)
  b:fill_loguniform{seed = seed, stream = stream, lo = max ^ 0.25, hi = max ^ (1 / 3), signs = "mixed"}
end

M.DISTS.tiny = function(b, seed, stream)
  local _, min_normal = dtype_range(b.dtype)
  b:fill_loguniform{seed = seed, stream = stream, lo = min_normal ^ 0.5, hi = min_normal ^ 0.25, signs = "mixed"}
end

-- Alternating +-K plus unit noise: sums cancel to a small fraction of sum|x|.
M.DISTS.cancel = function(b, seed, stream)
  local max = dtype_range(b.dtype)
  local K = math.min(1e4, max ^ 0.25)
  b:fill_normal{seed = seed, stream = stream, mean = 0, std = 1}:alternate(K)
end

M.DISTS.pareto = function(b, seed, stream)
  b:fill_pareto{seed = seed, stream = stream, alpha = 1.5, scale = 1, signs = "mixed"}
  local max = dtype_range(b.dtype)
  local cap = max ^ 0.25
  b:clamp(-cap, cap)
end

M.DISTS.constant = function(b, seed, stream)
  b:fill(0.75)
end

M.DISTS.sorted = function(b, seed, stream)
  b:fill_arange{start = -2, step = 4 / b.numel}
end

-- Large common offset with unit noise (dynamic range inside every row).
M.DISTS.offset = function(b, seed, stream)
  local max = dtype_range(b.dtype)
  b:fill_normal{seed = seed, stream = stream, mean = math.min(1000, max ^ 0.5), std = 1}
end

-- Magnitudes spread over most of the dtype's range, mixed signs.
M.DISTS.wide = function(b, seed, stream)
  local max, min_normal = dtype_range(b.dtype)
  b:fill_loguniform{seed = seed, stream = stream, lo = min_normal ^ 0.5, hi = max ^ 0.3, signs = "mixed"}
end

-- Normal draws of standard deviation 48: differences of a few hundred, so
-- exp-like ops (softmax, sigmoid, the GELU tail) produce outputs across the
-- subnormal band and below it (EXC-02's flush-to-zero cases on outputs).
M.DISTS.spread = function(b, seed, stream)
  b:fill_normal{seed = seed, stream = stream, mean = 0, std = 48}
end

-- Positive values near 1 (long-reduction accumulator probes).
M.DISTS.ones = function(b, seed, stream)
  b:fill_uniform{seed = seed, stream = stream, lo = 0.5, hi = 1.5}
end

-- Values of mixed sign spanning many binades whose sum depends on the order
-- of summation (ORD-01).
M.DISTS.order = function(b, seed, stream)
  local max = dtype_range(b.dtype)
  b:fill_loguniform{seed = seed, stream = stream, lo = 1e-3, hi = math.min(1e6, max ^ 0.25), signs = "mixed"}
end

local function resolve(v, s)
  if type(v) == "function" then return v(s) end
  if type(v) == "string" then return s[v] end
  return v
end

-- Make a float input respect its domain {lo=, hi=} (lo: values become
-- lo + |x|, so the distribution's shape survives; hi: clamped).
local function apply_domain(b, domain, s)
  if not domain then return end
  local lo, hi = resolve(domain.lo, s), resolve(domain.hi, s)
  if lo then
    local tiny = kcv.dtype(b.dtype).min_normal
    b:fold(lo, tiny)
  end
  if hi then b:clamp(-math.huge, hi) end
end

-- Fill input i (spec.inputs[i] = t) of shape s from the distribution.
local function fill_input(b, t, i, s, gen, seed)
  if kcv.dtype(t.dtype).is_float then
    gen(b, seed, i - 1)
    apply_domain(b, t.domain, s)
  else
    local d = t.domain or {}
    b:fill_int{seed = seed, stream = i - 1, lo = resolve(d.lo, s) or 0, hi = resolve(d.hi, s) or 100}
  end
end

local function dist_fn(dist)
  local gen = M.DISTS[dist]
  if not gen then error(("case: unknown input distribution '%s'"):format(tostring(dist)), 3) end
  return gen
end

-- inputs(spec, s, dist, seed) -> list of input buffers, in spec order.
function M.inputs(spec, s, dist, seed)
  local gen = dist_fn(dist)
  local list = {}
  for i, t in ipairs(spec.inputs) do
    list[i] = kcv.buffer(t.dtype, specmod.shape_of(t, s))
    fill_input(list[i], t, i, s, gen, seed)
  end
  return list
end

---------------------------------------------------------------------------
-- large-index probes (element-wise specs, cuda budget)

-- Past the signed 32-bit index range by an odd amount: an index computed in
-- 32 bits wraps negative here.  (Unsigned wrap, at 2^32, would need 16 GB
-- per f32 tensor and is not probed.)
M.LARGE_INDEX = (1 << 31) + 4099
-- The inputs repeat a random head of this (prime) length.
M.LARGE_PERIOD = 1048583

-- Whether verifying `spec` on `backend` runs a large-index probe (CMP-03),
-- which holds about 35 GB of host memory (docs/PERF.md): `kcv controls`
-- and `kcv redteam` run such jobs one at a time (kcv.parallel's heavy).
function M.runs_large_index(spec, backend)
  return backend == "cuda" and spec.elementwise == true and M.large_index_shape(spec) ~= nil
end

-- The shape of a large-index probe: the spec's largest dim grown until the
-- tensors have LARGE_INDEX elements; nil when the dims' ranges stop short.
function M.large_index_shape(spec)
  local s, big = copy(spec.benchmark), nil
  for _, name in ipairs(sorted_dims(spec)) do
    if not big or spec.dims[name].max > spec.dims[big].max then big = name end
  end
  local rest = M.numel(spec, s) // s[big]
  s[big] = (M.LARGE_INDEX + rest - 1) // rest
  if s[big] > spec.dims[big].max then return nil end
  return s
end

-- Inputs of shape s whose elements repeat a random head of `period`
-- elements (b:tile): cheap at billions of elements.  An input of at most
-- `period` elements is drawn whole.
function M.tiled_inputs(spec, s, dist, seed, period)
  local gen = dist_fn(dist)
  local list = {}
  for i, t in ipairs(spec.inputs) do
    local b = kcv.buffer(t.dtype, specmod.shape_of(t, s))
    if b.numel <= period then
      fill_input(b, t, i, s, gen, seed)
    else
      local head = kcv.buffer(t.dtype, {period})
      fill_input(head, t, i, s, gen, seed)
      b:tile(head)
    end
    list[i] = b
  end
  return list
end

-- Sorted flat indices to compare in a tensor of n elements: both ends,
-- both sides of 2^31 (and 2^32), and `count` drawn from the seed.
function M.sample_indices(n, seed, count)
  local set, list = {}, {}
  local function add(lo, hi)
    for i = math.max(0, lo), math.min(n - 1, hi) do
      if not set[i] then set[i] = true; list[#list + 1] = i end
    end
  end
  add(0, 1023)
  add(n - 1024, n - 1)
  for _, edge in ipairs{1 << 31, 1 << 32} do add(edge - 1024, edge + 1023) end
  local r = kcv.buffer("i64", {count}):fill_int{seed = seed, stream = 99, lo = 0, hi = n - 1}
  for k = 0, count - 1 do add(r:get(k), r:get(k)) end
  table.sort(list)
  return list
end

-- The input indices that are float buffers (the ones gates inject into).
function M.float_inputs(spec)
  local list = {}
  for i, t in ipairs(spec.inputs) do
    if kcv.dtype(t.dtype).is_float then list[#list + 1] = i end
  end
  return list
end

return M
