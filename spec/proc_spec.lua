-- kcv.sys.spawn: a child process spoken to through pipes, one line at a time
-- (made for a Python worker exchanging JSON lines).
local kcv = require "kcv"
local spawn = kcv.sys.spawn
local clock = kcv.sys.clock

local function err_of(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok)
  return e
end

local files = require "files"
local alive = files.alive

-- Wait up to `s` seconds for pred() to hold.
local function eventually(pred, s)
  local t0 = clock()
  while clock() - t0 < s do
    if pred() then return true end
    kcv.sys.sleep(0.01)
  end
  return pred()
end

local tmpdir = files.tmpdir

describe("kcv.sys.spawn", function()
  it("starts a child whose stdin and stdout are pipes: lines sent to cat come back", function()
    local p = assert(spawn({"cat"}))
    assert.is_true(math.type(p.pid) == "integer" and p.pid > 0)
    assert.is_true(p:send('{"op": "ping"}\n'))
    assert.is_true(p:send("second\nthird\n"))
    assert.are.equal('{"op": "ping"}', p:readline(5))
    assert.are.equal("second", p:readline(5))
    assert.are.equal("third", p:readline(5))
    assert.are.same({nil, "timeout"}, {p:readline(0)})    -- 0: just poll
    p:close()
  end)

  it("talks JSON lines with a Python worker", function()
    if not os.execute("command -v python3 >/dev/null 2>&1") then
      return pending("no python3")
    end
    local worker = [[
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    print(json.dumps({"id": req["id"], "sum": sum(req["xs"])}), flush=True)
]]
    local p = assert(spawn({"python3", "-c", worker}))
    for id = 1, 3 do
      assert.is_true(p:send(('{"id": %d, "xs": [1, 2, %d]}\n'):format(id, id)))
      assert.are.equal(('{"id": %d, "sum": %d}'):format(id, 3 + id), p:readline(20))
    end
    p:close()
  end)

  it("reports nil and a message naming the program when it cannot be started", function()
    local p, msg = spawn({"kcv-no-such-program-xyz", "arg"})
    assert.is_nil(p)
    assert.matches("kcv%-no%-such%-program%-xyz", msg)
    assert.matches("No such file", msg)
    p, msg = spawn({"/etc"})                              -- a directory: EACCES from exec
    assert.is_nil(p)
    assert.matches("/etc", msg)
  end)

  it("searches PATH for the program, as execvp", function()
    local p = assert(spawn({"sh", "-c", "echo found"}))
    assert.are.equal("found", p:readline(5))
    p:close()
  end)

  it("times out a readline on a silent child after about the timeout", function()
    local p = assert(spawn({"sleep", "5"}))
    local t0 = clock()
    local line, why = p:readline(0.3)
    local dt = clock() - t0
    assert.is_nil(line)
    assert.are.equal("timeout", why)
    assert.is_true(dt >= 0.29 and dt < 1.5, "took " .. dt .. " s")
    t0 = clock()
    p:close()                                             -- kills the sleep, does not wait 5 s
    assert.is_true(clock() - t0 < 2)
  end)

  it("returns a last line without newline, then eof once the child has closed stdout", function()
    local p = assert(spawn({"printf", "a\\nb"}))
    assert.are.equal("a", p:readline(5))
    assert.are.equal("b", p:readline(5))
    assert.are.same({nil, "eof"}, {p:readline(5)})
    assert.are.same({nil, "eof"}, {p:readline()})         -- and stays at eof
    assert.are.same({exited = true, code = 0}, p:wait(5))
    p:close()
  end)

  it("carries a 4 MB line whole in both directions (send reads the child's output meanwhile)", function()
    local p = assert(spawn({"cat"}))
    local big = string.rep("0123456789abcdef", 1 << 18)  -- 4 MiB; cat echoes while we write
    assert.is_true(p:send(big .. "\n" .. big .. "x\n"))
    local a, b = p:readline(20), p:readline(20)
    assert.are.equal(#big, #a)
    assert.is_true(a == big)
    assert.is_true(b == big .. "x")
    p:close()
  end)

  it("reads a 4 MB line a child writes at once", function()
    local p = assert(spawn({"sh", "-c", "head -c 4194304 /dev/zero | tr '\\0' x; echo; echo next"}))
    local a = p:readline(20)
    assert.are.equal(4194304, #a)
    assert.is_nil(a:find("[^x]"))
    assert.are.equal("next", p:readline(20))
    p:close()
  end)

  it("returns the exit code from wait, and the same table on every later wait", function()
    local p = assert(spawn({"sh", "-c", "exit 7"}))
    local w = p:wait(5)
    assert.are.same({exited = true, code = 7}, w)
    assert.are.equal(w, p:wait())
    assert.are.equal(w, p:wait(0))
    p:close()
    assert.are.equal(w, p:wait())                         -- harmless after close
  end)

  it("returns the signal from wait, and nil, 'timeout' while the child runs", function()
    local p = assert(spawn({"sleep", "100"}))
    assert.are.same({nil, "timeout"}, {p:wait(0)})
    local t0 = clock()
    assert.are.same({nil, "timeout"}, {p:wait(0.2)})
    assert.is_true(clock() - t0 >= 0.19)
    assert.is_true(p:kill(15))
    assert.are.same({signaled = true, signal = 15}, p:wait(5))
    assert.is_true(p:kill())                              -- harmless once it has ended
    p:close()
  end)

  it("kills the child's whole process group: a grandchild dies with it", function()
    local p = assert(spawn({"sh", "-c", "sleep 100 & echo $!; wait"}))
    local grandchild = assert(tonumber(p:readline(5)))
    assert.is_true(alive(grandchild))
    assert.is_true(p:kill())
    assert.are.same({signaled = true, signal = 9}, p:wait(5))
    assert.is_true(eventually(function() return not alive(grandchild) end, 5),
                   "grandchild " .. grandchild .. " still runs")
    p:close()
  end)

  it("close kills what the child left running even after the child itself exited", function()
    local p = assert(spawn({"sh", "-c", "sleep 100 & echo $!"}))
    local grandchild = assert(tonumber(p:readline(5)))
    assert.is_true(eventually(function() return not alive(p.pid) end, 5))   -- sh ended, unreaped
    assert.is_true(alive(grandchild))
    p:close()
    assert.is_true(eventually(function() return not alive(grandchild) end, 5))
  end)

  it("adds, overrides and removes environment variables with opts.env", function()
    local p = assert(spawn({"sh", "-c", 'echo "$KCV_T|${HOME-unset}|$PATH"'},
                           {env = {KCV_T = "a b=c", HOME = false}}))
    assert.are.equal("a b=c|unset|" .. os.getenv("PATH"), p:readline(5))
    p:close()
    p = assert(spawn({"sh", "-c", 'echo "$PATH"'}, {env = {PATH = "/bin:/usr/bin:/kcv-x"}}))
    assert.are.equal("/bin:/usr/bin:/kcv-x", p:readline(5))
    p:close()
  end)

  it("runs the child in opts.cwd, and says so when the directory does not exist", function()
    local d = tmpdir()
    local p = assert(spawn({"pwd", "-P"}, {cwd = d}))
    assert.are.equal(kcv.sys.realpath(d), p:readline(5))
    p:close()
    local q, msg = spawn({"pwd"}, {cwd = d .. "/missing"})
    assert.is_nil(q)
    assert.matches("missing", msg)
    os.execute("rm -rf " .. d)
  end)

  it("appends the child's stderr to opts.stderr, or drops it with 'null'", function()
    local d = tmpdir()
    local log = d .. "/err.log"
    for _ = 1, 2 do
      local p = assert(spawn({"sh", "-c", "echo oops >&2; echo out"}, {stderr = log}))
      assert.are.equal("out", p:readline(5))
      p:wait(5); p:close()
    end
    local f = assert(io.open(log)); local text = f:read("a"); f:close()
    assert.are.equal("oops\noops\n", text)
    local p = assert(spawn({"sh", "-c", "echo oops >&2; echo out"}, {stderr = "null"}))
    assert.are.equal("out", p:readline(5))
    p:close()
    local q, msg = spawn({"true"}, {stderr = d .. "/no/such/dir/log"})
    assert.is_nil(q)
    assert.matches("stderr", msg)
    os.execute("rm -rf " .. d)
  end)

  it("passes no descriptor of kcv's but stdin, stdout and stderr to the child", function()
    local f = assert(io.open(os.tmpname(), "w"))          -- a Lua file: not CLOEXEC
    local p = assert(spawn({"sleep", "100"}))              -- spawn returns after the exec
    local ls = io.popen("ls /proc/" .. p.pid .. "/fd")
    local fds = {}
    for fd in ls:lines() do fds[#fds + 1] = tonumber(fd) end
    ls:close()
    table.sort(fds)
    assert.are.same({0, 1, 2}, fds)
    p:close()
    f:close()
  end)

  it("survives a send to a child that has gone (no SIGPIPE), answering nil and a message", function()
    local p = assert(spawn({"true"}))
    p:wait(5)
    local ok, msg = p:send(string.rep("x", 1 << 20))
    assert.is_nil(ok)
    assert.are.equal("child closed its stdin", msg)
    p:close()
  end)

  it("checks its arguments: a list of strings and known options", function()
    assert.matches("#1", err_of(spawn, "cat"))
    assert.matches("argv", err_of(spawn, {}))
    assert.matches("argv%[2%]", err_of(spawn, {"echo", 3}))
    assert.matches("NUL", err_of(spawn, {"echo", "a\0b"}))
    assert.matches("unknown option 'stdin'", err_of(spawn, {"cat"}, {stdin = "null"}))
    assert.matches("opts.env", err_of(spawn, {"cat"}, {env = {X = 1}}))
    assert.matches("opts.env", err_of(spawn, {"cat"}, {env = {X = true}}))
    assert.matches("opts.env", err_of(spawn, {"cat"}, {env = {["A=B"] = "c"}}))
    assert.matches("opts.cwd", err_of(spawn, {"cat"}, {cwd = 1}))
    assert.matches("opts.stderr", err_of(spawn, {"cat"}, {stderr = false}))
    local p = assert(spawn({"cat"}))
    assert.matches("timeout", err_of(p.readline, p, -1))
    assert.matches("timeout", err_of(p.readline, p, 0 / 0))
    assert.matches("timeout", err_of(p.wait, p, -1))
    assert.matches("signal", err_of(p.kill, p, 1000))
    assert.matches("#2", err_of(p.send, p, {}))
    assert.matches("kcv.proc", err_of(p.send, {}, "x"))
    p:close()
  end)

  it("raises 'proc is closed' from send and readline after close; close, wait and kill stay harmless", function()
    local p = assert(spawn({"cat"}))
    assert.is_true(p:close())
    assert.is_true(p:close())
    assert.matches("proc is closed", err_of(p.send, p, "x\n"))
    assert.matches("proc is closed", err_of(p.readline, p, 0))
    assert.are.same({signaled = true, signal = 9}, p:wait())
    assert.is_true(p:kill())
    assert.matches("closed", tostring(p))
  end)

  it("closes a proc that goes out of a <close> scope", function()
    local pid
    do
      local p <close> = assert(spawn({"sleep", "100"}))
      pid = p.pid
    end
    assert.is_false(alive(pid))
    assert.is_nil(io.open("/proc/" .. pid .. "/stat"))    -- reaped, not a zombie
  end)

  it("takes the child down with kcv when kcv itself is killed (the child has a process group of its own)", function()
    local dir = tmpdir()
    local script = dir .. "/spawner.lua"
    files.write(script, [[
      local p = kcv.sys.spawn({"sleep", "100"})
      print(kcv.sys.getpid(), p.pid)
      io.stdout:flush()
      kcv.sys.sleep(100)
    ]])
    local h = assert(io.popen("./kcv run " .. script))
    local kcv_pid, child = h:read("l"):match("^(%d+)%s+(%d+)$")
    assert.is_true(alive(child))
    os.execute("kill -9 " .. kcv_pid)
    assert.is_true(eventually(function() return not alive(child) end, 5), "the child outlived kcv")
    h:close()
    os.execute("rm -rf " .. dir)
  end)

  it("leaves neither a running child nor a zombie when a proc is garbage-collected", function()
    local pids = {}
    for i = 1, 3 do pids[i] = assert(spawn({"sleep", "100"})).pid end
    collectgarbage(); collectgarbage()
    for _, pid in ipairs(pids) do
      assert.is_nil(io.open("/proc/" .. pid .. "/stat"), "pid " .. pid .. " still exists")
    end
  end)
end)
