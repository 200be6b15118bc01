-- kcv repl [SPEC KERNEL]: an interactive Lua prompt with `kcv` loaded.
-- With a spec and a kernel, the verification context (spec, subject, inputs
-- of the last failing case) is loaded into the globals `spec` and `subject`.
local kcv = require "kcv"

local M = {
  summary = "interactive Lua with the kcv API (optionally in a kernel's context)",
  usage = "kcv repl [SPEC KERNEL]",
  help = [[
An interactive Lua 5.4 prompt with line editing and history (~/.kcv_history).
`kcv` is a global.  An expression prints its values; `=expr` works too.
With SPEC and KERNEL, the globals `spec`, `subject` and `verify(gate_id)` are
set up so that a failing gate can be re-run and its inputs inspected.
Leave with Ctrl-D or os.exit().]],
}

-- Compile a line as an expression first, then as a statement (as lua.c
-- does).  Returns the chunk, or nil and the error; `incomplete` is true when
-- more lines could complete it (the error is at <eof>).
local function compile(src)
  local chunk = load("return " .. src, "=repl", "t")
  if chunk then return chunk end
  local err
  chunk, err = load(src, "=repl", "t")
  if chunk then return chunk end
  return nil, err, err:sub(-5) == "<eof>"
end

local function eval(line)
  local src = line:gsub("^=", "return ")
  local chunk, err, incomplete = compile(src)
  while not chunk and incomplete do      -- continuation lines, like lua.c
    local more = kcv.sys.readline(">> ")
    if not more then break end
    src = src .. "\n" .. more
    chunk, err, incomplete = compile(src)
  end
  if not chunk then return false, err end
  return xpcall(chunk, debug.traceback)
end

local function show(ok, ...)
  if not ok then print((...)); return end
  local n = select("#", ...)
  if n == 0 then return end
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  print(table.concat(parts, "\t"))
end

function M.run(args)
  _G.kcv = kcv
  if args[1] then
    local ok, ctx = pcall(require, "kcv.context")
    if not ok then io.stderr:write("kcv repl: ", ctx, "\n"); return 2 end
    local loaded, err = ctx.load(args[1], args[2])
    if not loaded then io.stderr:write("kcv repl: ", err, "\n"); return 2 end
    for k, v in pairs(loaded) do _G[k] = v end
    print(("kcv %s: spec %s, kernel %s loaded as `spec`, `subject`"):format(
      kcv.version, args[1], args[2] or "?"))
  else
    print(("kcv %s, %s. `kcv` is loaded; Ctrl-D leaves."):format(kcv.version, _VERSION))
  end
  local hist = (os.getenv("HOME") or ".") .. "/.kcv_history"
  kcv.sys.history_load(hist)
  while true do
    local line = kcv.sys.readline("kcv> ")
    if not line then break end
    if line:match("%S") then show(eval(line)) end
  end
  kcv.sys.history_save(hist)
  print()
  return 0
end

return M
