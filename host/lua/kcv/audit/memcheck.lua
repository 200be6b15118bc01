-- kcv/audit/memcheck.lua — a solution's second process: ORD-02's other
-- process and RES-01's out-of-bounds check in one.  It runs under
-- compute-sanitizer's memcheck when there is one, and the tool's report
-- is read back as the process ends.  One process, not two: each costs a
-- torch import (4.7 s on the H200, tools/worker-costs.py) and a load, on a
-- machine whose cores the builds keep busy.  memcheck watches memory
-- accesses, not arithmetic: the bits its process gives are the candidate's.
--
--   local p = memcheck.second_process(o, wopts, sanitize)   -- starts loading now
--   local s, why = p:subject()                    -- ORD-02's other process
--   local r, why = p:memcheck(recipe)  -- {errors = N, oom = K, first = "Invalid __global__ write ..."}
--                                      -- or nil, why (no tool: p.why)
--   p:close()
--
-- The tool: o.sanitizer (--sanitizer PATH; "none" turns the check off), or
-- on the cuda device compute-sanitizer from PATH or /usr/local/cuda/bin.
local worker = require "kcv.audit.worker"
local subject = require "kcv.audit.subject"
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

local Second = {}
Second.__index = Second

-- The second process of a solution (its build is cached), under memcheck
-- when RES-01 is to run (sanitize) and there is a tool; its load is sent
-- now, so that it is ready by the time a gate asks for it.
function M.second_process(o, wopts, sanitize)
  local tool, why = M.find(o)
  if not sanitize then tool, why = nil, "RES-01 is not among the gates" end
  local w = {}
  for k, v in pairs(wopts) do w[k] = v end
  local log
  if tool then
    log = wopts.dir .. "/memcheck.log"
    os.remove(log)
    w.wrap = {tool, "--tool", "memcheck", "--log-file", log, "--print-limit", "20"}
  end
  local p = setmetatable({o = o, tool = tool, why = why, log = log, w = worker.start(w)}, Second)
  p.sent, p.fault = p.w:send({op = "load"})
  return p
end

-- memcheck slows a kernel by how much memory it touches, not by a
-- constant: a candidate whose plain run takes 1 s (l1_p34) ran past six
-- minutes under it, the whole audit's tail.  A run in the sanitized
-- process gets SLOWDOWN times the plain run's time, at least FLOOR_S and at
-- most three of the plain time limits; past it, ORD-02 takes a plain
-- second process and RES-01 says memcheck did not finish.
M.SLOWDOWN, M.FLOOR_S = 100, 30

function M.limit(o, plain_ms, sanitized)
  if not sanitized then return o.timeout end
  local t = plain_ms and math.max(M.FLOOR_S, M.SLOWDOWN * plain_ms / 1000) or o.timeout * 3
  return math.min(t, o.timeout * 3)
end

-- A subject of the second process, or nil and why; plain_ms, the
-- candidate's time in the first process, bounds its runs (M.limit).
function Second:subject(plain_ms)
  if self.closed then return nil, "the second process has ended (RES-01 read its memcheck report)" end
  if not self.s then
    if not self.sent then return nil, "the second worker did not start: " .. tostring(self.fault and self.fault.message) end
    local r, f = self.w:receive(self.o.build_timeout)
    if not r then
      self.sent, self.fault = nil, f
      return nil, f.message
    end
    self.s = subject.new(self.w, {timeout = M.limit(self.o, nil, self.tool)})
  end
  if plain_ms then self.s.timeout = M.limit(self.o, plain_ms, self.tool) end
  return self.s
end

-- RES-01's out-of-bounds check: the candidate's run of recipe in the
-- sanitized process (ORD-02's, memoised, when that gate ran it), then the
-- process ends and its report is read.  Errors found are findings however
-- the run ended; a clean report counts only for a run that finished.  A
-- process that ORD-02's run ended (its time limit, a crash) is not started
-- again: a new one would report on nothing the candidate did.
function Second:memcheck(recipe)
  if not self.tool then return nil, self.why end
  local s, why = self:subject()
  local r, f
  if s and s.reload then
    why = "its process ended on ORD-02's run there (a time limit or a crash)"
  elseif s then
    r, f = s:run(recipe, "candidate", {["local"] = true})
    if not r then why = f and f.message or "?" end
  end
  self:close(30)      -- the report is written as the process ends
  local fh = io.open(self.log, "rb")
  local report = M.parse(fh and fh:read("a") or "")
  if fh then fh:close() end
  if report and (r or report.errors > 0 or report.oom > 0) then return report end
  if r then return nil, "memcheck wrote no summary" end
  return nil, "memcheck did not finish: " .. tostring(why):sub(1, 200)
end

function Second:close(timeout)
  if not self.closed then
    self.closed = true
    self.w:close(timeout)
  end
end

return M
