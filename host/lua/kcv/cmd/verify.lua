-- kcv verify SPEC KERNEL: run the gates and print one line per gate.
local verify = require "kcv.verify"
local report = require "kcv.verify.report"
local args = require "kcv.verify.args"

local M = {
  summary = "run the contract gates against a kernel",
  usage = "kcv verify SPEC KERNEL|--torch [--backend cpu|cuda|auto] [--gate ID]... [--gates DIR] [--seed N] "
       .. "[--case NAME] [--parity contract|torch] [--json FILE] [--junit FILE] [--html FILE] [--baseline] [--repl] [--quiet] "
       .. "[--knobs NAME=V,...]",
  help = [[
Runs the twelve gates (or the ones named with --gate, which may repeat)
against KERNEL (a .cu file following SPEC's calling convention; a .lua file
next to it may override the kernel name, launch geometry and options).
Prints one line per gate: PASS, FAIL, n/a (with the reason), ERR or N/J
(not judged: the kernel could not run here, e.g. inline PTX on the cpu
backend; never a violation); every failure adds its evidence (case, seed,
shape, first offending element) and a command that reproduces just that
case.  Progress goes to stderr.

A failure on a clause the spec declares stricter than PyTorch eager (its
`stricter` field) reads "FAIL (stricter than PyTorch eager: reason)", and
a note under the verdict says what --parity torch would conclude.

  --backend B   cpu, cuda or auto (default: $KCV_BACKEND, else auto)
  --gate ID     run only this gate (repeatable; or a comma-separated list)
  --gates DIR   load extra gates from DIR (repeatable; also $KCV_GATES_PATH)
  --seed N      base seed of every case (default 1)
  --case NAME   run only the case NAME (what a reproducer line uses)
  --torch       the subject is the spec's PyTorch expression (its `torch`
                field), run by corpus/torch_op.py on the backend's device
                (cpu: /usr/bin/python3's torch; cuda: the GPU), instead of
                KERNEL (docs/PARITY.md)
  --parity P    contract (default): every clause of the spec; torch: the
                clauses the spec declares stricter than PyTorch eager are
                n/a, with the reason (PyTorch parity only).  The JSON report
                carries both verdicts (verdicts.contract, verdicts.torch)
  --json FILE   write the report as JSON (schema: docs/REPORT.md)
  --junit FILE  write the report as JUnit XML
  --html FILE   write the report as one self-contained HTML page (gate
                table, error/bound per case, where class masks differ)
  --repl        then open a REPL on the case: add it to a reproducer line
                to step into the failing case (help() there lists what is
                bound: inputs, outputs, expected, bound, masks, case, ...)
  --baseline    also run the KernelBench v0 allclose check, shown beside
  --knobs K=V,...  build the kernel with these values of its sidecar's
                knobs (the others at their defaults; what kcv tune's
                reproducer lines use; docs/KERNELS.md)
  --quiet       no progress on stderr
  --verbose     progress for every case, not only every gate (logs)

Exit status: 0 every applicable gate passed, 1 a gate failed, 2 kcv could
not run (bad spec, missing file, kernel that does not compile) or could not
judge some gate here.]],
}

function M.run(argv)
  local o, err = args.parse(argv, {positional = 2, backend = "value", gate = "list", gates = "list", seed = "integer",
                                   case = "value", json = "value", junit = "value", html = "value",
                                   baseline = "flag", repl = "flag", quiet = "flag", verbose = "flag",
                                   knobs = "value", torch = "flag", parity = "value"})
  if not o then io.stderr:write("kcv verify: ", err, "\n"); return 2 end
  if not o[1] or not (o[2] or o.torch) or (o[2] and o.torch) then
    io.stderr:write("usage: ", M.usage, "\n"); return 2
  end
  local config
  if o.knobs then
    if o.torch then io.stderr:write("kcv verify: --knobs needs a KERNEL, not --torch\n"); return 2 end
    config, err = M.knob_config(o[2], o.knobs)
    if not config then io.stderr:write("kcv verify: --knobs: ", err, "\n"); return 2 end
  end
  local gates = {}
  for _, g in ipairs(o.gate) do
    for id in g:gmatch("[^,%s]+") do gates[#gates + 1] = id end
  end
  local progress
  if not o.quiet then progress = require("kcv.progress").new{verbose = o.verbose} end
  local capture = o.repl and {} or nil
  local rep = verify.run{spec = o[1], kernel = o[2], gates = gates, gate_dirs = o.gates, seed = o.seed or 1,
                         backend = o.backend, case = o.case, baseline = o.baseline, progress = progress,
                         capture = capture, knobs = config, torch = o.torch, parity = o.parity}
  if progress then progress.done() end
  io.stdout:write(report.human(rep))
  local html = function(r) return require("kcv.report.html").verify(r) end
  for _, out in ipairs{{o.json, report.json}, {o.junit, report.junit}, {o.html, html}} do
    if out[1] then
      local ok, werr = report.write(out[1], out[2](rep))
      if not ok then io.stderr:write("kcv verify: cannot write ", out[1], ": ", tostring(werr), "\n"); return 2 end
    end
  end
  if o.repl then return M.repl(rep, capture) end
  return verify.exit_code(rep)
end

-- --knobs NAME=V,...: a config of the kernel's sidecar knobs, the values
-- typed as declared; nil and why.
function M.knob_config(kernel, text)
  local subject = require "kcv.verify.subject"
  local knobs = require "kcv.verify.knobs"
  local side, err = subject.sidecar(kernel)
  if err then return nil, err end
  local def
  def, err = knobs.parse(side)
  if not def then return nil, err or (kernel .. " declares no knobs (no 'tune' in its sidecar)") end
  return knobs.parse_assignments(def, text)
end

-- --repl: open the prompt on the case in view: the first failing gate's
-- last case (with --case: that case), else the last gate's.
function M.repl(rep, capture)
  local repl = require "kcv.repl"
  local focus = require "kcv.repl.focus"
  local spec = capture.spec
  if not (spec and capture.subject) then io.stderr:write("kcv verify --repl: ", tostring(rep.message), "\n"); return 2 end
  local entry
  for _, g in ipairs(rep.gates) do
    if capture.gates[g.id] and (not entry or (g.status == "fail" and entry.status ~= "fail")) then entry = g end
  end
  local s = repl.session{spec = spec, subject = capture.subject, budget = capture.budget, report = rep}
  s.env.report = rep
  local banner
  if entry then
    s:set_focus(focus.new(spec, capture.gates[entry.id], entry))
    banner = ("in view: %s case %s (%s). help() lists the helpers and what is bound; try diff(), show(), worst(5), hist()"):format(
      entry.id, tostring(s.focus.case.name), entry.status)
  else
    banner = "no gate compared a case here (n/a, or --case named none); rerun{} makes one. help() lists the helpers"
  end
  s.shape = require("kcv.verify.case").benchmark(spec, capture.budget)
  repl.loop(s, banner)
  return verify.exit_code(rep)
end

return M
