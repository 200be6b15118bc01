-- kcv/repl/audit.lua — the prompt of `kcv audit ... --repl`: one
-- solution's verdict in view, with its worker still running, so that a
-- person can look at the failing case's outputs and run others.
--
--   require("kcv.repl.audit").open(entry, audit_subject)   -> after the loop
local kcv = require "kcv"
local repl = require "kcv.repl"
local subject = require "kcv.audit.subject"

local M = {}

M.BINDINGS = {
  {"entry", "the solution's journal entry: id, problem, verdict, baseline, gates, ..."},
  {"gate", "the gate result in view (the first failing one, else the last): id, status, reason, evidence, case"},
  {"recipe", "the gate's case as a recipe (seed, dist, inject, sizes, ...): run(who, recipe)"},
  {"candidate", "the solution's outputs on that case (kcv buffers, as the gate read them)"},
  {"reference", "the eager PyTorch reference's outputs on that case"},
  {"oracle", "the fp64 oracle's outputs on that case"},
  {"subject", "the audit's subject (subject:run(recipe, who), subject:call(request))"},
}

-- The gate to look at: the first failing one, else the last that has a case.
local function in_view(entry)
  local last
  for _, g in ipairs(entry.gates or {}) do
    if g.status == "fail" and g.case then return g end
    if g.case then last = g end
  end
  return last or (entry.gates or {})[#(entry.gates or {})]
end

function M.open(entry, audit_subject)
  local s = repl.session{helpers = {"run"}, bindings = M.BINDINGS}
  s.audit_subject = audit_subject
  local env = s.env
  env.entry, env.subject = entry, audit_subject
  local g = in_view(entry)
  env.gate = g
  local banner
  if g and g.case then
    env.recipe = subject.recipe_of(g.case)
    for _, who in ipairs{"candidate", "reference", "oracle"} do
      local outs = audit_subject:run(env.recipe, who, {["local"] = true})   -- buffers on the host
      env[who] = outs or nil
    end
    banner = ("in view: %s %s on case %s (%s). help() lists what is bound; try run(\"candidate\", {seed = 7, dist = \"bench\"})")
             :format(entry.id:sub(1, 12), g.id, g.case, g.status)
  else
    banner = ("%s: %s, and no gate names a case to look at. help() lists what is bound"):format(entry.id, entry.verdict)
  end
  repl.loop(s, banner)
end

return M
