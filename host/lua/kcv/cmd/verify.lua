-- kcv verify SPEC KERNEL: run the gates and print one line per gate.
local verify = require "kcv.verify"
local report = require "kcv.verify.report"
local args = require "kcv.verify.args"

local M = {
  summary = "run the contract gates against a kernel",
  usage = "kcv verify SPEC KERNEL [--backend cpu|cuda|auto] [--gate ID ...] [--gates DIR] [--seed N] "
       .. "[--case NAME] [--json FILE] [--junit FILE] [--baseline] [--quiet]",
  help = [[
Runs the twelve gates (or the ones named with --gate, which may repeat)
against KERNEL (a .cu file following SPEC's calling convention; a .lua file
next to it may override the kernel name, launch geometry and options).
Prints one line per gate: PASS, FAIL, n/a (with the reason), ERR or N/J
(not judged: the kernel could not run here, e.g. inline PTX on the cpu
backend; never a violation); every failure adds its evidence (case, seed,
shape, first offending element) and a command that reproduces just that
case.  Progress goes to stderr.

  --backend B   cpu, cuda or auto (default: $KCV_BACKEND, else auto)
  --gate ID     run only this gate (repeatable; or a comma-separated list)
  --gates DIR   load extra gates from DIR (repeatable; also $KCV_GATES_PATH)
  --seed N      base seed of every case (default 1)
  --case NAME   run only the case NAME (what a reproducer line uses)
  --json FILE   write the report as JSON (schema: docs/REPORT.md)
  --junit FILE  write the report as JUnit XML
  --baseline    also run the KernelBench v0 allclose check, shown beside
  --quiet       no progress on stderr
  --verbose     progress for every case, not only every gate (logs)

Exit status: 0 every applicable gate passed, 1 a gate failed, 2 kcv could
not run (bad spec, missing file, kernel that does not compile) or could not
judge some gate here.]],
}

function M.run(argv)
  local o, err = args.parse(argv, {backend = "value", gate = "list", gates = "list", seed = "integer",
                                   case = "value", json = "value", junit = "value", baseline = "flag",
                                   quiet = "flag", verbose = "flag"})
  if not o then io.stderr:write("kcv verify: ", err, "\n"); return 2 end
  if not o[1] or not o[2] then io.stderr:write("usage: ", M.usage, "\n"); return 2 end
  local gates = {}
  for _, g in ipairs(o.gate) do
    for id in g:gmatch("[^,%s]+") do gates[#gates + 1] = id end
  end
  local progress
  if not o.quiet then progress = require("kcv.progress").new{verbose = o.verbose} end
  local rep = verify.run{spec = o[1], kernel = o[2], gates = gates, gate_dirs = o.gates, seed = o.seed or 1,
                         backend = o.backend, case = o.case, baseline = o.baseline, progress = progress}
  if progress then progress.done() end
  io.stdout:write(report.human(rep))
  for _, out in ipairs{{o.json, report.json}, {o.junit, report.junit}} do
    if out[1] then
      local ok, werr = report.write(out[1], out[2](rep))
      if not ok then io.stderr:write("kcv verify: cannot write ", out[1], ": ", tostring(werr), "\n"); return 2 end
    end
  end
  return verify.exit_code(rep)
end

return M
