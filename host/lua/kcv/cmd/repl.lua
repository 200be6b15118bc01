-- kcv repl [SPEC KERNEL]: an interactive Lua prompt with `kcv` loaded.
-- With a spec and a kernel, the verification context (kcv.context) is
-- loaded into globals; the prompt itself is kcv.repl's.
local kcv = require "kcv"

local M = {
  summary = "interactive Lua with the kcv API (optionally in a kernel's context)",
  usage = "kcv repl [SPEC KERNEL]",
  help = [==[
An interactive Lua 5.4 prompt with line editing, history (~/.kcv_history)
and Tab completion of names.  `kcv` is a global.  An expression prints its
values; `=expr` works too.  help() lists the helpers (show, worst, diff,
hist, rerun) and help(name) explains one.  Ctrl-C stops the line being run
and returns to the prompt; Ctrl-D or os.exit() leaves.

With SPEC and KERNEL, the globals `spec`, `subject`, `shape` (the benchmark
shape), `verify(gate_id [, seed [, case]])`, `make_inputs(dist [, shape [,
seed]])`, `run(inputs [, shape])` and `oracle(inputs [, shape])` are set up;
rerun{} puts a case in view for show/worst/diff/hist.  To open on a failing
case, add --repl to the reproducer line `kcv verify` prints.]==],
}

function M.run(args)
  local repl = require "kcv.repl"
  _G.kcv = kcv
  if args[1] then
    local ctx = require "kcv.context"
    local loaded, err = ctx.load(args[1], args[2])
    if not loaded then io.stderr:write("kcv repl: ", err, "\n"); return 2 end
    for k, v in pairs(loaded) do _G[k == "inputs" and "make_inputs" or k] = v end
    local s = repl.session{spec = loaded.spec, subject = loaded.subject, shape = loaded.shape,
                           budget = loaded.budget}
    return repl.loop(s, ("kcv %s: spec %s, kernel %s loaded as `spec`, `subject`; help() lists the helpers"):format(
      kcv.version, args[1], args[2] or "?"))
  end
  return repl.loop(repl.session{}, ("kcv %s, %s. `kcv` is loaded; help() for the helpers; Ctrl-D leaves."):format(
    kcv.version, _VERSION))
end

return M
