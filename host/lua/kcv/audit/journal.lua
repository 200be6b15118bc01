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

function Journal:close()
  if self.f then self.f:close() end
  self.f = nil
end

return M
