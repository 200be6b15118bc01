-- kcv controls: verify every honest kernel (kernels/<op>.cu) against its
-- spec (specs/<op>.lua, or the `spec` named in kernels/<op>.lua); every gate
-- must pass or be n/a.
local verify = require "kcv.verify"
local registry = require "kcv.verify.registry"
local subject = require "kcv.verify.subject"
local args = require "kcv.verify.args"

local M = {
  summary = "verify every honest kernel (positive controls)",
  usage = "kcv controls [--backend cpu|cuda|auto] [--seed N] [--only OP ...] [--json FILE] [--quiet]",
  help = [[
Verifies every kernels/<op>.cu against specs/<op>.lua (a sidecar
kernels/<op>.lua may name another spec).  Prints a table: kernel, spec,
verdict, time and one column per gate (P pass, F fail, - n/a, E error,
N not judged: kcv could not run it here, e.g. inline PTX on the cpu
backend).  Exit status 0 when every gate of every kernel passes or is n/a,
1 when a gate fails (or a report is an error), 2 when kcv could not run or
could not judge some kernel (the summary lists those apart).  --json FILE
writes every report (a list).]],
}

local SHORT = {pass = "P", fail = "F", na = "-", error = "E", not_judged = "N"}

function M.run(argv)
  local o, err = args.parse(argv, {backend = "value", seed = "integer", only = "list", json = "value", quiet = "flag"})
  if not o then io.stderr:write("kcv controls: ", err, "\n"); return 2 end
  local root = registry.root()
  local gates
  gates, err = verify.gates()
  if not gates then io.stderr:write("kcv controls: ", err, "\n"); return 2 end
  local only = {}
  for _, n in ipairs(o.only) do only[n] = true end
  local header = {("%-24s %-14s %-10s %7s "):format("kernel", "spec", "verdict", "seconds")}
  for _, g in ipairs(gates) do header[#header + 1] = ("%-6s"):format(g.id) end
  print(table.concat(header, " "))
  local rc, reports, n, unjudged = 0, {}, 0, {}
  local clock = require("kcv").sys.clock
  for _, file in ipairs(registry.list(root .. "/kernels", ".cu")) do
    local op = file:gsub("%.cu$", "")
    if next(only) == nil or only[op] then
      n = n + 1
      local path = root .. "/kernels/" .. file
      local side = subject.sidecar(path)
      local spec_path = ("%s/specs/%s.lua"):format(root, side and side.spec or op)
      local t0 = clock()
      local progress
      if not o.quiet then progress = require("kcv.progress").new{prefix = op .. ": "} end
      local rep = verify.run{spec = spec_path, kernel = path, seed = o.seed or 1, backend = o.backend, progress = progress}
      if progress then progress.done() end
      reports[#reports + 1] = rep
      local row = {("%-24s %-14s %-10s %7.1f "):format(file, side and side.spec or op, rep.verdict, clock() - t0)}
      local by_id = {}
      for _, g in ipairs(rep.gates) do by_id[g.id] = g end
      for _, g in ipairs(gates) do row[#row + 1] = ("%-6s"):format(by_id[g.id] and SHORT[by_id[g.id].status] or "?") end
      print(table.concat(row, " "))
      if rep.verdict == "not_judged" then
        -- no violation, and no pass: counted apart, and the run is incomplete
        unjudged[#unjudged + 1] = file
        if rc == 0 then rc = 2 end
        print("    not judged here: " .. tostring(rep.reason))
      elseif rep.verdict ~= "pass" then
        rc = 1
        if rep.message then print("    " .. rep.message:gsub("\n", "\n    ")) end
        for _, g in ipairs(rep.gates) do
          if g.status == "fail" or g.status == "error" then
            print(("    %s %s: %s"):format(g.id, g.status, g.reason))
            if g.reproduce then print("      reproduce: " .. g.reproduce) end
          end
        end
      end
    end
  end
  if n == 0 then io.stderr:write("kcv controls: no kernels/*.cu found under ", root, "\n"); return 2 end
  if o.json then
    local report = require "kcv.verify.report"
    report.write(o.json, report.json(reports))
  end
  local judged = n - #unjudged
  print(rc == 0 and ("all %d controls pass"):format(n)
        or rc == 1 and "some controls fail"
        or ("all %d judged controls pass"):format(judged))
  if #unjudged > 0 then
    print(("not judged here (%d of %d): %s"):format(#unjudged, n, table.concat(unjudged, ", ")))
  end
  return rc
end

return M
