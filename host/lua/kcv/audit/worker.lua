-- kcv/audit/worker.lua — one Python module worker (corpus/worker.py) per
-- solution: start it, send a request, wait for its reply under a deadline.
--
--   local w = worker.start{problem = FILE, solution = FILE, dir = DIR, device = "cuda"}
--   local reply, fault = w:call({op = "case", id = "c1", seed = 3}, 60)
--   worker.start{script = "corpus/torch_op.py", dir = DIR, device = "cpu"}
--     (another worker of the same protocol: kcv parity's, docs/PARITY.md)
--
-- A reply with ok = false is returned as nil, fault; so is a worker that
-- died, hung past the deadline (then it is killed) or spoke garbage.  The
-- fault says whose it is: `kind` is the worker's error class (exception,
-- cuda_error, oom, build_error, not_judged, corpus_error, variant_error,
-- worker, protocol) or "timeout" / "crash"; `fatal` means the worker is gone
-- and the next call starts a fresh one (its build is cached on disk).
local kcv = require "kcv"
local json = require "dkjson"
local lfs = require "lfs"
local python = require "kcv.audit.python"

local M = {}
local Worker = {}
Worker.__index = Worker

local function root()
  return require("kcv.verify.registry").root()
end

-- A directory of this worker's own in shared memory for its output files,
-- so that outputs of hundreds of megabytes never reach the disk; nil where
-- there is no /dev/shm (or KCV_WORKER_SHM=0): the files go to o.dir then.
local shm_count = 0
local function shm_dir()
  if os.getenv("KCV_WORKER_SHM") == "0" or lfs.attributes("/dev/shm", "mode") ~= "directory" then return nil end
  for _ = 1, 100 do
    shm_count = shm_count + 1
    local d = ("/dev/shm/kcv-worker-%x-%d"):format(math.random(1 << 40), shm_count)
    if lfs.mkdir(d) then return d end
  end
  return nil
end

local function remove_dir(d)
  for f in lfs.dir(d) do
    if f ~= "." and f ~= ".." then os.remove(d .. "/" .. f) end
  end
  lfs.rmdir(d)
end

-- A worker handle; its process starts with the first request (send/call).
function M.start(opts)
  local self = setmetatable({opts = opts}, Worker)
  return self
end

function Worker:spawn()
  local o = self.opts
  local py, why = python.find()
  if not py then return nil, {kind = "not_judged", message = why, fatal = true} end
  self.out_dir = shm_dir()
  local argv
  if o.script then
    -- another worker of the same protocol (corpus/torch_op.py): its files,
    -- both ways, in one directory
    argv = {py, root() .. "/" .. o.script, "--dir", self.out_dir or o.dir, "--device", o.device or "cpu"}
  else
    argv = {py, root() .. "/corpus/worker.py", "--problem", o.problem, "--dir", o.dir,
            "--device", o.device or "cuda"}
    if self.out_dir then argv[#argv + 1] = "--out-dir"; argv[#argv + 1] = self.out_dir end
    if o.solution then argv[#argv + 1] = "--solution"; argv[#argv + 1] = o.solution end
    if o.build_root then argv[#argv + 1] = "--build-root"; argv[#argv + 1] = o.build_root end
  end
  if o.wrap then                   -- e.g. compute-sanitizer --tool memcheck
    local w = {}
    for _, a in ipairs(o.wrap) do w[#w + 1] = a end
    for _, a in ipairs(argv) do w[#w + 1] = a end
    argv = w
  end
  local env = {PYTHONUNBUFFERED = "1", MAX_JOBS = o.max_jobs and tostring(o.max_jobs) or "2"}
  -- workers of one --work directory (--jobs, or audits sharing a --claim
  -- queue) share the GPU; one that runs out of memory answers again alone
  -- (corpus/protocol.py).  A lock named in the environment wins.
  if o.gpu_lock and not os.getenv("KCV_GPU_LOCK") then env.KCV_GPU_LOCK = o.gpu_lock end
  local p, err = kcv.sys.spawn(argv, {env = env, stderr = o.log or "null"})
  if not p then return nil, {kind = "not_judged", message = "cannot start the worker: " .. tostring(err), fatal = true} end
  self.proc = p
  return true
end

-- Where this worker's files go (shared memory, else opts.dir); nil before
-- its process starts.
function Worker:files_dir()
  if not self.proc then return nil end
  return self.out_dir or self.opts.dir
end

-- Send a request without waiting (for builds that run side by side).
function Worker:send(req)
  if not self.proc then
    local ok, fault = self:spawn()
    if not ok then return nil, fault end
  end
  local ok, err = self.proc:send(json.encode(req) .. "\n")
  if not ok then return nil, self:died("the worker closed its input: " .. tostring(err)) end
  self.pending = req
  return true
end

-- Wait for the reply to the request sent last.
function Worker:receive(timeout)
  local line, err = self.proc:readline(timeout)
  if not line then
    if err == "timeout" then
      if timeout == 0 then return nil, nil end          -- a poll: not yet
      self:kill()
      return nil, {kind = "timeout", message = ("no reply to %q within %g s"):format(self.pending.op, timeout), fatal = true}
    end
    return nil, self:died("the worker ended before replying to " .. tostring(self.pending.op))
  end
  local reply = json.decode(line)
  if type(reply) ~= "table" then
    self:kill()
    return nil, {kind = "protocol", message = "unreadable reply: " .. line:sub(1, 200), fatal = true}
  end
  if not reply.ok then
    if reply.fatal then self:kill() end
    return nil, {kind = reply.error or "worker", message = reply.message or "?", fatal = reply.fatal, trace = reply.trace}
  end
  return reply
end

function Worker:call(req, timeout)
  local ok, fault = self:send(req)
  if not ok then return nil, fault end
  return self:receive(timeout)
end

function Worker:died(msg)
  local st = self.proc and self.proc:wait(2)
  self:kill()
  if st and st.signaled and st.signal == 9 then
    -- SIGKILL comes from outside (the OOM killer, a person), never from a
    -- failing kernel: kcv could not judge, the subject did nothing wrong
    return {kind = "killed", message = msg .. " (killed from outside: signal 9)", signal = 9, fatal = true}
  end
  if st and st.signaled then
    return {kind = "crash", message = ("%s (signal %d)"):format(msg, st.signal), signal = st.signal, fatal = true}
  end
  return {kind = "crash", message = msg .. (st and st.code and (" (exit status " .. st.code .. ")") or ""), fatal = true}
end

function Worker:kill()
  if self.proc then self.proc:close() end
  self.proc = nil
  if self.out_dir then remove_dir(self.out_dir); self.out_dir = nil end
end

-- Ask the worker to quit and let it exit before anything is killed: a
-- wrapper (compute-sanitizer) writes its report only as the process ends.
function Worker:close(timeout)
  if self.proc then
    self.proc:send('{"op":"quit"}\n')
    self.proc:readline(timeout or 5)
    self.proc:wait(timeout or 5)
  end
  self:kill()
end

return M
