-- spec/files.lua — the file and process helpers several specs share.
--
--   local files = require "files"
--   local d = files.tmpdir()            -- a new empty directory
--   files.write(d .. "/a", "text")      -- whole file
--   files.read(d .. "/a")               -- whole file, or nil
--   files.alive(pid)                    -- a live process (a zombie counts as gone)
--   local out, rc = files.sh(cmd)       -- a shell command's stdout and stderr, and exit status
--   local it_py = files.it_if(PY, why)  -- busted's it, pending with `why` when not PY
--   local r = files.python_json(py, script, arg)  -- a Python check script's last line, decoded
--   files.it_parallel_options("./kcv controls", "--only relu")  -- the --jobs/--timeout tests
--   files.have_cpu_backend()            -- kcv's CPU kernel backend is here (and now current)
--   files.without_seconds(out)          -- kcv controls/redteam/proof lines, minus each entry's seconds
local M = {}

function M.tmpdir()
  local d = os.tmpname()
  os.remove(d)
  assert(os.execute("mkdir -p " .. d))
  return d
end

function M.write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

function M.read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- The lines of kcv controls', kcv redteam's or kcv proof's output without
-- the seconds each entry took (a table row's column, a red-team line's
-- "(1.2s)"), so that two runs compare line for line.
function M.without_seconds(out)
  local t = {}
  for line in out:gmatch("[^\n]+") do
    t[#t + 1] = line:gsub("^(%S+%.cu%s+%S+%s+%S+)%s+[%d%.]+ ", "%1 "):gsub("  %([%d%.]+s%)", "")
  end
  return t
end

-- Whether pid names a live process: a zombie, ended but not yet reaped by
-- whoever inherited it, counts as gone.
function M.alive(pid)
  local stat = M.read("/proc/" .. pid .. "/stat")
  return stat ~= nil and stat:match("%) (%a)") ~= "Z"
end

function M.sh(cmd)
  local p = assert(io.popen(cmd .. " 2>&1; echo \"rc=$?\""))
  local out = p:read("a")
  p:close()
  local rc = tonumber(out:match("rc=(%d+)\n?$"))
  return (out:gsub("rc=%d+\n?$", "")), rc
end

-- Runs `py script [arg]` (stderr dropped) and decodes its last stdout line
-- as JSON: how the specs read spec/fixtures/*/check.py.
function M.python_json(py, script, arg)
  local json = require "dkjson"
  local out, rc = M.sh(("%q %q%s 2>/dev/null"):format(py, script, arg and (" %q"):format(arg) or ""))
  assert(rc == 0, script .. " failed: " .. out)
  return assert(json.decode(out:match("([^\n]+)\n?$")), out)
end

-- The tests every command that runs entries in parallel shares: bad --jobs
-- and --timeout values are usage errors (exit 2), and --help names --jobs.
-- cmd: the command ("./kcv controls"), sel: a quick selection ("--only relu").
function M.it_parallel_options(cmd, sel)
  local b, assert = require "busted", require "luassert"
  b.it("takes a bad --jobs or --timeout value as a usage error (exit 2)", function()
    for _, v in ipairs{"0", "-1", "abc", "1.5"} do
      local out, rc = M.sh(("%s %s --jobs %s"):format(cmd, sel, v))
      assert.are.equal(2, rc, v .. ": " .. out)
      assert.truthy(out:find("--jobs needs a positive integer", 1, true), out)
    end
    for _, v in ipairs{"0", "-3"} do
      local out, rc = M.sh(("%s %s --jobs 2 --timeout %s"):format(cmd, sel, v))
      assert.are.equal(2, rc, "--timeout " .. v .. ": " .. out)
    end
  end)

  b.it("names --jobs in its help", function()
    local out, rc = M.sh(cmd .. " --help")
    assert.are.equal(0, rc)
    assert.truthy(out:find("--jobs N", 1, true), out)
  end)
end

-- Whether kcv runs kernels on its CPU backend here; selects it when so.
function M.have_cpu_backend()
  local kcv = require "kcv"
  if not (kcv.kernel and kcv.kernel.load and kcv.backend) then return false end
  local ok, name = pcall(kcv.backend.use, "cpu")
  return ok and name == "cpu"
end

-- busted's `it`, or a pending test that gives the reason when `ok` is
-- false (e.g. no python3 that imports torch).
function M.it_if(ok, why)
  local b = require "busted"
  return function(what, fn)
    b.it(what, function()
      if not ok then return b.pending(why) end
      return fn()
    end)
  end
end

return M
