-- kcv calibrate SPEC: for each thresholded gate, the honest kernel's worst
-- error/bound ratio (the noise floor) beside the red-team kernels' ratios for
-- the same spec: the threshold (ratio 1) should sit between them.
local verify = require "kcv.verify"
local registry = require "kcv.verify.registry"
local subject = require "kcv.verify.subject"
local args = require "kcv.verify.args"

local M = {
  summary = "show noise floor and broken-kernel ratios per thresholded gate",
  usage = "kcv calibrate SPEC [--backend cpu|cuda|auto] [--seed N] [--kernel FILE] [--html FILE]",
  help = [[
Runs the thresholded gates (CMP-01 CMP-02 CMP-03 ORD-01 PRC-01 PRC-02) on the
honest kernel kernels/<op>.cu (or --kernel FILE) and on every redteam/*.cu
whose sidecar names this spec, and prints each one's worst error/bound ratio
per gate.  The bound is the derived one of docs/TOLERANCES.md; the threshold
is ratio 1.  The honest ratios are the noise floor (well below 1); a broken
kernel that the gate is meant to catch shows a ratio above 1.  A gate kcv
could not run here (inline PTX on the cpu backend, ...) shows "not judged"
and counts neither way; such kernels are listed apart.  The last line says
whether the threshold separates them.  --html FILE also writes a page with
each gate's noise floor and the broken kernels' ratios on one log axis.
Exit status 0 when it does, 1 when the honest kernel reaches the threshold,
2 when something was not judged.]],
}

-- The ratio a gate saw: a failure's own ratio (marked !), a failure that
-- is no ratio (a launch error, a crash) by its outcome, else the worst ratio.
-- A gate not judged has none: the cases it ran before it stopped are no floor.
local function ratio_of(g)
  if g.status == "fail" then return g.evidence and g.evidence.ratio end
  if g.status == "not_judged" then return nil end
  return g.worst and g.worst.ratio
end

local function ratio_cell(g)
  if not g then return "?" end
  if g.status == "na" then return "n/a" end
  if g.status == "error" then return "error" end
  if g.status == "not_judged" then return "not judged" end
  local r = ratio_of(g)
  if not r then return g.status == "fail" and ((g.evidence or {}).outcome or "fail") or g.status end
  return ("%.3g%s"):format(r, g.status == "fail" and "!" or "")
end

function M.run(argv)
  local o, err = args.parse(argv, {positional = 1, backend = "value", seed = "integer", kernel = "value", html = "value"})
  if not o then io.stderr:write("kcv calibrate: ", err, "\n"); return 2 end
  if not o[1] then io.stderr:write("usage: ", M.usage, "\n"); return 2 end
  local spec
  spec, err = verify.load_spec(o[1])
  if not spec then io.stderr:write("kcv calibrate: ", err, "\n"); return 2 end
  local root = registry.root()
  local gates = {}
  for _, g in ipairs(assert(verify.gates())) do
    if g.kind == "thresholded" then gates[#gates + 1] = g.id end
  end
  local op = o[1]:match("([^/]+)%.lua$")
  local subjects = {{label = "honest", path = o.kernel or ("%s/kernels/%s.cu"):format(root, op)}}
  for _, file in ipairs(registry.list(root .. "/redteam", ".cu")) do
    local path = root .. "/redteam/" .. file
    local side = subject.sidecar(path)
    if side and (side.spec == spec.name or side.spec == op) then
      subjects[#subjects + 1] = {label = file:gsub("%.cu$", ""), path = path}
    end
  end
  local header = {("%-28s"):format("kernel")}
  for _, id in ipairs(gates) do header[#header + 1] = ("%-10s"):format(id) end
  print(table.concat(header, " "))
  local floor, above, unjudged, honest_unjudged = {}, {}, {}, false
  local rows = {}
  local progress = require("kcv.progress").new{}
  progress.plan(#subjects)
  for _, s in ipairs(subjects) do
    progress("calibrating " .. s.label)
    local rep = verify.run{spec = spec, kernel = s.path, gates = gates, seed = o.seed or 1, backend = o.backend,
                           progress = progress.sub()}
    local row = {("%-28s"):format(s.label)}
    local ratios = {}
    rows[#rows + 1] = {label = s.label, honest = s.label == "honest", ratios = ratios}
    if rep.verdict == "error" and #rep.gates == 0 then
      row[#row + 1] = "error: " .. tostring(rep.message):gsub("\n.*", "")
    end
    for _, g in ipairs(rep.gates) do
      row[#row + 1] = ("%-10s"):format(ratio_cell(g))
      local r = ratio_of(g)
      ratios[g.id] = r
      if r and s.label == "honest" then floor[g.id] = r end
      if r and s.label ~= "honest" and g.status == "fail" then above[g.id] = math.min(above[g.id] or math.huge, r) end
    end
    progress.done()
    print(table.concat(row, " "))
    for _, g in ipairs(rep.gates) do
      if g.status == "not_judged" then
        unjudged[#unjudged + 1] = ("%s (%s)"):format(s.label, (g.reason:gsub("^not judged: ", "")))
        honest_unjudged = honest_unjudged or s.label == "honest"
        break
      end
    end
  end
  local parts = {}
  local ok = true
  for _, id in ipairs(gates) do
    local f, a = floor[id], above[id]
    if f and f >= 1 then ok = false end
    parts[#parts + 1] = ("%s floor %s%s"):format(id, f and ("%.3g"):format(f) or "-",
                                                a and (", broken >= %.3g"):format(a) or "")
  end
  print(("threshold ratio 1: %s"):format(table.concat(parts, "; ")))
  print(ok and "the honest noise floor sits below the threshold on every " .. (honest_unjudged and "judged gate" or "gate")
           or "the honest kernel reaches the threshold on some gate: the bound is too tight or the kernel is wrong")
  if #unjudged > 0 then print("not judged here: " .. table.concat(unjudged, "; ")) end
  if o.html then
    local page = require("kcv.report.html").calibrate{spec = o[1], gates = gates, rows = rows}
    local wok, werr = require("kcv.verify.report").write(o.html, page)
    if not wok then io.stderr:write("kcv calibrate: cannot write ", o.html, ": ", tostring(werr), "\n"); return 2 end
  end
  return not ok and 1 or #unjudged > 0 and 2 or 0
end

return M
