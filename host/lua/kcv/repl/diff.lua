-- diff(): a summary of the mismatch, by class and by position.
local kcv = require "kcv"
local mismatch = require "kcv.verify.mismatch"
local result = require("kcv.repl").result

local TILE = 256   -- elements per tile: the block size most launches use

local function list(xs, max)
  local parts = {}
  for i = 1, math.min(#xs, max) do parts[i] = tostring(xs[i]) end
  return table.concat(parts, ", ") .. (#xs > max and (", ... (%d)"):format(#xs) or "")
end

-- One output's summary: which classes, which positions.
local function output_diff(f, o)
  local b, name = f.outputs[o], f.spec.outputs[o].name
  local m, r = f.masks[o], f.ratio[o]
  local d = {output = name, numel = b.numel, offending = 0, over_bound = 0, classes = {}, rows = {}}
  local pairs_seen, rows_seen, tiles = {}, {}, {}
  local ncols = b.ndim >= 2 and b.shape[b.ndim] or b.numel
  local full = (b.numel // TILE) * TILE
  d.tail = {size = b.numel - full, offending = 0}
  for i = 0, b.numel - 1 do
    local wrong_class = mismatch.differs(m, i, f.masks_opts)
    local over = r:get(i) > 1
    if wrong_class or over then
      d.offending = d.offending + 1
      d.first = d.first or i
      d.last = i
      if over then d.over_bound = d.over_bound + 1 end
      if wrong_class then
        local key = ("got %s, expected %s"):format(kcv.cmp.class_name(m.got:get(i)), kcv.cmp.class_name(m.expected:get(i)))
        if not pairs_seen[key] then pairs_seen[key] = true; d.classes[#d.classes + 1] = {pair = key, count = 0} end
        for _, c in ipairs(d.classes) do if c.pair == key then c.count = c.count + 1 end end
      end
      local row = i // ncols
      if not rows_seen[row] then rows_seen[row] = true; d.rows[#d.rows + 1] = row end
      tiles[i // TILE] = true
      if i >= full then d.tail.offending = d.tail.offending + 1 end
    end
  end
  d.nrows = b.numel // math.max(1, ncols)
  d.tiles = {}
  for t in pairs(tiles) do d.tiles[#d.tiles + 1] = t end
  table.sort(d.tiles)
  d.ntiles = (b.numel + TILE - 1) // TILE
  return d
end

local function run(session)
  local f = session:need_focus("diff")
  local res, lines = {}, {}
  local c = f.case
  lines[1] = ("case %s (%s, dist %s, seed %s): gate %s"):format(tostring(c.name), require("kcv.verify.spec").shape_string(c.shape or {}),
    tostring(c.dist), tostring(c.seed), f.gate and f.gate.id or "-")
  for o = 1, #f.spec.outputs do
    local d = output_diff(f, o)
    res[#res + 1] = d
    res[d.output] = d
    if d.offending == 0 then
      lines[#lines + 1] = ("%s: all %d elements of the right class and within the bound"):format(d.output, d.numel)
    else
      lines[#lines + 1] = ("%s: %d of %d elements offending (%d over the bound), first %d, last %d"):format(
        d.output, d.offending, d.numel, d.over_bound, d.first, d.last)
      for _, cl in ipairs(d.classes) do
        lines[#lines + 1] = ("  class   %-36s %d"):format(cl.pair, cl.count)
      end
      if d.nrows > 1 then
        lines[#lines + 1] = ("  rows    %d of %d: %s"):format(#d.rows, d.nrows, list(d.rows, 12))
      end
      lines[#lines + 1] = ("  tiles   %d of %d (of %d elements): %s"):format(#d.tiles, d.ntiles, TILE, list(d.tiles, 12))
      lines[#lines + 1] = d.tail.size > 0
        and ("  tail    %d of the %d elements past the last full tile"):format(d.tail.offending, d.tail.size)
        or "  tail    none (the size is a multiple of the tile)"
    end
  end
  session.print(table.concat(lines, "\n"))
  return result(res)
end

return {
  name = "diff",
  usage = "diff()",
  doc = [[
A summary of where the kernel and the oracle disagree, per output: how many
elements offend (over the bound, or of another class than the oracle's
under the gate's rules), which class pairs ("got pzero, expected nan"), and
where: the rows (last dim is a row), the tiles of 256 elements that hold
offending elements, and the tail (the elements past the last full tile,
where kernels that forget bounds checks go wrong).  Returns the same as a
table by output name.]],
  run = run,
}
