-- kcv/repl/init.lua — the interactive prompt of `kcv repl` and
-- `kcv verify ... --repl`: a Lua 5.4 read-eval-print loop with line editing,
-- history, Tab completion of names, Ctrl-C that stops the line being run,
-- and the helpers a person uses to look at a failing case (one file each
-- in kcv/repl/: show, worst, diff, hist, rerun), documented by help().
--
--   local repl = require "kcv.repl"
--   local s = repl.session{spec =, subject =, shape =, budget =, report =}
--   s:set_focus(require("kcv.repl.focus").new(spec, snap, gate_entry))
--   repl.loop(s, banner)           -> returns when the input ends (Ctrl-D)
--   repl.eval(s, line)             -> ok, ...   (one line, as the loop does it)

local kcv = require "kcv"

local M = {}

M.HELPERS = {"show", "worst", "diff", "hist", "rerun"}

-- What help() says about the names bound to the case in view.
M.BINDINGS = {
  {"case", "the case: name, shape, dist, seed (and the gate's extras, e.g. inject)"},
  {"gate", "the gate's report entry: id, status, reason, evidence, reproduce"},
  {"inputs", "the case's inputs, by name and position (inputs.x, inputs[1])"},
  {"outputs", "the kernel's outputs, by name and position"},
  {"expected", "the oracle's values (f64), by output name"},
  {"mag", "the oracle's magnitudes (f64), by output name"},
  {"bound", "the per-element bound (f64), by output name"},
  {"ratio", "error/bound per element (f64; inf: another class than the oracle's)"},
  {"masks", "class masks by output: masks.y.got, masks.y.expected (u8, kcv.cmp.CLASS)"},
  {"spec", "the operator contract (dims, inputs, outputs, error_model, ...)"},
  {"subject", "the kernel under test (subject:run(inputs, shape))"},
}

local Session = {}
Session.__index = Session

-- session{spec=, subject=, shape=, budget=, report=, env=_G, print=print}
function M.session(t)
  local s = setmetatable({spec = t.spec, subject = t.subject, shape = t.shape, budget = t.budget or "cpu",
                          report = t.report, env = t.env or _G, print = t.print or print,
                          -- another kind of session (kcv.repl.audit) names its own
                          helper_names = t.helpers or M.HELPERS, bindings = t.bindings or M.BINDINGS}, Session)
  s.helpers = {}
  for _, name in ipairs(s.helper_names) do
    local h = require("kcv.repl." .. name)
    s.helpers[name] = h
    s.env[name] = function(...) return h.run(s, ...) end
  end
  s.env.help = function(name) return M.help(s, name) end
  s.env.kcv = kcv
  if t.spec then s.env.spec = t.spec end
  if t.subject then s.env.subject = t.subject end
  return s
end

function Session:need_focus(who)
  if not self.focus then
    error(("%s: no case in view (open one with kcv verify SPEC KERNEL --gate ID --case NAME --repl, or rerun{})"):format(who), 0)
  end
  return self.focus
end

-- Bind the case in view to the globals help() lists, and its tensors by
-- their spec names (x, y) where no other global has the name.
function Session:set_focus(f)
  local env = self.env
  for _, name in ipairs(self.tensor_names or {}) do env[name] = nil end
  self.focus = f
  env.case, env.gate = f.case, f.gate
  env.inputs, env.outputs, env.expected = f.inputs, f.outputs, f.expected
  env.mag, env.bound, env.ratio, env.masks = f.mag, f.bound, f.ratio, f.masks
  self.tensor_names = {}
  for _, list in ipairs{{self.spec.inputs, f.inputs}, {self.spec.outputs, f.outputs}} do
    for i, t in ipairs(list[1]) do
      if env[t.name] == nil then
        env[t.name] = list[2][i]
        self.tensor_names[#self.tensor_names + 1] = t.name
      end
    end
  end
end

function M.help(s, name)
  if name ~= nil then
    if type(name) == "function" then
      for n in pairs(s.helpers) do if s.env[n] == name then name = n end end
    end
    local h = s.helpers[name]
    if h then s.print(h.usage .. "\n" .. h.doc); return end
    if name == "help" then s.print("help()  help(name): what the REPL offers; help(\"show\") or help(show)"); return end
    for _, b in ipairs(s.bindings) do
      if b[1] == name then s.print(("%s: %s"):format(b[1], b[2])); return end
    end
    error(("help: nothing named '%s' (try help())"):format(tostring(name)), 0)
  end
  local lines = {"helpers (help(name) for each):"}
  for _, n in ipairs(s.helper_names) do
    local h = s.helpers[n]
    lines[#lines + 1] = ("  %-44s %s"):format(h.usage, (h.doc:match("^[^\n]*"):gsub("%s*$", "")))
  end
  lines[#lines + 1] = "the case in view" .. ((s.focus or s.bindings ~= M.BINDINGS) and "" or " (none yet: rerun{} makes one)") .. ":"
  for _, b in ipairs(s.bindings) do lines[#lines + 1] = ("  %-10s %s"):format(b[1], b[2]) end
  lines[#lines + 1] = "also: kcv (the API, docs/API.md); Tab completes names; Ctrl-C stops a running line; Ctrl-D leaves"
  s.print(table.concat(lines, "\n"))
end

---------------------------------------------------------------------------
-- completion

local KEYWORDS = {"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
                  "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"}

-- Completions of `word` ("sh", "kcv.sy", "case.sh") in env: the fields of
-- the table the dotted prefix names, or globals and keywords.
function M.complete(env, word)
  local prefix, last = word:match("^(.*[%.:])([%w_]*)$")
  local scope, names = nil, {}
  if prefix then
    local t = env
    for part in prefix:sub(1, -2):gmatch("[^%.:]+") do
      local ok, v = pcall(function() return t[part] end)
      if not ok or v == nil then return {} end
      t = v
    end
    scope = t
  else
    prefix, last, scope = "", word, env
    for _, k in ipairs(KEYWORDS) do names[#names + 1] = k end
  end
  local seen = {}
  local function add(k) if type(k) == "string" and not seen[k] then seen[k] = true; names[#names + 1] = k end end
  if type(scope) == "table" then for k in pairs(scope) do add(k) end end
  local mt = getmetatable(scope)
  if type(mt) == "table" and type(mt.__index) == "table" then for k in pairs(mt.__index) do add(k) end end
  if scope == env then for k in pairs(_G) do add(k) end end
  local out = {}
  for _, k in ipairs(names) do
    if k:sub(1, #last) == last and k:match("^[%a_][%w_]*$") then out[#out + 1] = prefix .. k end
  end
  table.sort(out)
  return out
end

---------------------------------------------------------------------------
-- the loop

-- Compile a line as an expression first, then as a statement (as lua.c
-- does).  Returns the chunk, or nil and the error; `incomplete` is true when
-- more lines could complete it (the error is at <eof>).
local function compile(src, env)
  local chunk = load("return " .. src, "=repl", "t", env)
  if chunk then return chunk end
  local err
  chunk, err = load(src, "=repl", "t", env)
  if chunk then return chunk end
  return nil, err, err:sub(-5) == "<eof>"
end

-- An error with a position gets the traceback; a helper's own message
-- (raised at level 0, no position) is shown as it is.
local function traceback(e)
  if type(e) == "string" and e:match("interrupted$") then return "interrupted (Ctrl-C)" end
  if type(e) == "string" and not e:match("^[^%s:]+:%d+:") then return e end
  return debug.traceback(e, 2)
end

-- interruptible's answer around xpcall's: one ok, then the values.
local function unwrap(ok, ...)
  if not ok then return false, ... end
  return ...
end

-- One line (and its continuation lines): ok, values... or false, message.
function M.eval(s, line, more)
  local src = line:gsub("^=", "return ")
  local chunk, err, incomplete = compile(src, s.env)
  while not chunk and incomplete and more do   -- continuation lines, like lua.c
    local next_line = more()
    if not next_line then break end
    src = src .. "\n" .. next_line
    chunk, err, incomplete = compile(src, s.env)
  end
  if not chunk then return false, err end
  return unwrap(kcv.sys.interruptible(xpcall, chunk, traceback))
end

-- What a helper returns for programs (worst's list, diff's table): the
-- helper has printed it already, so the prompt does not print it again.
M.RESULT = {__name = "kcv.repl.result"}
function M.result(t) return setmetatable(t, M.RESULT) end

local function show_result(s, ok, ...)
  if not ok then s.print((tostring((...)):gsub("^repl:%d+: ", ""))); return end
  local n = select("#", ...)
  if n == 0 or (n == 1 and getmetatable((...)) == M.RESULT) then return end
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  s.print(table.concat(parts, "\t"))
end

function M.loop(s, banner)
  if banner then s.print(banner) end
  local hist = (os.getenv("HOME") or ".") .. "/.kcv_history"
  kcv.sys.history_load(hist)
  kcv.sys.completer(function(word) return M.complete(s.env, word) end)
  kcv.sys.ignore_sigint(true)
  while true do
    local line = kcv.sys.readline("kcv> ")
    if not line then break end
    if line:match("%S") then
      show_result(s, M.eval(s, line, function() return kcv.sys.readline(">> ") end))
    end
  end
  kcv.sys.ignore_sigint(false)
  kcv.sys.completer(nil)
  kcv.sys.history_save(hist)
  s.print()
  return 0
end

return M
