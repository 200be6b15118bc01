-- kcv/cli.lua — the command line.  main.c calls this chunk with the argument
-- list; it returns the process exit code:
--   0  success / every applicable gate passed
--   1  a contract was violated (a gate failed, a broken kernel slipped by)
--   2  kcv could not do what was asked (usage, missing file, internal error)
--
-- Each command is a table {summary, usage, help, run = function(args) -> rc}
-- registered in `commands`; commands that grow large live in their own
-- module (kcv.cmd.<name>) and are loaded on first use.

local kcv = require "kcv"

local EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2

local commands, order = {}, {}

local function command(name, def)
  commands[name] = def
  order[#order + 1] = name
end

local function usage_error(msg)
  io.stderr:write("kcv: ", msg, "\n(try 'kcv --help')\n")
  return EXIT_USAGE
end

-- Commands implemented in their own module: host/lua/kcv/cmd/<name>.lua
-- returning {summary=, usage=, help=, run=}.
local function lazy(name, summary)
  command(name, setmetatable({summary = summary}, {
    __index = function(t, k)
      local ok, mod = pcall(require, "kcv.cmd." .. name)
      if not ok then error(mod, 0) end
      for key, v in pairs(mod) do rawset(t, key, v) end
      return rawget(t, k)
    end}))
end

command("run", {
  summary = "run a Lua script with the kcv API loaded",
  usage = "kcv run SCRIPT.lua [ARGS...]",
  help = [[
Runs SCRIPT.lua with `kcv` as a global (also available through require "kcv").
The script sees its own arguments in the global `arg` (arg[0] is the script).
A script may return an integer: it becomes the exit code.]],
  run = function(args)
    local script = args[1]
    if not script then return usage_error("run: which script?") end
    local chunk, err = loadfile(script)
    if not chunk then
      io.stderr:write("kcv: ", err, "\n")
      return EXIT_USAGE
    end
    _G.kcv = kcv
    local a = {[0] = script}
    for i = 2, #args do a[i - 1] = args[i] end
    _G.arg = a
    local ok, rc = xpcall(chunk, debug.traceback, table.unpack(a))
    if not ok then
      io.stderr:write("kcv: error in ", script, ": ", tostring(rc), "\n")
      return EXIT_USAGE
    end
    return math.type(rc) == "integer" and rc or EXIT_OK
  end,
})

command("version", {
  summary = "print kcv's version",
  usage = "kcv version",
  help = "Prints the kcv version, the Lua version and the MPFR version.",
  run = function()
    print(("kcv %s (%s%s)"):format(kcv.version, _VERSION,
      kcv.mp and kcv.mp.mpfr_version and (", MPFR " .. kcv.mp.mpfr_version()) or ""))
    return EXIT_OK
  end,
})

lazy("repl", "interactive Lua with the kcv API (optionally in a kernel's context)")
lazy("device", "describe the CUDA device, or say why there is none")
lazy("verify", "run the contract gates against a kernel")
lazy("gates", "list the gates")
lazy("specs", "list the operator contracts")
lazy("controls", "verify every honest kernel (positive controls)")
lazy("calibrate", "show noise floor and broken-kernel ratios per thresholded gate")
lazy("redteam", "verify every broken kernel: each must be rejected")
lazy("proof", "the whole proof: every control and every red-team entry, in one pool")
lazy("tune", "search a kernel's knobs for speed; every kept config passes the gates")
lazy("audit", "audit a corpus of KernelBench-format solutions against the twelve gates")
lazy("parity", "run PyTorch's own op of every spec through its gates: spec × gate table")

local function print_help()
  print([[
kcv — a contract-grade verifier for GPU kernels

usage: kcv COMMAND [ARGS...]      kcv COMMAND --help

commands:]])
  for _, name in ipairs(order) do
    local ok, summary = pcall(function() return commands[name].summary end)
    print(("  %-10s %s"):format(name, ok and summary or "(unavailable)"))
  end
  print([[

exit codes: 0 success (every applicable gate passed), 1 a contract was
violated, 2 kcv could not do what was asked (usage, missing file, error).
Environment: KCV_ROOT (installation), KCV_BACKEND (cpu|cuda|auto),
KCV_GATES_PATH (extra gate directories, ':'-separated).]])
end

local function main(argv)
  local name = argv[1]
  if name == nil or name == "--help" or name == "-h" or name == "help" then
    if name == "help" and argv[2] then
      argv = {argv[2], "--help"}
    else
      print_help()
      return name == nil and EXIT_USAGE or EXIT_OK
    end
    name = argv[1]
  end
  if name == "--version" then name = "version" end
  local cmd = commands[name]
  if not cmd then return usage_error(("unknown command '%s'"):format(name)) end
  local args = table.move(argv, 2, #argv, 1, {})
  if args[1] == "--help" or args[1] == "-h" then
    print("usage: " .. cmd.usage .. "\n\n" .. cmd.summary .. ".\n\n" .. cmd.help)
    return EXIT_OK
  end
  return cmd.run(args)
end

local argv = ...
return main(argv or {})
