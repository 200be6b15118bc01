-- hist(): error/bound drawn in the terminal.
local result = require("kcv.repl").result
local WIDTH = 40

local function run(session, opts)
  local f = session:need_focus("hist")
  opts = opts or {}
  local lo = opts.lo or -8                    -- decades shown: 10^lo .. 10^hi
  local bins, zero, inf, total = {}, 0, 0, 0
  local top = lo
  for o = 1, #f.spec.outputs do
    local r = f.ratio[o]
    for i = 0, r.numel - 1 do
      local v = r:get(i)
      total = total + 1
      if v == 0 then zero = zero + 1
      elseif v == math.huge then inf = inf + 1
      else
        local d = math.max(lo, math.floor(math.log(v, 10)))
        bins[d] = (bins[d] or 0) + 1
        if d > top then top = d end
      end
    end
  end
  local rows = {{label = "0", count = zero}}
  for d = lo, math.max(top, 0) do
    rows[#rows + 1] = {label = d == lo and ("< 1e%d"):format(d + 1) or ("1e%d..1e%d"):format(d, d + 1), count = bins[d] or 0, decade = d}
  end
  rows[#rows + 1] = {label = "inf", count = inf}
  local most = 1
  for _, r in ipairs(rows) do if r.count > most then most = r.count end end
  local lines = {("error/bound of %d elements (bound = 1)"):format(total)}
  for _, r in ipairs(rows) do
    if r.decade == 0 then lines[#lines + 1] = ("%-12s %s"):format("", ("-"):rep(WIDTH) .. " bound") end
    local bar = r.count > 0 and math.max(1, math.floor(r.count / most * WIDTH + 0.5)) or 0
    lines[#lines + 1] = ("%-12s %s %d"):format(r.label, ("#"):rep(bar), r.count)
  end
  session.print(table.concat(lines, "\n"))
  return result(rows)
end

return {
  name = "hist",
  usage = "hist([{lo = -8}])",
  doc = [[
A histogram of error/bound over every element of the case's outputs, one
bar per decade from 10^lo up, with exact zeros and inf (wrong class) apart;
the line marked "bound" separates the elements within the bound (below it)
from the violations (above).  Returns the rows {{label=, count=}, ...}.]],
  run = run,
}
