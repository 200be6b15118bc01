-- The kcv command line: help on every command, documented exit codes,
-- `kcv run` and the REPL.  Runs ./kcv as a separate process.

local function sh(cmd, input)
  local tmp
  if input then
    tmp = os.tmpname()
    local f = assert(io.open(tmp, "w")); f:write(input); f:close()
    cmd = cmd .. " < " .. tmp
  end
  local p = assert(io.popen(cmd .. " 2>&1; echo \"rc=$?\""))
  local out = p:read("a")
  p:close()
  if tmp then os.remove(tmp) end
  local rc = tonumber(out:match("rc=(%d+)\n?$"))
  return out:gsub("rc=%d+\n?$", ""), rc
end

local function script(text)
  local path = os.tmpname() .. ".lua"
  local f = assert(io.open(path, "w")); f:write(text); f:close()
  return path
end

describe("kcv's command line", function()
  local commands = {"run", "repl", "version", "device", "verify", "gates", "specs",
                    "controls", "calibrate", "redteam", "parity"}

  it("answers --help on every command with its usage line and exit code 0", function()
    for _, c in ipairs(commands) do
      local out, rc = sh("./kcv " .. c .. " --help")
      assert.are.equal(0, rc, c)
      assert.truthy(out:match("^usage: kcv " .. c), c .. ": " .. out)
    end
  end)

  it("lists every command in kcv --help", function()
    local out, rc = sh("./kcv --help")
    assert.are.equal(0, rc)
    for _, c in ipairs(commands) do assert.truthy(out:match("\n  " .. c .. " "), c) end
  end)

  it("exits 2 on an unknown command and on no command at all", function()
    local out, rc = sh("./kcv frobnicate")
    assert.are.equal(2, rc)
    assert.truthy(out:match("unknown command 'frobnicate'"))
    local _, rc2 = sh("./kcv")
    assert.are.equal(2, rc2)
  end)

  it("prints the version of kcv and Lua", function()
    local out, rc = sh("./kcv version")
    assert.are.equal(0, rc)
    assert.truthy(out:match("^kcv %d+%.%d+%.%d+ %(Lua 5%.4"))
  end)
end)

describe("kcv run", function()
  it("runs a script with kcv loaded and its arguments in arg", function()
    local path = script('print(kcv.round(1/3, "f16"), arg[1], arg[2])')
    local out, rc = sh("./kcv run " .. path .. " a b")
    os.remove(path)
    assert.are.equal(0, rc)
    assert.are.equal("0.333251953125\ta\tb\n", out)
  end)

  it("returns the script's integer result as the exit code", function()
    local path = script("return 1")
    local _, rc = sh("./kcv run " .. path)
    os.remove(path)
    assert.are.equal(1, rc)
  end)

  it("reports an error in the script with its file and line, exit 2", function()
    local path = script("local x = nil\nreturn x.field\n")
    local out, rc = sh("./kcv run " .. path)
    os.remove(path)
    assert.are.equal(2, rc)
    assert.truthy(out:find(path .. ":2:", 1, true), out)
  end)

  it("exits 2 with the reason when the script does not exist", function()
    local out, rc = sh("./kcv run /nonexistent/script.lua")
    assert.are.equal(2, rc)
    assert.truthy(out:match("cannot open /nonexistent/script.lua"))
  end)

  it("turns a bad argument to the API into a Lua error that names it, never a crash", function()
    local path = script('kcv.buffer("f33", {2})')
    local out, rc = sh("./kcv run " .. path)
    os.remove(path)
    assert.are.equal(2, rc)
    assert.truthy(out:match("unknown dtype 'f33'"), out)
  end)
end)

describe("kcv repl", function()
  it("prints the values of expressions and keeps globals between lines", function()
    local out, rc = sh("./kcv repl", 'x = kcv.from("f32", {1.5, 2.5})\nx:get(1) * 2\n')
    assert.are.equal(0, rc)
    assert.truthy(out:match("\n5\n") or out:match("\n5%.0\n"), out)
  end)

  it("reads continuation lines until a statement is complete", function()
    local out, rc = sh("./kcv repl", "for i = 1, 2 do\nprint('line', i)\nend\n")
    assert.are.equal(0, rc)
    assert.truthy(out:match("line\t1\nline\t2"), out)
  end)

  it("shows an error and carries on with the next line", function()
    local out, rc = sh("./kcv repl", 'error("boom")\nprint("still here")\n')
    assert.are.equal(0, rc)
    assert.truthy(out:match("boom"), out)
    assert.truthy(out:match("still here"), out)
  end)
end)

describe("the bundled example", function()
  it("runs the honest softmax on the cpu backend and grades it: classes match, within the bound", function()
    local out, rc = sh("./kcv run examples/quickstart.lua cpu")
    assert.are.equal(0, rc, out)
    assert.truthy(out:match("classes match the oracle: true"), out)
    assert.truthy(out:match("within the derived bound: true"), out)
  end)
end)

describe("the build without libedit (make STATIC=1, for machines that lack it)", function()
  it("links kcv.sys with no editline symbol left undefined", function()
    local so = os.tmpname() .. ".so"
    local out, rc = sh("cc -DKCV_NO_EDIT -std=gnu11 -fPIC -shared -Wl,--no-undefined -Ihost "
                       .. "-I" .. (os.getenv("LUA_INC") or "/usr/include/lua5.4")   -- as the Makefile's
                       -- kcv.sys's source keys use the disk cache's hash (cuda_cache.c)
                       .. " host/kcv_sys.c host/cuda_cache.c -llua5.4 -o " .. so)
    os.remove(so)
    assert.are.equal(0, rc, out)
  end)
end)

describe("the kernel specs asked to run on cuda (KCV_BACKEND=cuda, as tools/device-check does)", function()
  it("report every test pending with the reason when there is no device, and fail none", function()
    local kcv = require "kcv"
    if kcv.backend.available("cuda") then return pending("a CUDA device is present: they run for real") end
    local out, rc = sh("KCV_BACKEND=cuda busted -o plainTerminal spec/kernel_spec.lua spec/cpu_backend_spec.lua")
    assert.are.equal(0, rc, out)
    local pend = tonumber(out:match("(%d+) pending"))
    assert.truthy(out:match(" 0 failures / 0 errors"), out)
    assert.is_true(pend and pend > 40, out)
    assert.truthy(out:match("no CUDA device"), out)
  end)
end)
