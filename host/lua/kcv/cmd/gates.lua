-- kcv gates: list the gates (id, kind, title).
local verify = require "kcv.verify"
local args = require "kcv.verify.args"

local M = {
  summary = "list the gates",
  usage = "kcv gates [--gates DIR]...",
  help = [[
Lists every gate kcv loads: the bundled gates/ directory, then the
directories of $KCV_GATES_PATH (':'-separated), then --gates DIR.  A gate
file returns {id=, title=, kind=, needs=, run=} (docs/SPECS.md).]],
}

function M.run(argv)
  local o, err = args.parse(argv, {positional = 0, gates = "list"})
  if not o then io.stderr:write("kcv gates: ", err, "\n"); return 2 end
  local gates
  gates, err = verify.gates(o.gates)
  if not gates then io.stderr:write("kcv gates: ", err, "\n"); return 2 end
  print(("%-8s %-15s %s"):format("id", "kind", "title"))
  for _, g in ipairs(gates) do print(("%-8s %-15s %s"):format(g.id, g.kind, g.title)) end
  return 0
end

return M
