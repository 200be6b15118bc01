-- kcv/context.lua — the verification context of `kcv repl SPEC KERNEL`.
--   ctx.load(spec_path, kernel_path) -> globals | nil, err
-- globals: spec, subject, verify(gate_id [, seed [, case]]) -> the gate's
-- report entry (also printed), inputs(dist [, shape [, seed]]) -> input
-- buffers, run(inputs [, shape [, opts]]) -> the subject's run result,
-- oracle(inputs [, shape]) -> {{value=, mag=}, ...}, shape (benchmark, fitted),
-- budget ("cpu" or "cuda": the case sizes' budget).
local kcv = require "kcv"
local verify = require "kcv.verify"
local subject = require "kcv.verify.subject"
local case = require "kcv.verify.case"
local probe = require "kcv.verify.probe"
local report = require "kcv.verify.report"

local M = {}

function M.load(spec_path, kernel_path)
  local spec, err = verify.load_spec(spec_path)
  if not spec then return nil, err end
  if not kernel_path then return nil, "which kernel? (kcv repl SPEC KERNEL)" end
  if not io.open(kernel_path) then return nil, kernel_path .. ": no such kernel file" end
  local side, serr = subject.sidecar(kernel_path)
  if serr then return nil, serr end
  local backend = kcv.backend and kcv.backend.current and kcv.backend.current() or "cpu"
  local subj = subject.kernel{spec = spec, source = kernel_path, backend = backend, sidecar = side}
  local budget = backend == "cuda" and "cuda" or "cpu"
  local shape = case.benchmark(spec, budget)
  local pctx = probe.new{spec = spec, subject = subj, gate = {id = "repl"}, budget = budget}
  local g = {spec = spec, subject = subj, shape = shape, budget = budget}
  function g.verify(gate_id, seed, case_name)
    local rep = verify.run{spec = spec, subject = subj, kernel = kernel_path, gates = gate_id and {gate_id} or nil,
                           seed = seed or 1, case = case_name}
    io.write(report.human(rep))
    return rep.gates[1] or rep
  end
  function g.inputs(dist, s, seed)
    return case.inputs(spec, s or shape, dist or "normal", seed or 1)
  end
  function g.run(inputs, s, opts) return subj:run(inputs, s or shape, opts) end
  function g.oracle(inputs, s) return pctx:oracle(inputs, s or shape) end
  return g
end

return M
