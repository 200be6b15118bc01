-- kcv/tune/search.lua — which configs get timed, and how hard.
--
-- The default config is timed first, in full on every timing shape: it
-- is the baseline of every speedup.  Then small spaces (at most
-- `exhaustive_max` configs, 32 by default) are searched exhaustively:
-- every config at full effort on every timing shape.  Larger ones by
-- seeded successive halving (Jamieson and Talwalkar 2016): the configs
-- in an order drawn from the seed, each round timed on the first shape
-- only at a fraction of the full effort, the fastest 1/eta kept for the
-- next round at eta times the effort, until at most eta are left; those
-- are timed in full on every shape.  The default always survives (it is
-- not timed again).  The same seed and the same timings give the same
-- search.
--
-- When `expired()` says the budget is spent, the search stops where it
-- is and says so (`cut`): every config not eliminated that has a time on
-- the first shape is still "timed" (row.partial when that time is from
-- an early round or the other shapes are missing), so the ranking uses
-- what was measured.
--
--   search.run{configs=, default = config, measure = fn, nshapes=, seed=,
--              exhaustive_max=, eta=, expired = fn() -> bool, progress = fn(msg, i, n)}
--   -> {method = "...", rows = {row, ...}, cut = nil | {stage = "exhaustive" | "halving" | "final",
--       round = r (halving), rounds = n (halving), timed = k, of = n}}
--   measure(config, shape_index, effort) -> {ms=, noise=} | nil, err
--     (effort: a fraction in (0, 1]; 1 is the full repeat count)
--   row = {config=, times = {[shape_index] = {ms=, noise=}}, ms=, noise=, effort=,
--          status = "timed" | "eliminated" | "error" | "untimed", round=, partial=, err=}

local M = {}

M.EXHAUSTIVE_MAX = 32
M.ETA = 3

-- splitmix64: a small generator of our own, so the order does not depend
-- on the Lua version's math.random.
local function rng(seed)
  local state = seed
  return function(n)
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    z = z ~ (z >> 31)
    return (z >> 1) % n + 1
  end
end

local function shuffled(list, seed)
  local out, draw = {}, rng(seed)
  for i, v in ipairs(list) do out[i] = v end
  for i = #out, 2, -1 do
    local j = draw(i)
    out[i], out[j] = out[j], out[i]
  end
  return out
end

local function same(a, b)
  for k, v in pairs(a) do if b[k] ~= v then return false end end
  for k, v in pairs(b) do if a[k] ~= v then return false end end
  return true
end

-- Time one row on the given shapes; a failure marks it "error".
local function time_row(t, row, shapes, effort)
  for _, i in ipairs(shapes) do
    local r, err = t.measure(row.config, i, effort)
    if not r then
      row.status, row.err = "error", tostring(err)
      return false
    end
    row.times[i] = r
  end
  row.ms, row.noise, row.effort = row.times[1].ms, row.times[1].noise, effort
  return true
end

local function all_shapes(t)
  local list = {}
  for i = 1, t.nshapes or 1 do list[i] = i end
  return list
end

local function count_timed(rows)
  local n = 0
  for _, row in ipairs(rows) do if row.status == "timed" then n = n + 1 end end
  return n
end

local function exhaustive(t, rows)
  local shapes = all_shapes(t)
  for i, row in ipairs(rows) do
    if row.status == "untimed" then
      if t.expired and t.expired() then
        return "exhaustive", {stage = "exhaustive", timed = count_timed(rows), of = #rows}
      end
      if t.progress then t.progress("timing " .. (row.label or "?"), i, #rows) end
      if time_row(t, row, shapes, 1) then row.status = "timed" end
    end
  end
  return "exhaustive"
end

local function by_ms(a, b)
  if a.ms ~= b.ms then return a.ms < b.ms end
  return (a.order or 0) < (b.order or 0)
end

local function halving(t, rows)
  local eta = t.eta or M.ETA
  local alive = shuffled(rows, t.seed or 1)
  for i, row in ipairs(alive) do row.order = i end
  local rounds = 0
  do local n = #alive; while n > eta do n = math.ceil(n / eta); rounds = rounds + 1 end end
  local done, total = 0, 0
  do local n = #alive; for _ = 1, rounds do total = total + n; n = math.ceil(n / eta) end; total = total + n end
  local method = ("successive halving (seed %d, eta %d, halving rounds %d)"):format(t.seed or 1, eta, rounds)
  local cut
  for r = 1, rounds do
    local effort = eta ^ (r - 1 - rounds)
    local timed = {}
    for _, row in ipairs(alive) do
      if row.status == "timed" then              -- the default, timed in full already
        timed[#timed + 1] = row
      elseif row.status ~= "error" then
        if t.expired and t.expired() then
          local n = 0
          for _, a in ipairs(alive) do
            if a.status == "timed" or (a.round == r and a.status ~= "error") then n = n + 1 end
          end
          cut = {stage = "halving", round = r, rounds = rounds, timed = n, of = #alive}
          break
        end
        done = done + 1
        if t.progress then t.progress(("round %d: timing %s"):format(r, row.label or "?"), done, total) end
        if time_row(t, row, {1}, effort) then timed[#timed + 1] = row end
        row.round = r
      end
    end
    if cut then break end
    table.sort(timed, by_ms)
    local keep, next_alive = math.ceil(#timed / eta), {}
    for i, row in ipairs(timed) do
      if i <= keep or row.is_default then next_alive[#next_alive + 1] = row
      else row.status = "eliminated" end
    end
    alive = next_alive
  end
  if not cut then
    local shapes = all_shapes(t)
    for _, row in ipairs(alive) do
      if row.status ~= "timed" then
        if t.expired and t.expired() then
          cut = {stage = "final", rounds = rounds, timed = count_timed(alive), of = #alive}
          break
        end
        done = done + 1
        if t.progress then t.progress("final: timing " .. (row.label or "?"), done, total) end
        if time_row(t, row, shapes, 1) then row.status, row.round = "timed", rounds + 1 end
      end
    end
  end
  -- cut by the budget: what was not eliminated and has a time is ranked on it
  for _, row in ipairs(alive) do
    if row.status == "untimed" and row.times[1] then
      row.status, row.partial = "timed", true
      row.ms, row.noise = row.times[1].ms, row.times[1].noise
    end
  end
  return method, cut
end

function M.run(t)
  local rows = {}
  for i, c in ipairs(t.configs) do
    rows[i] = {config = c, label = t.label and t.label(c), times = {}, status = "untimed",
               is_default = t.default and same(c, t.default) or nil}
  end
  -- the baseline first, in full on every shape, whatever the budget
  for _, row in ipairs(rows) do
    if row.is_default then
      if t.progress then t.progress("timing " .. (row.label or "?") .. " (the baseline)") end
      if time_row(t, row, all_shapes(t), 1) then row.status, row.round = "timed", 0 end
    end
  end
  local small = #rows <= (t.exhaustive_max or M.EXHAUSTIVE_MAX)
  local method, cut
  if small then method, cut = exhaustive(t, rows) else method, cut = halving(t, rows) end
  return {method = method, rows = rows, cut = cut}
end

M.shuffled = shuffled

return M
