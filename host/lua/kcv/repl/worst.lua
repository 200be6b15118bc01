-- worst(k): the k worst elements by error/bound.
local focus = require "kcv.repl.focus"
local result = require("kcv.repl").result

local function run(session, k)
  local f = session:need_focus("worst")
  k = k or 10
  if math.type(k) ~= "integer" or k < 1 then error("worst: k must be a positive integer, got " .. tostring(k), 0) end
  -- keep the k largest ratios in a small sorted list (k is small)
  local top = {}
  for o, out in ipairs(f.spec.outputs) do
    local r = f.ratio[o]
    for i = 0, r.numel - 1 do
      local v = r:get(i)
      if #top < k or v > top[#top].ratio then
        local pos = #top + 1
        while pos > 1 and top[pos - 1].ratio < v do pos = pos - 1 end
        table.insert(top, pos, {output = out.name, o = o, index = i, ratio = v})
        if #top > k then top[#top] = nil end
      end
    end
  end
  local lines = {("%-16s %16s %16s %10s %10s %10s"):format("element", "got", "expected", "error", "bound", "err/bound")}
  local function finite(v) return v == v and v ~= math.huge and v ~= -math.huge end
  for _, t in ipairs(top) do
    local b = f.outputs[t.o]
    local g, e = b:get(t.index), f.expected[t.o]:get(t.index)
    t.got, t.expected, t.bound = g, e, f.bound[t.o]:get(t.index)
    lines[#lines + 1] = ("%-16s %16.9g %16.9g %10s %10s %10s"):format(
      focus.where(t.output, b, t.index), g, e, focus.g(finite(e) and math.abs(g - e) or 0 / 0),
      focus.g(finite(e) and t.bound or 0 / 0), focus.g(t.ratio))
    t.o = nil
  end
  session.print(table.concat(lines, "\n"))
  return result(top)
end

return {
  name = "worst",
  usage = "worst([k = 10])",
  doc = [[
The k worst elements of the case's outputs by error/bound (inf: a class the
oracle does not have, e.g. 0 where it says NaN), printed with the value, the
oracle's value, the error and the bound.  Returns the list
{{output=, index=, ratio=, got=, expected=, bound=}, ...}, worst first.]],
  run = run,
}
