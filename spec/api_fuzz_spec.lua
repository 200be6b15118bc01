-- API fuzzing: every function of the kcv table and every buffer and kernel
-- method, called with wrong argument types and counts (nil, booleans,
-- numbers of every kind, strings, tables, buffers of the wrong dtype or
-- shape, empty and 0-d buffers, views), must return or raise a Lua error
-- whose object is a string -- never crash the process.
--
-- The calls run in spec/fuzz/api_probe.lua, one `./kcv run` child per group
-- of functions, so a crash fails the group's test and names the offending
-- call (the last line of the probe's trace) instead of killing busted.
-- The children run under a 2 GB soft address-space limit, so that a shape
-- of 2^32 elements is "out of host memory", not the OOM killer
-- ($KCV_FUZZ_ULIMIT: another limit in KiB, "" for none, as under
-- AddressSanitizer, which then wants ASAN_OPTIONS=allocator_may_return_null=1:
-- max_allocation_size_mb=2000).
local kcv = require "kcv"

local function sh_quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local function run_probe(group)
  local trace = os.tmpname()
  local limit = os.getenv("KCV_FUZZ_ULIMIT") or "2000000"
  local cmd = ("%sexec ./kcv run spec/fuzz/api_probe.lua %s %s 2>&1")
    :format(limit ~= "" and ("ulimit -S -v " .. limit .. "; ") or "", group, sh_quote(trace))
  local p = io.popen("(" .. cmd .. "); echo \"EXIT $?\"")
  local out = p:read("a")
  p:close()
  local last
  local f = io.open(trace)
  if f then
    for line in f:lines() do last = line end
    f:close()
  end
  os.remove(trace)
  local status = tonumber(out:match("EXIT (%d+)%s*$"))
  return status, out, last
end

local function check_group(group)
  local status, out, last = run_probe(group)
  local why
  if status ~= 0 or not out:find("PROBE%-DONE " .. group) then
    why = ("the probe of group %s died (exit status %s%s) during\n  %s\noutput tail:\n%s")
      :format(group, tostring(status),
              status and status > 128 and (", signal " .. (status - 128)) or "",
              tostring(last), out:sub(-1500))
  end
  assert(not why, why)
  local bad = {}
  for line in out:gmatch("BADERR [^\n]*") do bad[#bad + 1] = line end
  assert(#bad == 0, "errors that are not strings:\n" .. table.concat(bad, "\n", 1, math.min(#bad, 10)))
end

describe("the kcv API under wrong arguments", function()
  -- "top" is kcv.* itself (buffer, from, dtype, round, inject, special_bits, ...);
  -- "mutate" makes valid calls with one argument, option or list element
  -- at a time replaced by every pool value; "kload" does so for kcv.kernel.load
  for _, group in ipairs{"top", "rng", "cmp", "mp", "backend", "sys", "methods", "kernel", "mutate", "kload"} do
    it("never crashes: group " .. group, function() check_group(group) end)
  end
end)

-- Run a Lua chunk in `./kcv run`: exit status and output.
local function run_chunk(code)
  local path = os.tmpname()
  local f = assert(io.open(path, "w")); f:write(code); f:close()
  local p = io.popen("(./kcv run " .. sh_quote(path) .. " 2>&1); echo \"EXIT $?\"")
  local out = p:read("a"); p:close()
  os.remove(path)
  return tonumber(out:match("EXIT (%d+)%s*$")), out
end

describe("regressions found by the fuzzer", function()
  it("a buffer whose metatable __gc is called by hand stays usable, and so do its views", function()
    -- the __gc freed the data and left the buffer and its views pointing at it
    local status, out = run_chunk([[
      local b = kcv.buffer("f32", 4):fill(2)
      local v = b:reshape({2, 2})
      local gc = getmetatable(b).__gc
      if gc then gc(b); gc(v) end
      collectgarbage()
      print(pcall(b.get, b, 0), pcall(v.get, v, 3), pcall(kcv.mp.sum, b))
      print("survived")
    ]])
    assert.are.equal(0, status, out)
    assert.matches("survived", out)
  end)

  local function load_relu()
    return assert(kcv.kernel.load{source = "kernels/relu.cu", name = "relu_kernel",
                                   params = {"ptr", "ptr", "i64"}, backend = "cpu"})
  end

  it("k:launch with an argument after the options table is an error, not a segfault", function()
    -- k_launch built its run table at stack slot 3 assuming two arguments
    local k = load_relu()
    local ok, e = pcall(k.launch, k, {grid = 1}, nil)
    assert.is_false(ok)
    assert.matches("launches%[1%]", e)
    -- and a table given third is not written into
    local third = {1, 2, 3}
    ok = pcall(k.launch, k, {grid = 1}, third)
    assert.is_false(ok)
    assert.are.same({1, 2, 3}, third)
  end)

  it("a list whose __len answers a negative or huge length is an argument error", function()
    -- a negative shape length reached memcpy as a huge size; 2^40 launches
    -- became 0 launches after a cast to int and a job that crashed kcv
    local status, out = run_chunk([[
      local function lying(n) return setmetatable({}, {__len = function() return n end}) end
      for _, n in ipairs{-1, 1 << 40, math.maxinteger, math.mininteger} do
        print(pcall(kcv.buffer, "f32", lying(n)))
        print(pcall(kcv.from, "f32", {1}, lying(n)))
        print(pcall(kcv.kernel.run, {launches = lying(n)}))
        print(pcall(kcv.kernel.load, {source = "kernels/relu.cu", name = "relu_kernel",
                                      params = lying(n), backend = "cpu"}))
      end
      print("survived")
    ]])
    assert.are.equal(0, status, out)
    assert.matches("survived", out)
    assert.not_matches("\ntrue", out)
  end)

  it("kcv.sys.sleep refuses NaN, negative and huge durations (a float-to-int overflow before)", function()
    for _, v in ipairs{0 / 0, -1, math.huge, 1e300} do
      local ok, e = pcall(kcv.sys.sleep, v)
      assert.is_false(ok, tostring(v))
      assert.matches("bad argument #1", e)
    end
    assert.is_true(pcall(kcv.sys.sleep, 0))
  end)

  it("kcv.kernel.run refuses a NaN timeout and takes an infinite one", function()
    local k = load_relu()
    local x, y = kcv.buffer("f32", {16}), kcv.buffer("f32", {16})
    local function job(t)
      return {launches = {{kernel = k, grid = 1, block = 16, args = {x, y, 16}}}, timeout = t}
    end
    local ok, e = pcall(kcv.kernel.run, job(0 / 0))
    assert.is_false(ok)
    assert.matches("timeout", e)
    -- math.huge: no deadline (the poll timeout no longer overflows an int)
    assert.are.equal("ok", kcv.kernel.run(job(math.huge)).status)
    assert.are.equal("ok", kcv.kernel.run(job(1e300)).status)
  end)

  it("b:bytes with an offset and length whose sum overflows is an error naming both", function()
    local b = kcv.buffer("u8", 16)
    local ok, e = pcall(b.bytes, b, 1 << 62, 1 << 62)
    assert.is_false(ok)
    assert.matches("offset 4611686018427387904", e)
    ok, e = pcall(b.bytes, b, math.mininteger)
    assert.is_false(ok)
    assert.matches("outside 16 bytes", e)
    assert.are.equal(16, #b:bytes())
    assert.are.equal("", b:bytes(16))
  end)
end)
