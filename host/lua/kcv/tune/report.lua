-- kcv/tune/report.lua — a tuning result as text (the terminal) and as a
-- JSON-ready table (--json; fields in docs/DESIGN.md "kcv tune").
--
--   report.human(result) -> string
--   report.data(result) -> table (kcv.verify.report.json encodes it)

local knobs = require "kcv.verify.knobs"

local M = {}

-- A time for people: microseconds below a millisecond.
local function dur(ms)
  if not ms then return "-" end
  if ms < 1 then return ("%.2f us"):format(ms * 1000) end
  return ("%.3f ms"):format(ms)
end
M.dur = dur

local function shape_text(s)
  local names = {}
  for k in pairs(s) do names[#names + 1] = k end
  table.sort(names)
  for i, k in ipairs(names) do names[i] = k .. "=" .. tostring(s[k]) end
  return table.concat(names, " ")
end

local function knob_line(def)
  local parts = {}
  for _, name in ipairs(def.names) do
    local vals = {}
    for i, v in ipairs(def.values[name]) do vals[i] = tostring(v) .. (i == 1 and "*" or "") end
    parts[#parts + 1] = ("%s {%s}"):format(name, table.concat(vals, ", "))
  end
  return table.concat(parts, "  ")
end

-- What happened to a row: kept, vetoed by a gate, unjudged, or why it was not a candidate.
local function verdicts(result)
  local v = {}
  if result.kept then v[result.kept] = "KEPT" end
  for _, e in ipairs(result.vetoed or {}) do v[e.row] = "VETO " .. tostring(e.gate) end
  for _, e in ipairs(result.unjudged or {}) do v[e.row] = "UNJUDGED " .. tostring(e.gate or e.status) end
  return v
end

-- Why a row ranked after the kept one was not judged.
local function after_kept(result, row)
  local kept = result.kept
  if not kept then return "not judged (budget)" end
  if row.tie_group ~= kept.tie_group then return "slower than the kept one" end
  if #(result.shapes or {}) < 2 then return "a tie with the kept one (not judged)" end
  if not row.rest then return "a tie on shape 1, not timed on the others (budget)" end
  if row.rest_group ~= kept.rest_group then return "a tie on shape 1, slower on the others" end
  return "a tie with the kept one on every shape (not judged)"
end

-- How a row's ranking time was measured when the budget cut the search.
local function partial_note(row)
  if not row.partial then return "" end
  return (" [round %d time only: budget]"):format(row.round or 1)
end

-- A cut search in words.
local function cut_text(cut)
  if not cut then return nil end
  if cut.stage == "exhaustive" then
    return ("the budget cut the search after %d of %d configs; ranked on what was timed"):format(cut.timed, cut.of)
  elseif cut.stage == "halving" then
    return ("the budget cut the search in halving round %d of %d (%d of its %d configs timed); "
            .. "ranked on what was timed, each config on its latest time"):format(cut.round, cut.rounds, cut.timed, cut.of)
  end
  return ("the budget cut the search in the final timing (%d of %d configs timed on every shape); "
          .. "ranked on what was timed, each config on its latest time"):format(cut.timed, cut.of)
end
M.cut_text = cut_text

local function table_lines(result, out)
  local v = verdicts(result)
  local nshapes = #(result.shapes or {})
  local width = 28
  for _, row in ipairs(result.rows or {}) do width = math.max(width, #(row.label or "?")) end
  local cfmt = "%-" .. width .. "s"
  local head = {"rank", cfmt:format("config")}
  for i = 1, nshapes do head[#head + 1] = ("%-22s"):format(("shape %d"):format(i)) end
  head[#head + 1] = "verdict"
  out[#out + 1] = table.concat(head, "  ")
  local function line(rank, row, verdict)
    local cells = {("%4s"):format(rank), cfmt:format(row.label or "?")}
    for i = 1, nshapes do
      local t = row.times and row.times[i]
      cells[#cells + 1] = ("%-22s"):format(t and (dur(t.ms) .. " +- " .. dur(t.noise)) or "-")
    end
    cells[#cells + 1] = verdict
    out[#out + 1] = table.concat(cells, "  ")
  end
  for i, row in ipairs(result.ranked or {}) do
    line(tostring(i), row, (v[row] or after_kept(result, row)) .. partial_note(row))
  end
  for _, row in ipairs(result.rows or {}) do
    if row.status ~= "timed" then
      local why = row.status == "eliminated" and ("eliminated in round " .. tostring(row.round))
               or row.status == "error" and ("error: " .. tostring(row.err):gsub("\n.*", ""))
               or "not timed (budget)"
      line("-", row, why)
    end
  end
end

-- The kept config against the default, shape by shape.
local function kept_lines(result, out)
  local kept, def = result.kept, result.default
  local why = not def and " (the default was not timed: no speedup)"
              or def == kept and " (the kernel as written)"
              or result.gain == "other shapes" and " (a tie with the default on shape 1, faster on the others)"
              or not result.gain and " (no faster than the default beyond the noise)"
              or ""
  out[#out + 1] = ("kept: %s%s"):format(kept.label, why)
  for i = 1, #(result.shapes or {}) do
    local k, d = kept.times[i], def and def.times[i]
    local sp = result.speedups and result.speedups[i]
    local text
    if not k then
      text = "not timed (budget)"
    elseif def == kept or not d then
      text = dur(k.ms) .. " +- " .. dur(k.noise)
    elseif sp.tie then
      text = ("%s +- %s, within noise of the default (%s +- %s)"):format(dur(k.ms), dur(k.noise), dur(d.ms), dur(d.noise))
    else
      text = ("%s +- %s, %.2fx the default (%s +- %s)%s"):format(dur(k.ms), dur(k.noise), sp.speedup, dur(d.ms),
                                                               dur(d.noise), sp.speedup < 1 and ": slower" or "")
    end
    out[#out + 1] = ("  shape %d: %s"):format(i, text)
  end
end

function M.human(result)
  local out = {("kcv tune %s %s (backend %s, seed %d)"):format(result.spec, result.kernel,
               tostring(result.backend), result.seed or 1)}
  if result.knobs then
    out[#out + 1] = "knobs: " .. knob_line(result.knobs) .. "   (* default)"
  end
  if result.rows then
    out[#out + 1] = ("space: %d configs, %s; timer: %s"):format(#result.rows, result.method, result.timer)
    for i, s in ipairs(result.shapes) do
      out[#out + 1] = ("shape %d: %s%s"):format(i, shape_text(s), i == 1 and "  (ranked on this one)" or "")
    end
    out[#out + 1] = result.gate_subset and ("gates: only %s (a subset: a config kept here is not proven legal)"):format(
      table.concat(result.gates, ", ")) or ("gates: all %d"):format(#result.gates)
    if result.cut then out[#out + 1] = "budget: " .. cut_text(result.cut) end
    out[#out + 1] = ""
    table_lines(result, out)
    out[#out + 1] = ""
  end
  if result.kept then kept_lines(result, out) end
  if result.vetoed and #result.vetoed > 0 then
    out[#out + 1] = ("vetoed faster configs (%d):"):format(#result.vetoed)
    for _, e in ipairs(result.vetoed) do
      local speed = e.speedup and ((e.tie and "a tie with the kept one" or ("%.2fx faster than the kept one"):format(e.speedup)))
                    or dur(e.row.ms)
      out[#out + 1] = ("  %s  (%s)  %s: %s"):format(e.row.label, speed, tostring(e.gate), (tostring(e.reason):gsub("\n.*", "")))
      if e.reproduce then out[#out + 1] = "      reproduce: " .. e.reproduce end
    end
  end
  for _, e in ipairs(result.unjudged or {}) do
    out[#out + 1] = ("unjudged: %s: %s %s"):format(e.row.label, tostring(e.gate or e.status), (tostring(e.reason):gsub("\n.*", "")))
  end
  local verdict = result.exit == 0 and "a legal config was kept" or result.exit == 1 and "no legal config" or "could not tune"
  out[#out + 1] = ("verdict: %s (exit %d)%s"):format(verdict, result.exit or 2,
                   result.message and (": " .. result.message) or "")
  return table.concat(out, "\n") .. "\n"
end

local function row_data(row)
  if not row then return nil end
  local times = {}
  for i, t in pairs(row.times or {}) do
    times[i] = {ms = t.ms, noise = t.noise, samples = t.samples, quartiles = t.quartiles}
  end
  return {config = row.config, label = row.label, status = row.status, round = row.round, ms = row.ms,
          noise = row.noise, times = times, error = row.err, partial = row.partial,
          tie_group = row.tie_group, rest = row.rest, rest_noise = row.rest_noise, rest_group = row.rest_group}
end

local function entry_data(e)
  return {config = e.row.config, label = e.row.label, ms = e.row.ms, noise = e.row.noise, speedup = e.speedup,
          tie = e.tie, gate = e.gate, status = e.status, reason = e.reason, evidence = e.evidence,
          reproduce = e.reproduce}
end

function M.data(result)
  local d = {spec = result.spec, kernel = result.kernel, backend = result.backend, seed = result.seed,
             exit = result.exit, message = result.message, method = result.method, timer = result.timer,
             shapes = result.shapes, gates = result.gates, gate_subset = result.gate_subset,
             budget_s = result.budget_s, seconds = result.seconds, stopped = result.stopped,
             cut = result.cut, cut_text = cut_text(result.cut),
             kept = row_data(result.kept), default = row_data(result.default),
             kept_is_default = result.kept ~= nil and result.kept == result.default or nil,
             speedup = result.speedup, tie = result.tie, gain = result.gain, speedups = {}, vetoed = {},
             unjudged = {}, configs = {}}
  for i = 1, #(result.shapes or {}) do
    d.speedups[i] = result.speedups and result.speedups[i] or false
  end
  if result.knobs then
    d.knobs = {}
    for _, name in ipairs(result.knobs.names) do d.knobs[name] = result.knobs.values[name] end
    d.kept_defines = result.kept and knobs.options(result.knobs, result.kept.config) or nil
  end
  for _, e in ipairs(result.vetoed or {}) do d.vetoed[#d.vetoed + 1] = entry_data(e) end
  for _, e in ipairs(result.unjudged or {}) do d.unjudged[#d.unjudged + 1] = entry_data(e) end
  for _, row in ipairs(result.ranked or {}) do d.configs[#d.configs + 1] = row_data(row) end
  for _, row in ipairs(result.rows or {}) do
    if row.status ~= "timed" then d.configs[#d.configs + 1] = row_data(row) end
  end
  return d
end

return M
