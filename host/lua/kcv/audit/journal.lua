-- kcv/audit/journal.lua — one JSON line per audited solution, appended and
-- flushed the moment its verdict is known.  A killed audit loses at most the
-- solutions that were in flight; --resume reads the journal back and skips
-- every id it holds.  A torn last line (the kill came mid-write) is
-- dropped, and cut off the file, so the next append starts a clean line.
local json = require "dkjson"

local M = {}
local Journal = {}
Journal.__index = Journal

-- Entries of an existing journal: list, {id = entry}.  Missing file: empty.
function M.read(path)
  local f = io.open(path, "rb")
  if not f then return {}, {}, 0 end
  local text = f:read("a")
  f:close()
  local entries, by_id, good = {}, {}, 0
  local pos = 1
  while pos <= #text do
    local nl = text:find("\n", pos, true)
    if not nl then break end                       -- a torn last line
    local line = text:sub(pos, nl - 1)
    local e = json.decode(line)
    if type(e) ~= "table" or not e.id then
      return nil, ("%s: line %d is not a journal entry"):format(path, #entries + 1)
    end
    entries[#entries + 1] = e
    by_id[e.id] = e
    pos = nl + 1
    good = nl
  end
  return entries, by_id, good
end

-- Open for appending.  resume = false refuses a journal that already holds
-- verdicts (they would be lost or repeated).  Path "-" keeps the verdicts
-- in memory only (a reproducer line that can be run again and again).
function M.open(path, resume)
  if path == "-" then return setmetatable({path = path, entries = {}, by_id = {}}, Journal) end
  local entries, by_id, good = M.read(path)
  if not entries then return nil, by_id end
  if #entries > 0 and not resume then
    return nil, ("%s already holds %d verdict(s): add --resume to go on, or name another --journal")
                :format(path, #entries)
  end
  local f = io.open(path, "r+b") or io.open(path, "wb")
  if not f then return nil, "cannot write the journal " .. path end
  local size = f:seek("end")
  if size > good then                             -- drop a torn last line
    f:close()
    local keep = io.open(path, "rb"):read(good)
    f = assert(io.open(path, "wb"))
    f:write(keep or "")
    f:flush()
  end
  return setmetatable({path = path, f = f, entries = entries, by_id = by_id}, Journal)
end

function Journal:append(entry)
  if self.f then
    self.f:write(json.encode(entry), "\n")
    self.f:flush()
  end
  self.entries[#self.entries + 1] = entry
  self.by_id[entry.id] = entry
end

-- The verdict a solution's gates give: any fail fails it; else any gate
-- not judged (not run, kcv's error) leaves it not judged; else it passes.
function M.verdict(gates)
  local nj = false
  for _, g in ipairs(gates) do
    if g.status == "fail" then return "fail" end
    nj = nj or g.status == "not_judged"
  end
  return nj and "not_judged" or "pass"
end

-- entry with each gate it did not judge replaced by part's judgement of
-- that gate (a later call that ran only those gates, --gates), and its
-- verdict taken again; nil when part judged none of them.  The filled
-- gates are listed in `filled`, part's seconds added to the entry's.
function M.fill(entry, part)
  local by_gate = {}
  for _, g in ipairs(part.gates or {}) do
    if g.status ~= "not_judged" then by_gate[g.id] = g end
  end
  local out, filled = {}, {}
  for k, v in pairs(entry) do out[k] = v end
  out.gates = {}
  for _, g in ipairs(entry.gates or {}) do
    local later = g.status == "not_judged" and by_gate[g.id]
    out.gates[#out.gates + 1] = later or g
    if later then filled[#filled + 1] = g.id end
  end
  if #filled == 0 then return nil end
  out.verdict = M.verdict(out.gates)
  out.filled = filled
  out.seconds = (entry.seconds or 0) + (part.seconds or 0)
  if out.verdict ~= "not_judged" then out.reason = nil end
  return out
end

function Journal:close()
  if self.f then self.f:close() end
  self.f = nil
end

return M
