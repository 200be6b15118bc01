-- kcv/report/svg.lua — the few inline SVG plots the HTML report draws, as
-- strings (no script, no external reference: an <svg> element inside HTML).
--
--   svg.ratios{points = {{label=, ratio=}, ...}, title=}
--       error/bound per case on a log scale, with the bound (ratio 1) drawn;
--       0 sits on the bottom edge (hollow), inf on the top edge (a triangle)
--   svg.mask{shape = {d1, ..., dn}, marks = {flat indices}, title=}
--       the output as a grid (2-d and up: rows by the last dim) or a strip
--       (1-d) of cells, each cell a block of elements; cells holding a
--       marked element are red
--   svg.axis{groups = {{name=, color=, points = {{label=, ratio=}, ...}}, ...}, title=}
--       several sets of ratios on one log axis (calibrate: the honest floor
--       and the broken kernels), with the bound line

local M = {}

-- colours: within the bound, over it, grid lines, the bound line, a mask's
-- cell, a mask's marked cell (a red of its own, so a screenshot tells it
-- from the bound line)
M.OK, M.BAD, M.GRID, M.BOUND, M.CELL, M.MARK = "#1f77b4", "#d62728", "#dddddd", "#d62728", "#eeeeee", "#e31a1c"

local function esc(s)
  return (tostring(s):gsub("[&<>\"']", {["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
                                         ['"'] = "&quot;", ["'"] = "&#39;"}))
end
M.esc = esc

local function finite(v) return v == v and v ~= math.huge and v ~= -math.huge end

-- The decades a set of ratios spans: always 1e-2 .. 1e1 and at most 1e-12 ..
-- 1e12, the zeros and infinities aside.
local function decades(values)
  local lo, hi = -2, 1
  for _, v in ipairs(values) do
    if finite(v) and v > 0 then
      local d = math.log(v, 10)
      lo, hi = math.min(lo, math.floor(d)), math.max(hi, math.ceil(d))
    end
  end
  return math.max(lo, -12), math.min(hi, 12)
end

-- A vertical log axis from 10^lo to 10^hi over pixels [top, bottom]: the
-- y of a ratio, with 0 below the axis and inf above it.
local function scale(lo, hi, top, bottom)
  return function(v)
    if v ~= v then return nil end
    if v <= 0 then return bottom + 14 end
    if v == math.huge then return top - 10 end
    local d = math.max(lo, math.min(hi, math.log(v, 10)))
    return bottom - (d - lo) / (hi - lo) * (bottom - top)
  end
end

local function axis_lines(out, lo, hi, y, left, right)
  for d = lo, hi do
    local yy = y(10.0 ^ d)
    out[#out + 1] = ('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="1"/>'):format(
      left, yy, right, yy, M.GRID)
    out[#out + 1] = ('<text x="%d" y="%.1f" font-size="10" text-anchor="end">1e%d</text>'):format(left - 4, yy + 3, d)
  end
  local yb = y(1)
  out[#out + 1] = ('<line class="bound" x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="2" stroke-dasharray="6,3"/>'):format(
    left, yb, right, yb, M.BOUND)
  out[#out + 1] = ('<text x="%d" y="%.1f" font-size="10" fill="%s">bound</text>'):format(right + 4, yb + 3, M.BOUND)
end

-- One marker: a circle (hollow for 0), a triangle for inf; red above the bound.
local function marker(out, x, yy, v, label, color)
  color = color or (v > 1 and M.BAD or M.OK)
  local title = ("<title>%s: %s</title>"):format(esc(label), esc(v == math.huge and "inf" or ("%.3g"):format(v)))
  if v == math.huge then
    out[#out + 1] = ('<path class="point over" d="M%.1f %.1f l-5 8 h10 z" fill="%s">%s</path>'):format(x, yy - 4, color, title)
  else
    out[#out + 1] = ('<circle class="point%s" cx="%.1f" cy="%.1f" r="4" fill="%s" stroke="%s" stroke-width="2">%s</circle>'):format(
      v > 1 and " over" or "", x, yy, v == 0 and "white" or color, color, title)
  end
end

function M.ratios(t)
  local pts = t.points or {}
  local values = {}
  for i, p in ipairs(pts) do values[i] = p.ratio end
  local lo, hi = decades(values)
  local left, right, top, bottom = 50, 50 + math.max(360, math.min(900, 14 * #pts)), 20, 180
  local W, H = right + 60, bottom + 44
  local y = scale(lo, hi, top, bottom)
  local out = {('<svg class="ratios" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">'):format(
    W, H, W, H, esc(t.title or "error/bound per case"))}
  axis_lines(out, lo, hi, y, left, right)
  out[#out + 1] = ('<text x="%d" y="%d" font-size="10">0</text><text x="%d" y="%d" font-size="10">inf</text>'):format(
    left - 14, bottom + 17, left - 22, top - 6)
  local step = #pts > 1 and (right - left - 20) / (#pts - 1) or 0
  for i, p in ipairs(pts) do
    local yy = y(p.ratio)
    if yy then marker(out, left + 10 + (i - 1) * step, yy, p.ratio, p.label) end
  end
  out[#out + 1] = ('<text x="%d" y="%d" font-size="11">cases, in run order (%d); error/bound on a log scale</text>'):format(
    left, H - 8, #pts)
  out[#out + 1] = "</svg>"
  return table.concat(out, "\n")
end

-- The grid of an output: rows x cols cells, each covering a block of
-- elements; at most 64 rows and 128 columns of cells.
function M.mask(t)
  local shape, marks = t.shape or {}, t.marks or {}
  local numel = 1
  for _, d in ipairs(shape) do numel = numel * d end
  local rows, cols
  if #shape >= 2 then
    cols = shape[#shape]
    rows = numel // math.max(1, cols)
  else
    rows, cols = 1, numel
  end
  local crow, ccol = math.min(rows, 64), math.min(cols, 128)
  if #shape < 2 then crow, ccol = math.min(8, math.ceil(numel / 128)), math.min(numel, 128) end
  local per_cell = #shape < 2 and math.ceil(numel / (crow * ccol)) or nil
  local hit = {}
  for _, i in ipairs(marks) do
    local r, c
    if per_cell then
      local cell = i // per_cell
      r, c = cell // ccol, cell % ccol
    else
      r, c = (i // cols) * crow // rows, (i % cols) * ccol // cols
    end
    hit[r * ccol + c] = true
  end
  local cw, ch = math.max(3, math.min(12, 768 // ccol)), math.max(3, math.min(12, 384 // crow))
  local W, H = ccol * cw + 2, crow * ch + 2
  local out = {('<svg class="mask" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">'):format(
    W, H + 16, W, H + 16, esc(t.title or "where the class masks differ"))}
  out[#out + 1] = ('<rect x="0" y="0" width="%d" height="%d" fill="%s"/>'):format(W, H, M.CELL)
  for cell in pairs(hit) do
    local r, c = cell // ccol, cell % ccol
    out[#out + 1] = ('<rect class="bad" x="%d" y="%d" width="%d" height="%d" fill="%s"/>'):format(
      1 + c * cw, 1 + r * ch, cw, ch, M.MARK)
  end
  local what = per_cell and ("%d elements, %d per cell, %d cells to a row"):format(numel, per_cell, ccol)
               or ("%d rows x %d columns in %d x %d cells"):format(rows, cols, crow, ccol)
  out[#out + 1] = ('<text x="0" y="%d" font-size="10">%s</text>'):format(H + 12, esc(what))
  out[#out + 1] = "</svg>"
  return table.concat(out, "\n")
end

function M.axis(t)
  local values = {}
  for _, g in ipairs(t.groups) do
    for _, p in ipairs(g.points) do values[#values + 1] = p.ratio end
  end
  local lo, hi = decades(values)
  local rowh, left, top = 28, 200, 20
  local right = left + 600
  local W, H = right + 60, top + rowh * #t.groups + 50
  -- a horizontal log axis
  local function x(v)
    if v <= 0 then return left - 10 end
    if v == math.huge then return right + 10 end
    local d = math.max(lo, math.min(hi, math.log(v, 10)))
    return left + (d - lo) / (hi - lo) * (right - left)
  end
  local out = {('<svg class="axis" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">'):format(
    W, H, W, H, esc(t.title or "error/bound"))}
  local bottom = top + rowh * #t.groups
  for d = lo, hi do
    out[#out + 1] = ('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/><text x="%.1f" y="%d" font-size="10" text-anchor="middle">1e%d</text>'):format(
      x(10.0 ^ d), top, x(10.0 ^ d), bottom, M.GRID, x(10.0 ^ d), bottom + 14, d)
  end
  out[#out + 1] = ('<line class="bound" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="2" stroke-dasharray="6,3"/><text x="%.1f" y="%d" font-size="10" fill="%s">bound</text>'):format(
    x(1), top - 8, x(1), bottom, M.BOUND, x(1) + 4, top - 10, M.BOUND)
  for k, g in ipairs(t.groups) do
    local yy = top + (k - 0.5) * rowh
    out[#out + 1] = ('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%s</text>'):format(left - 24, yy + 4, esc(g.name))
    for _, p in ipairs(g.points) do
      if p.ratio == p.ratio then marker(out, x(p.ratio), yy, p.ratio, p.label, g.color) end
    end
  end
  out[#out + 1] = ('<text x="%d" y="%d" font-size="11">error/bound, log scale (0 at the left edge, inf at the right)</text>'):format(left, H - 6)
  out[#out + 1] = "</svg>"
  return table.concat(out, "\n")
end

return M
