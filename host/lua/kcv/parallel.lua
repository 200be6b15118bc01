-- kcv/parallel.lua — run commands for many entries side by side, each in a
-- child process of its own (kcv itself, run again for one entry), for
-- `kcv controls --jobs N` and `kcv redteam --jobs N`.
--
--   local parallel = require "kcv.parallel"
--   local jobs, err = parallel.jobs(o.jobs, backend)   -- --jobs value, or the default
--   local dir = parallel.tmpdir()
--   parallel.run(tasks, {jobs = 4, timeout = 600, dir = dir,
--                        on_done = function(i, res) ... end})
--   parallel.rmdir(dir)
--
-- A task is {argv = {...}, label = "relu"}; argv[1] the program (see
-- parallel.self() for kcv's own executable); heavy = true marks a task that
-- needs a large share of the host's memory (CMP-03's large-index probe:
-- about 35 GB), of which at most opts.heavy_jobs (default 1) run at once.
-- Each child's stdout is read (and its last lines kept), its stderr goes to
-- a file in `dir`.  A result:
--   {ok = true|false, status = {exited=, code=} | {signaled=, signal=},
--    timed_out = bool, seconds = wall time, cause = "why it is not ok",
--    stdout = last lines, stderr = last lines, err = path of the stderr file}
-- (a caller that finds no usable answer from a child that exited sets
-- res.no_report and asks parallel.cause(res, what) for the words).
-- `ok` means the child exited (any code: the command's own exit status); a
-- child that could not start, was killed by a signal, or ran past `timeout`
-- (then killed, with its process group) is not ok, and `cause` says why.
-- The other children go on.
local kcv = require "kcv"

local M = {}

-- The number of processor cores this process may use (nproc), at least 1.
function M.cores()
  for _, cmd in ipairs{"nproc 2>/dev/null", "getconf _NPROCESSORS_ONLN 2>/dev/null"} do
    local p = io.popen(cmd)
    if p then
      local n = math.tointeger(tonumber(p:read("l") or ""))
      p:close()
      if n and n >= 1 then return n end
    end
  end
  return 1
end

-- The default number of jobs: every core on the cpu backend; on cuda a
-- share of one GPU, at most 8 processes (each holds a context and its
-- arena).
function M.default_jobs(backend)
  local n = M.cores()
  if backend == "cuda" then return math.min(n, 8) end
  return n
end

-- A --jobs value (string or integer) as a positive integer, or nil and a
-- message; nil given: the default for `backend`.
function M.jobs(value, backend)
  if value == nil then return M.default_jobs(backend) end
  local n = math.tointeger(tonumber(value))
  if not n or n < 1 then
    return nil, ("--jobs needs a positive integer, got '%s'"):format(tostring(value))
  end
  return n
end

-- A per-entry time limit (seconds > 0) or nil and a message; nil: none.
function M.timeout(value)
  if value == nil then return nil end
  local t = tonumber(value)
  if not t or t ~= t or t <= 0 then
    return nil, ("--timeout needs a number of seconds > 0, got '%s'"):format(tostring(value))
  end
  return t
end

-- kcv's own executable: this process when it is kcv, else <root>/kcv
-- (when a command runs inside lua5.4 or busted through kcv.so).
function M.self()
  local exe = kcv.sys.realpath and kcv.sys.realpath("/proc/self/exe")
  if exe and exe:match("/kcv$") then return exe end
  local root = rawget(_G, "KCV_ROOT") or os.getenv("KCV_ROOT") or "."
  return root .. "/kcv"
end

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

-- A fresh scratch directory (mktemp -d), or nil and a message.
function M.tmpdir()
  local p = io.popen("mktemp -d \"${TMPDIR:-/tmp}/kcv-jobs.XXXXXX\" 2>&1")
  local dir = p and p:read("l")
  if p then p:close() end
  if not dir or not dir:match("^/") then return nil, "cannot make a scratch directory: " .. tostring(dir) end
  return dir
end

-- Remove a directory made by tmpdir and everything in it.
function M.rmdir(dir)
  if dir and dir:match("/kcv%-jobs%.[%w]+$") then os.execute("rm -rf " .. quote(dir)) end
end

-- The last n lines of a file (a string, "" when none).
function M.tail(path, n)
  local f = path and io.open(path)
  if not f then return "" end
  local lines = {}
  for line in f:lines() do
    lines[#lines + 1] = line
    if #lines > n then table.remove(lines, 1) end
  end
  f:close()
  return table.concat(lines, "\n")
end

local SIGNALS = {[1] = "SIGHUP", [2] = "SIGINT", [3] = "SIGQUIT", [4] = "SIGILL", [6] = "SIGABRT",
                 [7] = "SIGBUS", [8] = "SIGFPE", [9] = "SIGKILL", [11] = "SIGSEGV", [13] = "SIGPIPE",
                 [15] = "SIGTERM"}

-- One line (plus the child's last stderr lines) saying why a result is not
-- ok; `what` names the child ("kcv controls --only relu").
function M.cause(res, what)
  local s
  if res.spawn_error then
    s = ("%s could not start: %s"):format(what, res.spawn_error)
  elseif res.timed_out then
    s = ("%s ran past the time limit of %g s and was killed"):format(what, res.limit)
  elseif res.status and res.status.signaled then
    s = ("%s was killed by signal %d%s"):format(what, res.status.signal,
      SIGNALS[res.status.signal] and (" (" .. SIGNALS[res.status.signal] .. ")") or "")
  elseif res.status and res.status.exited and res.no_report then
    s = ("%s exited with status %d and wrote no report"):format(what, res.status.code)
  elseif res.status and res.status.exited then
    s = ("%s exited with status %d"):format(what, res.status.code)
  else
    s = what .. " ended without a status"
  end
  if res.stderr and res.stderr ~= "" then s = s .. "; the end of its stderr:\n" .. res.stderr end
  return s
end

-- Run the tasks, at most opts.jobs at a time, in the order given (a heavy
-- task waits while opts.heavy_jobs heavy ones run; the tasks after it go
-- ahead meanwhile).  opts: jobs (default 1), heavy_jobs (default 1),
-- timeout (seconds per task; nil: none), dir (for
-- the stderr files; required), on_start(i, task), on_done(i, result),
-- poll (seconds between looks, default 0.02), keep (lines of output kept,
-- default 12), progress (a kcv.progress line: "N of M done; running a, b",
-- by the tasks' `name`s).  Returns the list of results, by task index.
function M.run(tasks, opts)
  local jobs = math.max(1, opts.jobs or 1)
  local keep = opts.keep or 12
  local clock, sleep = kcv.sys.clock, kcv.sys.sleep
  local heavy_jobs = math.max(1, opts.heavy_jobs or 1)
  local results, running, ndone, nheavy = {}, {}, 0, 0
  local pending = {}
  for i = 1, #tasks do pending[i] = i end

  -- The first pending task that may start now, taken off the list; nil
  -- when every pending one is heavy and the heavy lane is full.
  local function pick()
    for k, i in ipairs(pending) do
      if not tasks[i].heavy or nheavy < heavy_jobs then return table.remove(pending, k) end
    end
  end

  local function status()
    if not opts.progress then return end
    local names = {}
    for _, slot in ipairs(running) do names[#names + 1] = slot.task.name or slot.task.label end
    table.sort(names)
    if opts.progress.count then opts.progress.count(ndone, #tasks) end
    opts.progress(("%d of %d done; running %s"):format(ndone, #tasks, table.concat(names, ", ")))
  end

  local function finish(slot, res)
    if slot.task.heavy then nheavy = nheavy - 1 end
    res.seconds = clock() - slot.t0
    res.stderr = M.tail(slot.err, keep)
    res.stdout = table.concat(slot.out, "\n")
    res.err = slot.err
    res.ok = res.status ~= nil and res.status.exited == true and not res.timed_out
    if not res.ok then res.cause = M.cause(res, slot.task.label or slot.task.argv[1]) end
    results[slot.i] = res
    ndone = ndone + 1
    if opts.progress then opts.progress.done() end
    if opts.on_done then opts.on_done(slot.i, res) end
    status()
  end

  local function drain(slot, timeout)
    while true do
      local line, why = slot.p:readline(timeout)
      if not line then return why end
      slot.out[#slot.out + 1] = line
      if #slot.out > keep then table.remove(slot.out, 1) end
    end
  end

  local function start(i)
    local task = tasks[i]
    if task.heavy then nheavy = nheavy + 1 end
    local slot = {i = i, task = task, out = {}, t0 = clock(),
                  err = ("%s/%d.stderr"):format(opts.dir, i)}
    if opts.on_start then opts.on_start(i, task) end
    local p, err = kcv.sys.spawn(task.argv, {stderr = slot.err, env = task.env, cwd = task.cwd})
    if not p then
      finish(slot, {spawn_error = tostring(err)})
      return
    end
    slot.p = p
    running[#running + 1] = slot
    status()
  end

  while #pending > 0 or #running > 0 do
    while #running < jobs do
      local i = pick()
      if not i then break end
      start(i)
    end
    local busy = false
    for k = #running, 1, -1 do
      local slot = running[k]
      if drain(slot, 0) == "eof" or slot.p:wait(0) then
        -- the child closed its stdout or ended: wait for it (a child that
        -- closed stdout but runs on is still subject to the time limit)
        local st = slot.p:wait(0)
        if st then
          drain(slot, 0)
          slot.p:close()
          table.remove(running, k)
          finish(slot, {status = st})
          busy = true
        end
      end
      if slot.p and running[k] == slot and opts.timeout and clock() - slot.t0 > opts.timeout then
        slot.p:kill(9)
        local st = slot.p:wait(5)
        slot.p:close()
        table.remove(running, k)
        finish(slot, {status = st, timed_out = true, limit = opts.timeout})
        busy = true
      end
    end
    if not busy and #running > 0 then sleep(opts.poll or 0.02) end
  end
  if opts.progress then opts.progress.done() end
  return results
end

return M
