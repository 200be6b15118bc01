-- redteam/lib/gdn_chunked.lua — what the chunked GDN red-team entries
-- (redteam/gdn_chunked_*.lua) share: kernels/gdn_chunked_fwd.lua's
-- pipeline (its workspaces and three launches) with one launch replaced by
-- the entry's broken copy.  In lib/, where kcv redteam looks for no entry.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"

return function(entry, replace)
  local honest = assert(dofile(here .. "../../kernels/gdn_chunked_fwd.lua"))
  local launches = honest.kernel.pipeline.launches
  honest.kernel.pipeline.launches = function(s)
    local list = launches(s)
    for _, l in ipairs(list) do l.name = replace[l.name] or l.name end
    return list
  end
  honest.tune = nil
  for k, v in pairs(entry) do honest[k] = v end
  return honest
end
