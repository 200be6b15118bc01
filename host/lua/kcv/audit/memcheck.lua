-- kcv/audit/memcheck.lua — RES-01's out-of-bounds check: the candidate run
-- once on a case under compute-sanitizer's memcheck, in a worker of its
-- own (the build is cached), and the tool's report read back.
--
--   local run, why = memcheck.for_audit(o, wopts)   -- nil, why: no check
--   local r, why = run(recipe)  -- {errors = N, first = "Invalid __global__ write ..."}
--
-- The tool: o.sanitizer (--sanitizer PATH; "none" turns the check off), or
-- on the cuda device compute-sanitizer from PATH or /usr/local/cuda/bin.
local worker = require "kcv.audit.worker"
local lfs = require "lfs"

local M = {}

local function exists(path)
  return lfs.attributes(path, "mode") == "file"
end

-- The sanitizer's path, or nil and why there is none.
function M.find(o)
  if o.sanitizer == "none" then return nil, "--sanitizer none" end
  if o.sanitizer then
    if not exists(o.sanitizer) then return nil, "no such sanitizer: " .. o.sanitizer end
    return o.sanitizer
  end
  if o.device ~= "cuda" then return nil, "no CUDA kernels on the cpu device" end
  for dir in (os.getenv("PATH") or ""):gmatch("[^:]+") do
    if exists(dir .. "/compute-sanitizer") then return dir .. "/compute-sanitizer" end
  end
  if exists("/usr/local/cuda/bin/compute-sanitizer") then return "/usr/local/cuda/bin/compute-sanitizer" end
  return nil, "no compute-sanitizer on this machine"
end

-- {errors, oom, first} from a memcheck log: the "ERROR SUMMARY: N
-- error(s)" count less the reports of the CUDA API running out of memory,
-- counted apart as oom (audits share the GPU: the machine's state, not the
-- candidate's defect), and the first other report line after the banner.
function M.parse(text)
  local n = tonumber(text:match("ERROR SUMMARY: (%d+) error"))
  if not n then return nil end
  local oom, first = 0, nil
  for line in text:gmatch("[^\n]+") do
    local body = line:match("^========= (%S.*)$")
    if body and body:match("^Program hit cudaErrorMemoryAllocation") then
      oom = oom + 1
    elseif body and not body:match("^COMPUTE%-SANITIZER") and not body:match("^ERROR SUMMARY") then
      first = first or body
    end
  end
  return {errors = math.max(0, n - oom), oom = oom, first = first}
end

-- A function(recipe) for ctx.sanitizer, or nil and why there is no check.
function M.for_audit(o, wopts)
  local tool, why = M.find(o)
  if not tool then return nil, why end
  return function(recipe)
    local log = wopts.dir .. "/memcheck.log"
    os.remove(log)
    local w = {}
    for k, v in pairs(wopts) do w[k] = v end
    w.wrap = {tool, "--tool", "memcheck", "--log-file", log, "--print-limit", "20"}
    local mw = worker.start(w)
    local r, f = mw:call({op = "load"}, o.build_timeout)
    if r then
      local req = {op = "case", id = "m1"}
      for k, v in pairs(recipe) do req[k] = v end
      r, f = mw:call(req, o.timeout * 3)
    end
    -- memcheck slows kernels tens of times: three of the plain time limits
    if r then r, f = mw:call({op = "run", case = "m1", who = "candidate"}, o.timeout * 3) end
    mw:close(30)
    local fh = io.open(log, "rb")
    local report = M.parse(fh and fh:read("a") or "")
    if fh then fh:close() end
    if report then return report end
    if not r then return nil, "memcheck did not finish: " .. (f and f.message or "?"):sub(1, 200) end
    return nil, "memcheck wrote no summary"
  end
end

return M
