-- show(buf, {around = idx, n = 8}): the neighbourhood of an element.
local kcv = require "kcv"
local focus = require "kcv.repl.focus"

local function num(v)
  if math.type(v) == "integer" then return tostring(v) end
  return ("%.9g"):format(v)
end

-- The output or input that `buf` names: a buffer of the case, a tensor
-- name ("y"), or nil (the first output).  Returns kind, position, buffer, name.
local function resolve(f, buf)
  local spec = f.spec
  if buf == nil then return "output", 1, f.outputs[1], spec.outputs[1].name end
  if type(buf) == "string" then
    for i, t in ipairs(spec.outputs) do if t.name == buf then return "output", i, f.outputs[i], t.name end end
    for i, t in ipairs(spec.inputs) do if t.name == buf then return "input", i, f.inputs[i], t.name end end
    error(("show: no tensor named '%s' in this case (outputs: %s)"):format(buf, spec.outputs[1].name), 0)
  end
  local o = f:output_of(buf)
  if o then return "output", o, buf, spec.outputs[o].name end
  local i = f:input_of(buf)
  if i then return "input", i, buf, spec.inputs[i].name end
  if type(buf) == "userdata" and buf.numel then return "buffer", nil, buf, "buf" end
  error("show: expected a buffer of this case or a tensor name, got " .. type(buf), 0)
end

-- The element a look starts from: the gate's offending element, else the
-- worst one of output o.
local function default_index(f, o)
  local ev = f.gate and f.gate.evidence or {}
  if ev.index and (not ev.output or ev.output == f.spec.outputs[o].name) and ev.index < f.outputs[o].numel
     and not ev.sampled and not ev.sampled_rows then
    return ev.index
  end
  local r, best, at = f.ratio[o], -1, 0
  for i = 0, r.numel - 1 do
    local v = r:get(i)
    if v > best then best, at = v, i end
  end
  return at
end

local function run(session, buf, opts)
  local f = session:need_focus("show")
  if type(buf) == "table" and opts == nil and getmetatable(buf) == nil then buf, opts = nil, buf end
  opts = opts or {}
  local kind, o, b, name = resolve(f, buf)
  local around = opts.around or (kind == "output" and default_index(f, o)) or 0
  if math.type(around) ~= "integer" or around < 0 or around >= b.numel then
    error(("show: around = %s is not an element of %s (0..%d)"):format(tostring(around), name, b.numel - 1), 0)
  end
  local n = opts.n or 8
  local lo = math.max(0, around - n // 2)
  local hi = math.min(b.numel - 1, lo + n - 1)
  lo = math.max(0, math.min(lo, hi - n + 1))
  local lines = {}
  local cls = kcv.cmp.class_name
  if kind == "output" then
    lines[1] = ("%-16s %16s %-9s %16s %-9s %10s %10s %10s"):format(
      "element", "got", "class", "expected", "class", "error", "bound", "err/bound")
    local m = f.masks[o]
    for i = lo, hi do
      local g, e = b:get(i), f.expected[o]:get(i)
      local err = (g == g and e == e and e ~= math.huge and e ~= -math.huge) and math.abs(g - e) or 0 / 0
      local bnd = e == e and e ~= math.huge and e ~= -math.huge and f.bound[o]:get(i) or 0 / 0
      lines[#lines + 1] = ("%-16s %16s %-9s %16s %-9s %10s %10s %10s%s"):format(
        focus.where(name, b, i), num(g), cls(m.got:get(i)), num(e), cls(m.expected:get(i)),
        focus.g(err), focus.g(bnd), focus.g(f.ratio[o]:get(i)),
        (i == around and " <" or "  ") .. (f:offending(o, i) and " offending" or ""))
    end
  else
    lines[1] = ("%-16s %16s %-9s"):format("element", "value", "class")
    local c = kcv.cmp.classes(b)
    for i = lo, hi do
      lines[#lines + 1] = ("%-16s %16s %-9s%s"):format(focus.where(name, b, i), num(b:get(i)), cls(c:get(i)),
                                                      i == around and " <" or "")
    end
  end
  session.print(table.concat(lines, "\n"))
end

return {
  name = "show",
  usage = "show([buf] [, {around = idx, n = 8}])",
  doc = [[
The neighbourhood of one element: n elements around index `around` (0-based
flat), each with its value and class; for an output also the oracle's value
and class, the error, the bound and error/bound ("offending" marks elements
over the bound or of the wrong class, "<" the element asked for).
buf: an output or input of the case (y, inputs.x) or its name ("y");
default the first output.  around: default the gate's offending element,
else the worst one.  Examples: show()  show(y, {around = 7211, n = 16})  show("x")]],
  run = run,
}
