-- kcv/tune/init.lua — require "kcv.tune": search a kernel's knobs for
-- speed, and keep only a config that passes every gate.
--
--   local result = tune.run{spec = "specs/sum.lua", kernel = "kernels/sum.cu",
--     backend = nil, seed = 1, budget = seconds | nil, shapes = {shape, ...} | nil,
--     narrow = {"ACC=f64,f16", ...}, gates = {ids} | nil, gate_dirs = {...},
--     timer = nil | a timer (kcv.tune.time.stub for tests) | make_timer = fn(def) -> timer,
--     reps=, rounds=, clock = fn() -> seconds | nil (tests: a clock the stub timer moves),
--     exhaustive_max=, eta=, progress = fn(msg, i, n) | nil}
--   -> result (kcv.tune.report prints and encodes it); result.exit: 0 a
--      legal config was kept, 1 every timed config was vetoed, 2 could
--      not run (result.message says why: no config timed, or the budget
--      ran out before a timed one passed the gates); result.cut: where the
--      budget stopped the search (search.lua), result.speedups[i] = {speedup,
--      tie} on each timing shape, result.gain: why the kept config beat the
--      default ("shape 1", "other shapes" or nil)
--   tune.write(result) -> true | nil, err: the kept config into the sidecar
--
-- Steps: the knobs (kcv.verify.knobs) and their space (space.lua), the
-- timing shapes, the search (search.lua) with a timer (time.lua), the
-- timed configs in speed order, then the gates' veto (veto.lua).

local kcv = require "kcv"
local verify = require "kcv.verify"
local subject = require "kcv.verify.subject"
local knobs = require "kcv.verify.knobs"
local case = require "kcv.verify.case"
local registry = require "kcv.verify.registry"
local space = require "kcv.tune.space"
local search = require "kcv.tune.search"
local time = require "kcv.tune.time"
local veto = require "kcv.tune.veto"

local M = {}

local function sys_clock() return kcv.sys.clock() end

local function fail(result, msg)
  result.exit, result.message = 2, msg
  return result
end

-- Timing shapes: the benchmark's first (what the ranking uses), then the
-- sidecar's tune.shapes; --shape replaces them all.  The cpu backend fits
-- them to its budget (its times are for tests only).
local function timing_shapes(spec, def, opts, budget)
  local list = {}
  if opts.shapes and #opts.shapes > 0 then
    for _, s in ipairs(opts.shapes) do list[#list + 1] = s end
  else
    list[1] = spec.benchmark
    for _, s in ipairs(def.shapes) do list[#list + 1] = s end
  end
  for i, s in ipairs(list) do
    for name in pairs(spec.dims) do
      if math.type(s[name]) ~= "integer" then
        return nil, ("timing shape %d: dim '%s' missing or not an integer"):format(i, name)
      end
    end
    if budget == "cpu" then list[i] = case.fit(spec, s, "cpu") end
  end
  return list
end

local function same(a, b)
  for k, v in pairs(a) do if b[k] ~= v then return false end end
  return true
end

-- The configs of the space, with the default in it whatever --knob says:
-- the speedup is measured against it.
local function configs_of(def, narrow)
  local list = space.configs(def, narrow)
  for _, c in ipairs(list) do if same(c, def.default) then return list end end
  local d = {}
  for k, v in pairs(def.default) do d[k] = v end
  table.insert(list, 1, d)
  return list
end

-- Tie groups of `list`: sorted by key(row), each group starts at the
-- fastest row not yet placed and takes every row within the two noises
-- of it (a plain comparison with "within noise" would not be
-- transitive, and sorting needs one that is).
local function tie_groups(list, key, noise)
  table.sort(list, function(a, b)
    if key(a) ~= key(b) then return key(a) < key(b) end
    return a.index < b.index
  end)
  local out, i = {}, 1
  while i <= #list do
    local head, group = list[i], {}
    while i <= #list and key(list[i]) - key(head) <= noise(head) + noise(list[i]) do
      group[#group + 1] = list[i]
      i = i + 1
    end
    out[#out + 1] = group
  end
  return out
end

-- A row's time on the shapes other than the first: the geometric mean
-- of its medians there, and that mean's noise (the mean of the relative
-- noises, times the mean); nil when one of them was not timed.
local function rest_of(row, nshapes)
  if nshapes < 2 then return nil end
  local logs, rel = 0, 0
  for i = 2, nshapes do
    local t = row.times and row.times[i]
    if not t then return nil end
    logs, rel = logs + math.log(t.ms), rel + t.noise / t.ms
  end
  local g = math.exp(logs / (nshapes - 1))
  return g, g * rel / (nshapes - 1)
end

-- Timed rows in speed order: ranked on the first shape (the benchmark's).
-- Within a tie there (row.tie_group), the rows timed on every other shape
-- come first, ordered by the geometric mean of their times there (ties
-- again within noise: row.rest_group), then those the budget left
-- untimed there; inside a tie on every shape the config nearer the
-- default (fewer knobs moved) goes first: a tie is no reason to move a
-- knob.
local function ranked(rows, def, nshapes)
  nshapes = nshapes or 1
  local timed = {}
  for i, row in ipairs(rows) do
    if row.status == "timed" then row.index = i; timed[#timed + 1] = row end
  end
  local function moved(row)
    local n = 0
    for _, name in ipairs(def.names) do if row.config[name] ~= def.default[name] then n = n + 1 end end
    return n
  end
  local function nearer(a, b)
    local ma, mb = moved(a), moved(b)
    if ma ~= mb then return ma < mb end
    if a.ms ~= b.ms then return a.ms < b.ms end
    return a.index < b.index
  end
  local out = {}
  local groups = tie_groups(timed, function(r) return r.ms end, function(r) return r.noise end)
  for g, group in ipairs(groups) do
    local measured, unmeasured = {}, {}
    for _, row in ipairs(group) do
      row.tie_group = g
      row.rest, row.rest_noise = rest_of(row, nshapes)
      row.rest_group = nil
      if row.rest then measured[#measured + 1] = row else unmeasured[#unmeasured + 1] = row end
    end
    local subs = tie_groups(measured, function(r) return r.rest end, function(r) return r.rest_noise end)
    for k, sub in ipairs(subs) do
      table.sort(sub, nearer)
      for _, row in ipairs(sub) do row.rest_group = k; out[#out + 1] = row end
    end
    table.sort(unmeasured, nearer)
    for _, row in ipairs(unmeasured) do out[#out + 1] = row end
  end
  return out
end

-- How much faster `fast` is than `slow` (slow.ms / fast.ms), and whether
-- the difference is inside the two noises.
local function against(fast, slow)
  return slow.ms / fast.ms, math.abs(fast.ms - slow.ms) <= fast.noise + slow.noise
end

-- The kept config against the default on every timing shape:
-- {[i] = {speedup=, tie=}} where both were timed there.
local function per_shape(kept, default_row, nshapes)
  local out = {}
  for i = 1, nshapes do
    local k, d = kept.times[i], default_row.times[i]
    if k and d then
      local speedup, tie = against(k, d)
      out[i] = {speedup = speedup, tie = tie}
    end
  end
  return out
end

-- Why the kept config beat the default: "shape 1" (faster there beyond
-- the noise), "other shapes" (a tie on shape 1, faster on the others
-- beyond theirs), or nil (it is the default, or no faster than it).
local function gain(kept, default_row)
  if kept == default_row then return nil end
  local speedup, tie = against(kept, default_row)
  if not tie then return speedup > 1 and "shape 1" or nil end
  if kept.tie_group == default_row.tie_group and kept.rest and default_row.rest
     and kept.rest_group ~= default_row.rest_group and kept.rest < default_row.rest then
    return "other shapes"
  end
  return nil
end

local function summarise(result, out, default_row)
  result.kept = out.kept
  result.vetoed, result.unjudged, result.stopped = out.vetoed, out.unjudged, out.stopped
  if out.kept then
    for _, e in ipairs(out.vetoed) do
      e.speedup, e.tie = against(e.row, out.kept)          -- how much faster than the kept one
    end
    if default_row then
      result.speedup, result.tie = against(out.kept, default_row)   -- the kept one over the default
      result.speedups = per_shape(out.kept, default_row, #result.shapes)
      result.gain = gain(out.kept, default_row)
    end
    result.exit = 0
  elseif out.stopped then
    return fail(result, "the budget ran out before a timed config passed the gates")
  elseif #out.vetoed > 0 then
    result.exit, result.message = 1, "every timed config was vetoed by a gate"
  else
    return fail(result, "no timed config could be judged here")
  end
  return result
end

local function setup(opts, result)
  local spec, err = verify.load_spec(opts.spec)
  if not spec then return nil, err end
  local side
  side, err = subject.sidecar(opts.kernel)
  if err then return nil, err end
  if not side then return nil, opts.kernel .. ": no sidecar (" .. opts.kernel:gsub("%.cu$", ".lua") .. ") declares knobs" end
  local def
  def, err = knobs.parse(side)
  if not def then return nil, err or (side.path .. ": no 'tune' field: the kernel declares no knobs") end
  local backend
  backend, err = verify.choose_backend(opts.backend)
  if not backend then return nil, err end
  result.backend, result.knobs, result.sidecar = backend, def, side.path
  return {spec = spec, side = side, def = def, backend = backend,
          budget = backend == "cuda" and "cuda" or "cpu"}
end

local function gate_ids(opts)
  if opts.gates and #opts.gates > 0 then return opts.gates end
  local gates, err = registry.gates(opts.gate_dirs)
  if not gates then return nil, err end
  local ids = {}
  for i, g in ipairs(gates) do ids[i] = g.id end
  return ids
end

function M.run(opts)
  local clock = opts.clock or sys_clock
  local t0 = clock()
  local result = {spec = opts.spec, kernel = opts.kernel, seed = opts.seed or 1, budget_s = opts.budget}
  local env, err = setup(opts, result)
  if not env then return fail(result, err) end
  local def, spec = env.def, env.spec
  -- --budget: the search may use 60% of it, the veto the rest (and what
  -- the search left): a kept config needs every gate, so the veto must
  -- not start with nothing left
  local search_expired = function() return opts.budget and clock() - t0 > 0.6 * opts.budget end
  local expired = function() return opts.budget and clock() - t0 > opts.budget end
  local narrow
  narrow, err = space.narrow(def, opts.narrow)
  if not narrow then return fail(result, err) end
  local shapes
  shapes, err = timing_shapes(spec, def, opts, env.budget)
  if not shapes then return fail(result, err) end
  local ids
  ids, err = gate_ids(opts)
  if not ids then return fail(result, err) end
  result.shapes, result.gates = shapes, ids
  result.gate_subset = opts.gates and #opts.gates > 0 or nil
  local make = function(config)
    return subject.kernel{spec = spec, source = opts.kernel, backend = env.backend, sidecar = env.side, knobs = config}
  end
  local timer = opts.timer or (opts.make_timer and opts.make_timer(def)) or time.kernel{spec = spec, def = def, make = make, shapes = shapes,
                                          reps = opts.reps, rounds = opts.rounds}
  result.timer = (opts.timer or opts.make_timer) and "stub (fixed times)" or (env.backend == "cuda" and "cuda events, L2 flushed" or "host clock (cpu backend: for tests only)")
  local configs = configs_of(def, narrow)
  local label = function(c) return knobs.label(def, c) end
  local found = search.run{configs = configs, default = def.default, nshapes = #shapes, seed = opts.seed or 1,
                           exhaustive_max = opts.exhaustive_max, eta = opts.eta, expired = search_expired,
                           progress = opts.progress, label = label,
                           measure = function(c, i, effort) return timer:measure(c, i, effort) end}
  result.method, result.rows, result.cut = found.method, found.rows, found.cut
  local default_row
  for _, row in ipairs(found.rows) do if row.is_default and row.status == "timed" then default_row = row end end
  result.default = default_row
  local candidates = ranked(found.rows, def, #shapes)
  result.ranked = candidates
  if #candidates == 0 then return fail(result, "no config could be timed") end
  local out = veto.run{candidates = candidates, gates = ids, expired = expired, progress = opts.progress,
                       verify = function(config, order)
                         return verify.run{spec = spec, kernel = opts.kernel, knobs = config, gates = order,
                                           gate_dirs = opts.gate_dirs, seed = opts.seed or 1,
                                           backend = env.backend, first_failure = true}
                       end}
  result.seconds = clock() - t0
  return summarise(result, out, default_row)
end

M.ranked = ranked

-- Write the kept config into the sidecar as tune.tuned (replacing an
-- earlier one), then read the file back: the change must parse and give
-- the same config, else the file is restored.
function M.write(result)
  local def, path, kept = result.knobs, result.sidecar, result.kept
  if not kept then return nil, "no config was kept" end
  local f, err = io.open(path)
  if not f then return nil, err end
  local text = f:read("a")
  f:close()
  local parts = {}
  for _, name in ipairs(def.names) do
    local v = kept.config[name]
    parts[#parts + 1] = ("%s = %s"):format(name, type(v) == "string" and ("%q"):format(v) or tostring(v))
  end
  local line = "tuned = {" .. table.concat(parts, ", ") .. "},"
  local new, n = text:gsub("\n(%s*)tuned = {[^\n]*}[^\n]*", function(ind) return "\n" .. ind .. line .. "  -- kcv tune --write" end, 1)
  if n == 0 then
    new, n = text:gsub("\n(%s*)knobs = {", function(ind)
      return "\n" .. ind .. line .. "  -- kcv tune --write\n" .. ind .. "knobs = {"
    end, 1)
  end
  if n == 0 then return nil, path .. ": no 'knobs = {' line to put the tuned config beside" end
  local function put(s)
    local w, werr = io.open(path, "w")
    if not w then return nil, werr end
    w:write(s)
    w:close()
    return true
  end
  local ok, werr = put(new)
  if not ok then return nil, werr end
  local side, serr = subject.sidecar(result.kernel)
  local back = side and knobs.parse(side)
  if not (back and back.tuned and knobs.key(def, back.tuned) == knobs.key(def, kept.config)) then
    put(text)
    return nil, path .. ": the rewritten sidecar did not read back (" .. tostring(serr) .. "); restored"
  end
  return true
end

return M
